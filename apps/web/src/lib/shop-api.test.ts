import { afterEach, describe, expect, it, vi } from 'vitest';
import { coupon, jsonResponse, listResponse, product } from '../test/shop-fixtures';
import { ApiError } from './api-client';
import {
  fetchActiveCoupons,
  fetchCategories,
  fetchLoyaltyBalanceCents,
  fetchProduct,
  fetchProducts,
  productListPath,
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

describe('fetchProduct', () => {
  it('asks the server for the product by its id, and rejects another shape', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse({ success: true, data: product({ id: 7, name: 'Depuis le serveur' }) }));
    vi.stubGlobal('fetch', fetch);
    expect((await fetchProduct(7)).name).toBe('Depuis le serveur');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/shop/products/7');
    fetch.mockResolvedValue(jsonResponse({ success: true, data: { id: 7, name: 'Incomplet' } }));
    await expect(fetchProduct(7)).rejects.toBeInstanceOf(Error);
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
