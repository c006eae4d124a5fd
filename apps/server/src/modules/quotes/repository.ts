import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { InboxStatus } from '@erepare/shared/schemas/common';
import { rowsOf, type Executor } from '../../db/client.js';
import { quotePhotos, quoteRequests } from '../../db/schema.js';
import type { DecodedImage } from '../../lib/images.js';

export type NewQuoteRequest = Omit<typeof quoteRequests.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

/** The next id of quote_requests, taken before the insert so the reference can carry it. */
export async function nextQuoteId(db: Executor): Promise<number> {
  const result = await db.execute(sql`select nextval(pg_get_serial_sequence('quote_requests', 'id'))::int as id`);
  const id = rowsOf<{ id: number }>(result)[0]?.id;
  if (!id) throw new Error('nextQuoteId: no value');
  return Number(id);
}

export async function insertQuoteRequest(db: Executor, id: number, quote: NewQuoteRequest, photos: readonly DecodedImage[]) {
  const [row] = await db
    .insert(quoteRequests)
    .values({ ...quote, id })
    .returning({ id: quoteRequests.id, reference: quoteRequests.reference, createdAt: quoteRequests.createdAt });
  if (!row) throw new Error('insertQuoteRequest: nothing returned');
  if (photos.length) {
    await db.insert(quotePhotos).values(
      photos.map((photo, position) => ({ quoteId: row.id, position, mimeType: photo.mimeType, sizeBytes: photo.bytes.length, data: photo.bytes })),
    );
  }
  return row;
}

export type QuoteRequestView = {
  id: number;
  reference: string;
  category: string;
  brand: string;
  model: string;
  fault: string;
  faultLabel: string;
  priceFromEuros: number | null;
  description: string;
  name: string;
  email: string;
  phone: string;
  dropOffDate: string;
  dropOffSlot: 'matin' | 'apres-midi';
  status: InboxStatus;
  held: boolean;
  createdAt: string;
  updatedAt: string;
  photos: { id: number; mimeType: string; sizeBytes: number }[];
};

/** `%` and `_` typed by staff are searched as themselves. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The status filter, and the staff search in the name, e-mail or reference (case-insensitive). */
function quotesWhere(filter: { status?: InboxStatus; search?: string; held?: boolean }): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(quoteRequests.status, filter.status));
  if (filter.held !== undefined) conditions.push(eq(quoteRequests.held, filter.held));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const match = or(ilike(quoteRequests.name, pattern), ilike(quoteRequests.email, pattern), ilike(quoteRequests.reference, pattern));
    if (match) conditions.push(match);
  }
  return conditions.length ? and(...conditions) : undefined;
}

function toQuoteView(row: typeof quoteRequests.$inferSelect, photos: { id: number; mimeType: string; sizeBytes: number }[]): QuoteRequestView {
  return {
    id: row.id,
    reference: row.reference,
    category: row.category,
    brand: row.brand,
    model: row.model,
    fault: row.fault,
    faultLabel: row.faultLabel,
    priceFromEuros: row.priceFromEuros,
    description: row.description,
    name: row.name,
    email: row.email,
    phone: row.phone,
    dropOffDate: row.dropOffDate,
    dropOffSlot: row.dropOffSlot,
    status: row.status,
    held: row.held,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    photos,
  };
}

export async function selectQuoteRequests(db: Executor, filter: { status?: InboxStatus; search?: string; held?: boolean; limit: number; offset: number }) {
  const where = quotesWhere(filter);
  const rows = await db
    .select()
    .from(quoteRequests)
    .where(where)
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ value: count() }).from(quoteRequests).where(where);
  const photos = rows.length
    ? await db
        .select({ id: quotePhotos.id, quoteId: quotePhotos.quoteId, mimeType: quotePhotos.mimeType, sizeBytes: quotePhotos.sizeBytes })
        .from(quotePhotos)
        .where(inArray(quotePhotos.quoteId, rows.map((row) => row.id)))
        .orderBy(quotePhotos.quoteId, quotePhotos.position)
    : [];
  const items = rows.map((row) =>
    toQuoteView(
      row,
      photos.filter((photo) => photo.quoteId === row.id).map(({ id, mimeType, sizeBytes }) => ({ id, mimeType, sizeBytes })),
    ),
  );
  return { items, total: Number(total?.value ?? 0) };
}

/** One request with its photos' ids (the staff's detail view), or undefined. */
export async function selectQuoteRequest(db: Executor, id: number): Promise<QuoteRequestView | undefined> {
  const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, id)).limit(1);
  if (!row) return undefined;
  const photos = await db
    .select({ id: quotePhotos.id, mimeType: quotePhotos.mimeType, sizeBytes: quotePhotos.sizeBytes })
    .from(quotePhotos)
    .where(eq(quotePhotos.quoteId, id))
    .orderBy(quotePhotos.position);
  return toQuoteView(row, photos);
}

/** Locks one request for a change in the caller's transaction; its status and sender, or undefined. */
export async function lockQuoteRequest(db: Executor, id: number) {
  const [row] = await db
    .select({ id: quoteRequests.id, status: quoteRequests.status, held: quoteRequests.held, email: quoteRequests.email, name: quoteRequests.name, reference: quoteRequests.reference })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, id))
    .limit(1)
    .for('update');
  return row;
}

/** One photo of one request (undefined when the photo belongs to another request). */
export async function selectRequestPhoto(db: Executor, quoteId: number, photoId: number) {
  const [row] = await db.select().from(quotePhotos).where(and(eq(quotePhotos.id, photoId), eq(quotePhotos.quoteId, quoteId))).limit(1);
  return row;
}

/** Clears the hold of a held request; false when it was not held (or does not exist). */
export async function releaseQuoteHold(db: Executor, id: number): Promise<boolean> {
  const updated = await db
    .update(quoteRequests)
    .set({ held: false, updatedAt: new Date() })
    .where(and(eq(quoteRequests.id, id), eq(quoteRequests.held, true)))
    .returning({ id: quoteRequests.id });
  return updated.length > 0;
}

export async function updateQuoteStatus(db: Executor, id: number, status: InboxStatus): Promise<boolean> {
  const updated = await db.update(quoteRequests).set({ status, updatedAt: new Date() }).where(eq(quoteRequests.id, id)).returning({ id: quoteRequests.id });
  return updated.length > 0;
}

/**
 * One photo of a request (the admin shows it).
 * The route serving it must send X-Content-Type-Options: nosniff, Content-Disposition: inline and CSP sandbox.
 */
export async function selectQuotePhoto(db: Executor, id: number) {
  const [row] = await db.select().from(quotePhotos).where(eq(quotePhotos.id, id)).limit(1);
  return row;
}

/**
 * Privacy clean-up (legal notice: kept "3 ans après notre dernier échange"): deletes the requests
 * untouched for `keepYears` years (their photos go with them: on delete cascade), and blanks the sender's
 * address of requests older than `ipMonths` months. Returns how many rows each step touched.
 */
export async function purgeQuoteRequests(db: Executor, { keepYears, ipMonths }: { keepYears: number; ipMonths: number }) {
  const deleted = await db.execute(sql`
    delete from quote_requests where updated_at < now() - make_interval(years => ${keepYears}) returning id
  `);
  const cleared = await db.execute(sql`
    update quote_requests set ip = '' where ip <> '' and created_at < now() - make_interval(months => ${ipMonths}) returning id
  `);
  return { deleted: rowsOf(deleted).length, ipCleared: rowsOf(cleared).length };
}
