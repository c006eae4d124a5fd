import { and, count, eq } from 'drizzle-orm';
import {
  LOW_STOCK_THRESHOLD,
  productRepairDeskFields,
  productShopFields,
  type AdminProductDetail,
  type AdminProductListQuery,
  type AdminProductSummary,
  type AdminProductUpdate,
  type ProductRepairDeskField,
} from '@erepare/shared/schemas/admin-shop';
import { isVatRate } from '@erepare/shared/invoice-vat';
import type { Db, Executor } from '../../db/client.js';
import { orderLines, orders, shopProducts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paging } from '../../lib/paging.js';
import { lockProduct } from '../orders/repository.js';
import { normaliseText } from '../shop/catalogue-rules.js';
import type { Catalogue, InventoryEntry } from '../shop/catalogue-types.js';
import { recordAudit, type AuditActor } from './audit.js';
import { detailOf, notFound, productsAdminMessages, summaryOf, upsertShopFields, type ProductRow } from './products-admin.js';

/**
 * Staff products with the RepairDesk backend (issue 22 §1): RepairDesk owns the product (name,
 * SKU, prices, stock…) and the site reads it; `shop_products`, keyed by RepairDesk's item id, holds
 * what only the shop shows (featured, hidden, short description, VAT rate, pictures), set here.
 *
 * The items are the ones the shop's catalogue read for its snapshot (`Catalogue.inventory`: the
 * whole inventory, read every 5 minutes or after a change): the staff list asks RepairDesk nothing
 * more, and shows what the shop shows. The shop fields are read from the database on each request,
 * so another instance's change is seen at once. `stock` is what the shop still sells: RepairDesk's
 * quantity minus our web sales staff have not applied there yet (`reservedQuantity`).
 */

const shopColumns = {
  productId: shopProducts.productId,
  featured: shopProducts.featured,
  hidden: shopProducts.hidden,
  shortDescription: shopProducts.shortDescription,
  vatRate: shopProducts.vatRate,
  images: shopProducts.images,
  updatedAt: shopProducts.updatedAt,
};
type ShopRow = Pick<typeof shopProducts.$inferSelect, keyof typeof shopColumns>;

/** The words the refusal names each field with (« RepairDesk gère le nom et le prix de ce produit »). */
const fieldNames: Record<ProductRepairDeskField, string> = {
  name: 'le nom',
  sku: 'la référence (SKU)',
  kind: 'le type',
  category: 'la catégorie',
  brand: 'la marque',
  condition: 'l’état',
  description: 'la description',
  warranty: 'la garantie',
  priceCents: 'le prix',
  salePriceCents: 'le prix soldé',
  stock: 'le stock',
};

function rowOf({ item, unsynced }: InventoryEntry, shop: ShopRow | undefined): ProductRow {
  return {
    id: item.id,
    name: item.name,
    sku: item.sku,
    itemType: item.itemType,
    category: item.category,
    brand: item.brand,
    condition: item.condition,
    description: item.description,
    warranty: item.warranty,
    priceCents: item.priceCents,
    originalPriceCents: item.originalPriceCents,
    quantity: Math.max(0, item.quantity - unsynced),
    imageUrl: item.imageUrl,
    featured: shop?.featured ?? false,
    hidden: shop?.hidden ?? false,
    shortDescription: shop?.shortDescription ?? '',
    // No shop row yet: sold at 20 %, the column's default (as with our own inventory).
    vatRate: shop && isVatRate(shop.vatRate) ? shop.vatRate : '20',
    images: shop?.images ?? null,
    createdAt: item.createdAt,
    // RepairDesk dates nothing else: the last change made here, else the item's creation.
    updatedAt: shop?.updatedAt ?? item.createdAt,
  };
}

const summary = (row: ProductRow): AdminProductSummary => ({ ...summaryOf(row), source: 'repairdesk' });

const byText = (a: string, b: string) => a.localeCompare(b, 'fr', { sensitivity: 'base' });
const comparators: Record<NonNullable<AdminProductListQuery['sort']>, (a: ProductRow, b: ProductRow) => number> = {
  name: (a, b) => byText(a.name, b.name),
  sku: (a, b) => byText(a.sku, b.sku),
  price: (a, b) => a.priceCents - b.priceCents,
  stock: (a, b) => a.quantity - b.quantity,
  date: (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
};

/** The list query of our own inventory, applied to RepairDesk's items: same search, filters, sorts and pages. */
export async function listRepairDeskProducts(db: Db, catalogue: Catalogue, query: AdminProductListQuery): Promise<{ rows: AdminProductSummary[]; total: number; page: number; pageSize: number }> {
  const { limit, offset, page, pageSize } = paging(query);
  const [entries, shopRows] = await Promise.all([catalogue.inventory(), db.select(shopColumns).from(shopProducts)]);
  const shopById = new Map(shopRows.map((row) => [row.productId, row]));
  const search = normaliseText(query.search ?? '');
  const category = query.category?.trim() ?? '';
  const categoryId = /^\d{1,9}$/.test(category) ? Number(category) : null;
  const categoryKey = normaliseText(category);
  const keep = (entry: InventoryEntry, row: ProductRow) =>
    (!search || normaliseText(row.name).includes(search) || normaliseText(row.sku).includes(search)) &&
    (!query.kind || row.itemType === query.kind) &&
    (!category || (categoryId !== null ? entry.categoryId === categoryId : normaliseText(row.category) === categoryKey)) &&
    (!query.featured || row.featured === (query.featured === 'true')) &&
    (!query.hidden || row.hidden === (query.hidden === 'true')) &&
    (query.stock !== 'out' || row.quantity === 0) &&
    (query.stock !== 'low' || (row.quantity > 0 && row.quantity <= LOW_STOCK_THRESHOLD)) &&
    (query.stock !== 'in' || row.quantity > 0);
  const rows: ProductRow[] = [];
  for (const entry of entries) {
    const row = rowOf(entry, shopById.get(entry.item.id));
    if (keep(entry, row)) rows.push(row);
  }
  const sort = query.sort ?? 'date';
  const sign = (query.order ?? (sort === 'date' ? 'desc' : 'asc')) === 'asc' ? 1 : -1;
  const compare = comparators[sort];
  rows.sort((a, b) => sign * (compare(a, b) || a.id - b.id));
  return { rows: rows.slice(offset, offset + limit).map(summary), total: rows.length, page, pageSize };
}

/** The item as the catalogue last read it; 404 « Produit introuvable » for an id RepairDesk does not know. */
export async function findRepairDeskItem(catalogue: Catalogue, id: number): Promise<InventoryEntry> {
  const entry = (await catalogue.inventory()).find((candidate) => candidate.item.id === id);
  if (!entry) throw notFound();
  return entry;
}

export async function repairDeskProductDetail(db: Executor, entry: InventoryEntry): Promise<AdminProductDetail> {
  const id = entry.item.id;
  const [shop, lines] = await Promise.all([
    db.select(shopColumns).from(shopProducts).where(eq(shopProducts.productId, id)),
    // The orders placed while RepairDesk held the stock: another backend's product could share the id.
    db
      .select({ total: count() })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.productId, id), eq(orders.inventoryBackend, 'repairdesk'))),
  ]);
  return {
    ...detailOf(rowOf(entry, shop[0]), entry.unsynced, Number(lines[0]?.total ?? 0)),
    source: 'repairdesk',
    readOnlyFields: [...productRepairDeskFields],
    repairDeskQuantity: entry.item.quantity,
  };
}

/** 409 naming the fields RepairDesk owns when the body sets any of them (nothing is saved). */
export function assertShopFieldsOnly(body: AdminProductUpdate): void {
  const owned = productRepairDeskFields.filter((field) => body[field] !== undefined);
  if (owned.length > 0) throw new AppError('PRODUCT_OWNED_BY_REPAIRDESK', 409, productsAdminMessages.repairDeskFields(owned.map((field) => fieldNames[field])));
}

/**
 * PATCH of a RepairDesk product: the shop fields only (`expectedStock`, a guard of the stock,
 * has nothing to guard and is ignored). Audited as our own products' changes are: each changed
 * field's old and new value.
 */
export async function updateRepairDeskProduct(db: Db, actor: AuditActor, entry: InventoryEntry, body: AdminProductUpdate): Promise<{ changed: boolean }> {
  assertShopFieldsOnly(body);
  const id = entry.item.id;
  return db.transaction(async (tx) => {
    // The lock an order of this product takes: it reads the hidden flag and the rate wholly before or after this change.
    await lockProduct(tx, id);
    const [shop] = await tx.select(shopColumns).from(shopProducts).where(eq(shopProducts.productId, id));
    const current = rowOf(entry, shop);
    const before: Record<string, unknown> = {};
    const after: Parameters<typeof upsertShopFields>[2] = {};
    for (const key of productShopFields) {
      const next = body[key];
      if (next === undefined || next === current[key]) continue;
      before[key] = current[key];
      Object.assign(after, { [key]: next });
    }
    if (Object.keys(after).length === 0) return { changed: false };
    // Orders already placed keep the rate their lines copied: only the next ones take the new one.
    await upsertShopFields(tx, id, after);
    await recordAudit(tx, actor, { action: 'product.update', entity: 'product', entityId: id, before, after });
    return { changed: true };
  });
}
