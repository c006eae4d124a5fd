/**
 * The demo data of the embedded repair desk (issue 3, item 1): statuses, inventory categories
 * and brands, then customers of the Arcachon basin, a month of repair tickets with their
 * devices and status history, invoices with lines and payments, and the shop's inventory.
 *
 * `planRepairDesk` is pure: the same size and `now` always give the same rows (a seeded
 * generator, no clock, no database). `seedRepairDesk` writes a plan in multi-row batches.
 */
import { sql } from 'drizzle-orm';
import {
  defaultStatuses,
  deviceCategories,
  proxyDefaultStatuses,
  type DeviceCategory,
  type StatusType,
} from '@erepare/shared/tickets';
import { rowsOf, type Executor } from '../client.js';
import {
  brands,
  categories,
  customers,
  inventoryItems,
  invoiceLines,
  invoicePayments,
  invoices,
  statuses,
  ticketDevices,
  ticketEvents,
  tickets,
} from '../schema.js';
import { DAY, OpeningTimeline, parisYear } from './calendar.js';
import { imei, serialNumber, storeEan13 } from './codes.js';
import * as fr from './french-data.js';
import { Random } from './random.js';

/** 'none' seeds only the reference data (statuses, categories, brands): for a real shop. */
export type DemoDataSize = 'none' | 'demo' | 'large';
export type SeedRepairDeskOptions = { size: DemoDataSize; now: Date };

type InventoryKind = 'phone' | 'tablet' | 'console' | 'otherDevice' | 'accessory' | 'part';

type SizeSpec = {
  customers: number;
  tickets: number;
  invoices: number;
  firstTicketNumber: number;
  inventory: Readonly<Record<InventoryKind, number>>;
};

/** How much of everything each size holds. The large set is for benchmarks (issue 3 budgets). */
export const demoDataSizes: Readonly<Record<Exclude<DemoDataSize, 'none'>, SizeSpec>> = {
  demo: {
    customers: 48,
    tickets: 160,
    invoices: 72,
    // T-6520 to T-6679: includes T-6632, the example of the ticket lookup's error message.
    firstTicketNumber: 6520,
    inventory: { phone: 95, tablet: 30, console: 20, otherDevice: 15, accessory: 100, part: 80 },
  },
  large: {
    customers: 500,
    tickets: 2000,
    invoices: 600,
    // T-9001 to T-11000: four- and five-digit numbers.
    firstTicketNumber: 9001,
    inventory: { phone: 1400, tablet: 450, console: 250, otherDevice: 200, accessory: 1500, part: 1200 },
  },
};

/** Ticket history spans this many days before `now`. */
export const TICKET_WINDOW_DAYS = 30;
/** Rows per INSERT statement. */
const BATCH_SIZE = 500;
const MINUTE = 60_000;
const SEED = 0x1e_2e9a4e;

// ───────────────────────────── Types of the plan ─────────────────────────────

export type StatusRow = { name: string; color: string; type: StatusType; sortOrder: number };
type CustomerRow = Omit<typeof customers.$inferInsert, 'id' | 'email'> & { email: string };
type TicketRow = Omit<typeof tickets.$inferInsert, 'id' | 'customerId'> & { createdAt: Date; updatedAt: Date; status: string };
type DeviceRow = Omit<typeof ticketDevices.$inferInsert, 'id' | 'ticketId'> & { priceCents: number; repairItems: string[] };
type EventRow = Omit<typeof ticketEvents.$inferInsert, 'id' | 'ticketId'> & { createdAt: Date };
type InvoiceStatus = (typeof invoices.$inferInsert)['status'];
type InvoiceRow = Omit<typeof invoices.$inferInsert, 'id' | 'customerId' | 'ticketId'> & { createdAt: Date; totalCents: number };
type LineRow = Omit<typeof invoiceLines.$inferInsert, 'id' | 'invoiceId'>;
type PaymentRow = Omit<typeof invoicePayments.$inferInsert, 'id' | 'invoiceId'> & { paidAt: Date };
type ItemRow = Omit<typeof inventoryItems.$inferInsert, 'id' | 'categoryId' | 'brandId'> & {
  category: string;
  brand: string | null;
  priceCents: number;
};

export type PlannedTicket = { customer: number; row: TicketRow; devices: DeviceRow[]; events: EventRow[] };
export type PlannedInvoice = { customer: number; ticket: number | null; row: InvoiceRow; lines: LineRow[]; payments: PaymentRow[] };

export type RepairDeskPlan = {
  customers: CustomerRow[];
  tickets: PlannedTicket[];
  invoices: PlannedInvoice[];
  inventory: ItemRow[];
};

export type RepairDeskCounts = {
  statuses: number;
  categories: number;
  brands: number;
  customers: number;
  tickets: number;
  ticketDevices: number;
  ticketEvents: number;
  invoices: number;
  invoiceLines: number;
  invoicePayments: number;
  inventoryItems: number;
};

export type SeedRepairDeskResult = {
  /** False when the database already held repair data: only missing statuses, categories and brands were added. */
  seeded: boolean;
  inserted: RepairDeskCounts;
};

// ───────────────────────────── Reference data ─────────────────────────────

/**
 * The proxy's French list first (spec 1 §4: 1 En attente, 2 En cours, 3 Terminé, 4 Livré, so on a
 * fresh database they get those ids), then the spec 3 §4 statuses, in display order.
 */
export function repairDeskStatuses(): StatusRow[] {
  return [...proxyDefaultStatuses, ...defaultStatuses].map((status, index) => ({
    name: status.name,
    color: status.color,
    type: status.type,
    sortOrder: index + 1,
  }));
}

export function repairDeskCategories(): string[] {
  return [...fr.inventoryCategories];
}

/** The fallback brands of spec 2 §7, then the other brands of the catalogue. */
export function repairDeskBrands(): string[] {
  const others = new Set<string>();
  const add = (brand: string | null) => {
    if (brand && !(fr.fallbackBrands as readonly string[]).includes(brand)) others.add(brand);
  };
  for (const list of [fr.refurbishedPhones, fr.refurbishedTablets, fr.refurbishedConsoles, fr.refurbishedWatches, fr.refurbishedComputers]) {
    for (const model of list) add(model.brand);
  }
  for (const list of [fr.chargersAndCables, fr.audio, fr.memoryCards, fr.powerBanks, fr.miscAccessories, fr.consoleAccessories, fr.otherParts]) {
    for (const item of list) add(item.brand);
  }
  add('Générique');
  return [...fr.fallbackBrands, ...[...others].sort((a, b) => a.localeCompare(b, 'fr'))];
}

// ───────────────────────────── Money ─────────────────────────────

/** VAT (20 %) included in an amount: TTC − round(TTC / 1.2), rounded half up, in integer cents. */
export function vatIncluded(totalCents: number): number {
  const excluded = Math.floor((totalCents * 5 + 3) / 6);
  return totalCents - excluded;
}

/** A shop price ending in 9 euros (129,00 €). */
function euros9(amount: number): number {
  return Math.max(9, Math.round(amount / 10) * 10 - 1) * 100;
}

/** A shop price ending in 90 cents (14,90 €). */
function euros90(amount: number): number {
  return Math.max(1, Math.round(amount)) * 100 - 10;
}

function cents(amount: number): number {
  return Math.round(amount * 100);
}

/** A cost price between `low` and `high` of the selling price, always below it. */
function costOf(random: Random, priceCents: number, low: number, high: number): number {
  const cost = Math.round((priceCents * (low + (high - low) * random.next())) / 10) * 10;
  return Math.min(Math.max(cost, 0), priceCents - 10);
}

// ───────────────────────────── Text helpers ─────────────────────────────

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "Galaxy S21" is sold as "Samsung Galaxy S21"; Apple, Nintendo, Sony and Microsoft names stand alone. */
function productName(brand: string, name: string): string {
  if (['Apple', 'Nintendo', 'Sony', 'Microsoft'].includes(brand) || name.startsWith(brand)) return name;
  return `${brand} ${name}`;
}

function pairs(random: Random, count: number): string {
  return Array.from({ length: count }, () => random.digits(2)).join(' ');
}

// ───────────────────────────── Customers ─────────────────────────────

function planCustomers(random: Random, count: number, nowMs: number): CustomerRow[] {
  const names = new Set<string>();
  const emails = new Set<string>();
  const mobiles = new Set<string>();
  const rows: CustomerRow[] = [];
  const townWeights = fr.towns.map((town) => [town, town.weight] as const);
  const organizations = random.shuffle(fr.organizations);

  for (let i = 0; i < count; i += 1) {
    // The first customers cover every town; the others follow the towns' weights.
    const town = i < fr.towns.length ? (fr.towns[i] as fr.Town) : random.weighted(townWeights);
    let firstName: string = random.pick(fr.firstNames);
    let lastName: string = random.pick(fr.lastNames);
    for (let attempt = 0; names.has(`${firstName} ${lastName}`) && attempt < 50; attempt += 1) {
      firstName = random.pick(fr.firstNames);
      lastName = random.pick(fr.lastNames);
    }
    names.add(`${firstName} ${lastName}`);

    const organization = i % 14 === 5 && organizations.length > 0 ? (organizations.pop() ?? '') : '';
    const domain = random.weighted(fr.emailDomains);
    const f = slug(firstName).replace(/-/g, '');
    const l = slug(lastName).replace(/-/g, '');
    let local = organization
      ? slug(organization).replace(/-/g, '.')
      : random.weighted<string>([
          [`${f}.${l}`, 50],
          [`${f.charAt(0)}${l}`, 15],
          [`${f}${l}${random.int(60, 99)}`, 12],
          [`${l}.${f}`, 10],
          [`${f}.${l}${random.int(1, 40)}`, 8],
          [`${f}-${l}`, 5],
        ]);
    while (emails.has(`${local}@${domain}`)) local = `${local}${random.int(1, 9)}`;
    const email = `${local}@${domain}`;
    emails.add(email);

    let mobile: string;
    do {
      // ARCEP reserves 06 39 98 xx xx for fiction: these numbers can never ring anyone.
      mobile = `+33 6 39 98 ${pairs(random, 2)}`;
    } while (mobiles.has(mobile));
    mobiles.add(mobile);
    // 05 36 49 xx xx: the south-west's fiction block.
    const phone = organization || random.chance(0.12) ? `+33 5 36 49 ${pairs(random, 2)}` : '';

    const otherEmails: string[] = [];
    if (random.chance(0.15)) {
      const other = random.weighted<string>([
        [`${f}.${l}.pro@example.com`, 1],
        [`${f}${random.int(10, 99)}@example.org`, 1],
        [`${l}.${f}@exemple.com`, 1],
      ]);
      if (other !== email) otherEmails.push(other);
    }

    const createdAt = new Date(Math.floor((nowMs - random.int(35, 4 * 365) * DAY - random.int(0, DAY - 1)) / 1000) * 1000);
    rows.push({
      firstName,
      lastName,
      email,
      emails: otherEmails,
      phone,
      mobile,
      address1: `${random.int(1, 120)}${random.chance(0.06) ? ' bis' : ''} ${random.pick(fr.streets)}`,
      address2: random.chance(0.12) ? random.pick(fr.addressComplements) : '',
      city: town.name,
      state: 'Gironde',
      postcode: town.postcode,
      country: 'France',
      organization,
      referredBy: random.weighted(fr.referralSources),
      contactPerson: organization ? `${firstName} ${lastName}` : '',
      emailOptIn: random.chance(0.25),
      smsOptIn: random.chance(0.15),
      loyaltyBalanceCents: random.chance(0.22) ? random.int(3, 80) * 50 : 0,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
}

// ───────────────────────────── Ticket workflow ─────────────────────────────

const S = {
  inspection: 'Waiting for inspection',
  progress: 'In Progress',
  parts: 'Waiting for parts',
  customer: 'Waiting for customer',
  repaired: 'Repaired',
  ready: 'Ready for pickup',
  collected: 'Collected',
  notRepairable: 'Not repairable',
  cancelled: 'Cancelled',
  waiting: 'En attente',
  ongoing: 'En cours',
  done: 'Terminé',
  delivered: 'Livré',
} as const;

/** How far along the repair a status is: 0 just dropped off, 3 back with its owner. */
const stageOf: Readonly<Record<string, number>> = {
  [S.inspection]: 0,
  [S.progress]: 1,
  [S.parts]: 1.3,
  [S.customer]: 1.2,
  [S.repaired]: 2,
  [S.ready]: 2.4,
  [S.collected]: 3,
  [S.notRepairable]: 2,
  [S.cancelled]: 1.8,
  [S.waiting]: 0,
  [S.ongoing]: 1,
  [S.done]: 2.2,
  [S.delivered]: 3,
};

/** How common a status is, other things equal. */
const frequencyOf: Readonly<Record<string, number>> = {
  [S.collected]: 1.6,
  [S.delivered]: 1.6,
  [S.parts]: 0.8,
  [S.customer]: 0.6,
  [S.notRepairable]: 0.4,
  [S.cancelled]: 0.35,
};

const proxyNames = new Set(proxyDefaultStatuses.map((status) => status.name));
const deliveredStatuses = new Set<string>([S.collected, S.delivered]);
const finishedStatuses = new Set<string>([S.repaired, S.ready, S.done]);
const failedStatuses = new Set<string>([S.notRepairable, S.cancelled]);

/** The statuses a ticket went through to reach `status` (may vary: parts to order, a quote to accept). */
function workflowTo(status: string, random: Random, known: ReadonlySet<string>): string[] {
  const repair = (): string[] => (random.chance(0.3) ? [S.progress, S.parts, S.progress] : [S.progress]);
  let path: string[];
  switch (status) {
    case S.inspection:
      path = [S.inspection];
      break;
    case S.progress:
      path = random.chance(0.2) ? [S.inspection, S.progress, S.parts, S.progress] : [S.inspection, S.progress];
      break;
    case S.parts:
      path = [S.inspection, S.progress, S.parts];
      break;
    case S.customer:
      path = random.chance(0.5) ? [S.inspection, S.customer] : [S.inspection, S.progress, S.customer];
      break;
    case S.repaired:
      path = [S.inspection, ...repair(), S.repaired];
      break;
    case S.ready:
      path = [S.inspection, ...repair(), S.repaired, S.ready];
      break;
    case S.collected:
      path = [S.inspection, ...repair(), S.repaired, S.ready, S.collected];
      break;
    case S.notRepairable:
      path = random.chance(0.5) ? [S.inspection, S.progress, S.notRepairable] : [S.inspection, S.notRepairable];
      break;
    case S.cancelled:
      path = random.chance(0.5) ? [S.inspection, S.customer, S.cancelled] : [S.inspection, S.cancelled];
      break;
    case S.waiting:
      path = [S.waiting];
      break;
    case S.ongoing:
      path = [S.waiting, S.ongoing];
      break;
    case S.done:
      path = [S.waiting, S.ongoing, S.done];
      break;
    case S.delivered:
      path = [S.waiting, S.ongoing, S.done, S.delivered];
      break;
    default:
      path = [status];
  }
  // Should the shared lists change, a path only goes through statuses that exist.
  const kept = path.filter((name) => known.has(name));
  return kept.filter((name, index) => index === 0 || kept[index - 1] !== name);
}

/** Notes of the status history, which the public lookup shows: never personal. */
const eventNotes: Readonly<Record<string, readonly string[]>> = {
  [S.inspection]: ['Appareil déposé en boutique, en attente de diagnostic', 'Appareil reçu, diagnostic prévu sous 24 à 48 h'],
  [S.progress]: ['Diagnostic effectué, réparation en cours'],
  [S.parts]: ['Pièce commandée chez le fournisseur (livraison sous 24 à 48 h)', 'Pièce en rupture, commande en cours'],
  [S.customer]: ['Devis envoyé, en attente de validation', 'Besoin du code de déverrouillage pour les tests'],
  [S.repaired]: ['Réparation terminée, tests de fonctionnement validés'],
  [S.ready]: ['Appareil prêt à récupérer en boutique'],
  [S.collected]: ['Appareil récupéré en boutique'],
  [S.notRepairable]: ['Réparation impossible\u00a0: carte mère endommagée', 'Réparation impossible\u00a0: pièce introuvable', 'Réparation non rentable, appareil à rendre'],
  [S.cancelled]: ['Réparation annulée à la demande du client'],
  [S.waiting]: ['Appareil reçu, en attente de prise en charge'],
  [S.ongoing]: ['Réparation en cours'],
  [S.done]: ['Réparation terminée'],
  [S.delivered]: ['Appareil remis au client'],
};

function eventNote(random: Random, from: string | null, to: string): string {
  if (to === S.progress && from === S.parts) return 'Pièce reçue, reprise de la réparation';
  if (to === S.progress && from === S.customer) return 'Devis accepté, réparation en cours';
  if (to === S.cancelled && from === S.customer) return 'Devis refusé par le client';
  return random.pick(eventNotes[to] ?? ['Statut mis à jour']);
}

/** Minimum opening time between two status changes of a ticket. */
const MIN_GAP = 10 * MINUTE;

/** Offsets in opening time of each event from the first, at least MIN_GAP apart, within `available`. */
function eventOffsets(random: Random, available: number, count: number): number[] {
  if (count <= 1) return [0];
  const minSpan = (count - 1) * MIN_GAP;
  const span = Math.max(minSpan, available * (0.25 + 0.75 * random.next()));
  const weights = Array.from({ length: count - 1 }, () => 0.3 + random.next());
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const offsets = [0];
  let at = 0;
  for (const weight of weights) {
    at += MIN_GAP + ((span - minSpan) * weight) / total;
    offsets.push(Math.min(at, available));
  }
  return offsets;
}

// ───────────────────────────── Tickets ─────────────────────────────

type TicketContext = {
  random: Random;
  timeline: OpeningTimeline;
  statusNames: readonly string[];
  known: ReadonlySet<string>;
  customerWeights: readonly (readonly [number, number])[];
};

function chooseStatus(context: TicketContext, remaining: number): { status: string; path: string[] } {
  const { random, timeline, statusNames, known } = context;
  const age = timeline.total > 0 ? remaining / timeline.total : 0;
  const french = random.chance(0.2);
  const family = statusNames.filter((name) => proxyNames.has(name) === french);
  const pool = family.length > 0 ? family : statusNames;
  const target = 3 * age;
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const status = random.weighted(
      pool.map((name) => {
        const stage = stageOf[name] ?? 1;
        return [name, (frequencyOf[name] ?? 1) * Math.exp(-((stage - target) ** 2) / 0.6) + 1e-6] as const;
      }),
    );
    const path = workflowTo(status, random, known);
    if ((path.length - 1) * MIN_GAP <= remaining) return { status, path };
  }
  const first = pool[0] as string;
  return { status: first, path: [first] };
}

function devicePrice(random: Random, fault: fr.Fault, tier: number): number {
  const [low, high] = fault.price;
  if (low === high) return low * 100;
  const position = Math.min(1, Math.max(0, tier + (random.next() - 0.5) * 0.2));
  return euros9(low + (high - low) * position);
}

function planDevice(random: Random, category: DeviceCategory, status: string, position: number): DeviceRow {
  const models = fr.ticketDeviceModels.filter((model) => model.category === category);
  const model = random.weighted(models.map((entry) => [entry, entry.weight] as const));
  const reference = random.pick(model.models);
  const faults = fr.faultsByCategory[category].filter((fault) => !fault.only || fault.only.includes(model.name));
  const fault = random.weighted(faults.map((entry) => [entry, entry.weight ?? 1] as const));
  const cellular = category === 'Téléphone' || /Cellular|\b[45]G\b/.test(reference);
  return {
    position,
    category,
    brand: model.brand,
    name: model.name,
    model: reference,
    fault: fault.fault,
    imei: cellular ? imei(random) : '',
    serial: cellular ? '' : serialNumber(random, model.brand),
    status,
    priceCents: devicePrice(random, fault, model.tier),
    repairItems: [fault.repair],
  };
}

const categoryWeights: readonly (readonly [DeviceCategory, number])[] = deviceCategories.map((category) => {
  const weights: Partial<Record<DeviceCategory, number>> = {
    Téléphone: 45,
    Tablette: 12,
    Ordinateur: 15,
    Console: 13,
    Montre: 6,
    Chromebook: 3,
    'Autre appareil': 6,
  };
  return [category, weights[category] ?? 5] as const;
});

function planTickets(context: TicketContext, count: number, firstNumber: number): PlannedTicket[] {
  const { random, timeline, statusNames } = context;
  // Every status and every device category appears at least once, on tickets old enough for any path.
  const forcedStatus = new Map<number, string>();
  random.shuffle(Array.from({ length: count }, (_, i) => i)).slice(0, statusNames.length).forEach((ticket, i) => {
    forcedStatus.set(ticket, statusNames[i] as string);
  });
  const forcedCategory = new Map<number, DeviceCategory>();
  random.shuffle(Array.from({ length: count }, (_, i) => i)).slice(0, deviceCategories.length).forEach((ticket, i) => {
    forcedCategory.set(ticket, deviceCategories[i] as DeviceCategory);
  });

  const planned: PlannedTicket[] = [];
  for (let i = 0; i < count; i += 1) {
    const forced = forcedStatus.get(i);
    const start = random.next() * timeline.total * (forced ? 0.5 : 1);
    const remaining = timeline.total - start;
    const { status, path } = forced ? { status: forced, path: workflowTo(forced, random, context.known) } : chooseStatus(context, remaining);
    const offsets = eventOffsets(random, remaining, path.length);
    const times = offsets.map((offset) => new Date(Math.floor(timeline.at(start + offset) / 1000) * 1000));

    const deviceCount = random.chance(0.13) ? 2 : 1;
    const firstCategory = forcedCategory.get(i) ?? random.weighted(categoryWeights);
    const devices = [planDevice(random, firstCategory, status, 0)];
    if (deviceCount === 2) devices.push(planDevice(random, random.chance(0.5) ? firstCategory : random.weighted(categoryWeights), status, 1));

    const faults = devices.length === 1 ? devices[0]?.fault ?? '' : devices.map((device) => `${device.name} : ${device.fault}`).join(' / ');
    const description = random.chance(0.3) ? `${faults}. ${random.pick(fr.ticketRemarks)}` : faults;
    const events: EventRow[] = path.map((toStatus, index) => {
      const fromStatus = index === 0 ? null : (path[index - 1] as string);
      return { fromStatus, toStatus, note: eventNote(random, fromStatus, toStatus), createdAt: times[index] as Date };
    });
    planned.push({
      customer: random.weighted(context.customerWeights),
      row: {
        ticketNumber: '',
        status,
        description,
        totalCents: devices.reduce((sum, device) => sum + device.priceCents, 0),
        createdAt: times[0] as Date,
        updatedAt: times.at(-1) as Date,
      },
      devices,
      events,
    });
  }

  // Ticket numbers follow the order tickets were opened in.
  planned.sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime());
  planned.forEach((ticket, index) => {
    ticket.row.ticketNumber = `T-${firstNumber + index}`;
  });
  return planned;
}

// ───────────────────────────── Invoices ─────────────────────────────

const paymentMethods = [
  ['Carte bancaire', 60],
  ['Espèces', 20],
  ['Virement', 10],
  ['Chèque', 5],
  ['Paiement sans contact', 5],
] as const satisfies readonly (readonly [string, number])[];

function transactionId(random: Random, method: string, refund: boolean): string {
  if (method === 'Carte bancaire' || method === 'Paiement sans contact') return `${refund ? 'RMB' : 'CB'}-${random.digits(10)}`;
  if (method === 'Virement') return `${refund ? 'VIR-RMB' : 'VIR'}-${random.digits(8)}`;
  return '';
}

function line(position: number, name: string, sku: string, quantity: number, unitPriceCents: number): LineRow {
  const totalCents = quantity * unitPriceCents;
  return { position, name, sku, quantity, unitPriceCents, taxCents: vatIncluded(totalCents), totalCents };
}

type InvoiceContext = {
  random: Random;
  timeline: OpeningTimeline;
  nowMs: number;
  accessories: readonly ItemRow[];
  /** Accessories made for a device (cases, screen protectors), by device name. */
  accessoriesByDevice: ReadonlyMap<string, readonly ItemRow[]>;
  partsByDevice: ReadonlyMap<string, ItemRow>;
};

function firstEventTime(ticket: PlannedTicket, names: ReadonlySet<string>): number | null {
  const event = ticket.events.find((entry) => names.has(entry.toStatus));
  return event ? event.createdAt.getTime() : null;
}

function repairLines(context: InvoiceContext, ticket: PlannedTicket): LineRow[] {
  const { random } = context;
  const lines: LineRow[] = [];
  for (const device of ticket.devices) {
    const repair = device.repairItems[0] ?? 'Réparation';
    const partName = fr.partForRepair[repair];
    const part = partName ? context.partsByDevice.get(`${device.name}|${partName}`) : undefined;
    if (part && device.priceCents >= 2000 && random.chance(0.6)) {
      // The part and the labour on two lines, adding up to the price quoted on the ticket.
      const partCents = Math.min(part.priceCents, Math.round((device.priceCents * 0.55) / 10) * 10);
      lines.push(line(lines.length, part.name, part.sku, 1, partCents));
      lines.push(line(lines.length, `Main d’œuvre – ${repair} ${device.name}`, 'MO-REPARATION', 1, device.priceCents - partCents));
    } else {
      lines.push(line(lines.length, `${repair} – ${device.name}`, '', 1, device.priceCents));
    }
  }
  return lines;
}

function accessoryLines(context: InvoiceContext, start: number, count: number, forDevice?: string): LineRow[] {
  const { random } = context;
  const lines: LineRow[] = [];
  const chosen = new Set<ItemRow>();
  const fitting = forDevice === undefined ? undefined : context.accessoriesByDevice.get(forDevice);
  for (let i = 0; i < count; i += 1) {
    const item = random.pick(fitting && fitting.length > 0 ? fitting : context.accessories);
    if (chosen.has(item)) continue;
    chosen.add(item);
    const quantity = item.deviceNames === '' && random.chance(0.15) ? 2 : 1;
    lines.push(line(start + lines.length, item.name, item.sku, quantity, item.priceCents));
  }
  return lines;
}

function linkedStatus(random: Random, ticketStatus: string): InvoiceStatus {
  if (deliveredStatuses.has(ticketStatus)) return random.weighted<InvoiceStatus>([['Paid', 88], ['Refunded', 6], ['Partial', 6]]);
  if (finishedStatuses.has(ticketStatus)) return random.weighted<InvoiceStatus>([['Unpaid', 55], ['Partial', 30], ['Paid', 15]]);
  if (failedStatuses.has(ticketStatus)) return random.weighted<InvoiceStatus>([['Refunded', 60], ['Paid', 40]]);
  return random.weighted<InvoiceStatus>([['Partial', 60], ['Unpaid', 40]]);
}

function invoiceWeight(ticketStatus: string): number {
  if (deliveredStatuses.has(ticketStatus) || finishedStatuses.has(ticketStatus)) return 4;
  if (failedStatuses.has(ticketStatus)) return 1.5;
  if (ticketStatus === S.inspection || ticketStatus === S.waiting) return 0.3;
  return 1;
}

function planInvoices(context: InvoiceContext, count: number, plannedTickets: readonly PlannedTicket[], customerCount: number): PlannedInvoice[] {
  const { random, timeline, nowMs } = context;
  const linkedCount = Math.min(plannedTickets.length, Math.round(count * 0.85));
  // Weighted sampling without replacement (Efraimidis-Spirakis): finished repairs are invoiced first.
  const linked = plannedTickets
    .map((ticket, index) => ({ index, key: random.next() ** (1 / invoiceWeight(ticket.row.status)) }))
    .sort((a, b) => b.key - a.key)
    .slice(0, linkedCount)
    .map((entry) => entry.index)
    .sort((a, b) => a - b);

  type Draft = { ticket: number | null; customer: number; status: InvoiceStatus };
  const drafts: Draft[] = linked.map((index) => {
    const ticket = plannedTickets[index] as PlannedTicket;
    return { ticket: index, customer: ticket.customer, status: linkedStatus(random, ticket.row.status) };
  });
  for (let i = drafts.length; i < count; i += 1) {
    drafts.push({
      ticket: null,
      customer: random.int(0, customerCount - 1),
      status: random.weighted<InvoiceStatus>([['Paid', 80], ['Refunded', 10], ['Unpaid', 5], ['Partial', 5]]),
    });
  }
  // Every invoice status appears: counter sales (no ticket) can take any of them.
  const counterSales = drafts.filter((draft) => draft.ticket === null);
  for (const status of ['Paid', 'Unpaid', 'Partial', 'Refunded'] as const) {
    if (drafts.some((draft) => draft.status === status)) continue;
    const spare = counterSales.find((draft) => drafts.filter((other) => other.status === draft.status).length > 1);
    if (spare) spare.status = status;
  }

  const clamp = (ms: number) => Math.min(ms, nowMs);
  const planned: PlannedInvoice[] = drafts.map((draft) => {
    const ticket = draft.ticket === null ? null : (plannedTickets[draft.ticket] as PlannedTicket);
    let lines: LineRow[];
    let createdMs: number;
    let notes: string;
    // When the money changes hands: a deposit at drop-off, the balance at collection.
    let paymentMs: number;
    let balanceMs: number | null = null;
    let refundMs: number;

    if (ticket) {
      const dropOff = ticket.row.createdAt.getTime() + random.int(2, 20) * MINUTE;
      const finished = firstEventTime(ticket, new Set([S.repaired, S.done]));
      const delivered = firstEventTime(ticket, deliveredStatuses);
      const last = ticket.row.updatedAt.getTime();
      const failed = failedStatuses.has(ticket.row.status);
      if (failed && draft.status === 'Paid') {
        const device = ticket.devices[0] as DeviceRow;
        lines = [line(0, `Diagnostic – ${device.name}`, 'DIAG', 1, 2900)];
        notes = 'Diagnostic facturé, appareil rendu non réparé.';
      } else {
        lines = repairLines(context, ticket);
        // A screen protector or a case for the repaired device, sold with the repair.
        if (!failed && random.chance(0.3)) lines.push(...accessoryLines(context, lines.length, 1, ticket.devices[0]?.name));
        notes = 'Garantie 6 mois sur la réparation (hors casse et oxydation).';
      }
      // Deposits and failed repairs are invoiced at drop-off, finished repairs when they are done.
      const upFront = draft.status === 'Partial' || failed || !(finished ?? delivered);
      createdMs = clamp(upFront ? dropOff : (finished ?? delivered ?? dropOff));
      paymentMs = draft.status === 'Refunded' && !failed && delivered !== null ? delivered : createdMs;
      if (draft.status === 'Paid') {
        if (failed) paymentMs = last;
        else if (delivered !== null) {
          if (random.chance(0.25)) {
            // A deposit at drop-off, the rest at collection.
            createdMs = clamp(dropOff);
            paymentMs = createdMs;
            balanceMs = delivered;
          } else paymentMs = delivered;
        }
      }
      refundMs = failed ? last : (delivered ?? last) + random.int(1, 5) * DAY;
      if (draft.status === 'Partial') notes = 'Acompte versé au dépôt de l’appareil.';
      if (draft.status === 'Unpaid') notes = 'Règlement à la récupération de l’appareil.';
      if (draft.status === 'Refunded') notes = failed ? 'Acompte remboursé\u00a0: réparation non effectuée.' : 'Remboursement intégral après retour du client.';
    } else {
      lines = accessoryLines(context, 0, random.int(1, 3));
      createdMs = timeline.at(random.next() * timeline.total * (draft.status === 'Refunded' ? 0.7 : 1));
      paymentMs = createdMs;
      refundMs = createdMs + random.int(1, 7) * DAY;
      notes = draft.status === 'Refunded' ? 'Article retourné sous 14 jours, remboursé.' : 'Vente comptoir.';
    }

    const totalCents = lines.reduce((sum, entry) => sum + entry.totalCents, 0);
    const taxCents = lines.reduce((sum, entry) => sum + (entry.taxCents ?? 0), 0);
    createdMs = Math.floor(clamp(createdMs) / 1000) * 1000;
    const method = random.weighted(paymentMethods);
    const payments: PaymentRow[] = [];
    const pay = (amountCents: number, atMs: number, kind: 'payment' | 'refund') => {
      payments.push({
        kind,
        amountCents,
        method,
        transactionId: transactionId(random, method, kind === 'refund'),
        paidAt: new Date(Math.floor(Math.max(createdMs, clamp(atMs)) / 1000) * 1000),
      });
    };
    if (draft.status === 'Paid') {
      if (balanceMs !== null) {
        const deposit = depositOf(random, totalCents);
        pay(deposit, paymentMs, 'payment');
        pay(totalCents - deposit, balanceMs, 'payment');
      } else pay(totalCents, paymentMs, 'payment');
    } else if (draft.status === 'Partial') {
      pay(depositOf(random, totalCents), paymentMs, 'payment');
    } else if (draft.status === 'Refunded') {
      pay(totalCents, paymentMs, 'payment');
      const paidMs = (payments[0] as PaymentRow).paidAt.getTime();
      pay(totalCents, Math.max(refundMs, paidMs + MINUTE), 'refund');
    }
    const paid = payments.reduce((sum, entry) => sum + (entry.kind === 'refund' ? -entry.amountCents : entry.amountCents), 0);
    const updatedMs = Math.max(createdMs, ...payments.map((entry) => entry.paidAt.getTime()));
    return {
      customer: draft.customer,
      ticket: draft.ticket,
      row: {
        invoiceNumber: '',
        status: draft.status,
        subtotalCents: totalCents - taxCents,
        taxCents,
        totalCents,
        amountPaidCents: paid,
        notes,
        dueOn: draft.status === 'Unpaid' || draft.status === 'Partial' ? new Date(createdMs + 30 * DAY) : null,
        createdAt: new Date(createdMs),
        updatedAt: new Date(updatedMs),
      },
      lines,
      payments,
    };
  });

  // Invoice numbers are sequential in date order and restart every calendar year.
  planned.sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime());
  const counters = new Map<number, number>();
  for (const invoice of planned) {
    const year = parisYear(invoice.row.createdAt);
    const next = (counters.get(year) ?? 0) + 1;
    counters.set(year, next);
    invoice.row.invoiceNumber = `F-${year}-${String(next).padStart(5, '0')}`;
  }
  return planned;
}

/** A deposit in round euros, strictly between 0 and the total. */
function depositOf(random: Random, totalCents: number): number {
  let deposit = Math.round((totalCents * (0.3 + 0.2 * random.next())) / 1000) * 1000;
  if (deposit <= 0 || deposit >= totalCents) deposit = Math.max(10, Math.round(totalCents / 20) * 10);
  if (deposit >= totalCents) deposit = totalCents - 1;
  return deposit;
}

// ───────────────────────────── Inventory ─────────────────────────────

type ItemTemplate = Omit<ItemRow, 'sku' | 'costPriceCents' | 'quantity' | 'supplier' | 'upcCode' | 'createdAt' | 'updatedAt'>;

function deviceTemplates(
  models: readonly fr.RefurbishedModel[],
  category: string,
  /** How the description introduces the product: "Console {name} reconditionnée, …". */
  introduce: (name: string) => string,
  extraOptions: (model: fr.RefurbishedModel) => readonly (readonly [string, number])[] = () => [['', 0]],
): ItemTemplate[] {
  const templates: ItemTemplate[] = [];
  for (const model of models) {
    const display = productName(model.brand, model.name);
    model.options.forEach((option, optionIndex) => {
      for (const [extra, extraFactor] of extraOptions(model)) {
        for (const colour of model.colours) {
          for (const grade of fr.grades) {
            const factor = (1 + (model.step ?? 0.15) * optionIndex + extraFactor) * grade.factor;
            const priceCents = euros9(model.price * factor);
            const newCents = euros9(model.newPrice * (1 + (model.step ?? 0.15) * optionIndex + extraFactor));
            const variant = [option, extra, colour].filter(Boolean).join(' ');
            templates.push({
              name: `${display} ${variant} – ${grade.name}`,
              description: `${introduce(display)}, ${[option, extra].filter(Boolean).join(', ')}, coloris ${colour}. État\u00a0: ${grade.name} (${grade.description}). Testé sur 30 points de contrôle, réinitialisé et prêt à l’emploi. Garantie 12 mois.`,
              category,
              brand: model.brand,
              itemType: 'device',
              condition: grade.name,
              priceCents,
              originalPriceCents: newCents > priceCents ? newCents : null,
              warranty: '12 mois',
              deviceNames: '',
              imageUrl: '',
            });
          }
        }
      }
    });
  }
  return templates;
}

function accessoryTemplate(item: fr.CatalogueItem, priceCents = cents(item.price)): ItemTemplate {
  return {
    name: item.name,
    description: item.description,
    category: item.category,
    brand: item.brand,
    itemType: 'accessory',
    condition: 'Neuf',
    priceCents,
    originalPriceCents: null,
    warranty: '12 mois',
    deviceNames: item.deviceNames ?? '',
    imageUrl: '',
  };
}

function accessoryTemplates(): ItemTemplate[] {
  const templates: ItemTemplate[] = [];
  for (const model of fr.refurbishedPhones) {
    const display = productName(model.brand, model.name);
    const premium = model.newPrice >= 700;
    const forModel = (name: string, category: string, price: number, description: string) =>
      templates.push(accessoryTemplate({ name, category, price, description, brand: 'Générique', deviceNames: model.name }));
    for (const colour of fr.caseColours) {
      forModel(`Coque silicone ${display} – ${colour}`, 'Coques et étuis', premium ? 19.9 : 14.9, `Coque en silicone doux au toucher, intérieur microfibre, pour ${display}.`);
    }
    forModel(`Coque transparente antichoc ${display}`, 'Coques et étuis', 12.9, `Coque transparente aux angles renforcés, pour ${display}.`);
    forModel(`Étui portefeuille ${display} – Noir`, 'Coques et étuis', 19.9, `Étui à rabat en similicuir avec porte-cartes, pour ${display}.`);
    forModel(`Verre trempé ${display}`, 'Protections d’écran', premium ? 14.9 : 9.9, `Protection d’écran en verre trempé 9H, pose sans bulles, pour ${display}.`);
    forModel(`Verre trempé anti-espion ${display}`, 'Protections d’écran', 17.9, `Verre trempé à filtre de confidentialité, pour ${display}.`);
    if (premium) forModel(`Protection objectif caméra ${display}`, 'Protections d’écran', 9.9, `Protège les lentilles de l’appareil photo du ${display}.`);
  }
  for (const tablet of fr.refurbishedTablets) {
    const display = productName(tablet.brand, tablet.name);
    for (const colour of ['Noir', 'Bleu']) {
      templates.push(
        accessoryTemplate({ name: `Étui folio ${display} – ${colour}`, brand: 'Générique', category: 'Accessoires tablettes', price: tablet.brand === 'Apple' ? 29.9 : 24.9, description: `Étui à rabat avec fonction support, pour ${display}.`, deviceNames: tablet.name }),
      );
    }
    templates.push(accessoryTemplate({ name: `Verre trempé ${display}`, brand: 'Générique', category: 'Protections d’écran', price: 19.9, description: `Protection d’écran en verre trempé, pour ${display}.`, deviceNames: tablet.name }));
  }
  for (const size of ['41 mm', '45 mm']) {
    for (const colour of ['Noir', 'Blanc', 'Bleu marine', 'Rose sable']) {
      templates.push(accessoryTemplate({ name: `Bracelet sport Apple Watch ${size} – ${colour}`, brand: 'Générique', category: 'Accessoires montres', price: 19.9, description: 'Bracelet en fluoroélastomère, compatible toutes séries.', deviceNames: 'Apple Watch' }));
    }
    templates.push(accessoryTemplate({ name: `Bracelet milanais Apple Watch ${size}`, brand: 'Générique', category: 'Accessoires montres', price: 29.9, description: 'Maille acier inoxydable, fermoir magnétique.', deviceNames: 'Apple Watch' }));
    templates.push(accessoryTemplate({ name: `Protection d’écran Apple Watch ${size} (lot de 2)`, brand: 'Générique', category: 'Accessoires montres', price: 9.9, description: 'Film hydrogel incurvé.', deviceNames: 'Apple Watch' }));
  }
  for (const kind of fr.cableKinds) {
    for (const length of ['1 m', '2 m']) {
      for (const braided of [false, true]) {
        const price = 9.9 + (length === '2 m' ? 3 : 0) + (braided ? 4 : 0);
        templates.push(
          accessoryTemplate({ name: `Câble ${kind} ${length}${braided ? ' tressé' : ''}`, brand: 'Générique', category: 'Chargeurs et câbles', price, description: `Câble de charge et de synchronisation ${kind}${braided ? ', gaine nylon tressée renforcée' : ''}.` }),
        );
      }
    }
  }
  for (const list of [fr.chargersAndCables, fr.audio, fr.memoryCards, fr.powerBanks, fr.miscAccessories, fr.consoleAccessories]) {
    for (const item of list) templates.push(accessoryTemplate(item));
  }
  return templates;
}

function partTemplate(name: string, brand: string | null, category: string, priceCents: number, description: string, deviceNames: string): ItemTemplate {
  return {
    name,
    description,
    category,
    brand,
    itemType: 'part',
    condition: 'Neuf',
    priceCents,
    originalPriceCents: null,
    warranty: '6 mois',
    deviceNames,
    imageUrl: '',
  };
}

const bounded = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function partTemplates(): ItemTemplate[] {
  const templates: ItemTemplate[] = [];
  const phoneCategory = 'Pièces détachées smartphones';
  for (const model of fr.refurbishedPhones) {
    const display = productName(model.brand, model.name);
    const part = (name: string, price: number, description: string) =>
      templates.push(partTemplate(name, model.brand, phoneCategory, euros90(price), description, model.name));
    const screen = bounded(model.newPrice * 0.18, 29, 259);
    if (model.screen === 'OLED') {
      part(`Écran OLED ${display} – Qualité origine`, screen, 'Bloc écran OLED avec vitre tactile assemblée.');
      part(`Écran ${display} – Compatible Incell`, screen * 0.5, 'Bloc écran LCD Incell compatible, tactile intégré.');
    } else {
      part(`Écran LCD ${display}`, screen, 'Bloc écran LCD avec vitre tactile assemblée.');
    }
    part(`Batterie ${display}`, bounded(model.newPrice * 0.03, 15, 39), 'Batterie de remplacement, cellule neuve 0 cycle.');
    part(`${model.brand === 'Apple' ? 'Nappe connecteur de charge' : 'Connecteur de charge'} ${display}`, bounded(model.newPrice * 0.02, 9, 25), 'Connecteur de charge avec micro et antenne.');
    part(`Caméra arrière ${display}`, bounded(model.newPrice * 0.06, 15, 89), 'Module photo principal.');
    part(`Caméra avant ${display}`, bounded(model.newPrice * 0.03, 9, 39), 'Module caméra selfie.');
    if (model.brand === 'Apple' && model.name !== 'iPhone SE (2020)' ? true : model.name.startsWith('Galaxy S')) {
      part(`Vitre arrière ${display}`, bounded(model.newPrice * 0.025, 14, 29), 'Vitre arrière à coller, avec lentille caméra.');
    }
    part(`Haut-parleur ${display}`, bounded(model.newPrice * 0.012, 7, 15), 'Haut-parleur externe (sonnerie, mains libres).');
    part(`Écouteur interne ${display}`, bounded(model.newPrice * 0.01, 6, 13), 'Haut-parleur d’appel.');
    part(`Nappe power et volume ${display}`, bounded(model.newPrice * 0.015, 9, 19), 'Nappe des boutons latéraux.');
    part(`Lentille caméra arrière ${display}`, bounded(model.newPrice * 0.008, 4, 9), 'Lentille de protection en verre saphir.');
    part(`Tiroir SIM ${display}`, bounded(model.newPrice * 0.005, 4, 7), 'Tiroir carte SIM avec joint.');
  }
  for (const tablet of fr.refurbishedTablets) {
    const display = productName(tablet.brand, tablet.name);
    const part = (name: string, price: number, description: string) =>
      templates.push(partTemplate(name, tablet.brand, 'Pièces détachées tablettes', euros90(price), description, tablet.name));
    part(`Vitre tactile ${display}`, bounded(tablet.newPrice * 0.09, 29, 89), 'Vitre tactile avec adhésif.');
    part(`Écran LCD ${display}`, bounded(tablet.newPrice * 0.16, 39, 179), 'Dalle LCD de remplacement.');
    part(`Batterie ${display}`, bounded(tablet.newPrice * 0.06, 19, 59), 'Batterie de remplacement.');
    part(`Connecteur de charge ${display}`, bounded(tablet.newPrice * 0.03, 9, 29), 'Connecteur de charge sur nappe.');
  }
  for (const item of fr.otherParts) {
    templates.push(partTemplate(item.name, item.brand, item.category, cents(item.price), item.description, item.deviceNames ?? ''));
  }
  return templates;
}

function inventoryPools(): Record<InventoryKind, ItemTemplate[]> {
  return {
    phone: deviceTemplates(fr.refurbishedPhones, 'Smartphones reconditionnés', (name) => `Smartphone ${name} reconditionné, débloqué tout opérateur`),
    tablet: deviceTemplates(fr.refurbishedTablets, 'Tablettes reconditionnées', (name) => `Tablette ${name} reconditionnée`, (model) =>
      fr.refurbishedTablets.find((tablet) => tablet.name === model.name)?.cellular
        ? [
            ['Wi-Fi', 0],
            ['Wi-Fi + Cellular', 0.18],
          ]
        : [['Wi-Fi', 0]],
    ),
    console: deviceTemplates(fr.refurbishedConsoles, 'Consoles reconditionnées', (name) => `Console ${name} reconditionnée, livrée avec ses câbles`),
    otherDevice: [
      ...deviceTemplates(fr.refurbishedWatches, 'Montres connectées reconditionnées', (name) => `Montre ${name} reconditionnée, bracelet neuf`),
      ...deviceTemplates(fr.refurbishedComputers, 'Ordinateurs reconditionnés', (name) => `Ordinateur ${name} reconditionné, clavier AZERTY`),
    ],
    accessory: accessoryTemplates(),
    part: partTemplates(),
  };
}

function planInventory(random: Random, mix: Readonly<Record<InventoryKind, number>>, nowMs: number): ItemRow[] {
  const pools = inventoryPools();
  const chosen: { template: ItemTemplate; copy: number }[] = [];
  for (const kind of Object.keys(mix) as InventoryKind[]) {
    const pool = pools[kind];
    const quota = mix[kind];
    // Every category of the kind is represented (two products each at least), the rest at random.
    const shuffled = random.shuffle(pool);
    const first: ItemTemplate[] = [];
    const perCategory = new Map<string, number>();
    for (const template of shuffled) {
      const taken = perCategory.get(template.category) ?? 0;
      if (taken < 2) {
        perCategory.set(template.category, taken + 1);
        first.push(template);
      }
    }
    const picked = new Set(first);
    const ordered = [...first, ...shuffled.filter((template) => !picked.has(template))];
    chosen.push(...ordered.slice(0, quota).map((template) => ({ template, copy: 0 })));
    // The large set holds more items than there are products: the same product again, from
    // another supplier or another buy-back, under its own SKU.
    for (let extra = pool.length; extra < quota; extra += 1) chosen.push({ template: random.pick(pool), copy: 1 });
  }

  const counters = { device: 0, accessory: 0, part: 0 };
  const prefixes = { device: 'RECO', accessory: 'ACC', part: 'PDR' } as const;
  const eans = new Set<string>();
  const items = random.shuffle(chosen).map(({ template, copy }): ItemRow => {
    const type = template.itemType;
    counters[type] += 1;
    const sku = `${prefixes[type]}-${String(counters[type]).padStart(5, '0')}`;
    const priceCents = copy === 0 ? template.priceCents : Math.max(90, Math.round((template.priceCents * (0.95 + 0.1 * random.next())) / 10) * 10);
    const [low, high] = type === 'device' ? [0.55, 0.75] : type === 'accessory' ? [0.25, 0.45] : [0.4, 0.65];
    const outOfStock = random.chance(type === 'device' ? 0.15 : 0.1);
    const quantity = outOfStock ? 0 : type === 'device' ? random.int(1, 3) : type === 'accessory' ? random.int(1, 25) : random.int(1, 12);
    let upcCode = '';
    if (type === 'accessory') {
      do upcCode = storeEan13(random);
      while (eans.has(upcCode));
      eans.add(upcCode);
    }
    const originalPriceCents =
      type === 'accessory' && random.chance(0.15) ? Math.round((priceCents * 1.25) / 100) * 100 - 10 : template.originalPriceCents;
    const createdAt = new Date(Math.floor((nowMs - random.int(1, 600) * DAY - random.int(0, DAY - 1)) / 1000) * 1000);
    const updatedAt = random.chance(0.5) ? createdAt : new Date(Math.floor((createdAt.getTime() + random.next() * (nowMs - createdAt.getTime())) / 1000) * 1000);
    const supplier = random.pick(type === 'device' ? fr.deviceSuppliers : type === 'accessory' ? fr.accessorySuppliers : fr.partSuppliers);
    return {
      ...template,
      sku,
      upcCode,
      priceCents,
      originalPriceCents: originalPriceCents !== null && originalPriceCents !== undefined && originalPriceCents > priceCents ? originalPriceCents : null,
      costPriceCents: costOf(random, priceCents, low, high),
      quantity,
      supplier,
      createdAt,
      updatedAt,
    };
  });
  return items;
}

// ───────────────────────────── The plan ─────────────────────────────

/** Everything `seedRepairDesk` inserts, computed without a database: same size and `now`, same rows. */
export function planRepairDesk(options: SeedRepairDeskOptions & { size: Exclude<DemoDataSize, 'none'> }): RepairDeskPlan {
  const spec = demoDataSizes[options.size];
  const nowMs = Math.floor(options.now.getTime() / 1000) * 1000;
  // One generator per part, so that changing one part leaves the others as they were.
  const seed = SEED + (options.size === 'large' ? 7919 : 0);
  const timeline = new OpeningTimeline(nowMs - TICKET_WINDOW_DAYS * DAY, nowMs);
  const statusNames = repairDeskStatuses().map((status) => status.name);

  const inventory = planInventory(new Random(seed + 1), spec.inventory, nowMs);
  const customerRows = planCustomers(new Random(seed + 2), spec.customers, nowMs);

  const ticketRandom = new Random(seed + 3);
  const customerWeights = customerRows.map((customer, index) => {
    const weight = (0.3 + ticketRandom.next() ** 3 * 3) * (customer.organization ? 3 : 1);
    return [index, weight] as const;
  });
  const plannedTickets = planTickets(
    { random: ticketRandom, timeline, statusNames, known: new Set(statusNames), customerWeights },
    spec.tickets,
    spec.firstTicketNumber,
  );

  // A customer's file exists before their first ticket: new customers were created at the counter.
  const customerRandom = new Random(seed + 4);
  const firstTicket = new Map<number, number>();
  for (const ticket of plannedTickets) {
    const at = ticket.row.createdAt.getTime();
    firstTicket.set(ticket.customer, Math.min(at, firstTicket.get(ticket.customer) ?? at));
  }
  customerRows.forEach((customer, index) => {
    const first = firstTicket.get(index);
    const created = customer.createdAt as Date;
    if (first !== undefined && (customerRandom.chance(0.15) || created.getTime() > first)) {
      customer.createdAt = new Date(first - customerRandom.int(2, 15) * MINUTE);
    }
    const createdMs = (customer.createdAt as Date).getTime();
    customer.updatedAt = customerRandom.chance(0.3)
      ? new Date(Math.floor((createdMs + customerRandom.next() * (nowMs - createdMs)) / 1000) * 1000)
      : customer.createdAt;
  });

  const partsByDevice = new Map<string, ItemRow>();
  for (const item of inventory) {
    if (item.itemType !== 'part') continue;
    for (const deviceName of (item.deviceNames ?? '').split(', ')) {
      for (const partName of Object.values(fr.partForRepair)) {
        const key = `${deviceName}|${partName}`;
        if (item.name.startsWith(`${partName} `) && !partsByDevice.has(key)) partsByDevice.set(key, item);
      }
    }
  }
  const accessories = inventory.filter((item) => item.itemType === 'accessory' && item.priceCents <= 6000);
  const accessoriesByDevice = new Map<string, ItemRow[]>();
  for (const item of accessories) {
    if (!item.deviceNames) continue;
    accessoriesByDevice.set(item.deviceNames, [...(accessoriesByDevice.get(item.deviceNames) ?? []), item]);
  }
  const plannedInvoices = planInvoices(
    { random: new Random(seed + 5), timeline, nowMs, accessories, accessoriesByDevice, partsByDevice },
    spec.invoices,
    plannedTickets,
    customerRows.length,
  );

  return { customers: customerRows, tickets: plannedTickets, invoices: plannedInvoices, inventory };
}

// ───────────────────────────── Writing ─────────────────────────────

function* batches<T>(rows: readonly T[], size = BATCH_SIZE): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

function emptyCounts(): RepairDeskCounts {
  return {
    statuses: 0,
    categories: 0,
    brands: 0,
    customers: 0,
    tickets: 0,
    ticketDevices: 0,
    ticketEvents: 0,
    invoices: 0,
    invoiceLines: 0,
    invoicePayments: 0,
    inventoryItems: 0,
  };
}

/** Rows in every repair-desk table. */
export async function countRepairData(db: Executor): Promise<RepairDeskCounts> {
  const [row] = rowsOf<Record<keyof RepairDeskCounts, number | string>>(
    await db.execute(sql`select
      (select count(*) from ${statuses}) as "statuses",
      (select count(*) from ${categories}) as "categories",
      (select count(*) from ${brands}) as "brands",
      (select count(*) from ${customers}) as "customers",
      (select count(*) from ${tickets}) as "tickets",
      (select count(*) from ${ticketDevices}) as "ticketDevices",
      (select count(*) from ${ticketEvents}) as "ticketEvents",
      (select count(*) from ${invoices}) as "invoices",
      (select count(*) from ${invoiceLines}) as "invoiceLines",
      (select count(*) from ${invoicePayments}) as "invoicePayments",
      (select count(*) from ${inventoryItems}) as "inventoryItems"`),
  );
  const counts = emptyCounts();
  for (const key of Object.keys(counts) as (keyof RepairDeskCounts)[]) counts[key] = Number(row?.[key] ?? 0);
  return counts;
}

/** True when customers, tickets, invoices or inventory items exist (statuses, categories and brands do not count). */
export async function hasRepairData(db: Executor): Promise<boolean> {
  const [row] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select (
      exists (select 1 from ${customers}) or exists (select 1 from ${tickets})
      or exists (select 1 from ${invoices}) or exists (select 1 from ${inventoryItems})
    ) as "present"`),
  );
  return row?.present === true;
}

/**
 * Inserts the repair desk's statuses, categories and brands (skipping names that exist), then,
 * only into a database without any repair data, the demo data of the requested size. Run it in
 * a transaction: the seed does, under its advisory lock.
 */
export async function seedRepairDesk(db: Executor, options: SeedRepairDeskOptions): Promise<SeedRepairDeskResult> {
  const inserted = emptyCounts();
  inserted.statuses = (
    await db.insert(statuses).values(repairDeskStatuses()).onConflictDoNothing({ target: statuses.name }).returning({ id: statuses.id })
  ).length;
  inserted.categories = (
    await db
      .insert(categories)
      .values(repairDeskCategories().map((name) => ({ name })))
      .onConflictDoNothing({ target: categories.name })
      .returning({ id: categories.id })
  ).length;
  inserted.brands = (
    await db
      .insert(brands)
      .values(repairDeskBrands().map((name) => ({ name })))
      .onConflictDoNothing({ target: brands.name })
      .returning({ id: brands.id })
  ).length;

  if (options.size === 'none' || (await hasRepairData(db))) return { seeded: false, inserted };
  const plan = planRepairDesk({ ...options, size: options.size });

  const categoryIds = new Map((await db.select({ id: categories.id, name: categories.name }).from(categories)).map((row) => [row.name, row.id]));
  const brandIds = new Map((await db.select({ id: brands.id, name: brands.name }).from(brands)).map((row) => [row.name, row.id]));

  // Customers: ids come back by e-mail (unique in the plan), never by position.
  const customerIds = new Map<string, number>();
  for (const batch of batches(plan.customers)) {
    for (const row of await db.insert(customers).values(batch).returning({ id: customers.id, email: customers.email })) {
      if (row.email) customerIds.set(row.email, row.id);
    }
  }
  inserted.customers = customerIds.size;
  const customerId = (index: number): number => {
    const id = customerIds.get(plan.customers[index]?.email ?? '');
    if (id === undefined) throw new Error(`seedRepairDesk: customer ${index} missing`);
    return id;
  };

  const ticketIds = new Map<string, number>();
  for (const batch of batches(plan.tickets)) {
    const rows = await db
      .insert(tickets)
      .values(batch.map((ticket) => ({ ...ticket.row, customerId: customerId(ticket.customer) })))
      .returning({ id: tickets.id, ticketNumber: tickets.ticketNumber });
    for (const row of rows) ticketIds.set(row.ticketNumber, row.id);
  }
  inserted.tickets = ticketIds.size;
  const ticketId = (index: number): number => {
    const id = ticketIds.get(plan.tickets[index]?.row.ticketNumber ?? '');
    if (id === undefined) throw new Error(`seedRepairDesk: ticket ${index} missing`);
    return id;
  };

  const deviceRows = plan.tickets.flatMap((ticket, index) => ticket.devices.map((device) => ({ ...device, ticketId: ticketId(index) })));
  for (const batch of batches(deviceRows)) await db.insert(ticketDevices).values(batch);
  inserted.ticketDevices = deviceRows.length;
  const eventRows = plan.tickets.flatMap((ticket, index) => ticket.events.map((event) => ({ ...event, ticketId: ticketId(index) })));
  for (const batch of batches(eventRows)) await db.insert(ticketEvents).values(batch);
  inserted.ticketEvents = eventRows.length;

  const invoiceIds = new Map<string, number>();
  for (const batch of batches(plan.invoices)) {
    const rows = await db
      .insert(invoices)
      .values(
        batch.map((invoice) => ({
          ...invoice.row,
          customerId: customerId(invoice.customer),
          ticketId: invoice.ticket === null ? null : ticketId(invoice.ticket),
        })),
      )
      .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber });
    for (const row of rows) invoiceIds.set(row.invoiceNumber, row.id);
  }
  inserted.invoices = invoiceIds.size;
  const invoiceId = (number: string): number => {
    const id = invoiceIds.get(number);
    if (id === undefined) throw new Error(`seedRepairDesk: invoice ${number} missing`);
    return id;
  };
  const lineRows = plan.invoices.flatMap((invoice) => invoice.lines.map((entry) => ({ ...entry, invoiceId: invoiceId(invoice.row.invoiceNumber) })));
  for (const batch of batches(lineRows)) await db.insert(invoiceLines).values(batch);
  inserted.invoiceLines = lineRows.length;
  const paymentRows = plan.invoices.flatMap((invoice) =>
    invoice.payments.map((entry) => ({ ...entry, invoiceId: invoiceId(invoice.row.invoiceNumber) })),
  );
  for (const batch of batches(paymentRows)) await db.insert(invoicePayments).values(batch);
  inserted.invoicePayments = paymentRows.length;

  const itemRows = plan.inventory.map(({ category, brand, ...item }) => ({
    ...item,
    categoryId: categoryIds.get(category) ?? null,
    brandId: brand === null ? null : (brandIds.get(brand) ?? null),
  }));
  for (const batch of batches(itemRows)) await db.insert(inventoryItems).values(batch);
  inserted.inventoryItems = itemRows.length;

  return { seeded: true, inserted };
}
