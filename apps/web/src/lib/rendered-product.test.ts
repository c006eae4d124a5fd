import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_PRODUCT_ELEMENT_ID } from '@erepare/shared/site-settings';
import { product } from '../test/shop-fixtures';
import { primeRenderedProduct } from './rendered-product';
import { shopKeys } from './shop-keys';

afterEach(() => {
  vi.unstubAllGlobals();
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
