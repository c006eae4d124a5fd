/**
 * What a repair invoice asks of the customer, one rule for the server, the account, the admin,
 * the PDF and the online payment (issue 9, issue 24):
 *   owed = total − credited − repair bonus (the QualiRépar bonus is paid to the shop by the
 *   eco-organism, so the customer never pays it); Refunded when everything is credited, Paid
 *   when what was paid covers what is owed, Partial when something was paid, else Unpaid.
 */

export type InvoiceStatus = 'Paid' | 'Unpaid' | 'Partial' | 'Refunded';

export type InvoiceAmounts = {
  totalCents: number;
  creditedCents: number;
  amountPaidCents: number;
  /** QualiRépar bonus deducted (0 or absent: none). */
  bonusCents?: number;
};

/** What the customer owes in all (before payments). */
export function invoiceOwedCents(amounts: InvoiceAmounts): number {
  return Math.max(amounts.totalCents - amounts.creditedCents - (amounts.bonusCents ?? 0), 0);
}

export function invoiceStatusOf(amounts: InvoiceAmounts): InvoiceStatus {
  const credited = amounts.totalCents - amounts.creditedCents;
  if (amounts.totalCents > 0 && credited <= 0) return 'Refunded';
  if (amounts.amountPaidCents >= invoiceOwedCents(amounts)) return 'Paid';
  return amounts.amountPaidCents > 0 ? 'Partial' : 'Unpaid';
}

/** What is left to pay now (0 for a refunded invoice). */
export function invoiceAmountDueCents(amounts: InvoiceAmounts & { status?: InvoiceStatus }): number {
  if (amounts.status === 'Refunded') return 0;
  return Math.max(invoiceOwedCents(amounts) - amounts.amountPaidCents, 0);
}
