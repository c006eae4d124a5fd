import { centsToDecimal, SHORT_DESCRIPTION_LENGTH, WARRANTY_MONTHS } from '@erepare/shared/shop';
import type { Product } from '@erepare/shared/schemas/shop';
import type { InventoryItemRecord } from '../../adapters/repair/types.js';
import type { shopProducts } from '../../db/schema.js';
import type { CatalogueProduct } from './catalogue-types.js';
import { normaliseText } from './catalogue-rules.js';
import { productIllustrationPath } from './product-illustration.js';

export type ShopProductRow = typeof shopProducts.$inferSelect;

export type CategoryRef = { id: number; name: string; slug: string };

/** "Coque silicone iPhone 13 – Noir" → "coque-silicone-iphone-13-noir" (at most 80 characters). */
export function slugify(value: string): string {
  return normaliseText(value).slice(0, 80).trim().replace(/ /g, '-');
}

/** The default product slug: the name and the id, so two products never share one. */
export function productSlug(name: string, id: number): string {
  const base = slugify(name);
  return base ? `${base}-${id}` : String(id);
}

/**
 * The spec's short description (150 characters): the start of the description cut on a word,
 * with "…" when something was cut. The ellipsis counts in the 150.
 */
export function defaultShortDescription(description: string, max = SHORT_DESCRIPTION_LENGTH): string {
  // White space collapsed, but a no-break space stays one (« État\u00a0: », « 10\u202f000\u00a0mAh »).
  const text = description.replace(/\s+/g, (run) => (run.includes('\u00a0') ? '\u00a0' : run.includes('\u202f') ? '\u202f' : ' ')).trim();
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  // Cut on a word, unless the only space is so early that most of the text would be lost.
  if (space > max / 2) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.–—-]+$/u, '')}…`;
}

/**
 * A stable positive id for a category the backend gave no id for (FNV-1a of its name), so links
 * with `?category=<id>` keep working from one snapshot to the next.
 */
export function categoryIdOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of normaliseText(name)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  // Above any id a backend is likely to use, below 2^31.
  return 1_000_000_000 + ((hash >>> 0) % 1_000_000_000);
}

export type ProductInput = {
  item: InventoryItemRecord;
  shop: ShopProductRow | undefined;
  category: CategoryRef | null;
  /** Quantity that may be sold online. */
  available: number;
};

/** The WooCommerce-style product (spec 2 §3, §7) with the numbers the server works with. */
export function toCatalogueProduct({ item, shop, category, available }: ProductInput): CatalogueProduct {
  const priceCents = item.priceCents;
  const onSale = item.originalPriceCents !== null && item.originalPriceCents > priceCents;
  const regularPriceCents = onSale && item.originalPriceCents !== null ? item.originalPriceCents : priceCents;
  const stock = Math.max(0, available);
  // Its photos; without any, the picture drawn from its category and name (product-illustration.ts).
  const imageSources = shop && shop.images.length > 0 ? shop.images : item.imageUrl ? [{ src: item.imageUrl, alt: '' }] : [];
  const images =
    imageSources.length > 0
      ? imageSources.map((image, index) => ({ id: index + 1, src: image.src, alt: image.alt || item.name }))
      : [{ id: 1, src: productIllustrationPath(item.id), alt: `${item.name} (illustration)` }];
  const view: Product = {
    id: item.id,
    name: item.name,
    slug: shop?.slug || productSlug(item.name, item.id),
    type: 'simple',
    status: 'publish',
    featured: shop?.featured ?? false,
    description: item.description,
    short_description: shop?.shortDescription || defaultShortDescription(item.description),
    sku: item.sku,
    price: centsToDecimal(priceCents),
    regular_price: centsToDecimal(regularPriceCents),
    sale_price: onSale ? centsToDecimal(priceCents) : '',
    on_sale: onSale,
    purchasable: stock > 0,
    manage_stock: true,
    stock_quantity: stock,
    stock_status: stock > 0 ? 'instock' : 'outofstock',
    in_stock: stock > 0,
    categories: category ? [category] : [],
    category: category?.name ?? '',
    brand: item.brand,
    product_type: item.itemType === 'device' ? 'device' : 'accessory',
    condition: item.condition || (item.itemType === 'device' ? 'Reconditionné' : 'Neuf'),
    images,
    // Spec 2 §1: a 12-month warranty on every product (the legal guarantees come on top).
    meta_data: [
      { key: 'warranty', value: `${WARRANTY_MONTHS} mois` },
      { key: 'device_names', value: item.deviceNames },
    ],
    repairdesk_id: item.id,
    date_created: item.createdAt.toISOString(),
  };
  return {
    id: item.id,
    name: item.name,
    sku: item.sku,
    priceCents,
    regularPriceCents,
    available: stock,
    imageUrl: images[0]?.src ?? '',
    lastModified: shop && shop.updatedAt > item.createdAt ? shop.updatedAt : item.createdAt,
    view,
  };
}
