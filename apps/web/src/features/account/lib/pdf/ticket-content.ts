import type { FullTicket, FullTicketDetail } from '@erepare/shared/schemas/repair';
import { statusLabel } from '@erepare/shared/ticket-status';
import { lines, shopBlock, type PdfModel, type PdfOptions, type PdfTable } from './model';
import { fileNamePart, isoDay, pdfDate, pdfDateTime, pdfEuros, pdfText } from './text';
import { legalMentions, totalRows } from './vat';

/** Spec 1 §7: ticket-{number}-{date}.pdf, the date of the export (Paris calendar day). */
export function ticketPdfFileName(ticketNumber: string, now: Date = new Date()): string {
  return `ticket-${fileNamePart(ticketNumber)}-${isoDay(now)}.pdf`;
}

function customerName(ticket: FullTicket): string {
  return `${ticket.first_name} ${ticket.last_name}`.trim() || ticket.customer_name;
}

export function ticketDeviceRows(ticket: FullTicket): string[][] {
  const devices = ticket.devices.length > 0
    ? ticket.devices
    : [{ device_name: ticket.device_name, device_brand: ticket.device_brand, device_model: ticket.device_model, device_category: ticket.device_category, device_fault: ticket.device_fault, status: ticket.status, price: ticket.total_amount, imei: '', serial: '', repairItems: [] }];
  return devices.map((device) => [
    lines(device.device_name || 'Appareil non précisé', [device.device_brand, device.device_model].filter(Boolean).join(' ')).join('\n'),
    pdfText(device.device_fault || ticket.device_fault || 'Non précisée'),
    lines(device.imei && `IMEI ${device.imei}`, device.serial && `N° série ${device.serial}`).join('\n') || '-',
    pdfText(device.repairItems.join(', ') || '-'),
    pdfText(statusLabel(device.status || ticket.status)),
    pdfEuros(device.price),
  ]);
}

/** The status history, oldest first (the order a customer reads a story in). */
export function ticketHistoryRows(ticket: Partial<Pick<FullTicketDetail, 'history'>>): string[][] {
  const history = [...(ticket.history ?? [])].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  return history.map((event) => [
    pdfDateTime(event.created_at),
    pdfText(statusLabel(event.to_status)),
    pdfText(event.from_status === null ? 'Ticket enregistré' : statusLabel(event.from_status)),
  ]);
}

/** The repair sheet of one of the customer's tickets (full view, with its history when known). */
export function buildTicketPdf(ticket: FullTicket & Partial<Pick<FullTicketDetail, 'history'>>, options: PdfOptions): PdfModel {
  const now = options.now ?? new Date();
  const regime = options.vatRegime ?? options.shop.vatRegime;
  const tables: PdfTable[] = [
    {
      title: ticket.devices.length > 1 ? `Réparation (${ticket.devices.length} appareils)` : 'Réparation',
      head: ['Appareil', 'Panne signalée', 'IMEI / N° de série', 'Prestations', 'Statut', 'Prix TTC'],
      rows: ticketDeviceRows(ticket),
      align: ['left', 'left', 'left', 'left', 'left', 'right'],
      widths: [2, 1.9, 2.7, 2.1, 1.7, 1.4],
    },
  ];
  const history = ticketHistoryRows(ticket);
  if (history.length > 0) {
    tables.push({ title: 'Historique du statut', head: ['Date', 'Statut', 'Statut précédent'], rows: history, widths: [1, 1.5, 1.5] });
  }
  return {
    fileName: ticketPdfFileName(ticket.ticket_number, now),
    title: pdfText(`Ticket ${ticket.ticket_number}`),
    heading: 'Fiche de réparation',
    reference: pdfText(`Ticket ${ticket.ticket_number}`),
    meta: [
      ['Déposé le', pdfDate(ticket.created_at)],
      ['Mis à jour le', pdfDate(ticket.updated_at)],
      ['Statut', pdfText(statusLabel(ticket.status))],
      ['Édité le', pdfDate(now)],
    ],
    parties: [{ title: 'Client', lines: lines(options.organisation, customerName(ticket), ticket.email, ticket.phone) }],
    tables,
    totals: totalRows(ticket.total_amount, regime),
    notes: ticket.description.trim() ? [{ title: 'Description', text: pdfText(ticket.description.trim()) }] : [],
    mentions: [
      ...legalMentions({ regime, business: Boolean(options.organisation?.trim()), payable: false }),
      'Document récapitulatif édité depuis votre espace client : seule la facture fait foi.',
    ],
    shop: shopBlock(options.shop),
  };
}
