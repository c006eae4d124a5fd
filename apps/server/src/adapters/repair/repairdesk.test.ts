import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { fromRecords, startFakeRepairDesk, type FakeRepairDesk, type FakeRepairDeskOptions } from '../../test/fakes/repairdesk-fake.js';
import { createRepairBackend } from './index.js';
import { createRepairDeskBackend, repairDeskDefaults, repairDeskMessages, type RepairDeskBackendOptions } from './repairdesk.js';
import { knownStatuses, parseStatusChange } from './repairdesk/history.js';
import { createThrottle } from './repairdesk/throttle.js';
import { deviceCategoryOf, itemTypeOf, toStatusDefinitions } from './repairdesk/records.js';
import { parseAmount, toCents } from './repairdesk/values.js';
import {
  RepairBackendError,
  type CustomerRecord,
  type InventoryItemRecord,
  type InvoiceRecord,
  type TicketEventRecord,
  type TicketRecord,
} from './types.js';

// ───────────────────────────── Fixtures: our records, served by the fake in RepairDesk's shapes ─────────────────────────────

const KEY = 'rd-SECRET-key-7Hq2Zx9Lp4Wm';
const at = (iso: string) => new Date(iso);

const customers: CustomerRecord[] = [
  {
    id: 1,
    firstName: 'Jeanne',
    lastName: 'Martin',
    email: 'jeanne.martin@example.fr',
    emails: ['jeanne.pro@example.com'],
    phone: '',
    mobile: '+33 6 39 98 12 34',
    address1: '12 allée des Pins',
    address2: '',
    city: 'Arcachon',
    state: 'Gironde',
    postcode: '33120',
    country: 'France',
    organization: '',
    referredBy: 'Google',
    contactPerson: '',
    emailOptIn: true,
    smsOptIn: false,
    loyaltyBalanceCents: 1250,
    createdAt: at('2023-05-04T08:30:00Z'),
  },
  {
    id: 2,
    firstName: 'Paul',
    lastName: 'Durand',
    email: 'paul.durand@example.fr',
    emails: [],
    phone: '+33 5 36 49 10 20',
    mobile: '+33 6 39 98 55 66',
    address1: '3 boulevard de la Plage',
    address2: 'Bâtiment B',
    city: 'La Teste-de-Buch',
    state: 'Gironde',
    postcode: '33260',
    country: 'France',
    organization: 'Surf Club du Bassin',
    referredBy: 'Bouche à oreille',
    contactPerson: 'Paul Durand',
    emailOptIn: false,
    smsOptIn: true,
    loyaltyBalanceCents: 0,
    createdAt: at('2022-11-20T15:00:00Z'),
  },
  {
    id: 3,
    firstName: 'Lucie',
    lastName: 'Bernard',
    email: null,
    emails: [],
    phone: '',
    mobile: '+33 6 39 98 77 88',
    address1: '',
    address2: '',
    city: 'Gujan-Mestras',
    state: 'Gironde',
    postcode: '33470',
    country: 'France',
    organization: '',
    referredBy: 'Google',
    contactPerson: '',
    emailOptIn: false,
    smsOptIn: false,
    loyaltyBalanceCents: 0,
    createdAt: at('2024-01-02T10:00:00Z'),
  },
];

const tickets: TicketRecord[] = [
  {
    id: 104,
    ticketNumber: 'T-6523',
    status: 'Waiting for inspection',
    customerId: 3,
    description: 'Bracelet cassé',
    totalCents: 4900,
    createdAt: at('2024-03-04T09:00:00Z'),
    updatedAt: at('2024-03-04T09:00:00Z'),
    devices: [
      { category: 'Montre', brand: 'Apple', name: 'Apple Watch Series 7', model: 'A2473', fault: 'Bracelet cassé', status: 'Waiting for inspection', imei: '', serial: 'FH7XK2', priceCents: 4900, repairItems: ['Remplacement bracelet'] },
    ],
  },
  {
    id: 103,
    ticketNumber: 'T-6522',
    status: 'Waiting for parts',
    customerId: 1,
    description: 'Surchauffe, ventilateur bruyant',
    totalCents: 8900,
    createdAt: at('2024-03-03T14:00:00Z'),
    updatedAt: at('2024-03-03T16:30:00Z'),
    devices: [
      { category: 'Console', brand: 'Sony', name: 'PlayStation 5', model: 'CFI-1216A', fault: 'Surchauffe', status: 'Waiting for parts', imei: '', serial: 'E12345678', priceCents: 8900, repairItems: ['Nettoyage et pâte thermique'] },
    ],
  },
  {
    id: 102,
    ticketNumber: 'T-6521',
    status: 'Repaired',
    customerId: 2,
    description: 'Galaxy S21 : Batterie faible / iPad Air 4 : Vitre fissurée',
    totalCents: 140800,
    createdAt: at('2024-03-02T10:00:00Z'),
    updatedAt: at('2024-03-02T17:00:00Z'),
    devices: [
      { category: 'Téléphone', brand: 'Samsung', name: 'Galaxy S21', model: 'SM-G991B', fault: 'Batterie faible', status: 'Repaired', imei: '356938035643809', serial: '', priceCents: 6900, repairItems: ['Remplacement batterie'] },
      { category: 'Tablette', brand: 'Apple', name: 'iPad Air 4', model: 'A2316', fault: 'Vitre fissurée', status: 'Repaired', imei: '', serial: 'DMPZ1234', priceCents: 133900, repairItems: ['Remplacement vitre'] },
    ],
  },
  {
    id: 101,
    ticketNumber: 'T-6520',
    status: 'In Progress',
    customerId: 1,
    description: 'Écran cassé',
    totalCents: 12900,
    createdAt: at('2024-03-01T09:00:00Z'),
    updatedAt: at('2024-03-01T11:00:00Z'),
    devices: [
      { category: 'Téléphone', brand: 'Apple', name: 'iPhone 12', model: 'A2403', fault: 'Écran cassé', status: 'In Progress', imei: '353012345678901', serial: '', priceCents: 12900, repairItems: ['Remplacement écran'] },
    ],
  },
];

const history = new Map<number, TicketEventRecord[]>([
  [
    101,
    [
      { fromStatus: null, toStatus: 'Waiting for inspection', createdAt: at('2024-03-01T09:00:00Z') },
      { fromStatus: 'Waiting for inspection', toStatus: 'In Progress', createdAt: at('2024-03-01T11:00:00Z') },
    ],
  ],
  [
    103,
    [
      { fromStatus: null, toStatus: 'En attente', createdAt: at('2024-03-03T14:00:00Z') },
      { fromStatus: 'En attente', toStatus: 'En cours', createdAt: at('2024-03-03T15:00:00Z') },
      { fromStatus: 'En cours', toStatus: 'Waiting for parts', createdAt: at('2024-03-03T16:30:00Z') },
    ],
  ],
]);

const invoices: InvoiceRecord[] = [
  {
    id: 204,
    invoiceNumber: 'F-2024-0004',
    customerId: 1,
    ticketId: 103,
    ticketNumber: 'T-6522',
    status: 'Partial',
    subtotalCents: 7417,
    taxCents: 1483,
    totalCents: 8900,
    amountPaidCents: 3000,
    notes: 'Acompte versé au dépôt de l’appareil.',
    dueOn: at('2024-04-03T00:00:00Z'),
    createdAt: at('2024-03-03T14:10:00Z'),
    lines: [{ name: 'Nettoyage et pâte thermique – PlayStation 5', sku: '', quantity: 1, unitPriceCents: 8900, taxCents: 1483, totalCents: 8900 }],
    payments: [{ kind: 'payment', amountCents: 3000, method: 'Espèces', transactionId: '', paidAt: at('2024-03-03T14:10:00Z') }],
  },
  {
    id: 203,
    invoiceNumber: 'F-2024-0003',
    customerId: 2,
    ticketId: null,
    ticketNumber: null,
    status: 'Refunded',
    subtotalCents: 1658,
    taxCents: 332,
    totalCents: 1990,
    amountPaidCents: 1990,
    notes: 'Article retourné sous 14 jours, remboursé.',
    dueOn: null,
    createdAt: at('2024-03-02T12:00:00Z'),
    lines: [{ name: 'Câble USB-C 1 m', sku: 'ACC-USBC-1M', quantity: 1, unitPriceCents: 1990, taxCents: 332, totalCents: 1990 }],
    payments: [
      { kind: 'payment', amountCents: 1990, method: 'Carte bancaire', transactionId: 'CB-0000000001', paidAt: at('2024-03-02T12:00:00Z') },
      { kind: 'refund', amountCents: 1990, method: 'Carte bancaire', transactionId: 'RMB-0000000002', paidAt: at('2024-03-05T12:00:00Z') },
    ],
  },
  {
    id: 202,
    invoiceNumber: 'F-2024-0002',
    customerId: 1,
    ticketId: null,
    ticketNumber: null,
    status: 'Unpaid',
    subtotalCents: 2483,
    taxCents: 497,
    totalCents: 2980,
    amountPaidCents: 0,
    notes: 'Vente comptoir.',
    dueOn: null,
    createdAt: at('2024-03-01T16:00:00Z'),
    lines: [{ name: 'Coque iPhone 12 transparente', sku: 'COQ-IP12', quantity: 2, unitPriceCents: 1490, taxCents: 497, totalCents: 2980 }],
    payments: [],
  },
  {
    id: 201,
    invoiceNumber: 'F-2024-0001',
    customerId: 1,
    ticketId: 101,
    ticketNumber: 'T-6520',
    status: 'Paid',
    subtotalCents: 107400,
    taxCents: 21487,
    totalCents: 128887,
    amountPaidCents: 128887,
    notes: 'Garantie 6 mois sur la réparation (hors casse et oxydation).',
    dueOn: null,
    createdAt: at('2024-03-01T11:05:00Z'),
    lines: [{ name: 'Remplacement écran – iPhone 12', sku: 'MO-REPARATION', quantity: 1, unitPriceCents: 128887, taxCents: 21487, totalCents: 128887 }],
    payments: [{ kind: 'payment', amountCents: 128887, method: 'Carte bancaire', transactionId: 'CB-1234567890', paidAt: at('2024-03-01T11:05:00Z') }],
  },
];

const inventory: InventoryItemRecord[] = [
  {
    id: 301,
    name: 'iPhone 12 128 Go reconditionné',
    sku: 'RECO-IP12-128',
    upcCode: '2000000003017',
    description: 'Grade A, batterie neuve.',
    category: 'Smartphones reconditionnés',
    brand: 'Apple',
    itemType: 'device',
    condition: 'Très bon état',
    priceCents: 44900,
    originalPriceCents: 52900,
    quantity: 3,
    warranty: '12 mois',
    supplier: 'Reconditionneur Bordeaux',
    deviceNames: '',
    imageUrl: '/images/iphone-12.webp',
    createdAt: at('2024-02-01T10:00:00Z'),
  },
  {
    id: 302,
    name: 'Coque iPhone 12 transparente',
    sku: 'COQ-IP12',
    upcCode: '',
    description: 'Coque souple.',
    category: 'Coques et étuis',
    brand: 'Générique',
    itemType: 'accessory',
    condition: 'Neuf',
    priceCents: 1490,
    originalPriceCents: null,
    quantity: 25,
    warranty: '',
    supplier: '',
    deviceNames: 'iPhone 12, iPhone 12 Pro',
    imageUrl: '',
    createdAt: at('2024-02-02T10:00:00Z'),
  },
  {
    id: 303,
    name: 'Écran OLED iPhone 12',
    sku: 'PIECE-ECR-IP12',
    upcCode: '',
    description: '',
    category: 'Pièces détachées',
    brand: 'Apple',
    itemType: 'part',
    condition: 'Neuf',
    priceCents: 8900,
    originalPriceCents: null,
    quantity: 0,
    warranty: '6 mois',
    supplier: 'Fournisseur pièces',
    deviceNames: 'iPhone 12',
    imageUrl: '',
    createdAt: at('2024-02-03T10:00:00Z'),
  },
];

const statuses = [
  { id: 1, name: 'Waiting for inspection', color: '#3b82f6', type: 'Open' as const },
  { id: 2, name: 'In Progress', color: '#f97316', type: 'Open' as const },
  { id: 3, name: 'Repaired', color: '#22c55e', type: 'Closed' as const },
];

const categories = [
  { id: 1, name: 'Smartphones reconditionnés' },
  { id: 2, name: 'Coques et étuis' },
  { id: 3, name: 'Pièces détachées' },
];
const brands = [
  { id: 4, name: 'Apple' },
  { id: 9, name: 'Générique' },
];

function freshStore() {
  return fromRecords({ customers, tickets, history, invoices, inventory, statuses, categories, brands });
}

// ───────────────────────────── Helpers ─────────────────────────────

type Captured = { lines: string[]; log: NonNullable<RepairDeskBackendOptions['log']> };

function capturingLogger(): Captured {
  const lines: string[] = [];
  const write = (object: Record<string, unknown>, message: string) => {
    lines.push(`${JSON.stringify(object)} ${message}`);
  };
  return { lines, log: { warn: write, info: write, debug: write } };
}

/** An instant sleep that records what it was asked to wait. */
function recordingSleep() {
  const waits: number[] = [];
  return {
    waits,
    sleep: (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
}

async function failure(promise: Promise<unknown>): Promise<RepairBackendError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RepairBackendError) return error;
    throw error;
  }
  throw new Error('expected a RepairBackendError');
}

const fakes: FakeRepairDesk[] = [];

async function fake(options: FakeRepairDeskOptions = {}): Promise<FakeRepairDesk> {
  const started = await startFakeRepairDesk({ apiKey: KEY, store: freshStore(), rateLimit: false, ...options });
  fakes.push(started);
  return started;
}

afterAll(async () => {
  await Promise.all(fakes.map((entry) => entry.close()));
});

function backendFor(server: FakeRepairDesk, options: Partial<RepairDeskBackendOptions> = {}) {
  const { sleep } = recordingSleep();
  return createRepairDeskBackend({ apiKey: KEY, baseUrl: server.url, production: true, sleep, ...options });
}

// ───────────────────────────── Methods against the fake ─────────────────────────────

describe('RepairDesk backend: reading and writing through the real wire format', () => {
  let server: FakeRepairDesk;
  beforeAll(async () => {
    server = await fake();
  });
  afterEach(() => {
    server.controls.reset();
  });

  it('lists tickets (all dates: filter=0), maps every field back to our records, pages from 1', async () => {
    const backend = backendFor(server);
    const before = server.requests.length;
    const page = await backend.listTickets({ offset: 0, limit: 10 });
    expect(page).toEqual({ items: tickets, total: 4 });
    expect(server.requests[before]?.query).toMatchObject({ filter: '0', page: '1', pagesize: '10' });
    expect(server.requests[before]?.authorised).toBe(true);

    // An offset that is not a multiple of the limit reads the two pages around it.
    const window = await backend.listTickets({ offset: 1, limit: 2 });
    expect(window.items.map((ticket) => ticket.id)).toEqual([103, 102]);
    expect(window.total).toBe(4);
  });

  it('lists tickets of a date range (Unix seconds) and with a public keyword', async () => {
    const backend = backendFor(server);
    const before = server.requests.length;
    const range = await backend.listTickets({ from: at('2024-03-02T00:00:00Z'), to: at('2024-03-03T23:59:59Z'), offset: 0, limit: 10 });
    expect(range.items.map((ticket) => ticket.ticketNumber)).toEqual(['T-6522', 'T-6521']);
    expect(server.requests[before]?.query).toMatchObject({ from_date: String(Date.UTC(2024, 2, 2) / 1000), to_date: String(Date.UTC(2024, 2, 3, 23, 59, 59) / 1000) });
    expect(server.requests[before]?.query.filter).toBeUndefined();

    const byModel = await backend.listTickets({ keyword: 'a2403', offset: 0, limit: 10 });
    expect(byModel).toEqual({ items: [tickets[3]], total: 1 });
    const byBrand = await backend.listTickets({ keyword: 'apple', offset: 0, limit: 1 });
    expect(byBrand.total).toBe(3);
    expect(byBrand.items.map((ticket) => ticket.id)).toEqual([104]);
  });

  it('never matches a visitor keyword on personal fields, although RepairDesk search does', async () => {
    const backend = backendFor(server);
    const before = server.requests.length;
    expect(await backend.listTickets({ keyword: 'Durand', offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
    expect(await backend.listTickets({ keyword: '39 98 12', offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
    // RepairDesk did find tickets for these keywords: the filtering is ours.
    const answered = server.requests.slice(before).filter((request) => request.path === 'tickets');
    expect(answered.every((request) => request.status === 200)).toBe(true);
  });

  it('lists the tickets of one customer: narrowed by their e-mail, else by scanning pages (page cap logged)', async () => {
    const backend = backendFor(server, { limits: { scanPageSize: 1 } });
    const before = server.requests.length;
    const mine = await backend.listTickets({ customerId: 1, offset: 0, limit: 10 });
    expect(mine).toEqual({ items: [tickets[1], tickets[3]], total: 2 });
    // The customer, then their tickets (2 pages of 1) found by their e-mail address.
    expect(server.requests.slice(before).map((request) => `${request.path}?${request.query.keyword ?? ''}`)).toEqual([
      'customers/1?',
      'tickets?jeanne.martin@example.fr',
      'tickets?jeanne.martin@example.fr',
    ]);

    // Lucie has no e-mail address: the capped scan of every ticket.
    const captured = capturingLogger();
    const capped = backendFor(server, { limits: { scanPageSize: 1, scanMaxPages: 2 }, log: captured.log });
    expect((await capped.listTickets({ customerId: 3, offset: 0, limit: 10 })).items.map((ticket) => ticket.id)).toEqual([104]);
    expect(captured.lines.some((line) => line.includes('premières pages'))).toBe(true);
  });

  it('gets a ticket by id and by number (keyword search, exact match, then the detail)', async () => {
    const backend = backendFor(server);
    expect(await backend.getTicket({ id: 102 })).toEqual(tickets[2]);
    const before = server.requests.length;
    expect(await backend.getTicket({ ticketNumber: 't6520' })).toEqual(tickets[3]);
    expect(server.requests.slice(before).map((request) => `${request.path}?${request.query.keyword ?? ''}`)).toEqual(['tickets?T-6520', 'tickets/101?']);
    expect(await backend.getTicket({ ticketNumber: 'T-652' })).toBeNull();
    expect(await backend.getTicket({ ticketNumber: 'T-9999' })).toBeNull();
    expect(await backend.getTicket({ id: 999 })).toBeNull();
  });

  it('keeps only the status changes of the free-text history (personal notes dropped)', async () => {
    const backend = backendFor(server);
    expect(await backend.ticketHistory(101)).toEqual(history.get(101));
    expect(await backend.ticketHistory(103)).toEqual(history.get(103));
    const raw = JSON.stringify(server.store.tickets.find((ticket) => Number(ticket.summary.id) === 101)?.hostory);
    expect(raw).toContain('SMS sent to +33 6 39 98 12 34');
    expect(JSON.stringify(await backend.ticketHistory(101))).not.toMatch(/39 98|@|Note/);
    expect(await backend.ticketHistory(102)).toEqual([]);
    expect(await backend.ticketHistory(999)).toEqual([]);
  });

  it('keeps only changes between known statuses: free text in a status sentence is dropped', async () => {
    const server2 = await fake({ store: fromRecords({ customers, tickets, history, invoices, inventory, categories, brands, statuses: [...statuses, { name: 'Attente devis client', color: '#f59e0b', type: 'Open' }] }) });
    const stored = server2.store.tickets.find((ticket) => Number(ticket.summary.id) === 101);
    if (!stored) throw new Error('fixture');
    const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);
    stored.hostory.push(
      // The reviewer's examples: shaped like status changes, carrying a name.
      { description: 'Status changed from In Progress to Appelé Mme Dupont', creationdate: unix('2024-03-01T12:00:00Z') },
      { description: 'Status set to Laissé message à Jean Martin', creationdate: unix('2024-03-01T12:05:00Z') },
      { description: 'Statut modifié de « In Progress » à « Rappeler M. Durand au 06 39 98 »', creationdate: unix('2024-03-01T12:06:00Z') },
      // Known: a status of the store, a shared default in other casing, a shared English status, a French default.
      { description: 'Status changed from In Progress to Attente devis client', creationdate: unix('2024-03-01T13:00:00Z') },
      { description: 'status changed from attente devis client to READY FOR PICKUP by Marie', creationdate: unix('2024-03-01T14:00:00Z') },
      { description: 'Status changed from Ready for pickup to Diagnostic', creationdate: unix('2024-03-01T15:00:00Z') },
      { description: 'Statut modifié de « Diagnostic » à « Terminé »', creationdate: unix('2024-03-01T16:00:00Z') },
    );
    // The parser alone would take them: the filter on known statuses is what drops them.
    expect(parseStatusChange('Status changed from In Progress to Appelé Mme Dupont')).toEqual({ fromStatus: 'In Progress', toStatus: 'Appelé Mme Dupont' });
    expect(parseStatusChange('Status set to Laissé message à Jean Martin')).toEqual({ fromStatus: null, toStatus: 'Laissé message à Jean Martin' });

    const events = await backendFor(server2).ticketHistory(101);
    expect(events).toEqual([
      ...(history.get(101) ?? []),
      { fromStatus: 'In Progress', toStatus: 'Attente devis client', createdAt: at('2024-03-01T13:00:00Z') },
      { fromStatus: 'attente devis client', toStatus: 'READY FOR PICKUP', createdAt: at('2024-03-01T14:00:00Z') },
      { fromStatus: 'Ready for pickup', toStatus: 'Diagnostic', createdAt: at('2024-03-01T15:00:00Z') },
      { fromStatus: 'Diagnostic', toStatus: 'Terminé', createdAt: at('2024-03-01T16:00:00Z') },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/Dupont|Martin|Durand|Appelé|Laissé/);

    // Without the store's statuses (RepairDesk failing), only the device and shared statuses count.
    const degraded = backendFor(server2);
    await degraded.getTicket({ id: 101 });
    server2.controls.failNext(3, 500);
    const withoutStore = await degraded.ticketHistory(101);
    expect(withoutStore.map((event) => event.toStatus)).not.toContain('Attente devis client');
    expect(withoutStore.map((event) => event.toStatus)).toContain('Terminé');

    const isKnown = knownStatuses(['Attente devis client', 'In Progress']);
    expect(['attente DEVIS client', 'In Progress', 'en cours de réparation', 'diagnostic', 'Repaired & collected'].every(isKnown)).toBe(true);
    expect(['Appelé Mme Dupont', 'Laissé message à Jean Martin', '', 'En attente de Jean'].some(isKnown)).toBe(false);
  });

  it('lists the statuses; missing colours and types come from the shared status rules', async () => {
    const backend = backendFor(server);
    expect(await backend.listStatuses()).toEqual(statuses);
    expect(toStatusDefinitions(['Repaired', { name: 'Not repairable' }, { status_name: 'En cours', id: '7' }, 'Repaired', ''])).toEqual([
      { name: 'Repaired', color: '#22c55e', type: 'Closed' },
      { name: 'Not repairable', color: '#ef4444', type: 'Closed' },
      { id: 7, name: 'En cours', color: '#3b82f6', type: 'Open' },
    ]);
  });

  it('lists customers (keyword, referredBy filtered on our side) and gets one', async () => {
    const backend = backendFor(server);
    expect(await backend.listCustomers({ offset: 0, limit: 10 })).toEqual({ items: customers, total: 3 });
    expect(await backend.listCustomers({ keyword: 'durand', offset: 0, limit: 10 })).toEqual({ items: [customers[1]], total: 1 });
    expect(await backend.listCustomers({ referredBy: 'Google', offset: 0, limit: 1 })).toEqual({ items: [customers[0]], total: 2 });
    expect(await backend.getCustomer(2)).toEqual(customers[1]);
    expect(await backend.getCustomer(999)).toBeNull();
  });

  it('finds customers by e-mail, case-insensitive, on the main and the other addresses', async () => {
    const backend = backendFor(server);
    expect(await backend.findCustomersByEmail('  JEANNE.Martin@Example.fr ')).toEqual([customers[0]]);
    expect(await backend.findCustomersByEmail('jeanne.PRO@example.com')).toEqual([customers[0]]);
    // A keyword hit that is not an exact address is not a match.
    expect(await backend.findCustomersByEmail('example.fr')).toEqual([]);
    expect(await backend.findCustomersByEmail('')).toEqual([]);
  });

  it('reads loyalty points when RepairDesk gives no balance', async () => {
    const server2 = await fake();
    const stored = server2.store.customers[0];
    if (!stored) throw new Error('fixture');
    delete stored.loyalty_balance;
    stored.loyalty_points = 350;
    const backend = backendFor(server2, { loyaltyPointCents: 2 });
    expect((await backend.getCustomer(1))?.loyaltyBalanceCents).toBe(700);
  });

  it('creates a customer once (never retried) and refuses a duplicate e-mail with 409', async () => {
    const server2 = await fake();
    const backend = backendFor(server2);
    const created = await backend.createCustomer({ firstName: 'Inès', lastName: 'Moreau', email: 'Ines.Moreau@Example.fr', mobile: '+33 6 39 98 00 11', organization: 'Bassin Kayak', emailOptIn: true });
    expect(created).toMatchObject({ id: 4, firstName: 'Inès', lastName: 'Moreau', email: 'ines.moreau@example.fr', organization: 'Bassin Kayak', emailOptIn: true, smsOptIn: false });
    expect(server2.store.customers.at(-1)).toMatchObject({ orgonization: 'Bassin Kayak', email: 'ines.moreau@example.fr' });

    const duplicate = await failure(backend.createCustomer({ firstName: 'X', email: 'JEANNE.PRO@example.com' }));
    expect(duplicate).toMatchObject({ code: 'REPAIR_REJECTED', httpStatus: 409, message: repairDeskMessages.duplicateCustomer });

    server2.controls.failNext(1, 503);
    const posts = server2.count({ method: 'POST' });
    const failed = await failure(backend.createCustomer({ firstName: 'Y', email: 'y@example.fr' }));
    expect(failed).toMatchObject({ code: 'REPAIR_UNAVAILABLE', httpStatus: 503 });
    expect(server2.count({ method: 'POST' }) - posts).toBe(1);
  });

  it('updates a customer with the full record (PUT replaces), null when unknown', async () => {
    const server2 = await fake();
    const backend = backendFor(server2);
    const updated = await backend.updateCustomer(2, { city: 'Arcachon', smsOptIn: false, emails: ['Paul@Surf.example'] });
    expect(updated).toEqual({ ...customers[1], city: 'Arcachon', smsOptIn: false, emails: ['paul@surf.example'] });
    const put = server2.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toMatchObject({ first_name: 'Paul', orgonization: 'Surf Club du Bassin', refered_by: 'Bouche à oreille', city: 'Arcachon' });
    expect(await backend.updateCustomer(999, { city: 'Nulle part' })).toBeNull();
    const duplicate = await failure(backend.updateCustomer(2, { email: 'jeanne.martin@example.fr' }));
    expect(duplicate.httpStatus).toBe(409);
  });

  it('lists invoices (filter=0, status sent, customer filtered on our side) and gets one', async () => {
    const backend = backendFor(server);
    const before = server.requests.length;
    expect(await backend.listInvoices({ offset: 0, limit: 10 })).toEqual({ items: invoices, total: 4 });
    expect(server.requests[before]?.query).toMatchObject({ filter: '0', page: '1', pagesize: '10' });
    expect(await backend.listInvoices({ status: 'Paid', offset: 0, limit: 10 })).toEqual({ items: [invoices[3]], total: 1 });
    expect(await backend.listInvoices({ customerId: 1, offset: 0, limit: 10 })).toEqual({ items: [invoices[0], invoices[2], invoices[3]], total: 3 });
    expect(await backend.listInvoices({ customerId: 1, status: 'Unpaid', offset: 0, limit: 10 })).toEqual({ items: [invoices[2]], total: 1 });
    expect(await backend.listInvoices({ keyword: 'usb-c', offset: 0, limit: 10 })).toEqual({ items: [invoices[1]], total: 1 });
    expect(await backend.getInvoice(201)).toEqual(invoices[3]);
    expect(await backend.getInvoice(999)).toBeNull();
  });

  it('lists inventory, categories and brands', async () => {
    const backend = backendFor(server);
    expect(await backend.listInventory({ offset: 0, limit: 10 })).toEqual({ items: inventory, total: 3 });
    expect(await backend.listInventory({ keyword: 'coq-ip12', offset: 0, limit: 10 })).toEqual({ items: [inventory[1]], total: 1 });
    expect((await backend.listInventory({ keyword: 'ip12', offset: 0, limit: 10 })).total).toBe(3);
    expect(await backend.listInventory({ keyword: '303', offset: 0, limit: 10 })).toEqual({ items: [inventory[2]], total: 1 });
    expect(await backend.listInventory({ keyword: 'introuvable', offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
    expect(await backend.listInventoryCategories()).toEqual(categories);
    expect(await backend.listInventoryBrands()).toEqual(brands);
  });

  it('derives categories and brands from the inventory when RepairDesk has no such endpoint', async () => {
    const server2 = await fake();
    server2.controls.removeEndpoint('inventory/categories');
    server2.controls.removeEndpoint('inventory/brands');
    const backend = backendFor(server2);
    expect(await backend.listInventoryCategories()).toEqual([
      { id: 1, name: 'Coques et étuis' },
      { id: 2, name: 'Pièces détachées' },
      { id: 3, name: 'Smartphones reconditionnés' },
    ]);
    expect(await backend.listInventoryBrands()).toEqual([
      { id: 1, name: 'Apple' },
      { id: 2, name: 'Générique' },
    ]);
    // The inventory was read once for both.
    expect(server2.count({ path: 'inventory' })).toBe(1);
  });

  it('answers "No Result Found" (statusCode 100) and 404 as empty lists and nulls', async () => {
    for (const notFound of ['statusCode100', 'http404'] as const) {
      const server2 = await fake({ notFound, store: { ...freshStore(), statuses: [] } });
      const backend = backendFor(server2);
      expect(await backend.listTickets({ keyword: 'zzz-nothing', offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
      // Past the end: no items, and the count read from the first page.
      expect(await backend.listTickets({ offset: 40, limit: 10 })).toEqual({ items: [], total: 4 });
      expect(await backend.listStatuses()).toEqual([]);
      expect(await backend.getCustomer(999)).toBeNull();
      expect(await backend.getTicket({ id: 999 })).toBeNull();
      expect(await backend.getInvoice(999)).toBeNull();
      expect(await backend.ticketHistory(999)).toEqual([]);
      expect(await backend.updateCustomer(999, { city: 'X' })).toBeNull();
    }
  });

  it('pings: latency on success, a message (never a throw) on failure', async () => {
    const backend = backendFor(server);
    const ping = await backend.ping();
    expect(ping.ok).toBe(true);
    expect(ping.latencyMs).toBeGreaterThanOrEqual(0);
    server.controls.failNext(1, 500);
    expect(await backend.ping()).toMatchObject({ ok: false, message: repairDeskMessages.unavailable });
    const wrongKey = createRepairDeskBackend({ apiKey: 'wrong-key-123456', baseUrl: server.url, production: true });
    expect(await wrongKey.ping()).toMatchObject({ ok: false, message: repairDeskMessages.rejected });
  });
});

// ───────────────────────────── Failure modes (spec 1 §8-§9) ─────────────────────────────

describe('RepairDesk backend: retries, timeouts and errors', () => {
  let server: FakeRepairDesk;
  beforeAll(async () => {
    server = await fake();
  });
  afterEach(() => {
    server.controls.reset();
  });

  it('retries a 5xx after 1 s × the attempt, then succeeds', async () => {
    const { sleep, waits } = recordingSleep();
    const backend = backendFor(server, { sleep });
    server.controls.failNext(2, 502);
    const before = server.count({ path: 'statuses' });
    expect(await backend.listStatuses()).toEqual(statuses);
    expect(waits).toEqual([1000, 2000]);
    expect(server.count({ path: 'statuses' }) - before).toBe(3);
  });

  it('gives up after 3 attempts of 5xx: 503 "Service temporairement indisponible"', async () => {
    const { sleep, waits } = recordingSleep();
    const backend = backendFor(server, { sleep, production: false });
    server.controls.failNext(3, 500);
    const before = server.count();
    const error = await failure(backend.getCustomer(1));
    expect(error).toMatchObject({ code: 'REPAIR_UNAVAILABLE', httpStatus: 503, message: 'Service temporairement indisponible' });
    expect(waits).toEqual([1000, 2000]);
    expect(server.count() - before).toBe(3);
  });

  it('retries a page of a multi-page load twice only', async () => {
    const { sleep, waits } = recordingSleep();
    const backend = backendFor(server, { sleep });
    // The customer (for their e-mail) is already known: only the pages are asked for.
    await backend.getCustomer(1);
    server.controls.failNext(2, 500);
    const before = server.count();
    await failure(backend.listTickets({ customerId: 1, offset: 0, limit: 10 }));
    expect(server.count() - before).toBe(2);
    expect(waits).toEqual([1000]);
  });

  describe('timeouts (a fake clock; RepairDesk holds its answers until the test lets them go)', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /** Starts `call`, waits until RepairDesk holds its request, moves the clock by `ms`, then lets RepairDesk answer. */
    async function answeredAfter<T>(ms: number, call: () => Promise<T>): Promise<T> {
      const held = server.controls.holdNext(1);
      const pending = call();
      // A rejection is read by the caller; it must not count as unhandled meanwhile.
      pending.catch(() => undefined);
      await held.arrived;
      vi.advanceTimersByTime(ms);
      held.release();
      return pending;
    }

    it('stops a slow answer at the timeout: 504 "Requête interrompue par timeout - Veuillez réessayer"', async () => {
      const backend = backendFor(server, { timeouts: { defaultMs: 100 } });
      const before = server.count();
      expect(await answeredAfter(99, () => backend.listStatuses())).toEqual(statuses);
      const error = await failure(answeredAfter(100, () => backend.listStatuses()));
      expect(error).toMatchObject({ code: 'REPAIR_TIMEOUT', httpStatus: 504, message: 'Requête interrompue par timeout - Veuillez réessayer' });
      // Not retried.
      expect(server.count() - before).toBe(2);
    });

    it('gives the inventory a longer timeout, and a longer one still for pages of 5000', async () => {
      const backend = backendFor(server, { timeouts: { defaultMs: 50, inventoryMs: 150, inventoryLargeMs: 2000, inventoryLargePageSize: 3 } });
      expect((await answeredAfter(149, () => backend.listInventory({ offset: 0, limit: 2 }))).items).toHaveLength(2);
      expect((await failure(answeredAfter(150, () => backend.listInventory({ offset: 0, limit: 1 })))).code).toBe('REPAIR_TIMEOUT');
      expect((await answeredAfter(1999, () => backend.listInventory({ offset: 0, limit: 3 }))).items).toHaveLength(3);
      expect((await failure(answeredAfter(2000, () => backend.listInventory({ offset: 0, limit: 3 })))).code).toBe('REPAIR_TIMEOUT');
      expect((await failure(answeredAfter(50, () => backend.listStatuses()))).code).toBe('REPAIR_TIMEOUT');
      expect(repairDeskDefaults.timeouts).toEqual({ defaultMs: 10_000, inventoryMs: 20_000, inventoryLargeMs: 30_000, inventoryLargePageSize: 5000 });
    });
  });

  it('backs off on 429 (5 s, or Retry-After) and succeeds', async () => {
    const { sleep, waits } = recordingSleep();
    const backend = backendFor(server, { sleep });
    server.controls.rateLimitNext(1);
    expect(await backend.listStatuses()).toEqual(statuses);
    server.controls.rateLimitNext(2, 2);
    expect(await backend.listStatuses()).toEqual(statuses);
    expect(waits).toEqual([5000, 2000, 2000]);
  });

  it('gives up on 429 after the attempt budget: 503 REPAIR_RATE_LIMITED', async () => {
    const { sleep, waits } = recordingSleep();
    const backend = backendFor(server, { sleep });
    server.controls.rateLimitNext(3);
    const before = server.count();
    const error = await failure(backend.listStatuses());
    expect(error).toMatchObject({ code: 'REPAIR_RATE_LIMITED', httpStatus: 503, message: 'Service temporairement indisponible' });
    expect(server.count() - before).toBe(3);
    expect(waits).toEqual([5000, 5000]);
  });

  it('backs off on the fake’s own per-minute limit', async () => {
    const limited = await fake({ rateLimit: { limit: 2, windowMs: 60_000 } });
    const { sleep, waits } = recordingSleep();
    const backend = backendFor(limited, { sleep });
    await backend.listStatuses();
    await backend.listStatuses();
    expect((await failure(backend.listStatuses())).code).toBe('REPAIR_RATE_LIMITED');
    expect(waits).toEqual([5000, 5000]);
    expect(limited.requests.filter((request) => request.fault === 'throttled')).toHaveLength(3);
  });

  it('reports a success without data: "Aucune donnée reçue malgré le succès HTTP" (not retried)', async () => {
    const backend = backendFor(server);
    for (const call of [() => backend.listStatuses(), () => backend.getCustomer(1), () => backend.listTickets({ offset: 0, limit: 5 })]) {
      server.controls.emptySuccessNext(1);
      const before = server.count();
      const error = await failure(call());
      expect(error).toMatchObject({ code: 'REPAIR_EMPTY_RESPONSE', httpStatus: 502, message: 'Aucune donnée reçue malgré le succès HTTP' });
      expect(server.count() - before).toBe(1);
    }
  });

  it('retries an HTML answer, then reports an unreadable answer', async () => {
    const backend = backendFor(server);
    server.controls.htmlNext(1);
    expect(await backend.listStatuses()).toEqual(statuses);
    server.controls.htmlNext(3);
    expect(await failure(backend.listStatuses())).toMatchObject({ code: 'REPAIR_UNAVAILABLE', httpStatus: 502 });
  });

  it('server down: "Service temporairement indisponible" in production, "API non disponible en développement" elsewhere', async () => {
    const { sleep, waits } = recordingSleep();
    server.controls.down();
    const before = server.requests.length;
    const production = await failure(backendFor(server, { sleep }).listStatuses());
    expect(production).toMatchObject({ code: 'REPAIR_UNAVAILABLE', httpStatus: 503, message: 'Service temporairement indisponible' });
    expect(server.requests.length - before).toBe(3);
    expect(waits).toEqual([1000, 2000]);

    const development = await failure(backendFor(server, { production: false }).listStatuses());
    expect(development).toMatchObject({ code: 'REPAIR_UNAVAILABLE', httpStatus: 503, message: 'API non disponible en développement' });

    // A refused connection (nothing listens any more), with the backoff capped at 5 s.
    const gone = await startFakeRepairDesk({ apiKey: KEY });
    const url = gone.url;
    await gone.close();
    const capped = recordingSleep();
    const refused = await failure(
      createRepairDeskBackend({ apiKey: KEY, baseUrl: url, production: true, sleep: capped.sleep, limits: { attempts: 5 } }).listStatuses(),
    );
    expect(refused.message).toBe('Service temporairement indisponible');
    expect(capped.waits).toEqual([1000, 2000, 4000, 5000]);
  });

  it('fails at once on other 4xx (REPAIR_REJECTED, 502) and on a wrong key', async () => {
    const backend = backendFor(server);
    server.controls.failNext(1, 400);
    const before = server.count();
    expect(await failure(backend.listStatuses())).toMatchObject({ code: 'REPAIR_REJECTED', httpStatus: 502, message: repairDeskMessages.rejected });
    expect(server.count() - before).toBe(1);

    const unauthorisedBefore = server.requests.filter((request) => !request.authorised).length;
    const wrongKey = createRepairDeskBackend({ apiKey: 'not-the-key-000', baseUrl: server.url, production: true });
    expect(await failure(wrongKey.listStatuses())).toMatchObject({ code: 'REPAIR_REJECTED', httpStatus: 502 });
    expect(server.requests.filter((request) => !request.authorised).length - unauthorisedBefore).toBe(1);
  });

  it('never lets the API key into an error, a log line or a returned value', async () => {
    const captured = capturingLogger();
    const backend = backendFor(server, { log: captured.log, timeouts: { defaultMs: 100 } });
    const errors: RepairBackendError[] = [];
    const faults: (() => void)[] = [
      () => server.controls.failNext(3, 500),
      () => server.controls.failNext(1, 401),
      () => server.controls.failNext(1, 400),
      () => server.controls.rateLimitNext(3),
      () => server.controls.emptySuccessNext(1),
      () => server.controls.htmlNext(3),
      () => server.controls.delayNext(1, 400),
      () => server.controls.down(),
    ];
    for (const arm of faults) {
      server.controls.reset();
      arm();
      errors.push(await failure(backend.listTickets({ keyword: 'jeanne.martin@example.fr', offset: 0, limit: 5 })));
    }
    server.controls.reset();
    const values = [await backend.ping(), await backend.listStatuses(), await backend.getTicket({ id: 101 })];
    expect(errors).toHaveLength(faults.length);
    expect(captured.lines.length).toBeGreaterThan(10);
    const everything = [
      ...errors.flatMap((error) => [error.message, error.stack ?? '', JSON.stringify(error), JSON.stringify(error.cause ?? null)]),
      ...captured.lines,
      JSON.stringify(values),
    ].join('\n');
    expect(everything).not.toContain(KEY);
    expect(everything.toLowerCase()).not.toContain('api_key');
    // Keywords (an e-mail here) are not logged either.
    expect(captured.lines.join('\n')).not.toContain('jeanne.martin');
  });
});

// ───────────────────────────── Memo, inventory and throttle ─────────────────────────────

describe('RepairDesk backend: memo', () => {
  it('reads a found ticket once: the history comes from the same GET /tickets/{id}', async () => {
    const server = await fake();
    const backend = backendFor(server);
    const before = server.count();
    expect(await backend.getTicket({ id: 101 })).toEqual(tickets[3]);
    expect(await backend.ticketHistory(101)).toEqual(history.get(101));
    expect(server.count({ path: 'tickets/101' })).toBe(1);
    // The store's statuses are read once, then kept 5 minutes.
    expect(server.count({ path: 'statuses' })).toBe(1);
    expect(server.count() - before).toBe(2);

    // By number: the search and the ticket; its history costs nothing more.
    const byNumber = server.count();
    expect(await backend.getTicket({ ticketNumber: 'T-6522' })).toEqual(tickets[1]);
    expect(await backend.ticketHistory(103)).toEqual(history.get(103));
    expect(server.count() - byNumber).toBe(2);

    // The ticket itself is always read afresh (its status may have changed).
    await backend.getTicket({ id: 101 });
    expect(server.count({ path: 'tickets/101' })).toBe(2);
  });

  it('remembers "no such ticket" (by number and by id) and the id of a number for 30 s; invalidate() forgets', async () => {
    const server = await fake();
    let clock = 1_000;
    const backend = backendFor(server, { now: () => clock });
    const before = server.count();
    expect(await backend.getTicket({ ticketNumber: 'T-9999' })).toBeNull();
    expect(await backend.getTicket({ ticketNumber: 't9999' })).toBeNull();
    expect(await backend.getTicket({ id: 999 })).toBeNull();
    expect(await backend.getTicket({ id: 999 })).toBeNull();
    expect(await backend.ticketHistory(999)).toEqual([]);
    expect(server.count() - before).toBe(2);

    // A ticket number found once is read by id directly.
    await backend.getTicket({ ticketNumber: 'T-6520' });
    const found = server.count();
    expect(await backend.getTicket({ ticketNumber: 'T-6520' })).toEqual(tickets[3]);
    expect(server.requests.slice(-1).map((request) => request.path)).toEqual(['tickets/101']);
    expect(server.count() - found).toBe(1);

    clock += 30_001;
    const later = server.count();
    expect(await backend.getTicket({ ticketNumber: 'T-9999' })).toBeNull();
    expect(await backend.getTicket({ id: 999 })).toBeNull();
    expect(server.count() - later).toBe(2);

    backend.invalidate?.();
    await backend.getTicket({ ticketNumber: 'T-9999' });
    expect(server.count() - later).toBe(3);
    expect(repairDeskDefaults.limits).toMatchObject({ ticketMemoTtlMs: 30_000, ticketMemoMax: 200 });
  });

  it('keeps a customer 60 s for getCustomer; an update, a creation or invalidate() forgets it', async () => {
    const server = await fake();
    let clock = 1_000;
    const backend = backendFor(server, { now: () => clock });
    const reads = () => server.count({ method: 'GET', path: 'customers/2' });
    expect(await backend.getCustomer(2)).toEqual(customers[1]);
    expect(await backend.getCustomer(2)).toEqual(customers[1]);
    // Concurrent reads of one customer share a request too.
    clock += 60_001;
    await Promise.all([backend.getCustomer(2), backend.getCustomer(2)]);
    expect(reads()).toBe(2);

    // Changed in RepairDesk meanwhile: the update reads the customer afresh, not from the memo.
    const stored = server.store.customers.find((customer) => Number(customer.cid) === 2);
    if (!stored) throw new Error('fixture');
    stored.city = 'Biganos';
    const updated = await backend.updateCustomer(2, { mobile: '+33 6 39 98 99 99' });
    expect(updated).toMatchObject({ city: 'Biganos', mobile: '+33 6 39 98 99 99' });
    expect(server.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ city: 'Biganos' });
    const afterUpdate = reads();
    expect(await backend.getCustomer(2)).toMatchObject({ city: 'Biganos', mobile: '+33 6 39 98 99 99' });
    expect(reads()).toBe(afterUpdate + 1);

    stored.city = 'Le Teich';
    expect((await backend.getCustomer(2))?.city).toBe('Biganos');
    backend.invalidate?.();
    expect((await backend.getCustomer(2))?.city).toBe('Le Teich');

    // A failed update forgets it too.
    server.controls.failNext(1, 400);
    await failure(backend.updateCustomer(2, { city: 'X' }));
    const afterFailure = reads();
    await backend.getCustomer(2);
    expect(reads()).toBe(afterFailure + 1);
    expect(repairDeskDefaults.limits.customerMemoTtlMs).toBe(60_000);
  });

  it('narrows one customer’s tickets and invoices by their e-mail, however old; the customer id stays the ownership check', async () => {
    // 30 newer tickets and invoices of someone else push Jeanne's beyond a scan of 2 pages of 5.
    const others = Array.from({ length: 30 }, (_, index) => ({
      ...(tickets[2] as TicketRecord),
      id: 500 + index,
      ticketNumber: `T-${7000 + index}`,
      createdAt: at(`2024-04-${String(1 + (index % 28)).padStart(2, '0')}T10:00:00Z`),
    }));
    const otherInvoices = Array.from({ length: 30 }, (_, index) => ({
      ...(invoices[1] as InvoiceRecord),
      id: 600 + index,
      invoiceNumber: `F-2024-${String(100 + index).padStart(4, '0')}`,
      createdAt: at(`2024-04-${String(1 + (index % 28)).padStart(2, '0')}T12:00:00Z`),
    }));
    // Her e-mail is part of this one's: RepairDesk's search finds Paul's records for it.
    const lookalike: CustomerRecord = { ...(customers[1] as CustomerRecord), id: 4, email: 'ul.durand@example.fr', emails: [] };
    const server = await fake({
      store: fromRecords({
        customers: [...customers, lookalike],
        tickets: [...others, ...tickets],
        history,
        invoices: [...otherInvoices, ...invoices],
        inventory,
        statuses,
        categories,
        brands,
      }),
    });
    let clock = 1_000;
    const captured = capturingLogger();
    const backend = backendFor(server, { now: () => clock, log: captured.log, limits: { scanPageSize: 5, scanMaxPages: 2 } });

    const before = server.count();
    expect(await backend.listTickets({ customerId: 1, offset: 0, limit: 10 })).toEqual({ items: [tickets[1], tickets[3]], total: 2 });
    expect(await backend.listTickets({ customerId: 1, keyword: 'iphone', offset: 0, limit: 10 })).toEqual({ items: [tickets[3]], total: 1 });
    expect(await backend.listInvoices({ customerId: 1, offset: 0, limit: 10 })).toEqual({ items: [invoices[0], invoices[2], invoices[3]], total: 3 });
    expect(await backend.listInvoices({ customerId: 1, status: 'Unpaid', offset: 0, limit: 10 })).toEqual({ items: [invoices[2]], total: 1 });
    expect(await backend.listInvoices({ customerId: 1, keyword: 'F-2024-0001', offset: 0, limit: 10 })).toEqual({ items: [invoices[3]], total: 1 });
    expect(await backend.listInvoices({ customerId: 1, keyword: 'coque', offset: 0, limit: 10 })).toEqual({ items: [invoices[2]], total: 1 });
    // One read of the customer (kept 5 minutes for this), one page per list.
    expect(server.count({ path: 'customers/1' })).toBe(1);
    expect(server.count() - before).toBe(7);
    expect(server.requests.filter((request) => request.path === 'tickets' || request.path === 'invoices').every((request) => request.query.keyword === 'jeanne.martin@example.fr')).toBe(true);
    clock += 4 * 60_000;
    await backend.listTickets({ customerId: 1, offset: 0, limit: 10 });
    expect(server.count({ path: 'customers/1' })).toBe(1);
    clock += 60_001;
    await backend.listTickets({ customerId: 1, offset: 0, limit: 10 });
    expect(server.count({ path: 'customers/1' })).toBe(2);
    expect(captured.lines.some((line) => line.includes('premières pages'))).toBe(false);

    // RepairDesk's search returns Paul's records for the look-alike address: none are hers.
    expect(await backend.listTickets({ customerId: 4, offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
    expect(await backend.listInvoices({ customerId: 4, offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
    const lookalikeAnswers = server.requests.filter((request) => request.query.keyword === 'ul.durand@example.fr');
    expect(lookalikeAnswers.map((request) => request.path)).toEqual(['tickets', 'tickets', 'invoices', 'invoices']);
    expect(lookalikeAnswers.every((request) => request.status === 200)).toBe(true);

    // Without an e-mail address (Lucie), the capped scan: her older ticket is out of reach (and logged).
    captured.lines.length = 0;
    expect(await backend.listTickets({ customerId: 3, offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
    expect(captured.lines.some((line) => line.includes('premières pages'))).toBe(true);
  });
});

describe('RepairDesk backend: inventory', () => {
  it('does not cache inventory lists (the server does, and invalidates); concurrent identical requests share one call', async () => {
    const server = await fake();
    const backend = backendFor(server);
    const first = await backend.listInventory({ offset: 0, limit: 10 });
    expect(await backend.listInventory({ offset: 0, limit: 10 })).toEqual(first);
    expect(server.count({ path: 'inventory' })).toBe(2);
    const [a, b, c] = await Promise.all([
      backend.listInventory({ offset: 0, limit: 10 }),
      backend.listInventory({ offset: 0, limit: 10 }),
      backend.listInventory({ keyword: 'coque', offset: 0, limit: 10 }),
    ]);
    expect(a).toEqual(first);
    expect(b).toEqual(first);
    expect(c.items.map((item) => item.id)).toEqual([302]);
    expect(server.count({ path: 'inventory' })).toBe(4);
    // Categories and brands RepairDesk lists are not cached here either.
    await backend.listInventoryCategories();
    await backend.listInventoryCategories();
    expect(server.count({ path: 'inventory/categories' })).toBe(2);
  });

  it('does not keep failures', async () => {
    const server = await fake();
    const backend = backendFor(server);
    server.controls.failNext(1, 400);
    await failure(backend.listInventory({ offset: 0, limit: 10 }));
    expect((await backend.listInventory({ offset: 0, limit: 10 })).total).toBe(3);
  });

  it('derives categories and brands from one scan shared by concurrent callers, kept 5 minutes, forgotten by invalidate()', async () => {
    const server = await fake();
    server.controls.removeEndpoint('inventory/categories');
    server.controls.removeEndpoint('inventory/brands');
    let clock = 1_000;
    const backend = backendFor(server, { now: () => clock });
    const expectedCategories = [
      { id: 1, name: 'Coques et étuis' },
      { id: 2, name: 'Pièces détachées' },
      { id: 3, name: 'Smartphones reconditionnés' },
    ];
    const expectedBrands = [
      { id: 1, name: 'Apple' },
      { id: 2, name: 'Générique' },
    ];
    const answers = await Promise.all([
      backend.listInventoryCategories(),
      backend.listInventoryBrands(),
      backend.listInventoryCategories(),
      backend.listInventoryBrands(),
    ]);
    expect(answers).toEqual([expectedCategories, expectedBrands, expectedCategories, expectedBrands]);
    expect(server.count({ path: 'inventory' })).toBe(1);

    // Within 5 minutes: neither the inventory nor the missing endpoints are asked again.
    const requests = server.count();
    clock += 4 * 60_000;
    expect(await backend.listInventoryCategories()).toEqual(expectedCategories);
    expect(await backend.listInventoryBrands()).toEqual(expectedBrands);
    expect(server.count()).toBe(requests);

    // A new item shows after invalidate() (what the server's inventory cache calls after a write)…
    const added = server.store.inventory[0];
    if (!added) throw new Error('fixture');
    server.store.inventory.push({ ...added, id: 304, category: 'Audio', manufacturer: 'JBL' });
    expect((await backend.listInventoryCategories()).map((entry) => entry.name)).not.toContain('Audio');
    backend.invalidate?.();
    expect((await backend.listInventoryCategories()).map((entry) => entry.name)).toContain('Audio');
    expect(server.count({ path: 'inventory' })).toBe(2);
    // …or after 5 minutes.
    server.store.inventory.push({ ...added, id: 305, category: 'Drones', manufacturer: 'DJI' });
    clock += 5 * 60_000 + 1;
    expect((await backend.listInventoryBrands()).map((entry) => entry.name)).toContain('DJI');
    expect(server.count({ path: 'inventory' })).toBe(3);
    expect(repairDeskDefaults.limits.derivedListsTtlMs).toBe(300_000);
  });
});

/**
 * One clock for the backend and the fake RepairDesk: the throttle's waits move it forward at once
 * (real requests still go over HTTP). Only for waits with a known end (a deadline): a wait for a
 * request in flight would jump straight to its deadline.
 */
function virtualClock() {
  const clock = {
    now: 0,
    waits: [] as number[],
    sleep: (ms: number) => {
      clock.waits.push(ms);
      clock.now += ms;
      return Promise.resolve();
    },
  };
  return clock;
}

describe('RepairDesk backend: throttle', () => {
  it('spreads a burst over the rolling window (small window, real time)', async () => {
    const server = await fake();
    const windowMs = 400;
    const limit = 4;
    const backend = createRepairDeskBackend({ apiKey: KEY, baseUrl: server.url, production: true, limits: { requestsPerWindow: limit, windowMs } });
    const before = server.requests.length;
    const started = Date.now();
    await Promise.all(Array.from({ length: 10 }, () => backend.listStatuses()));
    const times = server.requests.slice(before).map((request) => request.at);
    expect(times).toHaveLength(10);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * windowMs - 20);
    for (let index = limit; index < times.length; index += 1) {
      // A slot is reused a window after the end of its previous request: network delays cannot
      // bring two requests of one slot closer at the fake (1 ms: Date.now against performance.now).
      expect((times[index] as number) - (times[index - limit] as number)).toBeGreaterThanOrEqual(windowMs - 1);
    }
  });

  it('60 calls at once with the default constants: 50 go through, 10 get 503 at once (no slot within their 10 s), none reaches RepairDesk over its limit', async () => {
    let clock = 0;
    const server = await fake({ now: () => clock, rateLimit: { limit: 50, windowMs: 60_000 } });
    const { sleep, waits } = recordingSleep();
    const backend = createRepairDeskBackend({ apiKey: KEY, baseUrl: server.url, production: true, now: () => clock, sleep });
    expect(repairDeskDefaults.limits).toMatchObject({ requestsPerWindow: 50, windowMs: 60_000, throttleQueueMax: 100, throttleMaxWaitMs: null });
    const before = server.requests.length;
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => backend.listStatuses()));
    const rejected = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(50);
    expect(rejected).toHaveLength(10);
    for (const error of rejected) {
      expect(error).toBeInstanceOf(RepairBackendError);
      expect(error).toMatchObject({ code: 'REPAIR_RATE_LIMITED', httpStatus: 503, message: 'Service temporairement indisponible' });
    }
    // Nobody waited: a slot frees a minute after a request, their deadline is 10 s.
    expect(waits).toEqual([]);
    const seen = server.requests.slice(before);
    expect(seen).toHaveLength(50);
    expect(seen.every((request) => request.status === 200)).toBe(true);

    // Once the window has moved on, calls go through again.
    clock += 60_001;
    expect(await backend.listStatuses()).toEqual(statuses);
    expect(server.requests.filter((request) => request.fault === 'throttled')).toHaveLength(0);
  });

  it('a flood of lookups: the queue is capped, the rest gets 503 at once, RepairDesk never sees more than the limit, later calls succeed', async () => {
    const windowMs = 300;
    const limit = 3;
    const server = await fake({ rateLimit: { limit, windowMs } });
    const backend = createRepairDeskBackend({
      apiKey: KEY,
      baseUrl: server.url,
      production: true,
      limits: { requestsPerWindow: limit, windowMs, throttleQueueMax: 4 },
    });
    const before = server.requests.length;
    const started = Date.now();
    const settledAt: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) =>
        backend.getTicket({ ticketNumber: `T-${9000 + index}` }).finally(() => settledAt.push(Date.now() - started)),
      ),
    );
    const outcomes = results.map((result) => (result.status === 'fulfilled' ? 'ok' : (result.reason as RepairBackendError).code));
    // 3 at once, 4 queued (served as the window frees), 23 refused.
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(7);
    expect(outcomes.filter((outcome) => outcome === 'REPAIR_RATE_LIMITED')).toHaveLength(23);
    expect(settledAt.filter((ms) => ms < 150).length).toBeGreaterThanOrEqual(23);
    const times = server.requests.slice(before).map((request) => request.at);
    expect(times).toHaveLength(7);
    for (let index = limit; index < times.length; index += 1) {
      expect((times[index] as number) - (times[index - limit] as number)).toBeGreaterThanOrEqual(windowMs - 1);
    }
    expect(server.requests.filter((request) => request.fault === 'throttled')).toHaveLength(0);
    // The next call waits for its slot and succeeds.
    expect(await backend.getTicket({ ticketNumber: 'T-6520' })).toEqual(tickets[3]);
  });

  it('a waiter stuck behind slow requests gives up at its deadline (503), not when they end', async () => {
    const clock = virtualClock();
    const server = await fake({ now: () => clock.now });
    const backend = createRepairDeskBackend({
      apiKey: KEY,
      baseUrl: server.url,
      production: true,
      timeouts: { defaultMs: 3000 },
      limits: { requestsPerWindow: 2, windowMs: 100, throttleMaxWaitMs: 250 },
      now: () => clock.now,
      sleep: clock.sleep,
    });
    // Two slow requests take both slots; RepairDesk answers them only when the test says so.
    const held = server.controls.holdNext(2);
    const slow = [backend.listStatuses(), backend.listStatuses()];
    await held.arrived;
    const error = await failure(backend.listStatuses());
    expect(error).toMatchObject({ code: 'REPAIR_RATE_LIMITED', httpStatus: 503 });
    // It gave up at its deadline (250 ms of the clock), the slow ones still unanswered.
    expect(clock.now).toBe(250);
    expect(held.count).toBe(2);
    held.release();
    expect(await Promise.all(slow)).toEqual([statuses, statuses]);
    expect(await backend.listStatuses()).toEqual(statuses);
  });

  it('throttle: fails at once a waiter whose slot frees after its deadline, and one over the queue cap (virtual clock)', async () => {
    let clock = 0;
    const waits: number[] = [];
    const throttle = createThrottle({
      limit: 2,
      windowMs: 1000,
      now: () => clock,
      sleep: (ms) => {
        waits.push(ms);
        clock += ms;
        return Promise.resolve();
      },
      maxQueue: 1,
    });
    const first = await throttle.acquire();
    const second = await throttle.acquire();
    first();
    second();
    // Both slots free at t = 1000.
    await expect(throttle.acquire(500)).rejects.toMatchObject({ code: 'REPAIR_RATE_LIMITED', httpStatus: 503 });
    expect(waits).toEqual([]);
    const queued = throttle.acquire(1000);
    await expect(throttle.acquire(5000)).rejects.toMatchObject({ code: 'REPAIR_RATE_LIMITED' });
    const release = await queued;
    expect(clock).toBe(1000);
    expect(waits).toEqual([1000]);
    release();
    // The other slot is free now.
    (await throttle.acquire(0))();
  });
});

// ───────────────────────────── Configuration and key hardening ─────────────────────────────

describe('RepairDesk backend: configuration and key hardening', () => {
  it('never follows a redirect (the key would go along): REPAIR_UNAVAILABLE, not retried', async () => {
    const server = await fake();
    const elsewhere: string[] = [];
    const thief = createServer((request, response) => {
      elsewhere.push(request.url ?? '');
      response.end('{}');
    });
    await new Promise<void>((resolve) => thief.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = thief.address() as AddressInfo;
      const captured = capturingLogger();
      const backend = backendFor(server, { log: captured.log });
      for (const [location, status] of [
        [`http://127.0.0.1:${port}/collect`, 302],
        [`http://127.0.0.1:${port}/collect`, 307],
        [`${server.url}/statuses`, 301],
      ] as const) {
        server.controls.redirectNext(1, location, status);
        const before = server.count();
        const error = await failure(backend.listStatuses());
        expect(error).toMatchObject({ code: 'REPAIR_UNAVAILABLE', httpStatus: 503, message: repairDeskMessages.unavailable });
        expect(server.count() - before).toBe(1);
      }
      expect(elsewhere).toEqual([]);
      expect(captured.lines.join('\n')).not.toContain(KEY);
      expect(captured.lines.some((line) => line.includes('redirection refusée'))).toBe(true);
    } finally {
      await new Promise<void>((resolve) => thief.close(() => resolve()));
    }
  });

  it('values loyalty points with REPAIRDESK_LOYALTY_POINT_CENTS (createRepairBackend from the config)', async () => {
    const server = await fake();
    const stored = server.store.customers[0];
    if (!stored) throw new Error('fixture');
    delete stored.loyalty_balance;
    stored.loyalty_points = 350;
    // Only the RepairDesk branch runs: neither the database nor more than warn/info/debug is used.
    const log = capturingLogger().log as unknown as FastifyBaseLogger;
    const backendWith = (env: Record<string, string>) =>
      createRepairBackend(loadConfig({ REPAIRDESK_API_KEY: KEY, REPAIRDESK_BASE_URL: server.url, ...env }), {} as Database, log);
    expect((await backendWith({ REPAIRDESK_LOYALTY_POINT_CENTS: '3' }).getCustomer(1))?.loyaltyBalanceCents).toBe(1050);
    expect((await backendWith({}).getCustomer(1))?.loyaltyBalanceCents).toBe(350);
  });
});

// ───────────────────────────── Parsing details ─────────────────────────────

describe('RepairDesk parsing', () => {
  it('reads amounts in every shape', () => {
    expect(parseAmount('$1,208.87')).toBe(1208.87);
    expect(parseAmount('12.50')).toBe(12.5);
    expect(parseAmount('12,50 €')).toBe(12.5);
    expect(parseAmount('1 208,87 €')).toBe(1208.87);
    expect(parseAmount('1.208,87')).toBe(1208.87);
    expect(parseAmount('1,208')).toBe(1208);
    expect(parseAmount('-4.00')).toBe(-4);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount(null)).toBeNull();
    expect(toCents('1.005')).toBe(101);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('abc')).toBe(0);
  });

  it('recognises status changes in English and French, and nothing else', () => {
    expect(parseStatusChange('Status changed from "In Progress" to "Repaired"')).toEqual({ fromStatus: 'In Progress', toStatus: 'Repaired' });
    expect(parseStatusChange('status CHANGED from In Progress to Ready for pickup by Marc.')).toEqual({ fromStatus: 'In Progress', toStatus: 'Ready for pickup' });
    expect(parseStatusChange('Changed status from Waiting for parts to In Progress')).toEqual({ fromStatus: 'Waiting for parts', toStatus: 'In Progress' });
    expect(parseStatusChange('Ticket status updated from ‘Quote’ to ‘Approved’ on 12/03/2024')).toEqual({ fromStatus: 'Quote', toStatus: 'Approved' });
    expect(parseStatusChange('Statut modifié de « En cours » à « Terminé » par Marie')).toEqual({ fromStatus: 'En cours', toStatus: 'Terminé' });
    expect(parseStatusChange('Le statut est passé de En attente à En cours')).toEqual({ fromStatus: 'En attente', toStatus: 'En cours' });
    expect(parseStatusChange('Statut changé de Prêt à récupérer à Récupéré', ['Prêt à récupérer', 'Récupéré'])).toEqual({
      fromStatus: 'Prêt à récupérer',
      toStatus: 'Récupéré',
    });
    expect(parseStatusChange('Ticket created with status "Waiting for inspection"')).toEqual({ fromStatus: null, toStatus: 'Waiting for inspection' });
    expect(parseStatusChange('Ticket créé avec le statut En attente')).toEqual({ fromStatus: null, toStatus: 'En attente' });
    expect(parseStatusChange('Status set to Diagnostic')).toEqual({ fromStatus: null, toStatus: 'Diagnostic' });

    for (const noise of [
      'SMS sent to +33 6 39 98 12 34',
      'Email sent to jeanne.martin@example.fr',
      'Note added by Jean: client rappelé',
      'Status changed from In Progress to call Mme Martin at 0639981234',
      'Status changed from "In Progress" to "jeanne@example.fr"',
      'Payment of $50.00 received',
      '',
    ]) {
      expect(parseStatusChange(noise)).toBeNull();
    }
  });

  it('maps device types and item types to ours', () => {
    expect(deviceCategoryOf('Mobile Phone', '')).toBe('Téléphone');
    expect(deviceCategoryOf('Tablet', '')).toBe('Tablette');
    expect(deviceCategoryOf('Laptop', '')).toBe('Ordinateur');
    expect(deviceCategoryOf('Chromebook', '')).toBe('Chromebook');
    expect(deviceCategoryOf('Game Console', '')).toBe('Console');
    expect(deviceCategoryOf('Smart Watch', '')).toBe('Montre');
    expect(deviceCategoryOf('', 'iPhone 13')).toBe('Téléphone');
    expect(deviceCategoryOf('Drone', 'DJI Mini 2')).toBe('Autre appareil');
    expect(deviceCategoryOf('Console', '')).toBe('Console');
    expect(itemTypeOf('Part', '')).toBe('part');
    expect(itemTypeOf('Product', 'Smartphones reconditionnés')).toBe('device');
    expect(itemTypeOf('Product', 'Coques')).toBe('accessory');
  });
});
