import { z } from '../zod.js';

/** Site settings (spec 1 §3): title, description and the two maintenance flags. */
export const siteSettingsSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: 'Le titre du site est requis' })
    .max(120, { error: 'Le titre du site ne peut pas dépasser 120 caractères' }),
  description: z
    .string()
    .trim()
    .max(320, { error: 'La description ne peut pas dépasser 320 caractères' }),
  maintenanceMode: z.boolean({ error: 'Le mode maintenance doit valoir vrai ou faux' }),
  shopMaintenanceMode: z.boolean({ error: 'Le mode maintenance de la boutique doit valoir vrai ou faux' }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export { defaultSiteSettings } from '../site-settings.js';

export const siteSettingsResponseSchema = z.object({
  success: z.literal(true),
  data: siteSettingsSchema,
  message: z.string().optional(),
});
export type SiteSettingsResponse = z.infer<typeof siteSettingsResponseSchema>;

/**
 * An update may carry any of the four fields (the others keep their stored value); unknown keys
 * are refused rather than ignored, and an empty update is refused.
 */
export const siteSettingsUpdateSchema = siteSettingsSchema
  .partial()
  .strict()
  .refine((update) => Object.keys(update).length > 0, { error: 'Aucun paramètre à enregistrer' })
  // One line of text each: no control characters (a NUL byte is refused by PostgreSQL, a 500 otherwise).
  // eslint-disable-next-line no-control-regex
  .refine((update) => !/[\u0000-\u001F\u007F]/.test(update.title ?? ''), { error: 'Caractères non autorisés dans le titre', path: ['title'] })
  // eslint-disable-next-line no-control-regex
  .refine((update) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(update.description ?? ''), { error: 'Caractères non autorisés dans la description', path: ['description'] });
export type SiteSettingsUpdate = z.infer<typeof siteSettingsUpdateSchema>;
