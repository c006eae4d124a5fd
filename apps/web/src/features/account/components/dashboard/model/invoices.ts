import type { Invoice, InvoiceStatusValue } from '@erepare/shared/schemas/repair';
import { ApiError, UNAVAILABLE_MESSAGE } from '../../../../../lib/api-client';
import { RequestTimeoutError } from '../../../api/timeout';
import { matchesQuery } from './search';

/** Spec 1 §7: the invoice calls give up after 10 s. */
export const INVOICE_TIMEOUT_MS = 10_000;

/** The exact texts of spec 1 §8 for invoices. */
export const invoiceMessages = {
  timeout: 'Le chargement des factures a pris trop de temps. Veuillez réessayer.',
  network: 'Problème de connexion au serveur. Vérifiez votre connexion internet.',
  cors: 'Problème de sécurité avec l’API. Contactez le support.',
  notFound: "Cette facture n'a pas pu être trouvée. Elle pourrait avoir été supprimée ou archivée.",
  detailTimeout: 'Le chargement de la facture a pris trop de temps. Veuillez réessayer.',
  empty: 'Aucune facture trouvée',
} as const;

const invoiceLabels: Record<InvoiceStatusValue, string> = {
  Paid: 'Payée',
  Unpaid: 'Impayée',
  Partial: 'Partiel',
  Refunded: 'Remboursée',
};

/** Spec 1 §4: the four known statuses in French, any other shown as it is. */
export function invoiceStatusLabel(status: string): string {
  const known = (Object.keys(invoiceLabels) as InvoiceStatusValue[]).find((value) => value.toLowerCase() === status.trim().toLowerCase());
  return known ? invoiceLabels[known] : status;
}

export const invoiceStatusOptions = (Object.entries(invoiceLabels) as [InvoiceStatusValue, string][]).map(([value, label]) => ({ value, label }));

export type InvoiceTone = 'green' | 'red' | 'orange' | 'grey';

export function invoiceStatusTone(status: string): InvoiceTone {
  switch (status.trim().toLowerCase()) {
    case 'paid':
      return 'green';
    case 'unpaid':
      return 'red';
    case 'partial':
      return 'orange';
    default:
      return 'grey';
  }
}

/** Spec 1 §5: the invoice search matches the invoice number, the customer's name or an item's name. */
export function searchInvoices<T extends Pick<Invoice, 'invoice_number' | 'order_id' | 'customer' | 'line_items'>>(invoices: readonly T[], query: string): T[] {
  if (query.trim() === '') return [...invoices];
  return invoices.filter((invoice) =>
    matchesQuery(query, [invoice.invoice_number, invoice.order_id, invoice.customer.fullName, ...invoice.line_items.map((item) => item.name)]),
  );
}

/** The status filter, applied on the client too (the server already filters when asked). */
export function filterInvoicesByStatus<T extends Pick<Invoice, 'status'>>(invoices: readonly T[], status: InvoiceStatusValue | ''): T[] {
  if (status === '') return [...invoices];
  return invoices.filter((invoice) => invoice.status.toLowerCase() === status.toLowerCase());
}

/** Newest first. */
export function sortInvoices<T extends Pick<Invoice, 'created_at' | 'id'>>(invoices: readonly T[]): T[] {
  return [...invoices].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
}

function isCorsLike(error: unknown): boolean {
  return error instanceof TypeError && /cors|cross-origin/i.test(error.message);
}

/** Spec 1 §8, the invoice list: timeout, network, CORS, else "Erreur API: …" (with a retry button). */
export function invoiceListErrorMessage(error: unknown): string {
  if (error instanceof RequestTimeoutError) return invoiceMessages.timeout;
  if (isCorsLike(error)) return invoiceMessages.cors;
  if (error instanceof ApiError) {
    if (error.status === 0) return invoiceMessages.network;
    return `Erreur API: ${error.message || UNAVAILABLE_MESSAGE}`;
  }
  return `Erreur API: ${error instanceof Error ? error.message : UNAVAILABLE_MESSAGE}`;
}

/** Spec 1 §8, one invoice: 404 has its own text; the others as for the list. */
export function invoiceDetailErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return invoiceMessages.notFound;
  if (error instanceof RequestTimeoutError) return invoiceMessages.detailTimeout;
  return invoiceListErrorMessage(error);
}
