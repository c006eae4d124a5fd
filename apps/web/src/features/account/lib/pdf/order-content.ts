import { orderNumber, type ShopOrder } from '../../api/order-schema';
import { addressLines, orderStatusLabel } from '../../components/dashboard/model/orders';
import { lines, shopBlock, type PdfModel, type PdfOptions, type PdfParty } from './model';
import { fileNamePart, pdfDate, pdfEuros, pdfText } from './text';
import { legalMentions, totalRows } from './vat';

export function orderPdfFileName(order: Pick<ShopOrder, 'id' | 'order_number'>): string {
  return `commande-${fileNamePart(orderNumber(order))}.pdf`;
}

export function orderLineRows(order: Pick<ShopOrder, 'line_items'>): string[][] {
  return order.line_items.map((item) => [pdfText(item.name), pdfText(item.sku || '-'), String(item.quantity), pdfEuros(item.price), pdfEuros(item.total)]);
}

function partyOf(title: string, address: ShopOrder['billing'], withContact: boolean): PdfParty {
  return { title, lines: lines(...addressLines(address), withContact && address.email, withContact && address.phone) };
}

export function buildOrderPdf(order: ShopOrder, options: PdfOptions): PdfModel {
  const regime = options.vatRegime ?? options.shop.vatRegime;
  const number = orderNumber(order);
  const organisation = order.billing.company.trim() || options.organisation?.trim() || '';
  const parties = [partyOf('Facturation', order.billing, true)];
  const shipping = partyOf('Livraison', order.shipping, false);
  if (shipping.lines.length > 0) parties.push(shipping);
  const meta: [string, string][] = [
    ['Date', pdfDate(order.date_created)],
    ['Statut', pdfText(orderStatusLabel(order.status))],
  ];
  if (order.payment_method_title) meta.push(['Paiement', pdfText(order.payment_method_title)]);
  if (order.transaction_id) meta.push(['Transaction', pdfText(order.transaction_id)]);
  return {
    fileName: orderPdfFileName(order),
    title: pdfText(`Commande ${number}`),
    heading: 'Commande',
    reference: pdfText(`N° ${number}`),
    meta,
    parties,
    tables: [
      {
        title: 'Articles',
        head: ['Article', 'Réf.', 'Qté', 'P.U. TTC', 'Total TTC'],
        rows: orderLineRows(order),
        align: ['left', 'left', 'right', 'right', 'right'],
        widths: [5, 1.6, 0.7, 1.4, 1.4],
      },
    ],
    totals: totalRows(order.total, regime),
    notes: order.customer_note.trim() ? [{ title: 'Note de commande', text: pdfText(order.customer_note.trim()) }] : [],
    mentions: legalMentions({ regime, business: organisation !== '', payable: true }),
    shop: shopBlock(options.shop),
  };
}
