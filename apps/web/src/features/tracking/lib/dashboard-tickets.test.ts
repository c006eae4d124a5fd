import { describe, expect, it } from 'vitest';
import { defaultStatuses } from '@erepare/shared/tickets';
import { publicTicket } from '../test/fixtures';
import {
  countLabel,
  dashboardMessages,
  dashboardPeriod,
  detailsHref,
  emptyListMessage,
  extraDevicesLabel,
  filterTickets,
  noFilters,
  statusOptions,
  ticketListUrl,
  toDashboardTicket,
} from './dashboard-tickets';

describe('toDashboardTicket', () => {
  it('maps the public ticket to the dashboard fields of spec 3 §3', () => {
    const ticket = toDashboardTicket(
      publicTicket({
        id: 7,
        ticket_number: 'T-6507',
        customer_name: 'Client #41',
        status: 'Repaired',
        devices: [{ device_name: 'iPad Air 4', device_brand: 'Apple', device_model: 'A2324', device_category: 'Tablette', device_fault: 'Vitre fissurée' }, { device_name: 'Switch', device_category: 'Console' }],
      }),
    );
    expect(ticket).toMatchObject({
      id: 7,
      ticketNumber: 'T-6507',
      customerName: 'Client #41',
      device: 'iPad Air 4',
      brand: 'Apple',
      model: 'A2324',
      deviceCategory: 'Tablette',
      problem: 'Vitre fissurée',
      status: 'Repaired',
      createdDate: '2026-11-10T09:30:00.000Z',
      lastUpdate: '2026-11-12T15:45:00.000Z',
      priority: 'normal',
      deviceCount: 2,
    });
    expect(ticket.devices.map((device) => device.category)).toEqual(['Tablette', 'Console']);
  });

  it('falls back to T-{id} for the number and to the id for the Details link', () => {
    const ticket = toDashboardTicket(publicTicket({ id: 93, ticket_number: '  ' }));
    expect(ticket.ticketNumber).toBe('T-93');
    expect(detailsHref(ticket)).toBe('/compte?ticket=93');
    expect(detailsHref(toDashboardTicket(publicTicket({ ticket_number: 'T-6632' })))).toBe('/compte?ticket=T-6632');
  });

  it('never shows a customer name, only Client #id', () => {
    expect(toDashboardTicket(publicTicket({ id: 5, customer_name: 'Jeanne Martin' })).customerName).toBe('Client #5');
  });

  it('counts at least one device and labels the extra ones', () => {
    expect(toDashboardTicket(publicTicket({ devices: [] })).deviceCount).toBe(1);
    expect(extraDevicesLabel(1)).toBeNull();
    expect(extraDevicesLabel(2)).toBe('+1 appareil');
    expect(extraDevicesLabel(4)).toBe('+3 appareils');
  });
});

describe('filterTickets', () => {
  const tickets = [
    publicTicket({ id: 1, customer_name: 'Client #12', status: 'In Progress', devices: [{ device_name: 'iPhone 13', device_model: 'A2633', device_category: 'Téléphone', device_fault: 'Écran cassé' }] }),
    publicTicket({ id: 2, customer_name: 'Client #3', status: 'Waiting for parts', devices: [{ device_name: 'PlayStation 5', device_brand: 'Sony', device_model: 'CFI-1216A', device_category: 'Console', device_fault: 'Surchauffe' }] }),
    publicTicket({
      id: 3,
      customer_name: 'Client #120',
      status: 'Finished',
      devices: [
        { device_name: 'MacBook Air', device_model: 'A2337', device_category: 'Ordinateur', device_fault: 'Clavier HS' },
        { device_name: 'Apple Watch', device_model: 'A2770', device_category: 'Montre', device_fault: 'Batterie' },
      ],
    }),
  ].map(toDashboardTicket);
  const ids = (filters: Partial<typeof noFilters>) => filterTickets(tickets, { ...noFilters, ...filters }).map((ticket) => ticket.id);

  it('keeps everything without a filter', () => {
    expect(ids({})).toEqual([1, 2, 3]);
    expect(ids({ search: '   ' })).toEqual([1, 2, 3]);
  });

  it('searches the customer label, model, device and problem, ignoring case and accents', () => {
    expect(ids({ search: 'client #12' })).toEqual([1, 3]);
    expect(ids({ search: 'CLIENT #3' })).toEqual([2]);
    expect(ids({ search: 'cfi-1216' })).toEqual([2]);
    expect(ids({ search: 'playstation' })).toEqual([2]);
    expect(ids({ search: 'ecran' })).toEqual([1]);
    expect(ids({ search: 'SURCHAUFFE' })).toEqual([2]);
    expect(ids({ search: 'introuvable' })).toEqual([]);
  });

  it('searches every device of a ticket and needs every word typed', () => {
    expect(ids({ search: 'watch' })).toEqual([3]);
    expect(ids({ search: 'iphone cassé' })).toEqual([1]);
    expect(ids({ search: 'iphone surchauffe' })).toEqual([]);
  });

  it('filters on the status, treating statuses with the same French label as one', () => {
    expect(ids({ status: 'In Progress' })).toEqual([1]);
    expect(ids({ status: 'in progress' })).toEqual([1]);
    expect(ids({ status: 'Completed' })).toEqual([3]);
  });

  it('filters on the category of any device of the ticket', () => {
    expect(ids({ category: 'Console' })).toEqual([2]);
    expect(ids({ category: 'Montre' })).toEqual([3]);
    expect(ids({ category: 'Chromebook' })).toEqual([]);
  });

  it('combines search, status and category', () => {
    expect(ids({ search: 'client #12', category: 'Ordinateur' })).toEqual([3]);
    expect(ids({ search: 'client #12', status: 'Waiting for parts' })).toEqual([]);
  });
});

describe('statusOptions', () => {
  it('lists the statuses in French, once per label, plus statuses only seen on tickets', () => {
    const tickets = [toDashboardTicket(publicTicket({ status: 'Devis envoyé' }))];
    const options = statusOptions(
      [
        { name: 'In Progress', color: '#000', type: 'Open' },
        { name: 'Completed', color: '#000', type: 'Closed' },
        { name: 'Finished', color: '#000', type: 'Closed' },
      ],
      tickets,
    );
    expect(options).toEqual([
      { value: 'In Progress', label: 'En cours de réparation' },
      { value: 'Completed', label: 'Terminé' },
      { value: 'Devis envoyé', label: 'Devis envoyé' },
    ]);
  });

  it('offers the default list of spec 3 §4', () => {
    expect(statusOptions(defaultStatuses).map((option) => option.label)).toEqual([
      "En attente d'inspection",
      'En cours de réparation',
      'En attente de pièces',
      'En attente du client',
      'Réparé',
      'Prêt à récupérer',
      'Récupéré',
      'Non réparable',
      'Annulé',
    ]);
  });
});

describe('emptyListMessage', () => {
  const loaded = (count: number) => ({ kind: 'loaded' as const, tickets: Array.from({ length: count }, (_, i) => toDashboardTicket(publicTicket({ id: i + 1 }))) });

  it('gives the exact texts of spec 3 §2 and §8', () => {
    expect(emptyListMessage({ kind: 'loading' }, 0, noFilters)).toBe(dashboardMessages.loading);
    expect(emptyListMessage({ kind: 'error', message: 'x' }, 0, noFilters)).toBe('Aucun ticket à afficher');
    expect(emptyListMessage(loaded(0), 0, noFilters)).toBe('Aucun ticket trouvé dans RepairDesk pour les 14 derniers jours.');
    expect(emptyListMessage(loaded(0), 0, { ...noFilters, search: 'x' })).toBe('Aucun ticket trouvé dans RepairDesk pour les 14 derniers jours.');
    expect(emptyListMessage(loaded(3), 0, { ...noFilters, category: 'Console' })).toBe('Aucun ticket trouvé avec ces critères');
    expect(emptyListMessage(loaded(3), 0, noFilters)).toBe('Aucun ticket à afficher');
    expect(emptyListMessage(loaded(3), 2, noFilters)).toBeNull();
  });
});

describe('period and request', () => {
  const now = Date.UTC(2026, 10, 21, 10, 15, 30);

  it('covers the last 14 days in unix seconds, up to the next minute', () => {
    const period = dashboardPeriod(now);
    expect(period.toDate).toBe(Date.UTC(2026, 10, 21, 10, 16) / 1000);
    expect(period.toDate - period.fromDate).toBe(14 * 86_400);
    expect(period.toDate * 1000).toBeGreaterThanOrEqual(now);
  });

  it('asks page 0, 100 tickets, from_date and to_date (spec 3 §7)', () => {
    const url = new URL(ticketListUrl(now), 'http://localhost');
    expect(url.pathname).toBe('/api/repairdesk/tickets');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '0',
      pagesize: '100',
      from_date: String(Date.UTC(2026, 10, 7, 10, 16) / 1000),
      to_date: String(Date.UTC(2026, 10, 21, 10, 16) / 1000),
    });
  });

  it('announces how many tickets are shown', () => {
    expect(countLabel(66, 66)).toBe('66 tickets affichés');
    expect(countLabel(1, 66)).toBe('1 ticket affiché sur 66');
    expect(countLabel(3, 66)).toBe('3 tickets affichés sur 66');
  });
});
