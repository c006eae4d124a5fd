import { eq, sql } from 'drizzle-orm';
import { messages } from '@erepare/shared/messages';
import { FALLBACK_CATEGORIES } from '@erepare/shared/shop';
import type { Product, ProductCategory, ProductListQuery } from '@erepare/shared/schemas/shop';
import type { InventoryItemRecord, RepairBackend } from '../../adapters/repair/types.js';
import type { Db } from '../../db/client.js';
import { orderLines, orders, shopProducts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Catalogue, CatalogueProduct, InventoryEntry } from './catalogue-types.js';
import { isSellable, normaliseText, searchScore, typoOf, typoTokens, type TypoLookup } from './catalogue-rules.js';
import { categoryIdOf, slugify, toCatalogueProduct, type CategoryRef, type ShopProductRow } from './product-view.js';

/** Spec 2 §7: inventory cache 5 minutes. */
export const CATALOGUE_TTL_MS = 5 * 60_000;
/** Spec 2 §7: progressive paging, 1,000 items per page, up to 10 pages. */
export const INVENTORY_PAGE_SIZE = 1000;
export const INVENTORY_MAX_PAGES = 10;
/** After a failed rebuild, a stale snapshot is served this long before the backend is asked again. */
const RETRY_AFTER_FAILURE_MS = 30_000;

type Entry = {
  product: CatalogueProduct;
  /** Listed in the shop: in stock for web sales. */
  listed: boolean;
  /** Normalised name, SKU (also without separators) and brand: what a search matches. */
  text: string;
  /** Normalised name alone: a search ranks the products whose name holds the typed words. */
  name: string;
  /** How many words the name has (a shorter name ranks first among equals). */
  nameWords: number;
  category: (CategoryRef & { key: string }) | null;
  accessory: boolean;
  featured: boolean;
  onSale: boolean;
  createdMs: number;
  sold: number;
};

type Snapshot = {
  byId: Map<number, Entry>;
  /** Every item read, sold or not (Catalogue.inventory). */
  inventory: InventoryEntry[];
  /** Listed entries, by id. */
  listed: Entry[];
  categories: ProductCategory[];
  /** Listed entries per sort ("price:asc"), computed on first use. */
  sorted: Map<string, Entry[]>;
  /**
   * The entries a search found, in their order, per search and filters (the snapshot never
   * changes: a customer paging through results, or the same popular search, costs one scan).
   * Bounded: the oldest search goes first.
   */
  searches: Map<string, Entry[]>;
  /** The distinct words of the listed products: where a typo is looked up (built with the snapshot, off the request path). */
  vocabulary: ReadonlySet<string>;
  /** When to rebuild (milliseconds since the epoch). */
  refreshAt: number;
};

export type CatalogueOptions = {
  ttlMs?: number;
  now?: () => number;
  /** Called when a rebuild ends, loaded or failed (tests wait for it instead of sleeping). */
  onRebuilt?: () => void;
};

type SalesRow = { productId: number; sold: number; unsynced: number };

/** Reads the whole inventory, 1,000 items per call, at most 10 calls (spec 2 §7). */
async function loadInventory(backend: RepairBackend): Promise<InventoryItemRecord[]> {
  const items: InventoryItemRecord[] = [];
  for (let page = 0; page < INVENTORY_MAX_PAGES; page += 1) {
    const { items: batch, total } = await backend.listInventory({ offset: page * INVENTORY_PAGE_SIZE, limit: INVENTORY_PAGE_SIZE });
    items.push(...batch);
    if (batch.length < INVENTORY_PAGE_SIZE || items.length >= total) break;
  }
  return items;
}

/**
 * Web sales per product, in one grouped query: sold (paid or awaiting a transfer, for the
 * "popularity" sort) and, with RepairDesk, the quantity our orders hold that RepairDesk does not
 * know about yet (not cancelled, not released, not applied by staff).
 */
async function loadSales(db: Db): Promise<SalesRow[]> {
  return db
    .select({
      productId: orderLines.productId,
      sold: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${orders.status} in ('processing', 'on-hold', 'completed')), 0)::int`,
      unsynced: sql<number>`coalesce(sum(${orderLines.quantity}) filter (where ${orders.inventoryBackend} = 'repairdesk'
        and ${orders.status} not in ('cancelled', 'failed', 'refunded')
        and ${orders.stockReleasedAt} is null and ${orders.stockSyncedAt} is null), 0)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .groupBy(orderLines.productId);
}

function fallbackCategories(): ProductCategory[] {
  return FALLBACK_CATEGORIES.map((name, index) => ({
    id: index + 1,
    name,
    slug: slugify(name),
    parent: 0,
    description: '',
    display: 'default',
    image: null,
    menu_order: index,
    count: 0,
  }));
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' });
}

async function buildSnapshot(db: Db, backend: RepairBackend, refreshAt: number): Promise<Snapshot> {
  const [items, named, shopRows, sales] = await Promise.all([
    loadInventory(backend),
    // Only for the categories' ids: the catalogue does without them.
    backend.listInventoryCategories().catch(() => []),
    db.select().from(shopProducts),
    loadSales(db),
  ]);
  const shopById = new Map<number, ShopProductRow>(shopRows.map((row) => [row.productId, row]));
  const salesById = new Map(sales.map((row) => [row.productId, row]));
  const namedIds = new Map(named.map((entry) => [normaliseText(entry.name), entry.id]));
  const categoryRefs = new Map<string, CategoryRef & { key: string }>();
  const categoryOf = (name: string) => {
    const key = normaliseText(name);
    if (!key) return null;
    let ref = categoryRefs.get(key);
    if (!ref) {
      ref = { id: namedIds.get(key) ?? categoryIdOf(name), name: name.trim(), slug: slugify(name), key };
      categoryRefs.set(key, ref);
    }
    return ref;
  };
  const subtractWebSales = backend.kind === 'repairdesk';

  const byId = new Map<number, Entry>();
  const listed: Entry[] = [];
  const counts = new Map<string, number>();
  const inventory: InventoryEntry[] = [];
  const seen = new Set<number>();
  for (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    const sale = salesById.get(item.id);
    const unsynced = subtractWebSales ? (sale?.unsynced ?? 0) : 0;
    const category = categoryOf(item.category);
    inventory.push({ item, categoryId: category?.id ?? null, unsynced });
    const shop = shopById.get(item.id);
    if (shop?.hidden || !isSellable(item)) continue;
    const available = Math.max(0, item.quantity - unsynced);
    const product = toCatalogueProduct({ item, shop, category, available });
    const entry: Entry = {
      product,
      listed: available > 0,
      text: ` ${normaliseText(`${item.name} ${item.sku} ${item.sku.replace(/[^A-Za-z0-9]/g, '')} ${item.brand}`)} `,
      name: normaliseText(item.name),
      nameWords: normaliseText(item.name).split(' ').length,
      category,
      accessory: product.view.product_type === 'accessory',
      featured: product.view.featured,
      onSale: product.view.on_sale,
      createdMs: item.createdAt.getTime(),
      sold: sale?.sold ?? 0,
    };
    byId.set(item.id, entry);
    if (entry.listed) {
      listed.push(entry);
      if (category) counts.set(category.key, (counts.get(category.key) ?? 0) + 1);
    }
  }
  listed.sort((a, b) => a.product.id - b.product.id);
  const categories = [...counts.entries()]
    .map(([key, count]) => {
      const ref = categoryRefs.get(key);
      return ref ? { ref, count } : null;
    })
    .filter((entry) => entry !== null)
    .sort((a, b) => byName(a.ref, b.ref))
    .map(({ ref, count }, index): ProductCategory => ({
      id: ref.id,
      name: ref.name,
      slug: ref.slug,
      parent: 0,
      description: '',
      display: 'default',
      image: null,
      menu_order: index,
      count,
    }));
  const vocabulary = new Set(listed.flatMap((entry) => entry.text.trim().split(' ')));
  return { byId, inventory, listed, categories, sorted: new Map(), searches: new Map(), vocabulary, refreshAt };
}

type SortKey = `${ProductListQuery['orderby']}:${'asc' | 'desc'}`;

/** Title and price read naturally upwards; dates, ids and popularity downwards (newest, best-selling first). */
function defaultOrder(orderby: ProductListQuery['orderby']): 'asc' | 'desc' {
  return orderby === 'title' || orderby === 'price' ? 'asc' : 'desc';
}

function comparator(orderby: ProductListQuery['orderby']): (a: Entry, b: Entry) => number {
  switch (orderby) {
    case 'id':
      return (a, b) => a.product.id - b.product.id;
    case 'title':
      return (a, b) => byName(a.product, b.product) || a.product.id - b.product.id;
    case 'price':
      return (a, b) => a.product.priceCents - b.product.priceCents || a.product.id - b.product.id;
    case 'popularity':
      return (a, b) => a.sold - b.sold || a.createdMs - b.createdMs || a.product.id - b.product.id;
    case 'date':
      return (a, b) => a.createdMs - b.createdMs || a.product.id - b.product.id;
  }
}

/** Searches kept per snapshot (see Snapshot.searches). */
const SEARCH_CACHE_SIZE = 200;

/**
 * The entries a search finds, in the order to show: the words as typed first; only when nothing
 * matches, the same words with a typo forgiven. In the default order (« Nouveautés ») the best
 * matches come first, newest first among equals (a stable sort); a price or name order chosen by
 * the customer is kept.
 */
function search(snapshot: Snapshot, entries: readonly Entry[], words: readonly string[], byRelevance: boolean): Entry[] {
  let matching = scored(entries, words, null);
  // Typos are looked for only when nothing matched and a word is long enough to carry one.
  if (matching.length === 0 && words.some((word) => typoOf(word) !== null)) {
    const close = new Map(words.map((word) => [word, typoTokens(word, snapshot.vocabulary)]));
    matching = scored(entries, words, (word) => close.get(word) ?? new Set());
  }
  if (byRelevance) matching.sort((a, b) => b.score - a.score);
  return matching.map(({ entry }) => entry);
}

/** The entries a search matches, with their relevance (searchScore). */
function scored(entries: readonly Entry[], words: readonly string[], typos: TypoLookup | null): { entry: Entry; score: number }[] {
  const found: { entry: Entry; score: number }[] = [];
  for (const entry of entries) {
    const score = searchScore(entry.text, entry.name, words, { typos, nameWords: entry.nameWords });
    if (score !== null) found.push({ entry, score });
  }
  return found;
}

function sortedEntries(snapshot: Snapshot, orderby: ProductListQuery['orderby'], order: 'asc' | 'desc'): Entry[] {
  const key: SortKey = `${orderby}:${order}`;
  let entries = snapshot.sorted.get(key);
  if (!entries) {
    const compare = comparator(orderby);
    entries = order === 'asc' ? [...snapshot.listed].sort(compare) : [...snapshot.listed].sort((a, b) => compare(b, a));
    snapshot.sorted.set(key, entries);
  }
  return entries;
}

const ACCESSORY_WORDS = new Set(['accessoire', 'accessoires', 'accessory', 'accessories']);

/**
 * The category filter (spec 2 §5: a loose contains match): an id, or a name or slug contained in
 * the product's category name, accents and case ignored. "Accessoires" (one of the spec's
 * fallback categories) also means every accessory.
 */
function categoryFilter(value: string): ((entry: Entry) => boolean) | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (/^\d{1,10}$/.test(trimmed)) {
    const id = Number(trimmed);
    return (entry) => entry.category?.id === id;
  }
  const key = normaliseText(trimmed);
  if (!key) return null;
  const accessories = ACCESSORY_WORDS.has(key);
  return (entry) => (entry.category !== null && entry.category.key.includes(key)) || (accessories && entry.accessory);
}

function toUnavailable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError('CATALOGUE_UNAVAILABLE', 503, messages.http.unavailable, {}, error);
}

/**
 * The shop catalogue of this instance: a snapshot of the sellable inventory (spec 2 §5) with the
 * shop fields, rebuilt every 5 minutes (spec 2 §7) or after `invalidate()`. Searching, filtering,
 * sorting and paging run on the snapshot, with search text normalised once per product, so a
 * search over 5,000 items costs a few milliseconds.
 *
 * - Concurrent rebuilds share one load; a rebuild started before an `invalidate()` is not kept.
 * - An expired snapshot is still served while its replacement loads (the next requests get the
 *   new one); an invalidated one is not, except when the backend fails: then the last snapshot
 *   is served rather than an error, and the backend is asked again 30 s later.
 * - `app.repair.inventory.invalidate()` calls the backend's `invalidate()`, which this catalogue
 *   chains onto: a staff edit of the inventory drops both caches.
 */
export function createCatalogue(db: Db, backend: RepairBackend, options: CatalogueOptions = {}): Catalogue {
  const ttlMs = options.ttlMs ?? CATALOGUE_TTL_MS;
  const now = options.now ?? Date.now;
  let snapshot: Snapshot | null = null;
  /** The last snapshot, kept through invalidations to be served when the backend fails. */
  let lastGood: Snapshot | null = null;
  let building: Promise<Snapshot> | null = null;
  let generation = 0;

  const rebuild = (): Promise<Snapshot> => {
    if (building) return building;
    const startedIn = generation;
    const current: Promise<Snapshot> = buildSnapshot(db, backend, now() + ttlMs)
      .then((built) => {
        if (startedIn === generation) {
          snapshot = built;
          lastGood = built;
        }
        return built;
      })
      .finally(() => {
        if (building === current) building = null;
        options.onRebuilt?.();
      });
    building = current;
    return current;
  };

  const current = async (): Promise<Snapshot> => {
    const cached = snapshot;
    if (cached) {
      if (now() >= cached.refreshAt && !building) {
        rebuild().catch(() => {
          // Keep serving this one; try again a little later.
          cached.refreshAt = now() + RETRY_AFTER_FAILURE_MS;
        });
      }
      return cached;
    }
    try {
      return await rebuild();
    } catch (error) {
      const stale = lastGood;
      if (!stale) throw toUnavailable(error);
      stale.refreshAt = now() + RETRY_AFTER_FAILURE_MS;
      snapshot = stale;
      return stale;
    }
  };

  const invalidate = () => {
    generation += 1;
    building = null;
    snapshot = null;
  };

  // Chained onto the backend's own invalidation, which the repair module's inventory cache calls.
  const backendInvalidate = backend.invalidate;
  backend.invalidate = () => {
    backendInvalidate?.call(backend);
    invalidate();
  };

  return {
    async list(query) {
      const found = await current();
      const order = query.order ?? defaultOrder(query.orderby);
      const entries = sortedEntries(found, query.orderby, order);
      const words = query.search ? normaliseText(query.search).split(' ').filter(Boolean) : [];
      const inCategory = query.category ? categoryFilter(query.category) : null;
      const featured = query.featured === undefined ? null : query.featured === 'true';
      const onSale = query.on_sale === undefined ? null : query.on_sale === 'true';
      const start = (query.page - 1) * query.per_page;
      const end = start + query.per_page;
      const keep = (entry: Entry) =>
        (featured === null || entry.featured === featured) && (onSale === null || entry.onSale === onSale) && (!inCategory || inCategory(entry));
      if (words.length === 0) {
        const items: Product[] = [];
        let total = 0;
        for (const entry of entries) {
          if (!keep(entry)) continue;
          if (total >= start && total < end) items.push(entry.product.view);
          total += 1;
        }
        return { items, total };
      }
      const key = `${query.orderby}:${order}|${query.category ?? ''}|${query.featured ?? ''}|${query.on_sale ?? ''}|${words.join(' ')}`;
      let results = found.searches.get(key);
      if (!results) {
        results = search(found, entries.filter(keep), words, query.orderby === 'date');
        if (found.searches.size >= SEARCH_CACHE_SIZE) found.searches.delete(found.searches.keys().next().value ?? '');
        found.searches.set(key, results);
      }
      return { items: results.slice(start, end).map((entry) => entry.product.view), total: results.length };
    },

    async get(id) {
      return (await current()).byId.get(id)?.product ?? null;
    },

    async listed() {
      return (await current()).listed.map((entry) => entry.product);
    },

    async categories() {
      let found: Snapshot;
      try {
        found = await current();
      } catch {
        // Spec 2 §8: categories fall back to the four built-in ones.
        return { items: fallbackCategories(), fallback: true };
      }
      return found.categories.length > 0 ? { items: found.categories, fallback: false } : { items: fallbackCategories(), fallback: true };
    },

    async inventory() {
      return (await current()).inventory;
    },

    invalidate,
  };
}
