import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { defaultSiteSettings, siteSettingsPayload, type SiteSettings } from '@erepare/shared/site-settings';
import { apiRequest } from './api-client';

/**
 * Settings are cached 30 s (spec 1 §9). Every document comes with the current ones (the root
 * loader), so the gate never waits on a page load.
 */
export const SETTINGS_CACHE_MS = 30_000;
const QUERY_KEY = ['site-settings'] as const;

/** The settings, and whether they are the defaults standing in for a failed load. */
export type LoadedSettings = SiteSettings & { loadFailed?: true };

async function fetchSettings(signal: AbortSignal): Promise<LoadedSettings> {
  try {
    const response = await apiRequest('/api/admin/site-settings', { schema: siteSettingsPayload, signal });
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

/** Gives the query its settings without a request (the settings of the root loader, sent with the page). */
export function seedSiteSettings(client: QueryClient, settings: SiteSettings, updatedAt = Date.now()): void {
  client.setQueryData(QUERY_KEY, settings, { updatedAt });
}

/**
 * Gives the query the settings the document came with (the root loader). A document a service
 * worker controls may be a copy it kept (an older version of the page, offline or after its 3 s
 * timeout): its settings count as stale, so the layout asks for the current ones at once.
 */
export function seedDocumentSettings(
  client: QueryClient,
  settings: SiteSettings,
  nav: { serviceWorker?: { controller?: unknown } } | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): void {
  seedSiteSettings(client, settings, nav?.serviceWorker?.controller ? 0 : Date.now());
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
}
