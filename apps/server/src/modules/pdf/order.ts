import {
  customerLines,
  documentTotals,
  FRANCHISE_MENTION,
  invoiceMentions,
  isBusinessCustomer,
  orderCreditNoteFigures,
  orderInvoiceCustomer,
  orderInvoiceFigures,
} from '@erepare/shared/invoice-document';
import { MARGIN_SCHEME_MENTION } from '@erepare/shared/invoice-vat';
import type { Order } from '@erepare/shared/schemas/shop';
import type { StoreProfile } from '@erepare/shared/store-profile';
import { invoiceHeader, invoicePdfFileName } from './invoice.js';
import { lines, shopBlock, type PdfModel, type PdfParty } from './model.js';
import { docCents, docDate, docEuros, docText, fileNamePart } from './text.js';

/** commande-{number}.pdf; an invoiced order's is its invoice's, facture-FB-….pdf. */
export function orderPdfFileName(order: Pick<Order, 'number' | 'invoice_number'>): string {
  return order.invoice_number ? invoicePdfFileName(order.invoice_number) : `commande-${fileNamePart(order.number)}.pdf`;
}

/** The lines of a postal address, blank ones left out. */
export function addressLines(address: Order['billing']): string[] {
  return [
    address.company,
    `${address.first_name} ${address.last_name}`.trim(),
    address.address_1,
    address.address_2,
    `${address.postcode} ${address.city}`.trim(),
    address.country,
  ].filter((line) => line.trim() !== '');
}

function partyOf(title: string, address: Order['billing'], withContact: boolean): PdfParty {
  return { title, lines: lines(...addressLines(address), withContact && address.email, withContact && address.phone) };
}

/**
 * The PDF of an order: its invoice once it is paid and numbered (buildOrderInvoicePdf), otherwise
 * the summary the account's « Télécharger (PDF) » gives (what was bought, delivered where, paid how),
 * which says it is not an invoice.
 */
export function buildOrderPdf(order: Order, shop: StoreProfile): PdfModel {
  if (order.invoice_number) return buildOrderInvoicePdf(order, order.invoice_number, shop);
  const parties = [partyOf('Facturation', order.billing, true)];
  const shipping = partyOf('Livraison', order.shipping, false);
  if (shipping.lines.length > 0) parties.push(shipping);
  const meta: [string, string][] = [
    ['Date', docDate(order.date_created)],
    ['Statut', docText(order.status_label)],
  ];
  if (order.payment_method_title) meta.push(['Paiement', docText(order.payment_method_title)]);
  if (order.transaction_id) meta.push(['Transaction', docText(order.transaction_id)]);
  const extras = [
    { label: 'Sous-total des articles', value: docEuros(Number(order.subtotal)) },
    ...order.shipping_lines.map((line) => ({ label: docText(`Livraison : ${line.method_title}`), value: docEuros(Number(line.total)) })),
    ...order.coupon_lines.map((line) => ({ label: docText(`Code promo ${line.code}`), value: docEuros(-Number(line.discount)) })),
    ...(Number(order.loyalty_discount) > 0 ? [{ label: 'Fidélité', value: docEuros(-Number(order.loyalty_discount)) }] : []),
  ];
  return {
    fileName: orderPdfFileName(order),
    title: docText(`Commande ${order.number}`),
    heading: 'Commande',
    reference: docText(`N° ${order.number}`),
    meta,
    parties,
    tables: [
      {
        title: 'Articles',
        head: ['Article', 'Réf.', 'Qté', 'P.U. TTC', 'Total TTC'],
        rows: order.line_items.map((item) => [docText(item.name), docText(item.sku || '—'), String(item.quantity), docEuros(Number(item.price)), docEuros(Number(item.total))]),
        align: ['left', 'left', 'right', 'right', 'right'],
        widths: [5, 1.6, 0.7, 1.4, 1.4],
      },
    ],
    totals: [
      ...extras,
      // Split by the lines' own rates, as the invoice will be once the order is paid.
      ...documentTotals(Math.round(Number(order.total) * 100), shop.vatRegime, order).map((row) => ({ label: row.label, value: docCents(row.cents), ...(row.strong ? { strong: true } : {}) })),
    ],
    notes: [
      // An order waiting for its transfer says where to send it and with which reference, as the e-mail does.
      ...(order.bank_details
        ? [
            {
              title: 'Paiement par virement',
              text: docText(
                `Titulaire\u00a0: ${order.bank_details.account_holder} · Banque\u00a0: ${order.bank_details.bank_name}\nIBAN\u00a0: ${order.bank_details.iban} · BIC\u00a0: ${order.bank_details.bic}\nRéférence à indiquer\u00a0: ${order.bank_details.reference}`,
              ),
            },
          ]
        : []),
      ...(order.customer_note.trim() ? [{ title: 'Note de commande', text: docText(order.customer_note.trim()) }] : []),
    ],
    mentions: [
      ...(shop.vatRegime === 'franchise' ? [FRANCHISE_MENTION] : []),
      ...(shop.vatRegime !== 'franchise' && order.line_items.some((item) => item.vat_rate === 'margin') ? [MARGIN_SCHEME_MENTION] : []),
      'Récapitulatif de commande\u00a0: ce document n’est pas une facture. Une facture vous est remise sur simple demande.',
    ],
    shop: shopBlock(shop),
  };
}

/** The date of an order's invoice: when it was numbered (or paid, for the oldest). */
export function orderInvoiceDate(order: Order): string {
  return docDate(order.date_invoiced ?? order.date_paid ?? order.date_created);
}

/** The parties of an order's invoice and of its credit notes: the customer's block, then the delivery address. */
function orderInvoiceParties(order: Order, customer: PdfParty[]): PdfParty[] {
  const shipping = partyOf('Livraison', order.shipping, false);
  return shipping.lines.length > 0 ? [...customer, shipping] : customer;
}

/**
 * A paid web order's invoice (issue 22 §1), with what French law asks of one (art. 242 nonies A,
 * annexe II du CGI; L441-9 du Code de commerce): the seller's identity, the buyer's name and billing
 * address (a company makes a business customer: late-payment terms), the number of the FB series
 * and its date, the date of the sale, each line at its unit price excluding VAT with its rate
 * (shipping, promo code and loyalty discount as lines), totals excluding VAT, VAT per rate and
 * including VAT, and when and how it was paid. Same rules, same mentions as the repair invoices.
 */
export function buildOrderInvoicePdf(order: Order, invoiceNumber: string, shop: StoreProfile): PdfModel {
  const figures = orderInvoiceFigures(order, shop.vatRegime);
  const customer = orderInvoiceCustomer(order);
  const issued = orderInvoiceDate(order);
  const paidOn = docDate(order.date_paid ?? order.date_invoiced ?? order.date_created);
  const method = order.payment_method_title.trim();
  const meta: [string, string][] = [
    ['Date', issued],
    ['Commande', docText(`N° ${order.number} du ${docDate(order.date_created)}`)],
    ['Payée le', paidOn],
  ];
  if (method) meta.push(['Paiement', docText(method)]);
  if (order.transaction_id) meta.push(['Transaction', docText(order.transaction_id)]);
  const header = invoiceHeader({ kind: 'invoice', number: invoiceNumber, customer: lines(...customerLines(customer)), figures });
  return {
    ...header,
    meta,
    parties: orderInvoiceParties(order, header.parties),
    notes: [
      { title: 'Règlement', text: docText(`Facture acquittée\u00a0: payée le ${paidOn}${method ? ` (${method})` : ''}.`) },
      ...(order.customer_note.trim() ? [{ title: 'Note de commande', text: docText(order.customer_note.trim()) }] : []),
    ],
    // Paid when issued: the due date is the invoice's own date.
    mentions: invoiceMentions({ shop, business: isBusinessCustomer(customer), marginScheme: figures.marginScheme, dueDate: issued, serviceDate: docDate(order.date_created) }).map(docText),
    shop: shopBlock(shop),
  };
}

/**
 * What a credit note of an order prints of its refund (orders/order-invoice.ts findOrderCreditNote),
 * and what the order's earlier credit notes credited before it (its figures follow from them).
 */
export type OrderCreditNoteSource = { number: string; amountCents: number; reason: string; createdAt: Date | string; refundedBeforeCents: number };

/**
 * The credit note (avoir) of a refund of an invoiced web order (issue 22 §1; art. 242 nonies A,
 * annexe II du CGI): its own number (AB series) and date, the invoice it refers to (number and
 * date), the reason, the seller and the customer exactly as the invoice printed them, the amount
 * excluding VAT, the VAT per rate (the invoice's rates, in proportion: orderCreditNoteFigures, after
 * the earlier credit notes, so that all of them add up to the invoice) and including VAT, and the
 * invoice's mentions that still apply (franchise, margin scheme). Amounts are positive: what the
 * document takes back is said by its title, « Avoir ».
 */
export function buildOrderCreditNotePdf(order: Order, invoiceNumber: string, creditNote: OrderCreditNoteSource, shop: StoreProfile): PdfModel {
  const figures = orderCreditNoteFigures(order, creditNote.amountCents, shop.vatRegime, creditNote.refundedBeforeCents);
  const header = invoiceHeader({ kind: 'credit_note', number: creditNote.number, customer: lines(...customerLines(orderInvoiceCustomer(order))), figures });
  return {
    ...header,
    meta: [
      ['Date', docDate(creditNote.createdAt)],
      ['Facture', docText(invoiceNumber)],
      ['Commande', docText(`N° ${order.number}`)],
    ],
    parties: orderInvoiceParties(order, header.parties),
    notes: [
      { title: 'Objet', text: docText(`Avoir sur la facture ${invoiceNumber} du ${orderInvoiceDate(order)} (commande n° ${order.number} du ${docDate(order.date_created)}).`) },
      { title: 'Motif', text: docText(creditNote.reason.trim() || '—') },
    ],
    mentions: [...(shop.vatRegime === 'franchise' ? [FRANCHISE_MENTION] : []), ...(figures.marginScheme ? [MARGIN_SCHEME_MENTION] : [])].map(docText),
    shop: shopBlock(shop),
  };
}
