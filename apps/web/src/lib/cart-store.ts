import { useEffect, useSyncExternalStore } from 'react';
import {
  addCartItem,
  CART_STORAGE_KEY,
  cartLineCap,
  cartMessages,
  cartSubtotalCents,
  cartUnitPrice,
  parseStoredCart,
  removeCartItem,
  updateCartItem,
  type CartItem,
} from '@erepare/shared/cart';
import { normaliseCouponCode, shopMessages } from '@erepare/shared/shop';
import type { Product } from '@erepare/shared/schemas/shop';
import { validateCoupon } from './shop-api';
import { readItem, subscribeToKey, writeItem } from './storage';

/**
 * THE cart of the shop, the cart page, checkout and the header badge: a small external store over
 * browser storage (spec 2 §3), so every component and every tab shows the same cart. Prices kept
 * here are for display; the server recomputes every amount from its own prices.
 *
 * Local records next to the cart (spec 2 §3 "Local records"):
 *   - the applied coupon, with the cart it was computed for: when the cart changes, the code is
 *     checked again with the server and dropped if it became invalid;
 *   - loyalty_applied: whether the customer chose to use their points;
 *   - the promo code brought by a `/boutique?promo=` link (session storage), pre-filled in the cart.
 */

export const APPLIED_COUPON_KEY = 'erepare_applied_coupon';
export const LOYALTY_APPLIED_KEY = 'erepare_loyalty_applied';
export const PROMO_DRAFT_KEY = 'erepare_promo_draft';

// ───────────────────────── cart ─────────────────────────

export type CartState = {
  items: readonly CartItem[];
  /** Estimate from the stored prices (sale price when there is one). */
  subtotalCents: number;
  /** Number of articles (sum of quantities), as the header badge shows. */
  count: number;
  /** Product ids and quantities, sorted: identifies the cart a coupon was computed for. */
  signature: string;
};

export type CartResult = { ok: true; message: string } | { ok: false; message: string };

/** What an applied coupon was computed for: the lines, their quantities and unit prices (a new price re-checks it). */
function cartSignature(items: readonly CartItem[]): string {
  return items
    .map((item) => `${item.product_id}x${item.quantity}@${Math.round(cartUnitPrice(item) * 100)}`)
    .sort()
    .join(',');
}

function stateOf(items: CartItem[]): CartState {
  return {
    items,
    subtotalCents: cartSubtotalCents(items),
    count: items.reduce((sum, item) => sum + item.quantity, 0),
    signature: cartSignature(items),
  };
}

const EMPTY_CART: CartState = stateOf([]);
let cached: { raw: string | null; state: CartState } = { raw: null, state: EMPTY_CART };

/** The stored cart, validated (spec 2 §5); the same object while the stored text is unchanged. */
export function readCart(): CartState {
  const raw = readItem(CART_STORAGE_KEY);
  if (raw !== cached.raw) cached = { raw, state: raw === null ? EMPTY_CART : stateOf(parseStoredCart(raw)) };
  return cached.state;
}

/** Writes the cart and tells whether the browser really kept it (private mode, full storage). */
function writeCart(items: readonly CartItem[]): boolean {
  const json = items.length === 0 ? null : JSON.stringify(items);
  writeItem(CART_STORAGE_KEY, json);
  const stored = readItem(CART_STORAGE_KEY);
  if (json === null) {
    dropCouponIfCartEmpty();
    return stored === null;
  }
  return stored === json;
}

const subscribeCart = (onChange: () => void) => subscribeToKey(CART_STORAGE_KEY, onChange);

export function useCart(): CartState {
  return useSyncExternalStore(subscribeCart, readCart, () => EMPTY_CART);
}

/** The cart line of a product, as spec 2 §3 describes it (prices in euros, for display). */
export function productToCartItem(product: Product): Omit<CartItem, 'quantity'> {
  const regular = Number(product.regular_price || product.price);
  const sale = product.on_sale && product.sale_price !== '' ? Number(product.sale_price) : null;
  return {
    id: product.id,
    product_id: product.id,
    name: product.name,
    price: Number.isFinite(regular) ? regular : Number(product.price),
    sale_price: sale !== null && Number.isFinite(sale) ? sale : null,
    description: product.short_description,
    images: product.images.map((image) => ({ src: image.src, alt: image.alt })),
    image: product.images[0]?.src ?? '',
    sku: product.sku,
    category: product.category,
    brand: product.brand,
    stock_quantity: product.stock_quantity,
    in_stock: product.in_stock && product.stock_quantity > 0,
  };
}

/**
 * Adds a product (spec 2 §5: whole quantity of at least 1, capped at the stock). Refused when the
 * product is out of stock or the line already holds the whole stock, with the reason to show.
 */
export function addToCart(product: Product, quantity = 1): CartResult {
  const line = productToCartItem(product);
  if (!line.in_stock) return { ok: false, message: shopMessages.insufficientStock(product.name, 0) };
  const current = readCart().items;
  const existing = current.find((item) => item.product_id === product.id);
  if (existing && existing.quantity >= cartLineCap(line)) {
    return { ok: false, message: shopMessages.insufficientStock(product.name, cartLineCap(line)) };
  }
  const change = addCartItem(current, line, quantity);
  if (!change.ok || !writeCart(change.items)) return { ok: false, message: cartMessages.addFailed };
  return { ok: true, message: cartMessages.added(product.name) };
}

/** Sets a line's quantity (0 or below removes it; capped at the stock, or 999 when unknown). */
export function updateQuantity(productId: number, quantity: number): CartResult {
  const change = updateCartItem(readCart().items, productId, quantity);
  if (!change.ok || !writeCart(change.items)) return { ok: false, message: cartMessages.updateFailed };
  return { ok: true, message: quantity <= 0 ? cartMessages.removed : '' };
}

export function removeFromCart(productId: number): CartResult {
  const change = removeCartItem(readCart().items, productId);
  if (!change.ok || !writeCart(change.items)) return { ok: false, message: cartMessages.removeFailed };
  return { ok: true, message: cartMessages.removed };
}

/**
 * Brings the stored lines up to date with the products as the server now sells them (price, sale
 * price, stock): after the server refused an order because its total changed, the cart page and
 * checkout must show what the next order will cost. Quantities stay, capped at the new stock.
 */
export function refreshCartLines(products: readonly Product[]): void {
  const fresh = new Map(products.map((product) => [product.id, productToCartItem(product)]));
  const current = readCart().items;
  if (!current.some((item) => fresh.has(item.product_id))) return;
  const next = current.map((item) => {
    const line = fresh.get(item.product_id);
    if (!line) return item;
    const merged: CartItem = { ...item, ...line, quantity: item.quantity };
    merged.quantity = Math.max(1, Math.min(item.quantity, cartLineCap(merged)));
    return merged;
  });
  writeCart(next);
}

/** Empties the cart (clear-cart action, or after an order): the coupon and the loyalty choice go with it. */
export function clearCart(): CartResult {
  const ok = writeCart([]);
  setAppliedCoupon(null);
  setLoyaltyApplied(false);
  return ok ? { ok: true, message: cartMessages.cleared } : { ok: false, message: cartMessages.clearFailed };
}

// ───────────────────────── applied coupon ─────────────────────────

type StoredCoupon = { code: string; discountCents: number; cart: string };

export type AppliedCoupon = {
  code: string;
  /** Discount the server computed for `pending === false`; the last known one otherwise. */
  discountCents: number;
  /** True while the cart differs from the one the discount was computed for (being checked again). */
  pending: boolean;
};

function parseStoredCoupon(raw: string | null): StoredCoupon | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredCoupon> | null;
    if (!value || typeof value.code !== 'string' || !value.code.trim()) return null;
    if (typeof value.discountCents !== 'number' || !Number.isInteger(value.discountCents) || value.discountCents < 0) return null;
    return { code: value.code, discountCents: value.discountCents, cart: typeof value.cart === 'string' ? value.cart : '' };
  } catch {
    return null;
  }
}

let couponCache: { raw: string | null; signature: string; value: AppliedCoupon | null } = { raw: null, signature: '', value: null };

export function readAppliedCoupon(): AppliedCoupon | null {
  const raw = readItem(APPLIED_COUPON_KEY);
  const { signature } = readCart();
  if (raw !== couponCache.raw || signature !== couponCache.signature) {
    const stored = parseStoredCoupon(raw);
    couponCache = {
      raw,
      signature,
      value: stored && signature ? { code: stored.code, discountCents: stored.discountCents, pending: stored.cart !== signature } : null,
    };
  }
  return couponCache.value;
}

/** Records a code the server just accepted for the current cart (or removes it with null). */
export function setAppliedCoupon(coupon: { code: string; discountCents: number } | null): void {
  if (coupon === null) {
    if (readItem(APPLIED_COUPON_KEY) !== null) writeItem(APPLIED_COUPON_KEY, null);
    return;
  }
  const stored: StoredCoupon = {
    code: normaliseCouponCode(coupon.code),
    discountCents: Math.max(0, Math.round(coupon.discountCents)),
    cart: readCart().signature,
  };
  writeItem(APPLIED_COUPON_KEY, JSON.stringify(stored));
}

function dropCouponIfCartEmpty(): void {
  if (readItem(APPLIED_COUPON_KEY) !== null) writeItem(APPLIED_COUPON_KEY, null);
}

export type CouponDropped = { code: string; error: string };
const droppedListeners = new Set<(event: CouponDropped) => void>();

/** Called when a revalidation drops the applied code (so the page can say why). Returns the unsubscribe. */
export function onCouponDropped(listener: (event: CouponDropped) => void): () => void {
  droppedListeners.add(listener);
  return () => droppedListeners.delete(listener);
}

const inflight = new Map<string, Promise<void>>();

/**
 * Checks the applied code again for the current cart: a discount computed for another cart must not
 * stick. Valid: the new discount is recorded; refused: the code is dropped; server unreachable: the
 * code stays pending (the order is recomputed by the server anyway). One call per code and cart.
 */
export function revalidateAppliedCoupon(): Promise<void> {
  const coupon = readAppliedCoupon();
  const cart = readCart();
  if (!coupon || !coupon.pending) return Promise.resolve();
  if (cart.items.length === 0) {
    setAppliedCoupon(null);
    return Promise.resolve();
  }
  const key = `${coupon.code}|${cart.signature}`;
  const running = inflight.get(key);
  if (running) return running;
  const task = validateCoupon(
    coupon.code,
    cart.items.map((item) => ({ product_id: item.product_id, quantity: item.quantity })),
  )
    .then((result) => {
      const now = readAppliedCoupon();
      // The code was removed or the cart changed again meanwhile: that newer state decides.
      if (!now || now.code !== coupon.code || readCart().signature !== cart.signature) return;
      if (result.status === 'valid') {
        writeItem(APPLIED_COUPON_KEY, JSON.stringify({ code: coupon.code, discountCents: result.discountCents, cart: cart.signature }));
      } else if (result.status === 'invalid') {
        setAppliedCoupon(null);
        for (const listener of droppedListeners) listener({ code: coupon.code, error: result.error });
      }
    })
    .catch(() => undefined)
    .finally(() => inflight.delete(key));
  inflight.set(key, task);
  return task;
}

function subscribeCoupon(onChange: () => void): () => void {
  const stopCoupon = subscribeToKey(APPLIED_COUPON_KEY, onChange);
  const stopCart = subscribeToKey(CART_STORAGE_KEY, onChange);
  return () => {
    stopCoupon();
    stopCart();
  };
}

/** The applied promo code; checked again with the server whenever the cart changes. */
export function useAppliedCoupon(): AppliedCoupon | null {
  const coupon = useSyncExternalStore(subscribeCoupon, readAppliedCoupon, () => null);
  const cart = useCart();
  const pending = coupon?.pending ?? false;
  useEffect(() => {
    if (pending) void revalidateAppliedCoupon();
  }, [pending, cart.signature]);
  return coupon;
}

// ───────────────────────── loyalty choice ─────────────────────────

export function readLoyaltyApplied(): boolean {
  const raw = readItem(LOYALTY_APPLIED_KEY);
  if (!raw) return false;
  try {
    const value = JSON.parse(raw) as { applied?: unknown } | null;
    return value?.applied === true;
  } catch {
    return false;
  }
}

/** The customer's choice to use their points; the amount is always min(balance, subtotal after coupon). */
export function setLoyaltyApplied(applied: boolean): void {
  if (applied) writeItem(LOYALTY_APPLIED_KEY, JSON.stringify({ applied: true }));
  else if (readItem(LOYALTY_APPLIED_KEY) !== null) writeItem(LOYALTY_APPLIED_KEY, null);
}

const subscribeLoyalty = (onChange: () => void) => subscribeToKey(LOYALTY_APPLIED_KEY, onChange);

export function useLoyaltyApplied(): boolean {
  return useSyncExternalStore(subscribeLoyalty, readLoyaltyApplied, () => false);
}

// ───────────────────────── promo code from a link ─────────────────────────

/** Keeps the code of a `/boutique?promo=` link for this visit, to pre-fill the cart's promo box. */
export function setPromoDraft(code: string | null): void {
  const normalised = code ? normaliseCouponCode(code).slice(0, 50) : '';
  writeItem(PROMO_DRAFT_KEY, normalised ? normalised : null, 'session');
}

export function readPromoDraft(): string {
  return readItem(PROMO_DRAFT_KEY, 'session') ?? '';
}
