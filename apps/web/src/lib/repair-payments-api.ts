import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RepairPaymentProvider } from '@erepare/shared/repair-payments';
import {
  invoiceLinkViewResponseSchema,
  repairPaymentStatusResponseSchema,
  repairPayStartResponseSchema,
  type RepairPayStart,
} from '@erepare/shared/schemas/repair-payments';
import { apiRequest } from './api-client';
import { paymentsConfigQuery } from './payments-api';
import { readItem, writeItem } from './storage';

/**
 * Paying a repair invoice or an estimate's deposit online (issue 24 §4). The browser never sends an
 * amount: the server asks the provider for what is due and answers where to go (Stripe's hosted
 * card page or PayPal's approval page). Shared by the payment page, the account and the estimate page.
 */

/** The invoice of the account, by its id (ownership checked by the server). */
export async function startAccountInvoicePayment(invoiceId: number, provider: RepairPaymentProvider): Promise<RepairPayStart> {
  return (await apiRequest(`/api/account/invoices/${invoiceId}/pay`, { method: 'POST', body: { provider }, schema: repairPayStartResponseSchema })).data;
}

/** The invoice of a « Payer en ligne » link. */
export async function startLinkInvoicePayment(token: string, provider: RepairPaymentProvider): Promise<RepairPayStart> {
  return (await apiRequest('/api/invoice-links/pay', { method: 'POST', body: { token, provider }, schema: repairPayStartResponseSchema })).data;
}

/** The deposit of an accepted estimate, proven by the estimate's link. */
export async function startDepositPayment(token: string, provider: RepairPaymentProvider): Promise<RepairPayStart> {
  return (await apiRequest('/api/estimate-links/deposit', { method: 'POST', body: { token, provider }, schema: repairPayStartResponseSchema })).data;
}

export const invoiceLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['invoice-link', token] as const,
    queryFn: async ({ signal }) => (await apiRequest('/api/invoice-links/view', { method: 'POST', body: { token }, schema: invoiceLinkViewResponseSchema, signal })).data,
    retry: false,
    staleTime: 0,
  });

/**
 * The outcome of a payment, named by the provider's id and the secret of its return address
 * (`cle`): the server answers nothing with the id alone. The key is sent to our server only.
 */
export async function repairPaymentStatus(ref: string, key: string, signal?: AbortSignal) {
  return (
    await apiRequest(`/api/repair-payments/status?${new URLSearchParams({ ref, cle: key }).toString()}`, {
      schema: repairPaymentStatusResponseSchema,
      ...(signal ? { signal } : {}),
    })
  ).data;
}

/** PayPal's return: the order is captured (read back by the server) before anything is shown. */
export async function captureRepairPaypal({ paypalOrderId, key }: { paypalOrderId: string; key: string }) {
  return (await apiRequest('/api/repair-payments/paypal/capture', { method: 'POST', body: { paypalOrderId, cle: key }, schema: repairPaymentStatusResponseSchema })).data;
}

/** The providers the shop accepts for repairs, from the public payment configuration (card through Stripe Checkout, PayPal). */
export function onlineProvidersOf(config: { stripe: { methods: readonly string[] } | null; paypal: unknown } | undefined): RepairPaymentProvider[] {
  if (!config) return [];
  const providers: RepairPaymentProvider[] = [];
  if (config.stripe?.methods.includes('card')) providers.push('stripe');
  if (config.paypal) providers.push('paypal');
  return providers;
}

/** The providers configured, once known (undefined while loading; [] when none or unreachable). */
export function useOnlineProviders(enabled = true): RepairPaymentProvider[] | undefined {
  const config = useQuery({ ...paymentsConfigQuery, enabled });
  if (config.isError) return [];
  return config.isSuccess ? onlineProvidersOf(config.data) : undefined;
}

/** Leaves for the provider’s page (components take it as a prop so the tests can watch it). */
export type Redirect = (url: string) => void;
export const assignLocation: Redirect = (url) => window.location.assign(url);

/** Where « Réessayer » and « Retour au paiement » lead once back from the provider (kept for this tab only). */
const RETURN_KEY = 'erepare.repair-pay.return';

export function rememberPaymentReturn(path: string): void {
  writeItem(RETURN_KEY, path, 'session');
}

/** The page the payment was started from: only one of our own paths, else the account's invoices. */
export function paymentReturnPath(): string {
  const path = readItem(RETURN_KEY, 'session');
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/compte?tab=invoices';
}
