import { vatRateLabel } from '@erepare/shared/invoice-vat';
import type { Invoice } from '@erepare/shared/schemas/repair';
import { invoiceStatusLabel } from '../../components/dashboard/model/invoices';
import { lines, shopBlock, type PdfModel, type PdfOptions, type PdfTable } from './model';
import { fileNamePart, pdfDate, pdfEuros, pdfText } from './text';
import { legalMentions, totalRows, type TotalRow } from './vat';

/** Spec 1 §7: facture-{number}.pdf. */
export function invoicePdfFileName(invoiceNumber: string): string {
  return `facture-${fileNamePart(invoiceNumber)}.pdf`;
}

/** The lines table: designation (with the reference), quantity, unit price and line total, VAT included. */
export function invoiceLineRows(invoice: Pick<Invoice, 'line_items'>): string[][] {
  return invoice.line_items.map((item) => [
    // A second-hand item under the margin scheme says so on its line (its VAT is never shown).
    pdfText(item.vat_rate === 'margin' ? `${item.name} (TVA sur la marge)` : item.name),
    pdfText(item.sku || '-'),
    String(item.quantity),
    pdfEuros(item.price),
    pdfEuros(item.total),
  ]);
}

/**
 * Issue 9: an invoice with margin-scheme lines, or rates other than 20 %, prints the server's
 * breakdown per rate (HT and VAT of the lines outside the margin scheme) and the margin-scheme
 * lines' total without any VAT; other invoices keep HT = TTC / 1.2 (spec 1 §9).
 */
function vatRows(invoice: Pick<Invoice, 'total_amount' | 'vat_breakdown' | 'margin_scheme'>, regime: PdfOptions['vatRegime']): TotalRow[] {
  const breakdown = invoice.vat_breakdown ?? [];
  const special = invoice.margin_scheme === true || breakdown.some((row) => row.rate !== '20');
  if (regime === 'franchise' || !special) return totalRows(invoice.total_amount, regime);
  const rows: TotalRow[] = [];
  let taxed = 0;
  for (const row of breakdown) {
    const rate = row.rate === 'margin' ? 'margin' : (row.rate as '20' | '10' | '5.5' | '0');
    taxed += Math.round(row.base * 100) + Math.round(row.tax * 100);
    rows.push({ label: `Total HT (TVA ${pdfText(vatRateLabel(rate))})`, value: pdfEuros(row.base) });
    if (row.tax !== 0 || rate !== '0') rows.push({ label: `TVA ${pdfText(vatRateLabel(rate))}`, value: pdfEuros(row.tax) });
  }
  const marginCents = Math.round(invoice.total_amount * 100) - taxed;
  if (invoice.margin_scheme && marginCents > 0) rows.push({ label: 'Biens d’occasion (TVA sur la marge)', value: pdfEuros(marginCents / 100) });
  rows.push({ label: 'Total TTC', value: pdfEuros(invoice.total_amount), strong: true });
  return rows;
}

export function invoicePaymentRows(invoice: Pick<Invoice, 'payments'>): string[][] {
  return invoice.payments.map((payment) => [
    pdfDate(payment.payment_date),
    pdfText(payment.type === 'refund' ? `Remboursement (${payment.method})` : payment.method),
    pdfText(payment.transaction_id || '-'),
    pdfEuros(payment.type === 'refund' ? -payment.amount : payment.amount),
  ]);
}

/**
 * Spec 1 §3: discount is treated as 0; totals from the invoice's total amount (HT = TTC / 1.2,
 * spec 1 §9), then what was paid and what remains due.
 */
export function invoiceTotals(
  invoice: Pick<Invoice, 'total_amount' | 'amount_paid' | 'amount_due'> & Partial<Pick<Invoice, 'vat_breakdown' | 'margin_scheme' | 'credited'>>,
  regime: PdfOptions['vatRegime'] = 'standard',
) {
  return [
    ...vatRows(invoice, regime),
    ...(invoice.credited ? [{ label: 'Avoirs', value: pdfEuros(-invoice.credited) }] : []),
    { label: 'Déjà réglé', value: pdfEuros(invoice.amount_paid) },
    { label: 'Reste à payer', value: pdfEuros(invoice.amount_due), strong: true },
  ];
}

export function buildInvoicePdf(invoice: Invoice, options: PdfOptions): PdfModel {
  const regime = options.vatRegime ?? options.shop.vatRegime;
  const tables: PdfTable[] = [
    {
      title: 'Détail',
      head: ['Désignation', 'Réf.', 'Qté', 'P.U. TTC', 'Total TTC'],
      rows: invoiceLineRows(invoice),
      align: ['left', 'left', 'right', 'right', 'right'],
      widths: [5, 1.6, 0.7, 1.4, 1.4],
    },
  ];
  const payments = invoicePaymentRows(invoice);
  if (payments.length > 0) {
    tables.push({ title: 'Règlements', head: ['Date', 'Mode', 'Transaction', 'Montant'], rows: payments, align: ['left', 'left', 'left', 'right'], widths: [1.2, 2, 2, 1.2] });
  }
  const meta: [string, string][] = [
    ['Date', pdfDate(invoice.created_at)],
    ...(invoice.due_on ? ([['Échéance', pdfDate(invoice.due_on)]] as [string, string][]) : []),
    ['Statut', pdfText(invoiceStatusLabel(invoice.status))],
    ...(invoice.ticket.hasTicket && invoice.ticket.order_id ? ([['Ticket', pdfText(invoice.ticket.order_id)]] as [string, string][]) : []),
  ];
  return {
    fileName: invoicePdfFileName(invoice.invoice_number),
    title: pdfText(`Facture ${invoice.invoice_number}`),
    heading: 'Facture',
    reference: pdfText(`N° ${invoice.invoice_number}`),
    meta,
    parties: [
      {
        title: 'Facturé à',
        lines: lines(options.organisation, invoice.customer.fullName, invoice.customer.email, invoice.customer.phone, `Client n° ${invoice.customer.cid}`),
      },
    ],
    tables,
    totals: invoiceTotals(invoice, regime),
    notes: invoice.notes.trim() ? [{ title: 'Remarques', text: pdfText(invoice.notes.trim()) }] : [],
    // The server's mentions for this invoice ("TVA sur la marge…" under the margin scheme).
    mentions: [...legalMentions({ regime, business: Boolean(options.organisation?.trim()), payable: true }), ...(invoice.mentions ?? []).map(pdfText)],
    shop: shopBlock(options.shop),
  };
}
