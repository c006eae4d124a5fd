import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coupon, jsonResponse, listResponse, product } from '../test/shop-fixtures';
import { EMBEDDED_PRODUCT_ELEMENT_ID } from '@erepare/shared/site-settings';
import { ApiError } from './api-client';
import {
  fetchActiveCoupons,
  fetchCategories,
  fetchLoyaltyBalanceCents,
  fetchProduct,
  fetchProducts,
  primeRenderedProduct,
  productListPath,
  shopKeys,
  validateCoupon,
} from './shop-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('productListPath', () => {
  it('asks 12 per page and only the filters that are set', () => {
    expect(productListPath({})).toBe('/api/shop/products?page=1&per_page=12');
    expect(productListPath({ page: 3, search: ' coque ', category: 'accessoires', orderby: 'price', order: 'asc' })).toBe(
      '/api/shop/products?page=3&per_page=12&search=coque&category=accessoires&orderby=price&order=asc',
    );
  });
});

describe('fetchProduct and the product sent with the page', () => {
  const embed = (value: unknown) => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = EMBEDDED_PRODUCT_ELEMENT_ID;
    element.textContent = typeof value === 'string' ? value : JSON.stringify(value);
    document.head.append(element);
  };
  afterEach(() => document.getElementById(EMBEDDED_PRODUCT_ELEMENT_ID)?.remove());

  it('takes the embedded product once, without a request, then asks the server', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse({ success: true, data: product({ id: 7, name: 'Depuis le serveur' }) }));
    vi.stubGlobal('fetch', fetch);
    embed(product({ id: 7, name: 'Dans la page' }));
    expect((await fetchProduct(7)).name).toBe('Dans la page');
    expect(fetch).not.toHaveBeenCalled();
    expect(document.getElementById(EMBEDDED_PRODUCT_ELEMENT_ID)).toBeNull();
    expect((await fetchProduct(7)).name).toBe('Depuis le serveur');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('ignores an embedded product of another id, or malformed, and asks the server', async () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(jsonResponse({ success: true, data: product({ id: 7 }) })));
    vi.stubGlobal('fetch', fetch);
    embed(product({ id: 8 }));
    expect((await fetchProduct(7)).id).toBe(7);
    embed('{"id": 7, "name": ');
    expect((await fetchProduct(7)).id).toBe(7);
    embed({ id: 7, name: 'Incomplet' });
    expect((await fetchProduct(7)).id).toBe(7);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('is not taken when a service worker controls the page (it may be an older copy)', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse({ success: true, data: product({ id: 7, name: 'Depuis le serveur' }) }));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: {} } });
    embed(product({ id: 7, name: 'Dans la page' }));
    expect((await fetchProduct(7)).name).toBe('Depuis le serveur');
  });
});

describe('primeRenderedProduct: a product page the server rendered with its product', () => {
  const embed = (value: unknown, rendered = true) => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = EMBEDDED_PRODUCT_ELEMENT_ID;
    if (rendered) element.setAttribute('data-rendered', '');
    element.textContent = typeof value === 'string' ? value : JSON.stringify(value);
    document.head.append(element);
  };
  const start = window.location.pathname;
  afterEach(() => {
    document.getElementById(EMBEDDED_PRODUCT_ELEMENT_ID)?.remove();
    window.history.replaceState(null, '', start);
  });

  it('puts the product in the cache before the page hydrates (no request), fresh', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/produit/7');
    embed(product({ id: 7, name: 'Dans la page' }));
    const client = new QueryClient();
    expect(await primeRenderedProduct(client)).toBe(true);
    expect(client.getQueryData<{ name: string }>(shopKeys.product(7))?.name).toBe('Dans la page');
    expect(client.getQueryState(shopKeys.product(7))?.dataUpdatedAt).toBeGreaterThan(0);
    expect(document.getElementById(EMBEDDED_PRODUCT_ELEMENT_ID)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('has nothing to put on another page or on a product page sent as its skeleton', async () => {
    const client = new QueryClient();
    window.history.replaceState(null, '', '/produit/7');
    expect(await primeRenderedProduct(client)).toBeNull();
    embed(product({ id: 7 }), false);
    expect(await primeRenderedProduct(client)).toBeNull();
    // Left for fetchProduct to take.
    expect(document.getElementById(EMBEDDED_PRODUCT_ELEMENT_ID)).not.toBeNull();
    expect(client.getQueryData(shopKeys.product(7))).toBeUndefined();
  });

  it('says it could not when the product is unreadable or not the one of the address (the page is drawn afresh)', async () => {
    const client = new QueryClient();
    window.history.replaceState(null, '', '/produit/7');
    for (const value of [product({ id: 8 }), '{"id": 7, "name": ', '"texte"', { id: '7', name: 'Sans id numérique' }]) {
      embed(value);
      expect(await primeRenderedProduct(client)).toBe(false);
      document.getElementById(EMBEDDED_PRODUCT_ELEMENT_ID)?.remove();
    }
    expect(client.getQueryData(shopKeys.product(7))).toBeUndefined();
    expect(client.getQueryData(shopKeys.product(8))).toBeUndefined();
  });

  it('reads a page a service worker served with the schema (it may come from an older version): a product that does not match is refused', async () => {
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: {} } });
    window.history.replaceState(null, '', '/produit/7');
    embed({ id: 7, name: 'Incomplet' });
    const client = new QueryClient();
    expect(await primeRenderedProduct(client)).toBe(false);
    expect(client.getQueryData(shopKeys.product(7))).toBeUndefined();
  });

  it('marks the product stale when a service worker controls the page (it may be an older copy): it is asked again at once', async () => {
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: {} } });
    window.history.replaceState(null, '', '/produit/7');
    embed(product({ id: 7, name: 'Dans la page' }));
    const client = new QueryClient();
    expect(await primeRenderedProduct(client)).toBe(true);
    expect(client.getQueryData<{ name: string }>(shopKeys.product(7))?.name).toBe('Dans la page');
    expect(client.getQueryState(shopKeys.product(7))?.dataUpdatedAt).toBe(0);
  });
});

describe('fetchers', () => {
  it('parses the product list', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(listResponse([product()], 30)));
    vi.stubGlobal('fetch', fetch);
    const result = await fetchProducts({ page: 1 });
    expect(result.total).toBe(30);
    expect(result.data[0]?.name).toBe('Coque silicone iPhone 13');
  });

  it('rejects a list that does not have the expected shape', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: true, data: [{ id: 'x' }] })));
    await expect(fetchProducts({})).rejects.toBeInstanceOf(ApiError);
  });

  it('reads a product and passes the 404 message on', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: true, data: product({ id: 7 }) })));
    expect((await fetchProduct(7)).id).toBe(7);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: false, message: 'Produit introuvable' }, 404)));
    await expect(fetchProduct(8)).rejects.toMatchObject({ status: 404, message: 'Produit introuvable' });
  });

  it('reads categories with the fallback flag', async () => {
    const category = { id: 1, name: 'Smartphones', slug: 'smartphones', parent: 0, description: '', display: 'default', image: null, menu_order: 0, count: 0 };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: true, data: [category], fallback: true })));
    expect(await fetchCategories()).toEqual({ categories: [category], fallback: true });
  });

  it('reads the active coupons', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: true, data: [coupon()] })));
    expect((await fetchActiveCoupons())[0]?.code).toBe('BIENVENUE10');
  });

  it('reads the loyalty balance in cents, 0 for a visitor or a failure (silent)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: true, data: { balance: '12.50', linked: true } })));
    expect(await fetchLoyaltyBalanceCents()).toBe(1250);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: false, message: 'Non connecté' }, 401)));
    expect(await fetchLoyaltyBalanceCents()).toBe(0);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(await fetchLoyaltyBalanceCents()).toBe(0);
  });
});

describe('validateCoupon', () => {
  it('returns the discount of a valid code', async () => {
    const fetch = vi.fn().mockResolvedValue(
      jsonResponse({ valid: true, discount_amount: '5.00', coupon: { id: 1, code: 'ETE5', discount_type: 'fixed_cart', amount: '5.00', description: '' }, error: null }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await validateCoupon('ETE5', [{ product_id: 1, quantity: 2 }])).toMatchObject({ status: 'valid', code: 'ETE5', discountCents: 500 });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/shop/coupons/validate');
  });

  it('reads the refusal from `error` on a 422', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse({ valid: false, discount_amount: '0.00', coupon: null, error: 'Ce code promo a expiré', message: 'x' }, 422)),
    );
    expect(await validateCoupon('VIEUX', [{ product_id: 1, quantity: 1 }])).toEqual({ status: 'invalid', error: 'Ce code promo a expiré' });
  });

  it('says the check failed on a network or server failure', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(await validateCoupon('X', [])).toEqual({ status: 'failed', error: 'Erreur lors de la validation du code promo' });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: false, message: 'Erreur interne' }, 500)));
    expect(await validateCoupon('X', [])).toEqual({ status: 'failed', error: 'Erreur lors de la validation du code promo' });
  });
});
