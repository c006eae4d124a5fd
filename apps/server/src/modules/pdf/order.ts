import {
  customerLines,
  documentTotals,
  FRANCHISE_MENTION,
  invoiceMentions,
  isBusinessCustomer,
  orderInvoiceCustomer,
  orderInvoiceFigures,
} from '@erepare/shared/invoice-document';
import type { Order } from '@erepare/shared/schemas/shop';
import type { StoreProfile } from '@erepare/shared/store-profile';
import { invoicePdfFileName } from './invoice.js';
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
      ...documentTotals(Math.round(Number(order.total) * 100), shop.vatRegime).map((row) => ({ label: row.label, value: docCents(row.cents), ...(row.strong ? { strong: true } : {}) })),
    ],
    notes: [
      // An order waiting for its transfer says where to send it and with which reference, as the e-mail does.
      ...(order.bank_details
        ? [
            {
              title: 'Paiement par virement',
              text: docText(
                `Titulaire : ${order.bank_details.account_holder} · Banque : ${order.bank_details.bank_name}\nIBAN : ${order.bank_details.iban} · BIC : ${order.bank_details.bic}\nRéférence à indiquer : ${order.bank_details.reference}`,
              ),
            },
          ]
        : []),
      ...(order.customer_note.trim() ? [{ title: 'Note de commande', text: docText(order.customer_note.trim()) }] : []),
    ],
    mentions: [
      ...(shop.vatRegime === 'franchise' ? [FRANCHISE_MENTION] : []),
      'Récapitulatif de commande : ce document n’est pas une facture. Une facture vous est remise sur simple demande.',
    ],
    shop: shopBlock(shop),
  };
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
  const issued = docDate(order.date_invoiced ?? order.date_paid ?? order.date_created);
  const paidOn = docDate(order.date_paid ?? order.date_invoiced ?? order.date_created);
  const method = order.payment_method_title.trim();
  const meta: [string, string][] = [
    ['Date', issued],
    ['Commande', docText(`N° ${order.number} du ${docDate(order.date_created)}`)],
    ['Payée le', paidOn],
  ];
  if (method) meta.push(['Paiement', docText(method)]);
  if (order.transaction_id) meta.push(['Transaction', docText(order.transaction_id)]);
  const parties = [{ title: 'Facturé à', lines: lines(...customerLines(customer)) }];
  const shipping = partyOf('Livraison', order.shipping, false);
  if (shipping.lines.length > 0) parties.push(shipping);
  return {
    fileName: invoicePdfFileName(invoiceNumber),
    title: docText(`Facture ${invoiceNumber}`),
    heading: 'Facture',
    reference: docText(`N° ${invoiceNumber}`),
    meta,
    parties,
    tables: [
      {
        title: 'Détail',
        head: ['Désignation', 'Qté', 'P.U. HT', 'TVA', 'Remise HT', 'Total HT'],
        rows: figures.lines.map((line) => [
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
    totals: figures.totals.map((row) => ({ label: docText(row.label), value: docCents(row.cents), ...(row.strong ? { strong: true } : {}) })),
    notes: [
      { title: 'Règlement', text: docText(`Facture acquittée : payée le ${paidOn}${method ? ` (${method})` : ''}.`) },
      ...(order.customer_note.trim() ? [{ title: 'Note de commande', text: docText(order.customer_note.trim()) }] : []),
    ],
    // Paid when issued: the due date is the invoice's own date.
    mentions: invoiceMentions({ shop, business: isBusinessCustomer(customer), marginScheme: figures.marginScheme, dueDate: issued, serviceDate: docDate(order.date_created) }).map(docText),
    shop: shopBlock(shop),
  };
}
