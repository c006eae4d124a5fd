import { describe, expect, it } from 'vitest';
import { VISITOR_FOLLOW_CACHE } from '@erepare/shared/notifications';
import {
  buildVersion,
  CATALOGUE_FRESH_MS,
  cacheNames,
  isAssetRequest,
  isCacheablePage,
  isCatalogueRequest,
  isFresh,
  isOtherPageNavigation,
  isPublicPageNavigation,
  isStorable,
  type MatchOptions,
  pageKey,
  staleCaches,
  warmCache,
} from './routing';

const origin = 'https://erepare.example';
const at = (path: string, mode = 'cors', from = origin): MatchOptions => {
  const url = new URL(path, from);
  return { url, request: { mode }, sameOrigin: url.origin === origin };
};

describe('service worker routing', () => {
  it('keeps public pages (network first) and never keeps private or payment pages', () => {
    for (const path of ['/', '/boutique', '/produit/42', '/suivi', '/suivi?ticket=T-1', '/contact', '/services/web', '/faq']) {
      expect(isPublicPageNavigation(at(path, 'navigate')), path).toBe(true);
      expect(isOtherPageNavigation(at(path, 'navigate')), path).toBe(true);
    }
    for (const path of ['/compte', '/admin-dashboard', '/panier', '/checkout', '/commande', '/payment/success', '/payment/cancel', '/reset-password', '/verify-email', '/test-notifications', '/maintenance', '/offline.html', '/sw.js']) {
      expect(isPublicPageNavigation(at(path, 'navigate')), path).toBe(false);
      // Still answered (network only) so that offline they get the offline page.
      expect(isOtherPageNavigation(at(path, 'navigate')), path).toBe(true);
    }
    // Unknown paths (404) are not kept either.
    expect(isCacheablePage('/nimporte-quoi')).toBe(false);
    // Only navigations: a script fetching a page's address is left alone.
    expect(isPublicPageNavigation(at('/faq'))).toBe(false);
    expect(isOtherPageNavigation(at('/faq'))).toBe(false);
  });

  it('caches the public catalogue and leaves the rest of the API alone, navigations included', () => {
    for (const path of ['/api/shop/products', '/api/shop/products?category=ecrans', '/api/shop/products/12', '/api/shop/products/categories', '/api/shop/categories']) {
      expect(isCatalogueRequest(at(path)), path).toBe(true);
      expect(isCatalogueRequest(at(path, 'navigate')), path).toBe(true);
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
      for (const mode of ['cors', 'navigate']) {
        const request = at(path, mode);
        expect([isCatalogueRequest, isPublicPageNavigation, isOtherPageNavigation, isAssetRequest].some((match) => match(request)), `${path} ${mode}`).toBe(false);
      }
    }
  });

  it('never matches other origins', () => {
    for (const match of [isCatalogueRequest, isPublicPageNavigation, isOtherPageNavigation, isAssetRequest]) {
      expect(match(at('/api/shop/products', 'cors', 'https://js.stripe.com'))).toBe(false);
      expect(match(at('/assets/x.js', 'no-cors', 'https://cdn.example'))).toBe(false);
      expect(match(at('/faq', 'navigate', 'https://ailleurs.example'))).toBe(false);
    }
  });

  it('keeps hashed build files cache-first, nothing else', () => {
    expect(isAssetRequest(at('/assets/shop-page-xyz.js'))).toBe(true);
    for (const path of ['/sw.js', '/robots.txt', '/theme-boot.js', '/offline.html']) expect(isAssetRequest(at(path)), path).toBe(false);
  });

  it('keeps what a page loaded before the worker existed, by the same rules', () => {
    const warm = (path: string, precached = false) => warmCache(new URL(path, origin), precached);
    expect(warm('/faq')).toBe('pages');
    expect(warm('/suivi?ticket=T-6632')).toBe('pages');
    expect(warm('/?source=pwa')).toBe('pages');
    expect(warm('/', true)).toBeNull();
    expect(warm('/assets/index-abc.js', true)).toBeNull();
    expect(warm('/assets/shop-page-xyz.js')).toBe('assets');
    expect(warm('/api/shop/products?page=2')).toBe('catalogue');
    for (const path of ['/compte', '/panier', '/api/auth/me', '/sw.js', '/theme-boot.js', '/icons/icon-192.png', '/nimporte-quoi']) expect(warm(path), path).toBeNull();
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

  it('versions its run-time caches by build and deletes only its own old ones', () => {
    const version = buildVersion(['/', { url: '/offline.html', revision: 'a1' }]);
    expect(version).toMatch(/^[0-9a-f]{8}$/);
    expect(buildVersion(['/', { url: '/offline.html', revision: 'a1' }])).toBe(version);
    expect(buildVersion(['/', { url: '/offline.html', revision: 'a2' }])).not.toBe(version);
    const names = cacheNames('v2');
    expect(Object.values(names).every((name) => name.startsWith('erepare-') && name.endsWith('-v2'))).toBe(true);
    // The visitor's follow secret is not a versioned cache: a new worker keeps it; Workbox's precache is Workbox's.
    const existing = ['erepare-precache-v1', 'erepare-pages-v1', ...Object.values(names), 'other-cache', VISITOR_FOLLOW_CACHE, `workbox-precache-v2-${origin}/`];
    expect(staleCaches(existing, 'v2')).toEqual(['erepare-precache-v1', 'erepare-pages-v1']);
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
