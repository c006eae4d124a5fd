import { and, desc, eq, inArray } from 'drizzle-orm';
import { invoiceAmountDueCents } from '@erepare/shared/invoice-amounts';
import { INVOICE_PAYMENT_LINK_DAYS } from '@erepare/shared/repair-payments';
import { statusKey, statusLabel } from '@erepare/shared/ticket-status';
import type { Executor } from '../../db/client.js';
import { invoices } from '../../db/schema.js';
import { issueCustomerLink } from '../links/customer-links.js';

/** Whatever the stored name (Ready for pickup, Prêt pour récupération…), the status staff see as « Prêt à récupérer ». */
export function isReadyForPickup(status: string): boolean {
  return statusKey(statusLabel(status)) === statusKey('Prêt à récupérer');
}

/**
 * The « Payer en ligne » part of the « prête à récupérer » e-mail (local tickets): the ticket's
 * newest invoice that still asks something, with a secret link (purpose invoice-payment, valid
 * 30 days) issued in the caller's transaction. Null when the status is another or nothing is due.
 */
export async function invoicePaymentLinkFor(
  tx: Executor,
  ticketId: number,
  status: string,
  publicUrl: string,
): Promise<{ url: string; invoiceNumber: string; amountDueCents: number } | null> {
  if (!isReadyForPickup(status)) return null;
  const rows = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.ticketId, ticketId), inArray(invoices.status, ['Unpaid', 'Partial'])))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(5);
  const invoice = rows.find((row) => invoiceAmountDueCents(row) > 0);
  if (!invoice) return null;
  return invoicePaymentLink(tx, { id: invoice.id, invoiceNumber: invoice.invoiceNumber, amountDueCents: invoiceAmountDueCents(invoice) }, publicUrl);
}

/**
 * The « Payer en ligne » part for an invoice of the repair backend (local or RepairDesk id): a
 * secret link (purpose invoice-payment, valid 30 days) issued in the caller's transaction.
 */
export async function invoicePaymentLink(
  tx: Executor,
  invoice: { id: number; invoiceNumber: string; amountDueCents: number },
  publicUrl: string,
): Promise<{ url: string; invoiceNumber: string; amountDueCents: number }> {
  const { token } = await issueCustomerLink(tx, 'invoice-payment', invoice.id, new Date(Date.now() + INVOICE_PAYMENT_LINK_DAYS * 86_400_000));
  return {
    url: `${publicUrl.replace(/\/+$/, '')}/payer-facture?${new URLSearchParams({ token }).toString()}`,
    invoiceNumber: invoice.invoiceNumber,
    amountDueCents: invoice.amountDueCents,
  };
}
