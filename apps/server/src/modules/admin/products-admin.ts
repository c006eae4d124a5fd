import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  LOW_STOCK_THRESHOLD,
  type AdminProductCreate,
  type AdminProductDetail,
  type AdminProductListQuery,
  type AdminProductSummary,
  type AdminProductUpdate,
} from '@erepare/shared/schemas/admin-shop';
import type { VatRate } from '@erepare/shared/invoice-vat';
import type { Db, Executor, Tx } from '../../db/client.js';
import { brands, categories, inventoryItems, orderLines, orders, shopProductImages, shopProducts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paging } from '../../lib/paging.js';
import { recordAudit, type AuditActor } from './audit.js';

/**
 * Staff products and stock (issue 9), local backend only: with RepairDesk the inventory lives
 * there and the site reads it (products-admin-repairdesk.ts lists it and sets its shop fields).
 * The inventory row (`inventory_items`) holds what the repair desk knows (name, SKU, prices,
 * stock…); `shop_products` what only the shop shows (featured, hidden, short description, VAT
 * rate, pictures). Every change and its audit record share one transaction; the
 * caller then drops the catalogue and inventory caches so the shop shows it at once.
 *
 * Stock: an order takes its units from `quantity` when it is placed (the reservation) and gives
 * them back once if it is cancelled. So `quantity` is what is still for sale; staff set that
 * figure (under the row's lock, as orders do), and a later cancellation adds its units on top of
 * it: a reservation is never lost or counted twice. `expectedStock` lets the form refuse to save
 * over a figure an order changed while it was open.
 */

export const productsAdminMessages = {
  repairDesk: 'Le stock est géré dans RepairDesk\u00a0: modifiez les produits dans RepairDesk, le site les reprend sous 5 minutes.',
  /** `fields`: what RepairDesk owns, as the sentence names it (« le nom », « le prix »…). */
  repairDeskFields: (fields: readonly string[]) =>
    `RepairDesk gère ${frenchList(fields)} de ce produit\u00a0: faites ce changement dans RepairDesk, le site le reprend sous 5 minutes. Ici se modifient seulement la mise en avant, le masquage, la description courte, la TVA et les images.`,
  notFound: 'Produit introuvable',
  skuTaken: (sku: string) => `La référence (SKU) «\u00a0${sku}\u00a0» est déjà utilisée par un autre produit.`,
  salePrice: 'Le prix soldé doit être inférieur au prix',
  stockChanged: (now: number) => `Le stock a changé entre-temps (${now} disponible${now > 1 ? 's' : ''}, une commande a pu passer)\u00a0: vérifiez-le avant d’enregistrer.`,
  inOrders: (lines: number) =>
    `Ce produit figure dans ${lines} ligne${lines > 1 ? 's' : ''} de commande\u00a0: il ne peut pas être supprimé (l’historique des commandes le cite). Masquez-le pour le retirer de la boutique.`,
  created: (name: string) => `Produit «\u00a0${name}\u00a0» créé.`,
  updated: 'Produit enregistré.',
  unchanged: 'Aucune modification\u00a0: le produit était déjà ainsi.',
  deleted: (name: string) => `Produit «\u00a0${name}\u00a0» supprimé.`,
} as const;

/** « a », « a et b », « a, b et c ». */
function frenchList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items.at(-1) ?? ''}`;
}

export type ProductBackendKind = 'local' | 'repairdesk';

export function assertLocalInventory(kind: ProductBackendKind): void {
  if (kind !== 'local') throw new AppError('INVENTORY_READ_ONLY', 409, productsAdminMessages.repairDesk);
}

export const notFound = () => new AppError('PRODUCT_NOT_FOUND', 404, productsAdminMessages.notFound);

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The public addresses of an uploaded picture (served by products-admin-images.ts). */
export function imageUrls(imageId: number): { src: string; thumb: string } {
  return { src: `/api/shop/images/${imageId}`, thumb: `/api/shop/images/${imageId}?size=thumb` };
}

/** The uploaded picture's id behind an address of ours, or null (a picture from elsewhere). */
export function uploadedImageId(src: string): number | null {
  const match = /^\/api\/shop\/images\/(\d{1,10})$/.exec(src);
  return match ? Number(match[1]) : null;
}

// ───────────────────────── reading ─────────────────────────

const columns = {
  id: inventoryItems.id,
  name: inventoryItems.name,
  sku: inventoryItems.sku,
  itemType: inventoryItems.itemType,
  category: sql<string>`coalesce(${categories.name}, '')`,
  brand: sql<string>`coalesce(${brands.name}, '')`,
  condition: inventoryItems.condition,
  description: inventoryItems.description,
  warranty: inventoryItems.warranty,
  priceCents: inventoryItems.priceCents,
  originalPriceCents: inventoryItems.originalPriceCents,
  quantity: inventoryItems.quantity,
  imageUrl: inventoryItems.imageUrl,
  featured: sql<boolean>`coalesce(${shopProducts.featured}, false)`,
  hidden: sql<boolean>`coalesce(${shopProducts.hidden}, false)`,
  shortDescription: sql<string>`coalesce(${shopProducts.shortDescription}, '')`,
  // No shop row yet: sold at 20 %, the column's default.
  vatRate: sql<VatRate>`coalesce(${shopProducts.vatRate}, '20')`,
  images: shopProducts.images,
  createdAt: inventoryItems.createdAt,
  updatedAt: inventoryItems.updatedAt,
};

export type ProductRow = {
  id: number;
  name: string;
  sku: string;
  itemType: 'device' | 'accessory' | 'part';
  category: string;
  brand: string;
  condition: string;
  description: string;
  warranty: string;
  priceCents: number;
  originalPriceCents: number | null;
  quantity: number;
  imageUrl: string;
  featured: boolean;
  hidden: boolean;
  shortDescription: string;
  vatRate: VatRate;
  images: { src: string; alt: string }[] | null;
  createdAt: Date;
  updatedAt: Date;
};

function selectProducts(db: Executor) {
  return db
    .select(columns)
    .from(inventoryItems)
    .leftJoin(categories, eq(categories.id, inventoryItems.categoryId))
    .leftJoin(brands, eq(brands.id, inventoryItems.brandId))
    .leftJoin(shopProducts, eq(shopProducts.productId, inventoryItems.id));
}

/** Regular price and sale price as staff think of them (the row stores the price paid and the one before the sale). */
function pricesOf(row: Pick<ProductRow, 'priceCents' | 'originalPriceCents'>): { priceCents: number; salePriceCents: number | null } {
  const onSale = row.originalPriceCents !== null && row.originalPriceCents > row.priceCents;
  return onSale && row.originalPriceCents !== null ? { priceCents: row.originalPriceCents, salePriceCents: row.priceCents } : { priceCents: row.priceCents, salePriceCents: null };
}

/** The pictures the shop shows: the uploaded ones, else the inventory's own image address. */
function effectiveImages(row: Pick<ProductRow, 'images' | 'imageUrl'>): { src: string; alt: string }[] {
  if (row.images && row.images.length > 0) return row.images;
  return row.imageUrl ? [{ src: row.imageUrl, alt: '' }] : [];
}

export function summaryOf(row: ProductRow): AdminProductSummary {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    kind: row.itemType,
    category: row.category,
    brand: row.brand,
    condition: row.condition,
    ...pricesOf(row),
    stock: row.quantity,
    featured: row.featured,
    hidden: row.hidden,
    imageUrl: effectiveImages(row)[0]?.src ?? '',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAdminProducts(db: Db, kind: ProductBackendKind, query: AdminProductListQuery): Promise<{ rows: AdminProductSummary[]; total: number; page: number; pageSize: number }> {
  assertLocalInventory(kind);
  const { limit, offset, page, pageSize } = paging(query);
  const filters: SQL[] = [];
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    filters.push(or(ilike(inventoryItems.name, pattern), ilike(inventoryItems.sku, pattern)) as SQL);
  }
  if (query.kind) filters.push(eq(inventoryItems.itemType, query.kind));
  const category = query.category?.trim();
  if (category) filters.push(/^\d{1,9}$/.test(category) ? eq(inventoryItems.categoryId, Number(category)) : sql`lower(${categories.name}) = lower(${category})`);
  if (query.featured) filters.push(sql`coalesce(${shopProducts.featured}, false) = ${query.featured === 'true'}`);
  if (query.hidden) filters.push(sql`coalesce(${shopProducts.hidden}, false) = ${query.hidden === 'true'}`);
  if (query.stock === 'out') filters.push(eq(inventoryItems.quantity, 0));
  if (query.stock === 'low') filters.push(and(gt(inventoryItems.quantity, 0), lte(inventoryItems.quantity, LOW_STOCK_THRESHOLD)) as SQL);
  if (query.stock === 'in') filters.push(gt(inventoryItems.quantity, 0));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const sort = query.sort ?? 'date';
  const direction = (query.order ?? (sort === 'date' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  const key = { name: sql`lower(${inventoryItems.name})`, sku: sql`lower(${inventoryItems.sku})`, price: inventoryItems.priceCents, stock: inventoryItems.quantity, date: inventoryItems.createdAt }[sort];
  const [rows, totals] = await Promise.all([
    selectProducts(db).where(where).orderBy(direction(key), direction(inventoryItems.id)).limit(limit).offset(offset),
    db
      .select({ total: count() })
      .from(inventoryItems)
      .leftJoin(categories, eq(categories.id, inventoryItems.categoryId))
      .leftJoin(shopProducts, eq(shopProducts.productId, inventoryItems.id))
      .where(where),
  ]);
  return { rows: rows.map(summaryOf), total: Number(totals[0]?.total ?? 0), page, pageSize };
}

/** Units held by local orders still waiting (payment, transfer, collection) and not released. */
async function reservedQuantity(db: Executor, productId: number): Promise<number> {
  const rows = await db
    .select({ total: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.productId, productId),
        eq(orders.inventoryBackend, 'local'),
        isNull(orders.stockReleasedAt),
        or(inArray(orders.status, ['pending', 'on-hold']), and(eq(orders.status, 'processing'), eq(orders.paymentMethod, 'cod'), isNull(orders.paidAt))),
      ),
    );
  return Number(rows[0]?.total ?? 0);
}

async function orderLineCount(db: Executor, productId: number): Promise<number> {
  const rows = await db.select({ total: count() }).from(orderLines).where(eq(orderLines.productId, productId));
  return Number(rows[0]?.total ?? 0);
}

export async function getAdminProduct(db: Executor, kind: ProductBackendKind, id: number): Promise<AdminProductDetail> {
  assertLocalInventory(kind);
  const [row] = await selectProducts(db).where(eq(inventoryItems.id, id)).limit(1);
  if (!row) throw notFound();
  const [reserved, lines] = await Promise.all([reservedQuantity(db, id), orderLineCount(db, id)]);
  return detailOf(row, reserved, lines);
}

export function detailOf(row: ProductRow, reserved: number, lines: number): AdminProductDetail {
  return {
    ...summaryOf(row),
    description: row.description,
    shortDescription: row.shortDescription,
    warranty: row.warranty,
    images: effectiveImages(row).map((image, index) => {
      const uploaded = uploadedImageId(image.src);
      return { index, src: image.src, thumb: uploaded === null ? image.src : imageUrls(uploaded).thumb, alt: image.alt };
    }),
    reservedQuantity: reserved,
    orderLineCount: lines,
    vatRate: row.vatRate,
  };
}

// ───────────────────────── changes ─────────────────────────

/** The id of a category (or brand) by name, created when new; null for ''. Case-insensitive match. */
async function namedId(tx: Tx, table: typeof categories | typeof brands, name: string | undefined): Promise<number | null | undefined> {
  if (name === undefined) return undefined;
  const trimmed = name.trim();
  if (!trimmed) return null;
  const [found] = await tx.select({ id: table.id }).from(table).where(sql`lower(${table.name}) = lower(${trimmed})`).limit(1);
  if (found) return found.id;
  const [created] = await tx.insert(table).values({ name: trimmed }).onConflictDoNothing().returning({ id: table.id });
  if (created) return created.id;
  const [again] = await tx.select({ id: table.id }).from(table).where(eq(table.name, trimmed)).limit(1);
  return again?.id ?? null;
}

async function assertSkuFree(tx: Tx, sku: string, exceptId: number | null): Promise<void> {
  const [taken] = await tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(sql`lower(${inventoryItems.sku}) = lower(${sku})`)
    .limit(2);
  if (taken && taken.id !== exceptId) throw new AppError('SKU_TAKEN', 409, productsAdminMessages.skuTaken(sku));
}

/** The unique index still guards a race between two staff saving the same SKU: answered as the same 409. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export async function upsertShopFields(
  tx: Tx,
  productId: number,
  fields: Partial<{ featured: boolean; hidden: boolean; shortDescription: string; vatRate: VatRate; images: { src: string; alt: string }[] }>,
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await tx
    .insert(shopProducts)
    .values({ productId, ...fields })
    .onConflictDoUpdate({ target: shopProducts.productId, set: { ...fields, updatedAt: new Date() } });
}

export async function createAdminProduct(db: Db, kind: ProductBackendKind, actor: AuditActor, body: AdminProductCreate): Promise<number> {
  assertLocalInventory(kind);
  try {
    return await db.transaction(async (tx) => {
      await assertSkuFree(tx, body.sku, null);
      const categoryId = (await namedId(tx, categories, body.category)) ?? null;
      const brandId = (await namedId(tx, brands, body.brand)) ?? null;
      const sale = body.salePriceCents ?? null;
      const [created] = await tx
        .insert(inventoryItems)
        .values({
          name: body.name,
          sku: body.sku,
          description: body.description ?? '',
          categoryId,
          brandId,
          itemType: body.kind,
          condition: body.condition ?? '',
          priceCents: sale ?? body.priceCents,
          originalPriceCents: sale === null ? null : body.priceCents,
          quantity: body.stock ?? 0,
          warranty: body.warranty ?? '',
        })
        .returning({ id: inventoryItems.id });
      if (!created) throw new Error('product not inserted');
      await upsertShopFields(tx, created.id, {
        featured: body.featured ?? false,
        hidden: body.hidden ?? false,
        shortDescription: body.shortDescription ?? '',
        vatRate: body.vatRate ?? '20',
      });
      await recordAudit(tx, actor, { action: 'product.create', entity: 'product', entityId: created.id, before: null, after: body });
      return created.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('SKU_TAKEN', 409, productsAdminMessages.skuTaken(body.sku));
    throw error;
  }
}

type Editable = Omit<AdminProductUpdate, 'expectedStock'>;

/** PATCH: only the fields sent change; the audit keeps each changed field's old and new value. */
export async function updateAdminProduct(db: Db, kind: ProductBackendKind, actor: AuditActor, id: number, body: AdminProductUpdate): Promise<{ changed: boolean }> {
  assertLocalInventory(kind);
  try {
    return await db.transaction(async (tx) => {
      // The inventory row is locked as orders lock it: a stock figure never crosses an order.
      await tx.select({ id: inventoryItems.id }).from(inventoryItems).where(eq(inventoryItems.id, id)).for('update');
      const [current] = await selectProducts(tx).where(eq(inventoryItems.id, id)).limit(1);
      if (!current) throw notFound();
      if (body.expectedStock !== undefined && body.stock !== undefined && current.quantity !== body.expectedStock) {
        throw new AppError('STOCK_CHANGED', 409, productsAdminMessages.stockChanged(current.quantity));
      }
      const prices = pricesOf(current);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const note = <K extends keyof Editable>(key: K, old: unknown, next: Editable[K]) => {
        if (next === undefined || old === next) return false;
        before[key] = old;
        after[key] = next;
        return true;
      };
      const price = body.priceCents ?? prices.priceCents;
      const sale = body.salePriceCents === undefined ? prices.salePriceCents : body.salePriceCents;
      if (sale !== null && sale >= price) throw new AppError('SALE_PRICE', 400, productsAdminMessages.salePrice);
      if (body.sku !== undefined && body.sku !== current.sku) await assertSkuFree(tx, body.sku, id);

      const item: Partial<typeof inventoryItems.$inferInsert> = {};
      if (note('name', current.name, body.name)) item.name = body.name;
      if (note('sku', current.sku, body.sku)) item.sku = body.sku;
      if (note('description', current.description, body.description)) item.description = body.description;
      if (note('kind', current.itemType, body.kind)) item.itemType = body.kind;
      if (note('condition', current.condition, body.condition)) item.condition = body.condition;
      if (note('warranty', current.warranty, body.warranty)) item.warranty = body.warranty;
      if (note('stock', current.quantity, body.stock)) item.quantity = body.stock;
      if (body.category !== undefined && body.category.trim().toLowerCase() !== current.category.toLowerCase()) {
        before.category = current.category;
        after.category = body.category.trim();
        item.categoryId = (await namedId(tx, categories, body.category)) ?? null;
      }
      if (body.brand !== undefined && body.brand.trim().toLowerCase() !== current.brand.toLowerCase()) {
        before.brand = current.brand;
        after.brand = body.brand.trim();
        item.brandId = (await namedId(tx, brands, body.brand)) ?? null;
      }
      const priceChanged = note('priceCents', prices.priceCents, body.priceCents === undefined ? undefined : price);
      const saleChanged = note('salePriceCents', prices.salePriceCents, body.salePriceCents === undefined ? undefined : sale);
      if (priceChanged || saleChanged) {
        item.priceCents = sale ?? price;
        item.originalPriceCents = sale === null ? null : price;
      }
      const shop: Parameters<typeof upsertShopFields>[2] = {};
      if (note('featured', current.featured, body.featured)) shop.featured = body.featured;
      if (note('hidden', current.hidden, body.hidden)) shop.hidden = body.hidden;
      if (note('shortDescription', current.shortDescription, body.shortDescription)) shop.shortDescription = body.shortDescription;
      // Orders already placed keep the rate their lines copied: only the next ones take the new one.
      if (note('vatRate', current.vatRate, body.vatRate)) shop.vatRate = body.vatRate;

      if (Object.keys(after).length === 0) return { changed: false };
      if (Object.keys(item).length > 0) await tx.update(inventoryItems).set({ ...item, updatedAt: new Date() }).where(eq(inventoryItems.id, id));
      else await tx.update(inventoryItems).set({ updatedAt: new Date() }).where(eq(inventoryItems.id, id));
      await upsertShopFields(tx, id, shop);
      await recordAudit(tx, actor, { action: 'product.update', entity: 'product', entityId: id, before, after });
      return { changed: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('SKU_TAKEN', 409, productsAdminMessages.skuTaken(body.sku ?? ''));
    throw error;
  }
}

/**
 * DELETE: a product named by any order line is refused (409): the orders' history cites it, and
 * the message tells staff to hide it instead (PATCH hidden: true archives it). Otherwise the row,
 * its shop fields and its pictures go.
 */
export async function deleteAdminProduct(db: Db, kind: ProductBackendKind, actor: AuditActor, id: number): Promise<string> {
  assertLocalInventory(kind);
  return db.transaction(async (tx) => {
    const [item] = await tx.select().from(inventoryItems).where(eq(inventoryItems.id, id)).for('update');
    if (!item) throw notFound();
    const lines = await orderLineCount(tx, id);
    if (lines > 0) throw new AppError('PRODUCT_IN_ORDERS', 409, productsAdminMessages.inOrders(lines));
    await tx.delete(shopProductImages).where(eq(shopProductImages.productId, id));
    await tx.delete(shopProducts).where(eq(shopProducts.productId, id));
    await tx.delete(inventoryItems).where(eq(inventoryItems.id, id));
    await recordAudit(tx, actor, { action: 'product.delete', entity: 'product', entityId: id, before: { name: item.name, sku: item.sku, stock: item.quantity }, after: null });
    return productsAdminMessages.deleted(item.name);
  });
}

export { effectiveImages };
