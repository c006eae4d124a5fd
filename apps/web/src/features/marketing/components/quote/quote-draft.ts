import { quoteMessages } from '@erepare/shared/messages';
import { QUOTE_OTHER, findQuoteCategory, type DropOffSlot, type QuoteCategoryId } from '@erepare/shared/quote-catalogue';
import { checkQuoteChoices, quoteContactSchema, quoteDetailsSchema } from '@erepare/shared/schemas/quotes';
import { readItem, writeItem } from '../../../../lib/storage';
import type { QuoteSubmission } from './send-quote';

/** The wizard's progress, kept in sessionStorage so a reload does not lose it. */
export type QuoteDraft = {
  step: number;
  category: QuoteCategoryId | '';
  brand: string;
  brandOther: string;
  model: string;
  modelOther: string;
  fault: string;
  faultOther: string;
  description: string;
  photos: string[];
  name: string;
  email: string;
  phone: string;
  dropOffDate: string;
  dropOffSlot: DropOffSlot | '';
  consent: boolean;
  /** Service SMS about this repair (offered only when the shop sends SMS): unticked by default. */
  smsConsent: boolean;
  /** Set once the request is sent: the confirmation screen shows it. */
  reference: string;
};

export const QUOTE_STEPS = ['Appareil', 'Marque et modèle', 'Panne', 'Photos et description', 'Coordonnées et dépôt', 'Confirmation'] as const;
export const QUOTE_DRAFT_KEY = 'devis_en_ligne_brouillon';

export const emptyDraft: QuoteDraft = {
  step: 1,
  category: '',
  brand: '',
  brandOther: '',
  model: '',
  modelOther: '',
  fault: '',
  faultOther: '',
  description: '',
  photos: [],
  name: '',
  email: '',
  phone: '',
  dropOffDate: '',
  dropOffSlot: '',
  consent: false,
  smsConsent: false,
  reference: '',
};

export function loadDraft(): QuoteDraft {
  const raw = readItem(QUOTE_DRAFT_KEY, 'session');
  if (!raw) return emptyDraft;
  try {
    const parsed = JSON.parse(raw) as Partial<QuoteDraft>;
    const draft = { ...emptyDraft, ...parsed };
    draft.step = Math.min(QUOTE_STEPS.length, Math.max(1, Math.floor(Number(draft.step)) || 1));
    if (!Array.isArray(draft.photos)) draft.photos = [];
    if (draft.category && !findQuoteCategory(draft.category)) return emptyDraft;
    return draft;
  } catch {
    return emptyDraft;
  }
}

/** Saves the draft; photos are dropped if the browser's quota cannot hold them. */
export function saveDraft(draft: QuoteDraft): void {
  const json = JSON.stringify(draft);
  writeItem(QUOTE_DRAFT_KEY, json, 'session');
  if (readItem(QUOTE_DRAFT_KEY, 'session') !== json) writeItem(QUOTE_DRAFT_KEY, JSON.stringify({ ...draft, photos: [] }), 'session');
}

export type StepErrors = Partial<Record<keyof QuoteDraft, string>>;

/** The problems of one step, by field (the order is the fields' order on screen). */
export function validateStep(step: number, draft: QuoteDraft, dropOffChoices: readonly string[]): StepErrors {
  const errors: StepErrors = {};
  const add = (path: string, message: string) => {
    const key = path as keyof QuoteDraft;
    errors[key] ??= message;
  };
  if (step === 1 && !draft.category) add('category', quoteMessages.categoryRequired);
  if ((step === 2 || step === 3) && draft.category) {
    const paths = step === 2 ? ['brand', 'brandOther', 'model', 'modelOther'] : ['fault', 'faultOther'];
    if (step === 3 && !draft.fault) add('fault', quoteMessages.faultRequired);
    checkQuoteChoices({ ...draft, category: draft.category, fault: step === 3 ? draft.fault : '' }, (path, message) => {
      if (paths.includes(path)) add(path, message);
    });
  }
  if (step === 4) {
    const result = quoteDetailsSchema.safeParse({ description: draft.description });
    if (!result.success) add('description', result.error.issues[0]?.message ?? quoteMessages.descriptionTooLong);
  }
  if (step === 5) {
    const result = quoteContactSchema.safeParse({ ...draft, dropOffSlot: draft.dropOffSlot || undefined, consent: draft.consent || undefined });
    if (!result.success) for (const issue of result.error.issues) add(String(issue.path[0]), issue.message);
    if (draft.dropOffDate && !errors.dropOffDate && !dropOffChoices.includes(draft.dropOffDate)) add('dropOffDate', quoteMessages.dropOffDateInvalid);
  }
  return errors;
}

/** The request body from a complete draft. */
export function toRequest(draft: QuoteDraft): QuoteSubmission {
  const category = findQuoteCategory(draft.category);
  const freeDevice = !category?.brands.length;
  return {
    category: draft.category || 'autre',
    brand: freeDevice ? '' : draft.brand,
    brandOther: freeDevice || draft.brand === QUOTE_OTHER ? draft.brandOther : '',
    model: freeDevice || draft.brand === QUOTE_OTHER ? '' : draft.model,
    modelOther: freeDevice || draft.brand === QUOTE_OTHER || draft.model === QUOTE_OTHER ? draft.modelOther : '',
    fault: draft.fault,
    faultOther: draft.fault === QUOTE_OTHER ? draft.faultOther : '',
    description: draft.description,
    photos: draft.photos,
    name: draft.name,
    email: draft.email,
    phone: draft.phone,
    dropOffDate: draft.dropOffDate,
    dropOffSlot: draft.dropOffSlot || 'matin',
    consent: true,
    smsConsent: draft.smsConsent === true,
  };
}
