/** Browser storage key of the shop cart (spec 2 §3: a product-specific key). */
export const CART_STORAGE_KEY = 'erepare_cart';

/**
 * Number of items for the header badge, from the stored cart (any JSON value): the sum of the
 * quantities of the lines the cart page shows (parseCartEntries), so the badge and the cart page
 * never disagree (issue 22 §3.4). Entries without a product id, a quantity, a price or a name are
 * not counted, as the cart page does not show them.
 */
export function countCartItems(stored: unknown): number {
  return parseCartEntries(stored).reduce((sum, item) => sum + item.quantity, 0);
}

/** Reads the stored cart text safely (corrupt JSON counts as an empty cart). */
export function countCartItemsFromJson(json: string | null): number {
  return parseStoredCart(json).reduce((sum, item) => sum + item.quantity, 0);
}

// ───────────────────────── cart lines (spec 2 §3, §5) ─────────────────────────

/** A cart line as kept in browser storage (spec 2 §3); prices in euros, for display only. */
export type CartItem = {
  id: number;
  product_id: number;
  name: string;
  price: number;
  sale_price: number | null;
  description: string;
  images: { src: string; alt: string }[];
  quantity: number;
  image: string;
  sku: string;
  category: string;
  brand: string;
  /** Null when the stock is unknown (capped at 999). */
  stock_quantity: number | null;
  in_stock: boolean;
};

const CART_CAP_UNKNOWN = 999;

function numberOf(value: unknown): number | null {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Highest quantity a line may hold: its stock when known and above 0, otherwise 999. */
export function cartLineCap(item: Pick<CartItem, 'stock_quantity'>): number {
  return item.stock_quantity !== null && item.stock_quantity > 0 ? Math.min(item.stock_quantity, CART_CAP_UNKNOWN) : CART_CAP_UNKNOWN;
}

/**
 * Cart load validation (spec 2 §5): keeps only lines with a product id, a positive numeric quantity,
 * a non-negative numeric price and a name; quantities are whole and capped. Anything else (corrupt
 * JSON, old shapes without product_id) is dropped rather than trusted.
 */
export function parseStoredCart(json: string | null): CartItem[] {
  if (!json) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  return parseCartEntries(raw);
}

/** The cart lines of an already parsed stored value (see parseStoredCart): one rule for the badge and the cart page. */
export function parseCartEntries(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  const items: CartItem[] = [];
  for (const entry of raw as unknown[]) {
    if (!entry || typeof entry !== 'object') continue;
    const record = entry as Record<string, unknown>;
    // Older cart lines carry the product in `product` (spec 2 §3).
    const nested = record.product && typeof record.product === 'object' ? (record.product as Record<string, unknown>) : null;
    const productId = numberOf(record.product_id ?? nested?.id ?? record.id);
    const quantity = numberOf(record.quantity);
    const price = numberOf(record.price ?? nested?.price);
    const name = textOf(record.name ?? nested?.name).trim();
    if (productId === null || !Number.isInteger(productId) || productId <= 0) continue;
    if (quantity === null || quantity <= 0 || price === null || price < 0 || !name) continue;
    const stock = numberOf(record.stock_quantity);
    const salePrice = numberOf(record.sale_price ?? nested?.sale_price);
    const imagesRaw = Array.isArray(record.images) ? (record.images as unknown[]) : Array.isArray(nested?.images) ? (nested.images as unknown[]) : [];
    const images = imagesRaw
      .map((image) => (image && typeof image === 'object' ? (image as Record<string, unknown>) : null))
      .filter((image): image is Record<string, unknown> => image !== null && typeof image.src === 'string')
      .map((image) => ({ src: textOf(image.src), alt: textOf(image.alt) }));
    const item: CartItem = {
      id: productId,
      product_id: productId,
      name,
      price,
      sale_price: salePrice !== null && salePrice >= 0 ? salePrice : null,
      description: textOf(record.description),
      images,
      quantity: 1,
      image: textOf(record.image) || images[0]?.src || '',
      sku: textOf(record.sku),
      category: textOf(record.category),
      brand: textOf(record.brand),
      stock_quantity: stock !== null && stock >= 0 ? Math.floor(stock) : null,
      in_stock: record.in_stock !== false,
    };
    item.quantity = Math.max(1, Math.min(Math.floor(quantity), cartLineCap(item)));
    const existing = items.find((line) => line.product_id === productId);
    if (existing) existing.quantity = Math.min(existing.quantity + item.quantity, cartLineCap(existing));
    else items.push(item);
  }
  return items;
}

/** The unit price the cart shows (the sale price when there is one). */
export function cartUnitPrice(item: Pick<CartItem, 'price' | 'sale_price'>): number {
  return item.sale_price !== null && item.sale_price >= 0 && item.sale_price < item.price ? item.sale_price : item.price;
}

/** Subtotal in cents of the stored lines (an estimate: the server recomputes from its prices). */
export function cartSubtotalCents(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + Math.round(cartUnitPrice(item) * 100) * item.quantity, 0);
}

export type CartChange = { ok: true; items: CartItem[] } | { ok: false; reason: 'invalid-quantity' | 'not-found' };

/** Adding (spec 2 §5): quantity at least 1 and whole; the line is capped at the stock. */
export function addCartItem(items: readonly CartItem[], product: Omit<CartItem, 'quantity'>, quantity = 1): CartChange {
  if (!Number.isInteger(quantity) || quantity < 1) return { ok: false, reason: 'invalid-quantity' };
  const existing = items.find((line) => line.product_id === product.product_id);
  if (existing) {
    const merged = { ...existing, ...product, quantity: existing.quantity };
    merged.quantity = Math.min(existing.quantity + quantity, cartLineCap(merged));
    return { ok: true, items: items.map((line) => (line.product_id === product.product_id ? merged : line)) };
  }
  const line: CartItem = { ...product, quantity: 0 };
  line.quantity = Math.min(quantity, cartLineCap(line));
  return { ok: true, items: [...items, line] };
}

/** Update (spec 2 §5): 0 or below removes the line; otherwise whole and capped (stock, or 999). */
export function updateCartItem(items: readonly CartItem[], productId: number, quantity: number): CartChange {
  if (!Number.isFinite(quantity)) return { ok: false, reason: 'invalid-quantity' };
  if (!items.some((line) => line.product_id === productId)) return { ok: false, reason: 'not-found' };
  if (quantity <= 0) return { ok: true, items: items.filter((line) => line.product_id !== productId) };
  return {
    ok: true,
    items: items.map((line) =>
      line.product_id === productId ? { ...line, quantity: Math.max(1, Math.min(Math.floor(quantity), cartLineCap(line))) } : line,
    ),
  };
}

export function removeCartItem(items: readonly CartItem[], productId: number): CartChange {
  if (!items.some((line) => line.product_id === productId)) return { ok: false, reason: 'not-found' };
  return { ok: true, items: items.filter((line) => line.product_id !== productId) };
}

/** Toasts of spec 2 §8. */
export const cartMessages = {
  added: (name: string) => `${name} ajouté au panier`,
  removed: 'Produit retiré du panier',
  cleared: 'Panier vidé',
  addFailed: 'Erreur lors de l\'ajout au panier',
  removeFailed: 'Erreur lors de la suppression',
  updateFailed: 'Erreur lors de la mise à jour',
  clearFailed: 'Erreur lors du vidage',
  empty: 'Panier vide',
} as const;
