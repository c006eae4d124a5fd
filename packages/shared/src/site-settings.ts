/**
 * Site settings without zod: the maintenance gate of every page reads them, and zod (25 KB gzip)
 * must not weigh on the first page load. The zod schema of the admin form and of the API lives in
 * schemas/settings.ts; a test checks that both agree.
 */
export type SiteSettings = {
  title: string;
  description: string;
  maintenanceMode: boolean;
  shopMaintenanceMode: boolean;
};

export const defaultSiteSettings: SiteSettings = {
  /** The site's name: every page title ends with it ("Contact | E.repare"). */
  title: 'E.repare',
  description:
    'Atelier de réparation à Gujan-Mestras sur le bassin d’Arcachon\u00a0: smartphones, tablettes, ordinateurs et consoles. Devis en ligne, suivi de réparation et boutique de produits reconditionnés.',
  maintenanceMode: false,
  shopMaintenanceMode: false,
};

type ParseResult<T> = { success: true; data: T } | { success: false };

function isSettings(value: unknown): value is SiteSettings {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.title === 'string' &&
    typeof candidate.description === 'string' &&
    typeof candidate.maintenanceMode === 'boolean' &&
    typeof candidate.shopMaintenanceMode === 'boolean'
  );
}

/** Reads the GET /api/admin/site-settings answer ({ success, data }) the way a zod schema would. */
export const siteSettingsPayload = {
  safeParse(payload: unknown): ParseResult<{ success: true; data: SiteSettings }> {
    if (!payload || typeof payload !== 'object') return { success: false };
    const { success, data } = payload as { success?: unknown; data?: unknown };
    if (success !== true || !isSettings(data)) return { success: false };
    const { title, description, maintenanceMode, shopMaintenanceMode } = data;
    return { success: true, data: { success: true, data: { title, description, maintenanceMode, shopMaintenanceMode } } };
  },
};
