import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { isVatRate } from '@erepare/shared/invoice-vat';
import type { StatusDefinition } from '@erepare/shared/tickets';
import type { Db } from '../../db/client.js';
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
} from '../../db/schema.js';
import type {
  CustomerInput,
  CustomerRecord,
  DeviceRecord,
  InventoryItemRecord,
  InvoiceRecord,
  RepairBackend,
  TicketListFilter,
  TicketRecord,
} from './types.js';

/** `%`, `_` and `\` typed by a visitor are searched literally. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function publicKeywordCondition(keyword: string): SQL | undefined {
  const pattern = likePattern(keyword);
  return or(
    ilike(tickets.ticketNumber, pattern),
    sql`exists (select 1 from ${ticketDevices} d where d.ticket_id = ${tickets.id} and (
      d.name ilike ${pattern} or d.brand ilike ${pattern} or d.model ilike ${pattern} or d.fault ilike ${pattern}))`,
  );
}

type TicketRow = typeof tickets.$inferSelect;
type DeviceFields = Pick<
  typeof ticketDevices.$inferSelect,
  'category' | 'brand' | 'name' | 'model' | 'fault' | 'status' | 'imei' | 'serial' | 'priceCents' | 'repairItems'
>;

/** A ticket's devices as one JSON column, in their order (for list queries: no second round trip). */
const devicesJson = sql<DeviceFields[]>`(select coalesce(json_agg(json_build_object(
    'category', d.category, 'brand', d.brand, 'name', d.name, 'model', d.model, 'fault', d.fault,
    'status', d.status, 'imei', d.imei, 'serial', d.serial, 'priceCents', d.price_cents, 'repairItems', d.repair_items
  ) order by d.position, d.id), '[]'::json) from ticket_devices d where d.ticket_id = "tickets"."id")`;

function toRecord(row: TicketRow, devices: DeviceFields[]): TicketRecord {
  return {
    id: row.id,
    ticketNumber: row.ticketNumber,
    status: row.status,
    customerId: row.customerId,
    description: row.description,
    totalCents: row.totalCents,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    devices: devices.map(
      (device): DeviceRecord => ({
        category: device.category,
        brand: device.brand,
        name: device.name,
        model: device.model,
        fault: device.fault,
        status: device.status,
        imei: device.imei,
        serial: device.serial,
        priceCents: device.priceCents,
        repairItems: device.repairItems,
      }),
    ),
  };
}


type CustomerRow = typeof customers.$inferSelect;

function toCustomerRecord(row: CustomerRow): CustomerRecord {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    emails: row.emails,
    phone: row.phone,
    mobile: row.mobile,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    organization: row.organization,
    // Only when known (as a RepairDesk customer, which has no such fields: the backends' records agree).
    ...(row.siren ? { siren: row.siren } : {}),
    ...(row.vatNumber ? { vatNumber: row.vatNumber } : {}),
    referredBy: row.referredBy,
    contactPerson: row.contactPerson,
    emailOptIn: row.emailOptIn,
    smsOptIn: row.smsOptIn,
    loyaltyBalanceCents: row.loyaltyBalanceCents,
    createdAt: row.createdAt,
  };
}

/** The columns a create or update may write; e-mails are stored trimmed and lower-cased. */
function customerValues(input: CustomerInput): Partial<typeof customers.$inferInsert> {
  const values: Partial<typeof customers.$inferInsert> = {};
  const copy = <K extends keyof CustomerInput>(key: K) => {
    if (input[key] !== undefined) Object.assign(values, { [key]: input[key] });
  };
  for (const key of [
    'firstName',
    'lastName',
    'phone',
    'mobile',
    'address1',
    'address2',
    'city',
    'state',
    'postcode',
    'country',
    'organization',
    'referredBy',
    'contactPerson',
    'emailOptIn',
    'smsOptIn',
  ] as const) {
    copy(key);
  }
  if (input.email !== undefined) values.email = input.email ? input.email.trim().toLowerCase() : null;
  if (input.emails !== undefined) values.emails = input.emails.map((email) => email.trim().toLowerCase()).filter(Boolean);
  return values;
}

async function invoicesWithDetails(db: Db, rows: (typeof invoices.$inferSelect)[]): Promise<InvoiceRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const ticketIds = [...new Set(rows.map((row) => row.ticketId).filter((id): id is number => id !== null))];
  const [lines, payments, ticketRows] = await Promise.all([
    db.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, ids)).orderBy(asc(invoiceLines.position), asc(invoiceLines.id)),
    db.select().from(invoicePayments).where(inArray(invoicePayments.invoiceId, ids)).orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id)),
    ticketIds.length
      ? db.select({ id: tickets.id, ticketNumber: tickets.ticketNumber }).from(tickets).where(inArray(tickets.id, ticketIds))
      : Promise.resolve([]),
  ]);
  const numbers = new Map(ticketRows.map((row) => [row.id, row.ticketNumber]));
  return rows.map((row) => ({
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    customerId: row.customerId,
    ticketId: row.ticketId,
    ticketNumber: row.ticketId === null ? null : (numbers.get(row.ticketId) ?? null),
    status: row.status,
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    amountPaidCents: row.amountPaidCents,
    // Only when set, so that records stay those RepairDesk gives (contract test) for plain invoices.
    ...(row.creditedCents > 0 ? { creditedCents: row.creditedCents } : {}),
    ...(row.bonusCents > 0 ? { bonusCents: row.bonusCents, bonusCategory: row.bonusCategory } : {}),
    notes: row.notes,
    dueOn: row.dueOn,
    createdAt: row.createdAt,
    lines: lines
      .filter((line) => line.invoiceId === row.id)
      .map((line) => ({
        name: line.name,
        sku: line.sku,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        taxCents: line.taxCents,
        totalCents: line.totalCents,
        ...(line.vatRate !== '20' && isVatRate(line.vatRate) ? { vatRate: line.vatRate } : {}),
      })),
    payments: payments
      .filter((payment) => payment.invoiceId === row.id)
      .map((payment) => ({
        kind: payment.kind,
        amountCents: payment.amountCents,
        method: payment.method,
        transactionId: payment.transactionId,
        paidAt: payment.paidAt,
      })),
  }));
}

const inventoryColumns = {
  id: inventoryItems.id,
  name: inventoryItems.name,
  sku: inventoryItems.sku,
  upcCode: inventoryItems.upcCode,
  description: inventoryItems.description,
  category: sql<string>`coalesce(${categories.name}, '')`,
  brand: sql<string>`coalesce(${brands.name}, '')`,
  itemType: inventoryItems.itemType,
  condition: inventoryItems.condition,
  priceCents: inventoryItems.priceCents,
  originalPriceCents: inventoryItems.originalPriceCents,
  quantity: inventoryItems.quantity,
  warranty: inventoryItems.warranty,
  supplier: inventoryItems.supplier,
  deviceNames: inventoryItems.deviceNames,
  imageUrl: inventoryItems.imageUrl,
  createdAt: inventoryItems.createdAt,
};

async function count(query: Promise<{ total: number }[]>): Promise<number> {
  const rows = await query;
  return Number(rows[0]?.total ?? 0);
}

/** The embedded repair desk: our own tables (the default backend). */
export function createLocalRepairBackend(db: Db): RepairBackend {
  return {
    kind: 'local',

    async listTickets(filter: TicketListFilter) {
      const conditions = [
        filter.from ? gte(tickets.createdAt, filter.from) : undefined,
        filter.to ? lte(tickets.createdAt, filter.to) : undefined,
        filter.keyword ? publicKeywordCondition(filter.keyword) : undefined,
        filter.customerId !== undefined ? eq(tickets.customerId, filter.customerId) : undefined,
      ].filter((condition): condition is SQL => condition !== undefined);
      const where = conditions.length ? and(...conditions) : undefined;
      // One round trip for the page, its devices and the total (a window count); a second query
      // only past the last page. PGlite runs queries one at a time, so round trips are what count.
      const page = await db
        .select({ ticket: tickets, total: sql<number>`count(*) over ()::int`, devices: devicesJson })
        .from(tickets)
        .where(where)
        .orderBy(desc(tickets.createdAt), desc(tickets.id))
        .limit(filter.limit)
        .offset(filter.offset);
      const total =
        page.length > 0
          ? Number(page[0]?.total ?? 0)
          : await count(db.select({ total: sql<number>`count(*)::int` }).from(tickets).where(where));
      return { items: page.map((row) => toRecord(row.ticket, row.devices)), total };
    },

    async getTicket(key) {
      const [row] = await db
        .select({ ticket: tickets, devices: devicesJson })
        .from(tickets)
        .where('id' in key ? eq(tickets.id, key.id) : eq(tickets.ticketNumber, key.ticketNumber))
        .limit(1);
      return row ? toRecord(row.ticket, row.devices) : null;
    },

    async ticketHistory(ticketId) {
      const rows = await db
        .select({ fromStatus: ticketEvents.fromStatus, toStatus: ticketEvents.toStatus, createdAt: ticketEvents.createdAt })
        .from(ticketEvents)
        .where(eq(ticketEvents.ticketId, ticketId))
        .orderBy(asc(ticketEvents.createdAt), asc(ticketEvents.id));
      return rows;
    },

    async listStatuses(): Promise<StatusDefinition[]> {
      const rows = await db.select().from(statuses).orderBy(asc(statuses.sortOrder), asc(statuses.id));
      return rows.map((row) => ({ id: row.id, name: row.name, color: row.color, type: row.type }));
    },

    async listCustomers(filter) {
      const pattern = filter.keyword ? likePattern(filter.keyword) : undefined;
      const conditions = [
        pattern
          ? or(
              ilike(customers.firstName, pattern),
              ilike(customers.lastName, pattern),
              sql`(${customers.firstName} || ' ' || ${customers.lastName}) ilike ${pattern}`,
              ilike(customers.email, pattern),
              ilike(customers.phone, pattern),
              ilike(customers.mobile, pattern),
            )
          : undefined,
        filter.referredBy ? eq(customers.referredBy, filter.referredBy) : undefined,
      ].filter((condition): condition is SQL => condition !== undefined);
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, total] = await Promise.all([
        db.select().from(customers).where(where).orderBy(asc(customers.id)).limit(filter.limit).offset(filter.offset),
        count(db.select({ total: sql<number>`count(*)::int` }).from(customers).where(where)),
      ]);
      return { items: rows.map(toCustomerRecord), total };
    },

    async getCustomer(id) {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row ? toCustomerRecord(row) : null;
    },

    async findCustomersByEmail(email) {
      const wanted = email.trim().toLowerCase();
      if (!wanted) return [];
      const rows = await db
        .select()
        .from(customers)
        .where(or(eq(customers.email, wanted), sql`${customers.emails} @> ${JSON.stringify([wanted])}::jsonb`))
        .orderBy(asc(customers.id));
      return rows.map(toCustomerRecord);
    },

    async createCustomer(input) {
      const [row] = await db.insert(customers).values(customerValues(input)).returning();
      if (!row) throw new Error('customer insert returned nothing');
      return toCustomerRecord(row);
    },

    async updateCustomer(id, patch) {
      const values = customerValues(patch);
      const [row] = await db
        .update(customers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(customers.id, id))
        .returning();
      return row ? toCustomerRecord(row) : null;
    },

    async listInvoices(filter) {
      const pattern = filter.keyword ? likePattern(filter.keyword) : undefined;
      const conditions = [
        pattern
          ? or(
              ilike(invoices.invoiceNumber, pattern),
              sql`exists (select 1 from ${invoiceLines} l where l.invoice_id = ${invoices.id} and l.name ilike ${pattern})`,
            )
          : undefined,
        filter.status ? eq(invoices.status, filter.status) : undefined,
        filter.customerId !== undefined ? eq(invoices.customerId, filter.customerId) : undefined,
      ].filter((condition): condition is SQL => condition !== undefined);
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, total] = await Promise.all([
        db.select().from(invoices).where(where).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(filter.limit).offset(filter.offset),
        count(db.select({ total: sql<number>`count(*)::int` }).from(invoices).where(where)),
      ]);
      return { items: await invoicesWithDetails(db, rows), total };
    },

    async getInvoice(id, options = {}) {
      const owner = options.customerId !== undefined ? eq(invoices.customerId, options.customerId) : undefined;
      const rows = await db.select().from(invoices).where(and(eq(invoices.id, id), owner)).limit(1);
      const [record] = await invoicesWithDetails(db, rows);
      return record ?? null;
    },

    async listInventory(filter) {
      const pattern = filter.keyword ? likePattern(filter.keyword) : undefined;
      const keywordId = filter.keyword && /^\d{1,9}$/.test(filter.keyword) ? Number(filter.keyword) : undefined;
      const where = pattern
        ? or(
            ilike(inventoryItems.name, pattern),
            ilike(inventoryItems.sku, pattern),
            keywordId !== undefined ? eq(inventoryItems.id, keywordId) : undefined,
          )
        : undefined;
      const [rows, total] = await Promise.all([
        db
          .select(inventoryColumns)
          .from(inventoryItems)
          .leftJoin(categories, eq(categories.id, inventoryItems.categoryId))
          .leftJoin(brands, eq(brands.id, inventoryItems.brandId))
          .where(where)
          .orderBy(asc(inventoryItems.id))
          .limit(filter.limit)
          .offset(filter.offset),
        count(db.select({ total: sql<number>`count(*)::int` }).from(inventoryItems).where(where)),
      ]);
      return { items: rows satisfies InventoryItemRecord[], total };
    },

    async listInventoryCategories() {
      return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.id));
    },

    async listInventoryBrands() {
      return db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name));
    },

    async ping() {
      const started = performance.now();
      try {
        await db.execute(sql`select 1`);
        return { ok: true as const, latencyMs: Math.round(performance.now() - started) };
      } catch {
        return { ok: false as const, latencyMs: Math.round(performance.now() - started), message: 'Base de données indisponible' };
      }
    },
  };
}
