import { documentTotals, FRANCHISE_MENTION } from '@erepare/shared/invoice-document';
import type { FullTicketDetail } from '@erepare/shared/schemas/repair';
import type { StoreProfile } from '@erepare/shared/store-profile';
import { statusLabel } from '@erepare/shared/ticket-status';
import { lines, shopBlock, type PdfModel, type PdfTable } from './model.js';
import { docCents, docDate, docDateTime, docEuros, docText, fileNamePart, isoDay } from './text.js';

/** Spec 1 §7: ticket-{number}-{date}.pdf, the date of the export (Paris calendar day). */
export function ticketPdfFileName(ticketNumber: string, now: Date): string {
  return `ticket-${fileNamePart(ticketNumber)}-${isoDay(now)}.pdf`;
}

function customerName(ticket: FullTicketDetail): string {
  return `${ticket.first_name} ${ticket.last_name}`.trim() || ticket.customer_name;
}

export function ticketDeviceRows(ticket: FullTicketDetail): string[][] {
  const devices =
    ticket.devices.length > 0
      ? ticket.devices
      : [
          {
            device_name: ticket.device_name,
            device_brand: ticket.device_brand,
            device_model: ticket.device_model,
            device_category: ticket.device_category,
            device_fault: ticket.device_fault,
            status: ticket.status,
            price: ticket.total_amount,
            imei: '',
            serial: '',
            repairItems: [],
          },
        ];
  return devices.map((device) => [
    lines(device.device_name || 'Appareil non précisé', [device.device_brand, device.device_model].filter(Boolean).join(' ')).join('\n'),
    docText(device.device_fault || ticket.device_fault || 'Non précisée'),
    lines(device.imei && `IMEI ${device.imei}`, device.serial && `N° série ${device.serial}`).join('\n') || '—',
    docText(device.repairItems.join(', ') || '—'),
    docText(statusLabel(device.status || ticket.status)),
    docEuros(device.price),
  ]);
}

/** The status history, oldest first (the order a customer reads a story in). */
export function ticketHistoryRows(ticket: Pick<FullTicketDetail, 'history'>): string[][] {
  const history = [...ticket.history].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  return history.map((event) => [
    docDateTime(event.created_at),
    docText(statusLabel(event.to_status)),
    docText(event.from_status === null ? 'Ticket enregistré' : statusLabel(event.from_status)),
  ]);
}

/** The repair sheet of a ticket (its owner's or staff's full view, with its history). */
export function buildTicketPdf(ticket: FullTicketDetail, shop: StoreProfile, now: Date): PdfModel {
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
  if (history.length > 0) tables.push({ title: 'Historique du statut', head: ['Date', 'Statut', 'Statut précédent'], rows: history, widths: [1, 1.5, 1.5] });
  return {
    fileName: ticketPdfFileName(ticket.ticket_number, now),
    title: docText(`Ticket ${ticket.ticket_number}`),
    heading: 'Fiche de réparation',
    reference: docText(`Ticket ${ticket.ticket_number}`),
    meta: [
      ['Déposé le', docDate(ticket.created_at)],
      ['Mis à jour le', docDate(ticket.updated_at)],
      ['Statut', docText(statusLabel(ticket.status))],
      ['Édité le', docDate(now)],
    ],
    parties: [{ title: 'Client', lines: lines(customerName(ticket), ticket.email, ticket.phone) }],
    tables,
    totals: documentTotals(Math.round(ticket.total_amount * 100), shop.vatRegime).map((row) => ({ label: row.label, value: docCents(row.cents), ...(row.strong ? { strong: true } : {}) })),
    notes: ticket.description.trim() ? [{ title: 'Description', text: docText(ticket.description.trim()) }] : [],
    mentions: [
      ...(shop.vatRegime === 'franchise' ? [FRANCHISE_MENTION] : []),
      'Fiche récapitulative de la réparation\u00a0: seule la facture fait foi.',
    ],
    shop: shopBlock(shop),
  };
}
