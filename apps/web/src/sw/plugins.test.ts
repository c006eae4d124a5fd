import { describe, expect, it } from 'vitest';
import type { WorkboxPlugin } from 'workbox-core/types';
import { byPagePath, catalogueFreshness, shellForHome, storableOnly } from './plugins';

const origin = 'https://erepare.example';
const event = {} as ExtendableEvent;
const dated = (date: Date) => new Response('{}', { headers: { date: date.toUTCString() } });

// The plugin hooks are optional in Workbox's type: these plugins define the ones called here.
const hook = <Name extends keyof WorkboxPlugin>(plugin: WorkboxPlugin, name: Name) => plugin[name] as NonNullable<WorkboxPlugin[Name]>;

describe('service worker plugins', () => {
  it('keeps only whole same-origin 200 answers', async () => {
    const cacheWillUpdate = hook(storableOnly, 'cacheWillUpdate');
    const request = new Request(`${origin}/faq`);
    const ok = new Response('ok');
    expect(ok.type).toBe('default');
    // A Response made here is not "basic" (the browser's same-origin answers are): refused like an opaque one.
    expect(await cacheWillUpdate({ request, response: ok, event })).toBeNull();
    const basic = Object.defineProperty(new Response('ok'), 'type', { value: 'basic' });
    expect(await cacheWillUpdate({ request, response: basic, event })).toBe(basic);
    const missing = Object.defineProperty(new Response('', { status: 404 }), 'type', { value: 'basic' });
    expect(await cacheWillUpdate({ request, response: missing, event })).toBeNull();
  });

  it('keys pages by path', async () => {
    expect(await hook(byPagePath, 'cacheKeyWillBeUsed')({ request: new Request(`${origin}/suivi/?ticket=T-1`), mode: 'write', event })).toBe(`${origin}/suivi`);
  });

  it('stands the precached shell in for the home page only', async () => {
    const shell = new Response('shell');
    const use = hook(shellForHome(async () => shell), 'cachedResponseWillBeUsed');
    const kept = new Response('kept');
    expect(await use({ request: new Request(`${origin}/`), cacheName: 'pages', cachedResponse: kept, event })).toBe(kept);
    expect(await use({ request: new Request(`${origin}/`), cacheName: 'pages', cachedResponse: undefined, event })).toBe(shell);
    expect(await use({ request: new Request(`${origin}/faq`), cacheName: 'pages', cachedResponse: undefined, event })).toBeNull();
  });

  it('shows a kept catalogue answer first while recent, and any kept answer when the request fails', async () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    const stale = dated(new Date(now - 10 * 60_000));
    const plugin = catalogueFreshness(async () => stale, () => now);
    const use = hook(plugin, 'cachedResponseWillBeUsed');
    const request = new Request(`${origin}/api/shop/products`);
    const fresh = dated(new Date(now - 60_000));
    expect(await use({ request, cacheName: 'catalogue', cachedResponse: fresh, event })).toBe(fresh);
    expect(await use({ request, cacheName: 'catalogue', cachedResponse: stale, event })).toBeNull();
    expect(await use({ request, cacheName: 'catalogue', cachedResponse: undefined, event })).toBeNull();
    expect(await hook(plugin, 'handlerDidError')({ request, event, error: new Error('offline') })).toBe(stale);
  });
});
