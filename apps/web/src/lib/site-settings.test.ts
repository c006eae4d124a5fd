import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteSettings, SITE_SETTINGS_ELEMENT_ID } from '@erepare/shared/site-settings';
import { embeddedSiteSettings, primeSiteSettings } from './site-settings';

const KEY = ['site-settings'];

function embed(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SITE_SETTINGS_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => {
  document.getElementById(SITE_SETTINGS_ELEMENT_ID)?.remove();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('settings sent with the page', () => {
  const maintenance = { ...defaultSiteSettings, title: 'Atelier', maintenanceMode: true };

  it('reads well-formed settings and ignores anything else', () => {
    embed(JSON.stringify({ ...maintenance, extra: 'ignored' }));
    expect(embeddedSiteSettings(document)).toEqual(maintenance);
    for (const bad of ['{', '[]', 'null', JSON.stringify({ ...maintenance, maintenanceMode: 'yes' })]) {
      document.getElementById(SITE_SETTINGS_ELEMENT_ID)?.remove();
      embed(bad);
      expect(embeddedSiteSettings(document)).toBeNull();
    }
  });

  it('gives the gate its settings without a request, fresh for 30 s', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    embed(JSON.stringify(maintenance));
    const client = new QueryClient();
    expect(primeSiteSettings(client)).toBe(true);
    expect(client.getQueryData(KEY)).toEqual(maintenance);
    expect(client.getQueryState(KEY)?.isInvalidated).toBe(false);
    expect(Date.now() - (client.getQueryState(KEY)?.dataUpdatedAt ?? 0)).toBeLessThan(1000);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('counts the settings of a page the service worker may have kept as stale', () => {
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: {} } });
    embed(JSON.stringify(maintenance));
    const client = new QueryClient();
    primeSiteSettings(client);
    expect(client.getQueryData(KEY)).toEqual(maintenance);
    expect(client.getQueryState(KEY)?.dataUpdatedAt).toBe(0);
    // Not cached for the next page either.
    expect(sessionStorage.getItem('site_settings_cache')).toBeNull();
  });

  it('without them, asks the server at once', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ success: true, data: defaultSiteSettings }), { headers: { 'content-type': 'application/json' } }),
    );
    const client = new QueryClient();
    // The first render is then the loading spinner (boot.tsx draws it rather than hydrating).
    expect(primeSiteSettings(client)).toBe(false);
    await vi.waitFor(() => expect(client.getQueryData(KEY)).toEqual(defaultSiteSettings));
    expect(fetchSpy.mock.calls[0]?.[0]).toEqual(expect.stringContaining('/api/admin/site-settings'));
  });
});
