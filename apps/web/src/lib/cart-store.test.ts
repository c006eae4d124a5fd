import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '@erepare/shared/cart';
import { jsonResponse, product } from '../test/shop-fixtures';
import {
  addToCart,
  APPLIED_COUPON_KEY,
  clearCart,
  onCouponDropped,
  productToCartItem,
  readAppliedCoupon,
  readCart,
  readLoyaltyApplied,
  readPromoDraft,
  refreshCartLines,
  removeFromCart,
  setAppliedCoupon,
  setLoyaltyApplied,
  setPromoDraft,
  updateQuantity,
  useAppliedCoupon,
  useCart,
  useLoyaltyApplied,
} from './cart-store';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('productToCartItem', () => {
  it('maps a product to the cart line of spec 2 §3 (prices in euros, sale price only when on sale)', () => {
    const line = productToCartItem(
      product({ price: '15.00', regular_price: '19.90', sale_price: '15.00', on_sale: true, images: [{ id: 1, src: '/a.jpg', alt: 'Coque' }] }),
    );
    expect(line).toMatchObject({ id: 101, product_id: 101, price: 19.9, sale_price: 15, image: '/a.jpg', stock_quantity: 5, in_stock: true });
    expect(productToCartItem(product()).sale_price).toBeNull();
  });
});

describe('cart actions', () => {
  it('adds with the spec toast text and merges a second add on the same line', () => {
    expect(addToCart(product(), 2)).toEqual({ ok: true, message: 'Coque silicone iPhone 13 ajouté au panier' });
    addToCart(product(), 1);
    expect(readCart().items).toHaveLength(1);
    expect(readCart().count).toBe(3);
    expect(readCart().subtotalCents).toBe(5970);
  });

  it('caps the line at the stock and refuses once the whole stock is in the cart', () => {
    addToCart(product({ stock_quantity: 3 }), 10);
    expect(readCart().items[0]?.quantity).toBe(3);
    const again = addToCart(product({ stock_quantity: 3 }), 1);
    expect(again.ok).toBe(false);
    expect(again.message).toBe('Stock insuffisant pour Coque silicone iPhone 13\u00a0: 3 disponibles');
  });

  it('refuses an out-of-stock product and a fractional quantity', () => {
    expect(addToCart(product({ stock_quantity: 0, in_stock: false, stock_status: 'outofstock' }), 1)).toEqual({
      ok: false,
      message: 'Coque silicone iPhone 13 est en rupture de stock',
    });
    expect(addToCart(product(), 1.5)).toEqual({ ok: false, message: "Erreur lors de l'ajout au panier" });
    expect(readCart().items).toHaveLength(0);
  });

  it('updates within 1..stock, removes at 0, and reports unknown lines', () => {
    addToCart(product({ stock_quantity: 4 }), 1);
    updateQuantity(101, 9);
    expect(readCart().items[0]?.quantity).toBe(4);
    expect(updateQuantity(999, 2)).toEqual({ ok: false, message: 'Erreur lors de la mise à jour' });
    expect(updateQuantity(101, 0)).toEqual({ ok: true, message: 'Produit retiré du panier' });
    expect(readCart().items).toHaveLength(0);
  });

  it('removes and clears with the spec toasts', () => {
    addToCart(product(), 1);
    addToCart(product({ id: 102, name: 'Câble USB-C' }), 1);
    expect(removeFromCart(101)).toEqual({ ok: true, message: 'Produit retiré du panier' });
    expect(removeFromCart(101)).toEqual({ ok: false, message: 'Erreur lors de la suppression' });
    expect(clearCart()).toEqual({ ok: true, message: 'Panier vidé' });
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('reports a failure when the browser does not keep the cart (storage full or disabled)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(addToCart(product(), 1)).toEqual({ ok: false, message: "Erreur lors de l'ajout au panier" });
  });
});

describe('refreshCartLines', () => {
  it('takes the server’s current price and stock, keeps quantities within the new stock, leaves other lines alone', () => {
    addToCart(product({ price: '19.90', regular_price: '19.90', stock_quantity: 10 }), 4);
    addToCart(product({ id: 102, name: 'Câble USB-C', price: '9.90', regular_price: '9.90' }), 1);
    refreshCartLines([product({ price: '24.90', regular_price: '24.90', stock_quantity: 2 })]);
    const [first, second] = readCart().items;
    expect(first).toMatchObject({ product_id: product().id, price: 24.9, quantity: 2, stock_quantity: 2 });
    expect(second).toMatchObject({ product_id: 102, price: 9.9, quantity: 1 });
  });
});

describe('stored cart', () => {
  it('keeps only valid lines on load (spec 2 §5)', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { product_id: 1, name: 'Bon', price: 10, quantity: 2 },
        { product_id: 2, name: 'Sans prix', quantity: 1 },
        { product_id: 3, name: 'Quantité nulle', price: 5, quantity: 0 },
        { name: 'Sans id', price: 5, quantity: 1 },
        { product_id: 4, name: '', price: 5, quantity: 1 },
      ]),
    );
    expect(readCart().items.map((item) => item.product_id)).toEqual([1]);
  });

  it('treats corrupt JSON as an empty cart', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{oops');
    expect(readCart().items).toEqual([]);
  });

  it('returns the same snapshot while the stored text is unchanged', () => {
    addToCart(product(), 1);
    expect(readCart()).toBe(readCart());
  });

  it('useCart follows changes of this tab and of another tab (storage event)', () => {
    const { result } = renderHook(() => useCart());
    expect(result.current.count).toBe(0);
    act(() => {
      addToCart(product(), 2);
    });
    expect(result.current.count).toBe(2);
    act(() => {
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ product_id: 7, name: 'Autre onglet', price: 3, quantity: 5 }]));
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(result.current.count).toBe(5);
    expect(result.current.items[0]?.name).toBe('Autre onglet');
  });
});

describe('applied coupon', () => {
  it('is current for the cart it was computed for, pending once the cart changes', () => {
    addToCart(product(), 1);
    setAppliedCoupon({ code: 'bienvenue10', discountCents: 199 });
    expect(readAppliedCoupon()).toEqual({ code: 'BIENVENUE10', discountCents: 199, pending: false });
    updateQuantity(101, 2);
    expect(readAppliedCoupon()?.pending).toBe(true);
  });

  it('is revalidated through the API when the cart changes and takes the new discount', async () => {
    addToCart(product(), 1);
    setAppliedCoupon({ code: 'BIENVENUE10', discountCents: 199 });
    const fetch = vi.fn().mockResolvedValue(
      jsonResponse({
        valid: true,
        discount_amount: '3.98',
        coupon: { id: 1, code: 'BIENVENUE10', discount_type: 'percent', amount: '10.00', description: '' },
        error: null,
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useAppliedCoupon());
    act(() => {
      updateQuantity(101, 2);
    });
    await waitFor(() => expect(result.current).toEqual({ code: 'BIENVENUE10', discountCents: 398, pending: false }));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse((fetch.mock.calls[0]?.[1] as { body: string }).body)).toEqual({
      code: 'BIENVENUE10',
      items: [{ product_id: 101, quantity: 2 }],
    });
  });

  it('is dropped, with the reason, when the server refuses it for the new cart', async () => {
    addToCart(product(), 3);
    setAppliedCoupon({ code: 'MINI50', discountCents: 500 });
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse({ valid: false, discount_amount: '0.00', coupon: null, error: 'Montant minimum requis\u00a0: 50,00\u00a0€', message: 'Montant minimum requis\u00a0: 50,00\u00a0€' }, 422),
      ),
    );
    const dropped = vi.fn();
    const stop = onCouponDropped(dropped);
    const { result } = renderHook(() => useAppliedCoupon());
    act(() => {
      updateQuantity(101, 1);
    });
    await waitFor(() => expect(result.current).toBeNull());
    expect(localStorage.getItem(APPLIED_COUPON_KEY)).toBeNull();
    expect(dropped).toHaveBeenCalledWith({ code: 'MINI50', error: 'Montant minimum requis\u00a0: 50,00\u00a0€' });
    stop();
  });

  it('stays pending when the server cannot be reached', async () => {
    addToCart(product(), 1);
    setAppliedCoupon({ code: 'BIENVENUE10', discountCents: 199 });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    const { result } = renderHook(() => useAppliedCoupon());
    act(() => {
      updateQuantity(101, 2);
    });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(result.current).toEqual({ code: 'BIENVENUE10', discountCents: 199, pending: true });
  });

  it('goes with the cart when the cart is emptied', () => {
    addToCart(product(), 1);
    setAppliedCoupon({ code: 'BIENVENUE10', discountCents: 199 });
    removeFromCart(101);
    expect(readAppliedCoupon()).toBeNull();
    expect(localStorage.getItem(APPLIED_COUPON_KEY)).toBeNull();
  });
});

describe('loyalty choice and promo draft', () => {
  it('persists the loyalty toggle and clears it with the cart', () => {
    const { result } = renderHook(() => useLoyaltyApplied());
    act(() => setLoyaltyApplied(true));
    expect(result.current).toBe(true);
    addToCart(product(), 1);
    act(() => {
      clearCart();
    });
    expect(result.current).toBe(false);
    expect(readLoyaltyApplied()).toBe(false);
  });

  it('keeps the promo code of a link in upper case for this visit', () => {
    setPromoDraft(' noel24 ');
    expect(readPromoDraft()).toBe('NOEL24');
    setPromoDraft(null);
    expect(readPromoDraft()).toBe('');
  });
});
