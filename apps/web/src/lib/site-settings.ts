import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { defaultSiteSettings, SITE_SETTINGS_ELEMENT_ID, siteSettingsPayload, type SiteSettings } from '@erepare/shared/site-settings';
import { apiRequest } from './api-client';
import { readJson, writeItem } from './storage';

/** Settings are cached 30 s (spec 1 §9), across page loads too, so the gate rarely waits. */
export const SETTINGS_CACHE_MS = 30_000;
const QUERY_KEY = ['site-settings'] as const;
const CACHE_KEY = 'site_settings_cache';

type Cached = { settings: SiteSettings; fetchedAt: number };

function readCache(): Cached | null {
  const cached = readJson<Cached>(CACHE_KEY, 'session');
  if (!cached || typeof cached.fetchedAt !== 'number' || Date.now() - cached.fetchedAt > SETTINGS_CACHE_MS) return null;
  return cached;
}

function writeCache(settings: SiteSettings): void {
  writeItem(CACHE_KEY, JSON.stringify({ settings, fetchedAt: Date.now() } satisfies Cached), 'session');
}

/** The settings, and whether they are the defaults standing in for a failed load. */
export type LoadedSettings = SiteSettings & { loadFailed?: true };

async function fetchSettings(signal: AbortSignal): Promise<LoadedSettings> {
  try {
    const response = await apiRequest('/api/admin/site-settings', { schema: siteSettingsPayload, signal });
    writeCache(response.data);
    return response.data;
  } catch {
    // Spec 1 §4: if the settings call fails, both maintenance flags are treated as off.
    return { ...defaultSiteSettings, loadFailed: true };
  }
}

const siteSettingsQuery = {
  queryKey: QUERY_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSettings(signal),
  staleTime: SETTINGS_CACHE_MS,
};

/** Gives the query its settings without a request (the prerender, the settings sent with the page). */
export function seedSiteSettings(client: QueryClient, settings: SiteSettings, updatedAt = Date.now()): void {
  client.setQueryData(QUERY_KEY, settings, { updatedAt });
}

/** The settings the server sent with the page (SITE_SETTINGS_ELEMENT_ID), if any and well formed. */
export function embeddedSiteSettings(doc: Pick<Document, 'getElementById'>): SiteSettings | null {
  const text = doc.getElementById(SITE_SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = siteSettingsPayload.safeParse({ success: true, data: JSON.parse(text) as unknown });
    return parsed.success ? parsed.data.data : null;
  } catch {
    return null;
  }
}

/**
 * Called once at start-up: every page's maintenance gate needs the settings, so they are taken
 * from the page itself (the server sends the current ones), else from the 30 s cache, else
 * requested at once, in parallel with the page's own code. Says whether they are there now (the
 * first render then shows the page, not the loading spinner).
 */
export function primeSiteSettings(client: QueryClient): boolean {
  const embedded = embeddedSiteSettings(document);
  if (embedded) {
    // A page the service worker served may be an old copy: its settings count as stale (the
    // layout asks for fresh ones at once); a page from the server carries the current ones.
    const maybeOld = typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
    seedSiteSettings(client, embedded, maybeOld ? 0 : Date.now());
    if (!maybeOld) writeCache(embedded);
    return true;
  }
  const cached = readCache();
  if (cached) seedSiteSettings(client, cached.settings, cached.fetchedAt);
  else void client.prefetchQuery(siteSettingsQuery);
  return cached !== null;
}

/**
 * The site settings, refreshed once stale (30 s) when the visitor comes back to the tab or
 * navigates (see RootLayout), so a maintenance switched on reaches people already browsing.
 */
export function useSiteSettings() {
  return useQuery({
    ...siteSettingsQuery,
    retry: false,
    refetchOnWindowFocus: true,
  });
}

export function useRefreshStaleSettings(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.refetchQueries({ queryKey: QUERY_KEY, stale: true, type: 'active' }), [queryClient]);
}

/**
 * Settings staff have just saved, given to the page at once (the staff form saves them: its
 * mutation lives with it, so visitors never download it). The layout derives the document title
 * and description from these settings: they update as soon as the save succeeds (spec 1 §7).
 */
export function applySavedSiteSettings(queryClient: QueryClient, settings: SiteSettings): void {
  queryClient.setQueryData(QUERY_KEY, settings);
  writeCache(settings);
}
