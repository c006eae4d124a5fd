import { z } from '@erepare/shared/zod';
import { checkoutFieldMessages, shopMessages } from '@erepare/shared/shop';
import { relayMessages, relayPointSchema } from '@erepare/shared/relay-points';

/**
 * The checkout form (spec 2 §3 "Checkout form") and its per-step rules (spec 2 §5): only presence
 * is checked, with the spec's messages; the server validates formats and is the authority.
 * The address is required only for methods that deliver (in-store pickup skips it); a relay
 * method (colissimo_relais, lpc_relay) also needs a chosen relay point.
 */

/** The relay point chosen in the picker, with the postal code that was searched (sent with the order). */
export const relayChoiceSchema = z.object({ point: relayPointSchema, postcode: z.string() });
export type RelayChoice = z.infer<typeof relayChoiceSchema>;

const present = (message: string) => z.string().trim().min(1, message);

export const checkoutFormSchema = z
  .object({
    email: present(checkoutFieldMessages.email),
    firstName: present(checkoutFieldMessages.firstName),
    lastName: present(checkoutFieldMessages.lastName),
    phone: present(checkoutFieldMessages.phone),
    shippingMethod: z.string().min(1, 'Veuillez choisir un mode de livraison'),
    /** Set by the page from the chosen method (true for every method but in-store pickup). */
    needsAddress: z.boolean(),
    /** Set by the page from the chosen method (true for the relay methods). */
    needsRelay: z.boolean(),
    relayChoice: relayChoiceSchema.nullable(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    postcode: z.string(),
    country: z.string().min(2),
    paymentMethod: z.string().min(1, 'Veuillez choisir un mode de paiement'),
    orderNotes: z.string().max(1000, 'Note trop longue (1000 caractères au plus)'),
    termsAccepted: z.boolean().refine((value) => value, shopMessages.termsRequired),
  })
  .superRefine((values, context) => {
    if (values.needsRelay && !values.relayChoice) context.addIssue({ code: 'custom', path: ['relayChoice'], message: relayMessages.required });
    if (!values.needsAddress) return;
    const required = [
      ['address1', checkoutFieldMessages.address1],
      ['city', checkoutFieldMessages.city],
      ['postcode', checkoutFieldMessages.postcode],
    ] as const;
    for (const [field, message] of required) {
      if (!values[field].trim()) context.addIssue({ code: 'custom', path: [field], message });
    }
  });

export type CheckoutFormValues = z.infer<typeof checkoutFormSchema>;
export type CheckoutField = keyof CheckoutFormValues;

export const emptyCheckoutForm: CheckoutFormValues = {
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  shippingMethod: '',
  needsAddress: true,
  needsRelay: false,
  relayChoice: null,
  address1: '',
  address2: '',
  city: '',
  postcode: '',
  country: 'FR',
  paymentMethod: '',
  orderNotes: '',
  termsAccepted: false,
};

export type StepNumber = 1 | 2 | 3 | 4;

/** The four steps of the progress indicator (spec 2 §2). */
export const CHECKOUT_STEPS: readonly { number: StepNumber; title: string; subtitle: string }[] = [
  { number: 1, title: 'Informations', subtitle: 'Vos coordonnées' },
  { number: 2, title: 'Livraison', subtitle: 'Adresse et méthode' },
  { number: 3, title: 'Paiement', subtitle: 'Mode de paiement' },
  { number: 4, title: 'Confirmation', subtitle: 'Vérification finale' },
];

/** Fields checked before leaving a step, in the order they appear (the first invalid one gets the focus). */
export function stepFields(step: StepNumber, needsAddress: boolean, needsRelay = false): CheckoutField[] {
  switch (step) {
    case 1:
      return ['email', 'firstName', 'lastName', 'phone'];
    case 2:
      return [...(needsAddress ? (['shippingMethod', 'address1', 'city', 'postcode'] as const) : (['shippingMethod'] as const)), ...(needsRelay ? (['relayChoice'] as const) : [])];
    case 3:
      return ['paymentMethod', 'orderNotes'];
    case 4:
      return ['termsAccepted'];
  }
}

/** Countries a parcel can be sent to (France by default, spec 2 §1). */
export const SHIPPING_COUNTRIES: readonly { code: string; name: string }[] = [
  { code: 'FR', name: 'France' },
  { code: 'BE', name: 'Belgique' },
  { code: 'LU', name: 'Luxembourg' },
  { code: 'MC', name: 'Monaco' },
  { code: 'CH', name: 'Suisse' },
];

export function countryName(code: string): string {
  return SHIPPING_COUNTRIES.find((country) => country.code === code)?.name ?? code;
}
