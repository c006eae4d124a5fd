import {
  adminRepairMessages,
  type AdminTicket,
  type AdminTicketListItem,
  type AdminTicketListQuery,
  type DeviceInput,
  type TicketCreate,
  type TicketPatch,
} from '@erepare/shared/schemas/admin-repair';
import { normaliseTicketNumber } from '@erepare/shared/ticket-number';
import { staffStatusKey } from '@erepare/shared/ticket-status';
import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.js';
import { customers, invoices, statuses, ticketDevices, ticketEvents, tickets } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paging } from '../../lib/paging.js';
import { lockStatusNamed } from './ticket-status.js';
import { recordAudit, type AuditActor } from './audit.js';
import { insertCustomer } from './customers-admin-repository.js';
import { invoiceSummaries } from './invoices-admin.js';
import { nextDocumentNumber } from './invoices-admin-numbers.js';
import { changedFields, fullName, iso, likePattern, parseDateInput, requireLocalBackend, type BackendKind } from './tickets-admin-shared.js';

/**
 * Tickets of the embedded repair desk, for staff (issue 9): server-side search, filters, sort and
 * paging; creation with an existing or a new customer and one or more devices; edits of the
 * devices, the notes and the due date. Status changes go through ticket-status.ts (history,
 * notifications, pushes, optional e-mail). Every change is audited in its own transaction.
 */

const deviceSummary = sql<{ name: string; category: string }[]>`(select coalesce(json_agg(json_build_object('name', d.name, 'category', d.category) order by d.position, d.id), '[]'::json) from ticket_devices d where d.ticket_id = "tickets"."id")`;

const listColumns = {
  ticket: tickets,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
  mobile: customers.mobile,
  statusType: statuses.type,
  statusColor: statuses.color,
  devices: deviceSummary,
};

type ListRow = {
  ticket: typeof tickets.$inferSelect;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  statusType: 'Open' | 'Closed' | null;
  statusColor: string | null;
  devices: { name: string; category: string }[];
};

function toListItem(row: ListRow): AdminTicketListItem {
  return {
    id: row.ticket.id,
    ticketNumber: row.ticket.ticketNumber,
    status: row.ticket.status,
    statusType: row.statusType,
    statusColor: row.statusColor,
    customer: {
      id: row.ticket.customerId,
      fullName: fullName({ firstName: row.firstName ?? '', lastName: row.lastName ?? '' }),
      email: row.email,
      phone: row.mobile || row.phone || '',
    },
    devices: row.devices,
    totalCents: row.ticket.totalCents,
    dueOn: iso(row.ticket.dueOn),
    createdAt: row.ticket.createdAt.toISOString(),
    updatedAt: row.ticket.updatedAt.toISOString(),
  };
}

function listQuery(db: Executor) {
  return db
    .select(listColumns)
    .from(tickets)
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(statuses, eq(statuses.name, tickets.status));
}

function searchCondition(q: string): SQL | undefined {
  const pattern = likePattern(q);
  const digits = q.replace(/[^0-9]/g, '');
  const number = normaliseTicketNumber(q);
  return or(
    ilike(tickets.ticketNumber, pattern),
    number ? eq(tickets.ticketNumber, number) : undefined,
    sql`(${customers.firstName} || ' ' || ${customers.lastName}) ilike ${pattern}`,
    sql`(${customers.lastName} || ' ' || ${customers.firstName}) ilike ${pattern}`,
    ilike(customers.email, pattern),
    sql`${customers.emails}::text ilike ${pattern}`,
    // Phones are compared on their digits: "06 12 34" finds "0612345678".
    digits.length >= 4
      ? sql`(regexp_replace(${customers.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`} or regexp_replace(${customers.mobile}, '[^0-9]', '', 'g') like ${`%${digits}%`})`
      : undefined,
    sql`exists (select 1 from ${ticketDevices} d where d.ticket_id = ${tickets.id} and (
      d.name ilike ${pattern} or d.brand ilike ${pattern} or d.model ilike ${pattern} or d.imei ilike ${pattern} or d.serial ilike ${pattern} or d.fault ilike ${pattern}))`,
  );
}

/**
 * The stored statuses a status filter stands for: every status staff see under the same French
 * name (the overview's « En cours de réparation » bar covers "In Progress" and "En cours"), among
 * the statuses the tickets actually carry.
 */
async function statusesNamed(db: Db, wanted: string): Promise<string[]> {
  const used = await db.selectDistinct({ status: tickets.status }).from(tickets);
  const key = staffStatusKey(wanted);
  const matching = used.map((row) => row.status).filter((status) => status === wanted || staffStatusKey(status) === key);
  return matching.length > 0 ? matching : [wanted];
}

export async function listAdminTickets(db: Db, query: AdminTicketListQuery) {
  const { limit, offset, page, pageSize } = paging(query);
  const conditions = [
    query.q ? searchCondition(query.q) : undefined,
    query.status ? inArray(tickets.status, await statusesNamed(db, query.status)) : undefined,
    query.statusType ? eq(statuses.type, query.statusType) : undefined,
    query.customerId ? eq(tickets.customerId, query.customerId) : undefined,
    query.from ? gte(tickets.createdAt, parseDateInput(query.from)) : undefined,
    // A day includes all of it (before the next midnight); an instant is included.
    query.to ? (query.to.length === 10 ? lt(tickets.createdAt, parseDateInput(query.to, true)) : lte(tickets.createdAt, parseDateInput(query.to))) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.order === 'asc' ? asc : desc;
  const order =
    query.sort === 'number'
      ? [direction(sql`length(${tickets.ticketNumber})`), direction(tickets.ticketNumber)]
      : query.sort === 'updated'
        ? [direction(tickets.updatedAt), direction(tickets.id)]
        : [direction(tickets.createdAt), direction(tickets.id)];
  const [rows, totals] = await Promise.all([
    listQuery(db).where(where).orderBy(...order).limit(limit).offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(tickets)
      .leftJoin(customers, eq(customers.id, tickets.customerId))
      .leftJoin(statuses, eq(statuses.name, tickets.status))
      .where(where),
  ]);
  return { items: rows.map(toListItem), page, pageSize, total: Number(totals[0]?.total ?? 0) };
}

/** The tickets of one customer (their detail page), newest first. */
export async function customerTickets(db: Executor, customerId: number): Promise<Omit<AdminTicketListItem, 'customer'>[]> {
  const rows = await listQuery(db).where(eq(tickets.customerId, customerId)).orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(200);
  return rows.map((row) => {
    const { customer: _customer, ...item } = toListItem(row);
    return item;
  });
}

async function findTicketId(db: Executor, ticketParam: string): Promise<number> {
  const number = normaliseTicketNumber(ticketParam);
  const [row] = number ? await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.ticketNumber, number)).limit(1) : [];
  if (!row) throw new AppError('TICKET_NOT_FOUND', 404, adminRepairMessages.ticketNotFound);
  return row.id;
}

export async function getAdminTicket(db: Executor, ticketParam: string | number): Promise<AdminTicket> {
  const id = typeof ticketParam === 'number' ? ticketParam : await findTicketId(db, ticketParam);
  const [row] = await listQuery(db).where(eq(tickets.id, id)).limit(1);
  if (!row) throw new AppError('TICKET_NOT_FOUND', 404, adminRepairMessages.ticketNotFound);
  const [devices, history, ticketInvoices] = await Promise.all([
    db.select().from(ticketDevices).where(eq(ticketDevices.ticketId, id)).orderBy(asc(ticketDevices.position), asc(ticketDevices.id)),
    db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, id)).orderBy(asc(ticketEvents.createdAt), asc(ticketEvents.id)),
    invoiceSummaries(db, eq(invoices.ticketId, id)),
  ]);
  const item = toListItem(row);
  return {
    id: item.id,
    ticketNumber: item.ticketNumber,
    status: item.status,
    statusType: item.statusType,
    statusColor: item.statusColor,
    description: row.ticket.description,
    notes: row.ticket.notes,
    totalCents: row.ticket.totalCents,
    dueOn: item.dueOn,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    customer: item.customer,
    devices: devices.map((device) => ({
      category: device.category,
      brand: device.brand,
      name: device.name,
      model: device.model,
      fault: device.fault,
      imei: device.imei,
      serial: device.serial,
      status: device.status,
      priceCents: device.priceCents,
    })),
    history: history.map((event) => ({ fromStatus: event.fromStatus, toStatus: event.toStatus, note: event.note, createdAt: event.createdAt.toISOString() })),
    invoices: ticketInvoices,
  };
}

function deviceRows(ticketId: number, devices: DeviceInput[], statusFor: (index: number) => string) {
  return devices.map((device, position) => ({
    ticketId,
    position,
    category: device.category ?? 'Autre appareil',
    brand: device.brand ?? '',
    name: device.name,
    model: device.model ?? '',
    fault: device.fault,
    imei: (device.imei ?? '').replace(/\s+/g, ''),
    serial: device.serial ?? '',
    status: statusFor(position),
    priceCents: device.priceCents ?? 0,
  }));
}

type AuditableDevice = { category: string; brand: string; name: string; model: string; fault: string; imei: string; serial: string; priceCents: number; status: string };
const auditDevices = (devices: readonly AuditableDevice[]) =>
  devices.map(({ category, brand, name, model, fault, imei, serial, priceCents, status }) => ({ category, brand, name, model, fault, imei, serial, priceCents, status }));

async function initialStatus(tx: Tx, wanted: string | undefined): Promise<string> {
  if (wanted) {
    // Shared lock: the status cannot be deleted or renamed before the ticket is committed.
    const status = await lockStatusNamed(tx, wanted);
    if (!status) throw new AppError('UNKNOWN_STATUS', 400, adminRepairMessages.unknownStatus(wanted.trim().slice(0, 60)));
    return status;
  }
  // The first open status of the workflow ("Waiting for inspection" in the seed).
  const [first] = await tx.select({ name: statuses.name }).from(statuses).orderBy(sql`${statuses.type} = 'Open' desc`, asc(statuses.sortOrder), asc(statuses.id)).limit(1).for('share');
  if (!first) throw new AppError('NO_STATUS', 409, adminRepairMessages.noStatus);
  return first.name;
}

export async function createTicket(db: Db, kind: BackendKind, body: TicketCreate, actor: AuditActor): Promise<AdminTicket> {
  requireLocalBackend(kind, 'la création d’un ticket');
  return db.transaction(async (tx) => {
    const status = await initialStatus(tx, body.status);
    let customerId: number;
    if (body.customerId !== undefined) {
      const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, body.customerId)).limit(1).for('key share');
      if (!customer) throw new AppError('CUSTOMER_NOT_FOUND', 400, adminRepairMessages.customerNotFound);
      customerId = customer.id;
    } else {
      customerId = (await insertCustomer(tx, body.customer ?? {}, actor)).id;
    }
    const ticketNumber = await nextDocumentNumber(tx, 'ticket');
    const totalCents = body.devices.reduce((sum, device) => sum + (device.priceCents ?? 0), 0);
    const [ticket] = await tx
      .insert(tickets)
      .values({
        ticketNumber,
        customerId,
        status,
        description: body.description ?? '',
        notes: body.notes ?? '',
        dueOn: body.dueOn ? parseDateInput(body.dueOn) : null,
        totalCents,
      })
      .returning({ id: tickets.id });
    if (!ticket) throw new Error('ticket insert returned nothing');
    const devices = deviceRows(ticket.id, body.devices, () => status);
    await tx.insert(ticketDevices).values(devices);
    await tx.insert(ticketEvents).values({ ticketId: ticket.id, fromStatus: null, toStatus: status });
    await recordAudit(tx, actor, {
      action: 'ticket.create',
      entity: 'ticket',
      entityId: ticketNumber,
      after: { ticketNumber, customerId, status, totalCents, dueOn: body.dueOn ?? null, devices: auditDevices(devices), notes: body.notes ?? '', description: body.description ?? '' },
    });
    return getAdminTicket(tx, ticket.id);
  });
}

export async function updateTicket(db: Db, kind: BackendKind, ticketParam: string, patch: TicketPatch, actor: AuditActor): Promise<AdminTicket> {
  requireLocalBackend(kind, 'la modification d’un ticket');
  return db.transaction(async (tx) => {
    const number = normaliseTicketNumber(ticketParam);
    const [current] = number ? await tx.select().from(tickets).where(eq(tickets.ticketNumber, number)).for('update') : [];
    if (!current) throw new AppError('TICKET_NOT_FOUND', 404, adminRepairMessages.ticketNotFound);
    const fields: Partial<typeof tickets.$inferSelect> = {};
    if (patch.description !== undefined) fields.description = patch.description;
    if (patch.notes !== undefined) fields.notes = patch.notes;
    if (patch.dueOn !== undefined) fields.dueOn = patch.dueOn === null ? null : parseDateInput(patch.dueOn);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (patch.devices) {
      const oldDevices = await tx.select().from(ticketDevices).where(eq(ticketDevices.ticketId, current.id)).orderBy(asc(ticketDevices.position), asc(ticketDevices.id));
      // A device kept at its place keeps its own status; a new one takes the ticket's.
      const next = deviceRows(current.id, patch.devices, (index) => oldDevices[index]?.status ?? current.status);
      const oldAudit = auditDevices(oldDevices);
      const newAudit = auditDevices(next);
      if (JSON.stringify(oldAudit) !== JSON.stringify(newAudit)) {
        await tx.delete(ticketDevices).where(eq(ticketDevices.ticketId, current.id));
        await tx.insert(ticketDevices).values(next);
        before.devices = oldAudit;
        after.devices = newAudit;
        fields.totalCents = next.reduce((sum, device) => sum + device.priceCents, 0);
      }
    }
    const changes = changedFields(current, fields);
    if (changes) {
      Object.assign(before, changes.before);
      Object.assign(after, changes.after);
    }
    if (Object.keys(after).length === 0) return getAdminTicket(tx, current.id);
    await tx.update(tickets).set({ ...fields, updatedAt: new Date() }).where(eq(tickets.id, current.id));
    await recordAudit(tx, actor, { action: 'ticket.update', entity: 'ticket', entityId: current.ticketNumber, before, after });
    return getAdminTicket(tx, current.id);
  });
}
