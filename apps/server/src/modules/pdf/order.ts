import { documentTotals, FRANCHISE_MENTION } from '@erepare/shared/invoice-document';
import type { Order } from '@erepare/shared/schemas/shop';
import type { StoreProfile } from '@erepare/shared/store-profile';
import { lines, shopBlock, type PdfModel, type PdfParty } from './model.js';
import { docCents, docDate, docEuros, docText, fileNamePart } from './text.js';

export function orderPdfFileName(order: Pick<Order, 'number'>): string {
  return `commande-${fileNamePart(order.number)}.pdf`;
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

/** The order summary the account's « Télécharger (PDF) » gives: what was bought, delivered where, paid how. */
export function buildOrderPdf(order: Order, shop: StoreProfile): PdfModel {
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
