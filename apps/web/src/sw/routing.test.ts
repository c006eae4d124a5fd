import { describe, expect, it } from 'vitest';
import { VISITOR_FOLLOW_CACHE } from '@erepare/shared/notifications';
import { CATALOGUE_FRESH_MS, cacheNames, decide, isCacheablePage, isFresh, isStorable, pageKey, staleCaches } from './routing';

const origin = 'https://erepare.example';
const precached = new Set(['/', '/offline.html', '/assets/index-abc.js', '/icons/icon-192.png']);
const get = (path: string, mode = 'cors') => decide({ url: `${origin}${path}`, method: 'GET', mode }, origin, precached);

describe('service worker routing', () => {
  it('keeps public pages (network first) and never keeps private or payment pages', () => {
    for (const path of ['/', '/boutique', '/produit/42', '/suivi', '/contact', '/services/web', '/faq']) {
      expect(get(path, 'navigate'), path).toEqual({ strategy: 'navigate', cacheable: true });
    }
    for (const path of ['/compte', '/admin-dashboard', '/panier', '/checkout', '/commande', '/payment/success', '/payment/cancel', '/reset-password', '/verify-email', '/test-notifications', '/maintenance']) {
      expect(get(path, 'navigate'), path).toEqual({ strategy: 'navigate', cacheable: false });
    }
    // Unknown paths (404) are not kept either.
    expect(isCacheablePage('/nimporte-quoi')).toBe(false);
  });

  it('caches the public catalogue stale-while-revalidate and leaves the rest of the API alone', () => {
    for (const path of ['/api/shop/products', '/api/shop/products?category=ecrans', '/api/shop/products/12', '/api/shop/products/categories', '/api/shop/categories']) {
      expect(get(path), path).toEqual({ strategy: 'stale-while-revalidate', cache: 'catalogue' });
    }
    for (const path of [
      '/api/auth/me',
      '/api/notifications',
      '/api/notifications/vapid-public-key',
      '/api/orders/12',
      '/api/payments/config',
      '/api/accounts/me',
      '/api/repairdesk/tickets',
      '/api/admin/site-settings',
      '/api/shop/coupons/validate',
      '/api/shop/productsx',
    ]) {
      expect(get(path), path).toEqual({ strategy: 'network' });
    }
  });

  it('never caches anything but GET, nor other origins', () => {
    expect(decide({ url: `${origin}/api/shop/products`, method: 'POST', mode: 'cors' }, origin, precached)).toEqual({ strategy: 'network' });
    expect(decide({ url: 'https://js.stripe.com/v3', method: 'GET', mode: 'no-cors' }, origin, precached)).toEqual({ strategy: 'network' });
    expect(decide({ url: `${origin}/boutique`, method: 'POST', mode: 'navigate' }, origin, precached)).toEqual({ strategy: 'network' });
  });

  it('serves the precached shell files and keeps hashed build files cache-first; never caches itself', () => {
    expect(get('/assets/index-abc.js')).toEqual({ strategy: 'precache' });
    expect(get('/offline.html')).toEqual({ strategy: 'precache' });
    expect(get('/assets/shop-page-xyz.js')).toEqual({ strategy: 'cache-first', cache: 'assets' });
    expect(get('/sw.js')).toEqual({ strategy: 'network' });
    expect(get('/robots.txt')).toEqual({ strategy: 'network' });
  });

  it('keys pages by path alone and keeps only whole same-origin 200 answers', () => {
    expect(pageKey(`${origin}/suivi?ticket=T-6632`)).toBe(`${origin}/suivi`);
    expect(pageKey(`${origin}/boutique/`)).toBe(`${origin}/boutique`);
    expect(pageKey(`${origin}/`)).toBe(`${origin}/`);
    expect(isStorable({ ok: true, status: 200, type: 'basic', redirected: false })).toBe(true);
    expect(isStorable({ ok: true, status: 200, type: 'opaque', redirected: false })).toBe(false);
    expect(isStorable({ ok: false, status: 404, type: 'basic', redirected: false })).toBe(false);
    expect(isStorable({ ok: true, status: 200, type: 'basic', redirected: true })).toBe(false);
  });

  it('versions its caches and deletes only its own old ones', () => {
    const names = cacheNames('v2');
    expect(Object.values(names).every((name) => name.startsWith('erepare-') && name.endsWith('-v2'))).toBe(true);
    // The visitor's follow secret is not a versioned cache: a new worker keeps it.
    expect(staleCaches(['erepare-precache-v1', 'erepare-pages-v1', ...Object.values(names), 'other-cache', VISITOR_FOLLOW_CACHE], 'v2')).toEqual([
      'erepare-precache-v1',
      'erepare-pages-v1',
    ]);
  });

  it('shows a kept catalogue answer first only while it is recent', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(isFresh('Sat, 21 Nov 2026 09:58:00 GMT', now)).toBe(true);
    expect(isFresh(new Date(now - CATALOGUE_FRESH_MS).toUTCString(), now)).toBe(false);
    expect(isFresh('Sat, 21 Nov 2026 08:00:00 GMT', now)).toBe(false);
    expect(isFresh(null, now)).toBe(false);
    expect(isFresh('n’importe quoi', now)).toBe(false);
  });
});
