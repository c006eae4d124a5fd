import { quoteMessages } from '../messages.js';
import {
  QUOTE_OTHER,
  dropOffSlots,
  findQuoteBrand,
  findQuoteCategory,
  findQuoteFault,
  quoteCategoryIds,
  type DropOffSlot,
} from '../quote-catalogue.js';
import { z } from '../zod.js';
import { PHONE_PATTERN, contactEmailField, multiLineChars, singleLineChars, singleLineText } from './contact.js';

/** POST /api/quotes: the online quote request (/devis-en-ligne). */

export const QUOTE_MAX_PHOTOS = 3;
/** 2 MB per photo (decoded bytes): the upload widget's limit (spec 3 §5). */
export const QUOTE_MAX_PHOTO_BYTES = 2 * 1024 * 1024;
export const QUOTE_DESCRIPTION_MAX = 2000;
export const QUOTE_OTHER_MAX = 100;

/** An "autre" text (brand, model, fault): one line, no control character (4xx, never silently stripped). */
const otherText = singleLineChars().trim().max(QUOTE_OTHER_MAX, { error: quoteMessages.otherTooLong });
const slotIds = dropOffSlots.map((slot) => slot.id) as [DropOffSlot, ...DropOffSlot[]];

/** The device step: category → brand → model, each a catalogue id or "autre" with a free text. */
export const quoteDeviceSchema = z.object({
  category: z.enum(quoteCategoryIds, { error: quoteMessages.categoryRequired }),
  brand: z.string().trim().max(40),
  brandOther: otherText,
  model: z.string().trim().max(80),
  modelOther: otherText,
});

export const quoteFaultSchema = z.object({
  fault: z.string().trim().min(1, { error: quoteMessages.faultRequired }).max(40),
  faultOther: otherText,
});

export const quoteDetailsSchema = z.object({
  description: multiLineChars().trim().max(QUOTE_DESCRIPTION_MAX, { error: quoteMessages.descriptionTooLong }),
});

export const quoteContactSchema = z.object({
  name: singleLineText(100, 'Veuillez indiquer votre nom', 'Le nom ne doit pas dépasser 100 caractères'),
  email: contactEmailField,
  phone: z
    .string({ error: quoteMessages.phoneRequired })
    .trim()
    .min(1, { error: quoteMessages.phoneRequired })
    .max(20, { error: 'Numéro de téléphone invalide' })
    .refine((value) => PHONE_PATTERN.test(value), { error: 'Numéro de téléphone invalide' }),
  dropOffDate: z
    .string({ error: quoteMessages.dropOffDateRequired })
    .min(1, { error: quoteMessages.dropOffDateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: quoteMessages.dropOffDateInvalid }),
  dropOffSlot: z.enum(slotIds, { error: quoteMessages.dropOffSlotRequired }),
  consent: z.literal(true, { error: quoteMessages.consentRequired }),
});

type DeviceAndFault = z.infer<typeof quoteDeviceSchema> & z.infer<typeof quoteFaultSchema>;

/**
 * The catalogue rules: a known brand, model and fault of the category, or "autre" with its text.
 * Category "Autre" has no lists: the device is described in `modelOther`. An "autre" brand has no
 * model list either: its model is typed in `modelOther`.
 */
export function checkQuoteChoices(value: DeviceAndFault, addIssue: (path: string, message: string) => void): void {
  const category = findQuoteCategory(value.category);
  if (!category) return;
  if (category.brands.length === 0) {
    if (!value.modelOther) addIssue('modelOther', 'Veuillez indiquer l’appareil (type, marque, modèle)');
  } else if (!value.brand) {
    addIssue('brand', quoteMessages.brandRequired);
  } else if (value.brand === QUOTE_OTHER) {
    if (!value.brandOther) addIssue('brandOther', quoteMessages.brandRequired);
    if (!value.modelOther) addIssue('modelOther', quoteMessages.modelRequired);
  } else {
    const brand = findQuoteBrand(category, value.brand);
    if (!brand) addIssue('brand', quoteMessages.unknownChoice);
    else if (!value.model) addIssue('model', quoteMessages.modelRequired);
    else if (value.model === QUOTE_OTHER) {
      if (!value.modelOther) addIssue('modelOther', quoteMessages.modelRequired);
    } else if (!brand.models.includes(value.model)) addIssue('model', quoteMessages.unknownChoice);
  }
  if (value.fault === QUOTE_OTHER) {
    if (!value.faultOther) addIssue('faultOther', quoteMessages.faultRequired);
  } else if (value.fault && !findQuoteFault(category, value.fault)) addIssue('fault', quoteMessages.unknownChoice);
}

/**
 * The text fields of a quote request (a JSON body, or the fields of a multipart form). Photos
 * travel only as files of a multipart form (`photos`, at most QUOTE_MAX_PHOTOS of
 * QUOTE_MAX_PHOTO_BYTES), read and checked by the server as they arrive.
 */
export const quoteFieldsSchema = quoteDeviceSchema
  .extend(quoteFaultSchema.shape)
  .extend(quoteDetailsSchema.shape)
  .extend(quoteContactSchema.shape)
  .extend({
    brandOther: otherText.optional().default(''),
    modelOther: otherText.optional().default(''),
    faultOther: otherText.optional().default(''),
    description: quoteDetailsSchema.shape.description.optional().default(''),
    /**
     * The customer agrees to service SMS about this repair (estimate, appointment, device ready):
     * unticked by default, offered only when the shop has SMS configured (issue 24 §5).
     */
    smsConsent: z.boolean().optional().default(false),
  });

/** The catalogue rules of checkQuoteChoices as a zod refinement (for schemas built on quoteFieldsSchema). */
export function refineQuoteChoices(value: DeviceAndFault, context: z.RefinementCtx): void {
  checkQuoteChoices(value, (path, message) => context.addIssue({ code: 'custom', path: [path], message }));
}

export const quoteRequestSchema = quoteFieldsSchema.superRefine(refineQuoteChoices);
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const quoteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** D-2026-000123 */
  reference: z.string(),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

/** "D-2026-000123": the year the request was made and its number. */
export function quoteReference(year: number, id: number): string {
  return `D-${year}-${String(id).padStart(6, '0')}`;
}
