import {
  customerLines,
  invoiceFigures,
  invoiceMentions,
  isBusinessCustomer,
  type InvoiceLineFigures,
  type InvoiceTotalRow,
} from '@erepare/shared/invoice-document';
import type { Invoice } from '@erepare/shared/schemas/repair';
import type { StoreProfile } from '@erepare/shared/store-profile';
import { lines, shopBlock, type PdfModel, type PdfTable } from './model.js';
import { docCents, docDate, docEuros, docText, fileNamePart } from './text.js';

/** Spec 1 §7: facture-{number}.pdf. */
export function invoicePdfFileName(invoiceNumber: string): string {
  return `facture-${fileNamePart(invoiceNumber)}.pdf`;
}

/** avoir-{number}.pdf, as an invoice's. */
export function creditNotePdfFileName(creditNoteNumber: string): string {
  return `avoir-${fileNamePart(creditNoteNumber)}.pdf`;
}

export type InvoiceHeaderSource = {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** The customer's block as printed (customerLines, made safe with `lines`). */
  customer: string[];
  figures: { lines: InvoiceLineFigures[]; totals: InvoiceTotalRow[] };
};

/**
 * What every invoice-like document prints the same way (a repair invoice, a web order's invoice and
 * its credit notes): what it is and its number, the customer's block « Facturé à », the lines
 * excluding VAT with their rate and discount, and the totals. Written once, so that an invoice and
 * the credit note that answers it never drift apart.
 */
export function invoiceHeader(source: InvoiceHeaderSource): Pick<PdfModel, 'fileName' | 'title' | 'heading' | 'reference' | 'parties' | 'tables' | 'totals'> {
  const heading = source.kind === 'invoice' ? 'Facture' : 'Avoir';
  return {
    fileName: source.kind === 'invoice' ? invoicePdfFileName(source.number) : creditNotePdfFileName(source.number),
    title: docText(`${heading} ${source.number}`),
    heading,
    reference: docText(`N° ${source.number}`),
    parties: [{ title: 'Facturé à', lines: source.customer }],
    tables: [
      {
        title: 'Détail',
        head: ['Désignation', 'Qté', 'P.U. HT', 'TVA', 'Remise HT', 'Total HT'],
        rows: source.figures.lines.map((line) => [
          lines(line.name, line.sku && `Réf. ${line.sku}`).join('\n'),
          String(line.quantity),
          docCents(line.unitCents),
          docText(line.rateLabel),
          line.discountCents > 0 ? docCents(line.discountCents) : '—',
          docCents(line.totalExclCents),
        ]),
        align: ['left', 'right', 'right', 'right', 'right', 'right'],
        widths: [4.2, 0.7, 1.5, 1.5, 1.3, 1.5],
      },
    ],
    totals: source.figures.totals.map((row) => ({ label: docText(row.label), value: docCents(row.cents), ...(row.strong ? { strong: true } : {}) })),
  };
}

export const INVOICE_STATUS_LABELS: Record<string, string> = { Paid: 'Payée', Unpaid: 'Impayée', Partial: 'Partiellement payée', Refunded: 'Remboursée' };

/**
 * The invoice as French law wants it (issue 22 §1): the seller's identity, the customer's name and
 * billing address, number and date, the date of the sale or service, each line's designation,
 * quantity, unit price excluding VAT, VAT rate and discount, totals excluding VAT, VAT per rate
 * and total including VAT, payment terms and due date, and the business customer's late-payment
 * terms. The figures come from the shared rule the account's screen uses too.
 */
export function buildInvoicePdf(invoice: Invoice, shop: StoreProfile): PdfModel {
  const figures = invoiceFigures(invoice, shop.vatRegime);
  const header = invoiceHeader({
    kind: 'invoice',
    number: invoice.invoice_number,
    customer: [...lines(...customerLines(invoice.customer)), `Client n° ${invoice.customer.cid}`],
    figures,
  });
  const tables: PdfTable[] = [...header.tables];
  if (invoice.payments.length > 0) {
    tables.push({
      title: 'Règlements',
      head: ['Date', 'Mode', 'Transaction', 'Montant'],
      rows: invoice.payments.map((payment) => [
        docDate(payment.payment_date),
        docText(payment.type === 'refund' ? `Remboursement (${payment.method})` : payment.method),
        docText(payment.transaction_id || '—'),
        docEuros(payment.type === 'refund' ? -payment.amount : payment.amount),
      ]),
      align: ['left', 'left', 'left', 'right'],
      widths: [1.2, 2, 2, 1.2],
    });
  }
  const issued = docDate(invoice.created_at);
  const due = docDate(invoice.due_on ?? invoice.created_at);
  const meta: [string, string][] = [
    ['Date', issued],
    ['Échéance', due],
    ['Statut', docText(INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status)],
  ];
  if (invoice.ticket.hasTicket && invoice.ticket.order_id) meta.push(['Ticket', docText(invoice.ticket.order_id)]);
  return {
    ...header,
    meta,
    tables,
    notes: invoice.notes.trim() ? [{ title: 'Remarques', text: docText(invoice.notes.trim()) }] : [],
    mentions: invoiceMentions({ shop, business: isBusinessCustomer(invoice.customer), marginScheme: figures.marginScheme, dueDate: due, serviceDate: issued }).map(docText),
    shop: shopBlock(shop),
  };
}
