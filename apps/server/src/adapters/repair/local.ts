import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { StatusDefinition } from '@erepare/shared/tickets';
import type { Db } from '../../db/client.js';
import { statuses, ticketDevices, ticketEvents, tickets } from '../../db/schema.js';
import type { DeviceRecord, RepairBackend, TicketListFilter, TicketRecord } from './types.js';

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
type DeviceRow = typeof ticketDevices.$inferSelect;

function toRecord(row: TicketRow, devices: DeviceRow[]): TicketRecord {
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

async function withDevices(db: Db, rows: TicketRow[]): Promise<TicketRecord[]> {
  if (rows.length === 0) return [];
  const devices = await db
    .select()
    .from(ticketDevices)
    .where(
      inArray(
        ticketDevices.ticketId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(ticketDevices.ticketId), asc(ticketDevices.position), asc(ticketDevices.id));
  const byTicket = new Map<number, DeviceRow[]>();
  for (const device of devices) {
    const list = byTicket.get(device.ticketId) ?? [];
    list.push(device);
    byTicket.set(device.ticketId, list);
  }
  return rows.map((row) => toRecord(row, byTicket.get(row.id) ?? []));
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
      ].filter((condition): condition is SQL => condition !== undefined);
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, counted] = await Promise.all([
        db.select().from(tickets).where(where).orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(filter.limit).offset(filter.offset),
        db.select({ total: sql<number>`count(*)::int` }).from(tickets).where(where),
      ]);
      return { items: await withDevices(db, rows), total: Number(counted[0]?.total ?? 0) };
    },

    async getTicket(key) {
      const rows = await db
        .select()
        .from(tickets)
        .where('id' in key ? eq(tickets.id, key.id) : eq(tickets.ticketNumber, key.ticketNumber))
        .limit(1);
      const [record] = await withDevices(db, rows);
      return record ?? null;
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
  };
}
