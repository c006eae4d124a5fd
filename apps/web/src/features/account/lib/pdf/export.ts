import type { FullTicket, FullTicketDetail, Invoice } from '@erepare/shared/schemas/repair';
import type { ShopOrder } from '../../api/order-schema';
import { buildInvoicePdf } from './invoice-content';
import type { PdfModel, PdfOptions } from './model';
import { buildOrderPdf } from './order-content';
import { renderPdf } from './render';
import { buildTicketPdf } from './ticket-content';

/**
 * The entry point the dashboard loads with import() when an export is clicked: jsPDF and
 * jspdf-autotable come with it, never in the /compte bundle. Each function builds, draws and
 * downloads, and returns the file name.
 */
function download(model: PdfModel): string {
  renderPdf(model).save(model.fileName);
  return model.fileName;
}

export function downloadTicketPdf(ticket: FullTicket & Partial<Pick<FullTicketDetail, 'history'>>, options: PdfOptions): string {
  return download(buildTicketPdf(ticket, options));
}

export function downloadInvoicePdf(invoice: Invoice, options: PdfOptions): string {
  return download(buildInvoicePdf(invoice, options));
}

export function downloadOrderPdf(order: ShopOrder, options: PdfOptions): string {
  return download(buildOrderPdf(order, options));
}
