import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { defaultSiteSettings, siteSettingsPayload, type SiteSettings } from '@erepare/shared/site-settings';
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

async function fetchSettings(signal: AbortSignal): Promise<SiteSettings> {
  try {
    const response = await apiRequest('/api/admin/site-settings', { schema: siteSettingsPayload, signal });
    writeCache(response.data);
    return response.data;
  } catch {
    // Spec 1 §4: if the settings call fails, both maintenance flags are treated as off.
    return defaultSiteSettings;
  }
}

export function useSiteSettings() {
  return useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => fetchSettings(signal),
    staleTime: SETTINGS_CACHE_MS,
    initialData: () => readCache()?.settings,
    initialDataUpdatedAt: () => readCache()?.fetchedAt,
    retry: false,
  });
}

export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SiteSettings) =>
      apiRequest('/api/admin/site-settings', { method: 'POST', body: settings, schema: siteSettingsPayload }),
    onSuccess: (response) => {
      queryClient.setQueryData(QUERY_KEY, response.data);
      // The layout derives the document title and description from these settings: they update
      // as soon as the save succeeds (spec 1 §7).
      writeCache(response.data);
    },
  });
}
