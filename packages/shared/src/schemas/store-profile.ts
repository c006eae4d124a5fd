import { z } from '../zod.js';
import type { StoreProfile } from '../store-profile.js';
import { isValidBic, isValidIban } from '../go-live.js';
import { contactEmailField, singleLineText } from './contact.js';

/**
 * The store profile as staff edit it (Paramètres → Profil de la boutique): every field of
 * `StoreProfile`, each with a French message. `PUT /api/admin/store-profile` takes the whole
 * profile (the form always sends every field); unknown keys are refused.
 */
export const storeProfileMessages = {
  postalCode: 'Code postal invalide (5 chiffres)',
  latitude: 'Latitude invalide (entre -90 et 90)',
  longitude: 'Longitude invalide (entre -180 et 180)',
  phoneE164: 'Numéro international invalide (par exemple +33556000000)',
  whatsappNumber: 'Numéro WhatsApp invalide\u00a0: indicatif du pays puis numéro, chiffres seulement (par exemple 33600000000)',
  siret: 'SIRET invalide (14 chiffres)',
  url: 'Adresse invalide\u00a0: elle doit commencer par https://',
  iban: 'IBAN invalide\u00a0: vérifiez-le (la clé de contrôle ne correspond pas)',
  bic: 'BIC invalide (8 ou 11 caractères, par exemple BNPAFRPPXXX)',
  vatRegime: 'Régime de TVA invalide',
  slotsRequired: 'Indiquez au moins un créneau',
  slotsTooMany: 'Pas plus de 10 créneaux',
  saved: 'Profil de la boutique enregistré. Les pages du site sont mises à jour.',
  readOnly: 'Profil de la boutique',
} as const;

const text = (label: string, max: number) => singleLineText(max, `Veuillez indiquer ${label}`, `Ce champ ne doit pas dépasser ${max} caractères`);
/** A line that may stay empty (a detail the shop does not have). */
const optionalText = (max: number) =>
  z.union([z.literal(''), singleLineText(max, 'Champ invalide', `Ce champ ne doit pas dépasser ${max} caractères`)]);

/** An https address, or empty where the field is optional. */
const httpsUrl = z
  .string({ error: storeProfileMessages.url })
  .trim()
  .max(300, { error: 'L’adresse ne doit pas dépasser 300 caractères' })
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && Boolean(url.hostname) && !/\s/.test(value);
    } catch {
      return false;
    }
  }, { error: storeProfileMessages.url });
const optionalHttpsUrl = z.union([z.literal(''), httpsUrl]);

const slots = z
  .array(z.object({ days: text('les jours', 60), hours: text('les horaires', 80) }).strict(), { error: storeProfileMessages.slotsRequired })
  .min(1, { error: storeProfileMessages.slotsRequired })
  .max(10, { error: storeProfileMessages.slotsTooMany });

export const storeProfileSchema = z
  .object({
    name: text('le nom de la boutique', 80),
    legalName: text('la raison sociale', 160),
    address: z
      .object({
        street: text('l’adresse', 160),
        postalCode: z.string({ error: storeProfileMessages.postalCode }).trim().regex(/^\d{5}$/, { error: storeProfileMessages.postalCode }),
        city: text('la ville', 80),
        country: text('le pays', 60),
      })
      .strict(),
    geo: z
      .object({
        latitude: z.number({ error: storeProfileMessages.latitude }).min(-90, { error: storeProfileMessages.latitude }).max(90, { error: storeProfileMessages.latitude }),
        longitude: z
          .number({ error: storeProfileMessages.longitude })
          .min(-180, { error: storeProfileMessages.longitude })
          .max(180, { error: storeProfileMessages.longitude }),
      })
      .strict(),
    phone: z
      .object({
        display: text('le téléphone', 30),
        e164: z.string({ error: storeProfileMessages.phoneE164 }).trim().regex(/^\+\d{8,15}$/, { error: storeProfileMessages.phoneE164 }),
      })
      .strict(),
    email: contactEmailField,
    whatsapp: z
      .object({
        display: text('le numéro WhatsApp', 30),
        number: z.string({ error: storeProfileMessages.whatsappNumber }).trim().regex(/^\d{8,15}$/, { error: storeProfileMessages.whatsappNumber }),
      })
      .strict(),
    social: z.object({ facebook: optionalHttpsUrl, instagram: optionalHttpsUrl, tiktok: optionalHttpsUrl }).strict(),
    siret: z
      .string({ error: storeProfileMessages.siret })
      .trim()
      .refine((value) => /^\d{14}$/.test(value.replace(/\s/g, '')), { error: storeProfileMessages.siret }),
    company: z
      .object({
        legalForm: optionalText(200),
        shareCapital: optionalText(200),
        rcsCity: optionalText(200),
        vatNumber: optionalText(200),
        publicationDirector: optionalText(200),
      })
      .strict(),
    host: z.object({ name: optionalText(200), address: optionalText(300), phone: optionalText(200) }).strict(),
    mediator: z.object({ name: text('le médiateur de la consommation', 200), website: httpsUrl, address: optionalText(300) }).strict(),
    vatRegime: z.enum(['standard', 'franchise'], { error: storeProfileMessages.vatRegime }),
    customerPortalUrl: optionalHttpsUrl,
    bank: z
      .object({
        accountHolder: optionalText(120),
        bankName: optionalText(120),
        // Empty: no bank transfer offered at checkout.
        iban: z.union([
          z.literal(''),
          z
            .string({ error: storeProfileMessages.iban })
            .trim()
            .max(42, { error: storeProfileMessages.iban })
            .refine(isValidIban, { error: storeProfileMessages.iban }),
        ]),
        bic: z.union([
          z.literal(''),
          z
            .string({ error: storeProfileMessages.bic })
            .trim()
            .transform((value) => value.toUpperCase())
            .refine(isValidBic, { error: storeProfileMessages.bic }),
        ]),
      })
      .strict(),
    invoicing: z
      .object({
        paymentTerms: text('les conditions de paiement', 300),
        latePenaltyRate: text('le taux des pénalités de retard', 200),
      })
      .strict(),
    openingHours: slots,
  })
  .strict() satisfies z.ZodType<StoreProfile, unknown>;

export const storeProfileResponseSchema = z.object({
  success: z.literal(true),
  data: storeProfileSchema,
  message: z.string().optional(),
});
