import type { ProductListQuery, Product, ProductCategory } from '@erepare/shared/schemas/shop';
import type { InventoryItemRecord } from '../../adapters/repair/types.js';

/**
 * A product as the server sees it (cents, stock available for web sales). The catalogue builds it
 * from the repair backend's inventory (quantity > 0, price > 0, no spare parts) plus the shop
 * fields of `shop_products`.
 */
export type CatalogueProduct = {
  id: number;
  name: string;
  sku: string;
  /** Price paid, VAT included (the sale price when on sale). */
  priceCents: number;
  /** Price before the sale; equals priceCents when not on sale. */
  regularPriceCents: number;
  /** Quantity that may still be sold online (RepairDesk: its quantity minus our unsynced web sales). */
  available: number;
  imageUrl: string;
  /**
   * When the product last changed as far as the shop knows: staff's last edit of its shop page,
   * or when the item appeared in the inventory (the repair backend dates nothing else).
   */
  lastModified: Date;
  view: Product;
};

/** An item of the inventory as the catalogue last read it, sold in the shop or not (staff's product list). */
export type InventoryEntry = {
  item: InventoryItemRecord;
  /** The id the shop gives its category (the `?category=` filter), null without a category. */
  categoryId: number | null;
  /** Units of our web orders RepairDesk does not know about yet (not applied by staff); 0 with our own tables. */
  unsynced: number;
};

export type Catalogue = {
  list: (query: ProductListQuery) => Promise<{ items: Product[]; total: number }>;
  /** Null when the id is not a shop product (unknown, spare part, price 0). Out-of-stock products are returned. */
  get: (id: number) => Promise<CatalogueProduct | null>;
  /** The products the shop lists (in stock; hidden ones and spare parts left out), by id. */
  listed: () => Promise<readonly CatalogueProduct[]>;
  categories: () => Promise<{ items: ProductCategory[]; fallback: boolean }>;
  /**
   * Every item of the inventory read for the snapshot (spare parts, hidden and out-of-stock ones
   * too), in the backend's order: staff's product list with RepairDesk reads it here rather than
   * asking RepairDesk again.
   */
  inventory: () => Promise<readonly InventoryEntry[]>;
  /** Forget the snapshot (after an order, a cancellation, or a staff edit). */
  invalidate: () => void;
};
