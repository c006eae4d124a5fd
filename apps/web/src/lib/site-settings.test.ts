import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSiteSettings } from '@erepare/shared/site-settings';
import { applySavedSiteSettings, seedDocumentSettings, seedSiteSettings } from './site-settings';

const KEY = ['site-settings'];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('settings sent with the page (root loader)', () => {
  const maintenance = { ...defaultSiteSettings, title: 'Atelier', maintenanceMode: true };

  it('gives the gate its settings without a request, fresh for 30 s', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const client = new QueryClient();
    seedSiteSettings(client, maintenance);
    expect(client.getQueryData(KEY)).toEqual(maintenance);
    expect(client.getQueryState(KEY)?.isInvalidated).toBe(false);
    expect(Date.now() - (client.getQueryState(KEY)?.dataUpdatedAt ?? 0)).toBeLessThan(1000);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('settings staff just saved replace them at once', () => {
    const client = new QueryClient();
    seedSiteSettings(client, defaultSiteSettings);
    applySavedSiteSettings(client, maintenance);
    expect(client.getQueryData(KEY)).toEqual(maintenance);
  });

  it('counts the settings of a document a service worker may have kept as stale', () => {
    const client = new QueryClient();
    seedDocumentSettings(client, maintenance, { serviceWorker: { controller: {} } });
    expect(client.getQueryData(KEY)).toEqual(maintenance);
    expect(client.getQueryState(KEY)?.dataUpdatedAt).toBe(0);
    const fresh = new QueryClient();
    seedDocumentSettings(fresh, maintenance, { serviceWorker: { controller: null } });
    expect(Date.now() - (fresh.getQueryState(KEY)?.dataUpdatedAt ?? 0)).toBeLessThan(1000);
  });
});
