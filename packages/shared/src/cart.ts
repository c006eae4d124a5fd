/** Browser storage key of the shop cart (spec 2 §3: a product-specific key). */
export const CART_STORAGE_KEY = 'erepare_cart';

type RawCartEntry = { id?: unknown; product_id?: unknown; quantity?: unknown };

function hasId(entry: RawCartEntry): boolean {
  return (entry.id !== undefined && entry.id !== null && entry.id !== '') ||
    (entry.product_id !== undefined && entry.product_id !== null && entry.product_id !== '');
}

function quantityOf(entry: RawCartEntry): number | null {
  const quantity = typeof entry.quantity === 'string' ? Number(entry.quantity) : entry.quantity;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0) return null;
  return Math.floor(quantity);
}

/**
 * Number of items for the header badge, from the stored cart (any JSON value). Entries without
 * id or product_id, or without a quantity, are ignored (spec 1 §5, cart data read).
 */
export function countCartItems(stored: unknown): number {
  if (!Array.isArray(stored)) return 0;
  let count = 0;
  for (const entry of stored as unknown[]) {
    if (!entry || typeof entry !== 'object') continue;
    const typed = entry as RawCartEntry;
    if (!hasId(typed)) continue;
    const quantity = quantityOf(typed);
    if (quantity !== null) count += quantity;
  }
  return count;
}

/** Reads the stored cart text safely (corrupt JSON counts as an empty cart). */
export function countCartItemsFromJson(json: string | null): number {
  if (!json) return 0;
  try {
    return countCartItems(JSON.parse(json));
  } catch {
    return 0;
  }
}
