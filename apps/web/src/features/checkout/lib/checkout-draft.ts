import { readJson, writeItem } from '../../../lib/storage';
import { emptyCheckoutForm, relayChoiceSchema, type CheckoutFormValues } from './checkout-form';

/**
 * What the customer typed, kept for this tab only (session storage) so a reload or a look at the
 * cart does not make them type it again on a phone. The terms are never kept: they are accepted
 * at the moment of ordering. Cleared once the order is placed.
 */
export const CHECKOUT_DRAFT_KEY = 'erepare_checkout_draft';

const textFields = ['email', 'firstName', 'lastName', 'phone', 'shippingMethod', 'address1', 'address2', 'city', 'postcode', 'country', 'paymentMethod', 'orderNotes'] as const;

export function readCheckoutDraft(): Partial<CheckoutFormValues> {
  const stored = readJson<Record<string, unknown>>(CHECKOUT_DRAFT_KEY, 'session');
  if (!stored || typeof stored !== 'object') return {};
  const draft: Partial<CheckoutFormValues> = {};
  for (const name of textFields) {
    const value = stored[name];
    if (typeof value === 'string' && value.length <= 1000) draft[name] = value;
  }
  // The chosen relay point comes back only if it still has the shape the API gives.
  const relay = relayChoiceSchema.safeParse(stored.relayChoice);
  if (relay.success) draft.relayChoice = relay.data;
  return draft;
}

export function writeCheckoutDraft(values: Partial<CheckoutFormValues>): void {
  const draft: Record<string, unknown> = {};
  for (const name of textFields) {
    const value = values[name];
    if (typeof value === 'string' && value !== emptyCheckoutForm[name]) draft[name] = value;
  }
  if (values.relayChoice) draft.relayChoice = values.relayChoice;
  writeItem(CHECKOUT_DRAFT_KEY, Object.keys(draft).length ? JSON.stringify(draft) : null, 'session');
}

export function clearCheckoutDraft(): void {
  writeItem(CHECKOUT_DRAFT_KEY, null, 'session');
}
