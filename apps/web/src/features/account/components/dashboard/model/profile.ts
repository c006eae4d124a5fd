import { accountMessages, profileUpdateSchema, type Profile, type ProfileUpdate } from '@erepare/shared/schemas/account';

/** The profile edit form of spec 1 §3, as the inputs hold it (opt-ins as booleans). */
export type ProfileFormValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  mobile: string;
  address1: string;
  address2: string;
  city: string;
  postcode: string;
  country: string;
  state: string;
  orgonization: string;
  refered_by: string;
  contact_person: string;
  email_opt_in: boolean;
  sms_opt_in: boolean;
};

export type ProfileTextField = Exclude<keyof ProfileFormValues, 'email_opt_in' | 'sms_opt_in'>;
export type ProfileErrors = Partial<Record<ProfileTextField, string>>;

export const profileMessages = {
  saved: accountMessages.profileSaved,
  saveError: accountMessages.profileSaveError,
  firstNameRequired: 'Le prénom est requis',
  lastNameRequired: 'Le nom est requis',
  emailRequired: 'L’adresse e-mail est requise',
  emailInvalid: 'Adresse e-mail invalide',
  syncError: 'Erreur lors de la synchronisation avec le magasin',
  syncImpossible: 'Impossible de synchroniser avec le magasin',
  refreshError: 'Erreur lors du chargement des données',
} as const;

/**
 * The fields in the order of the form, with French labels and the browser's autofill hints.
 * `phone` is the professional line, `mobile` the personal one (spec 1 §3).
 */
export const profileFieldGroups: {
  title: string;
  fields: { name: ProfileTextField; label: string; autoComplete: string; type?: string; required?: boolean; inputMode?: 'tel' | 'email' | 'text' }[];
}[] = [
  {
    title: 'Identité',
    fields: [
      { name: 'first_name', label: 'Prénom', autoComplete: 'given-name', required: true },
      { name: 'last_name', label: 'Nom', autoComplete: 'family-name', required: true },
      { name: 'orgonization', label: 'Société ou organisation', autoComplete: 'organization' },
      { name: 'contact_person', label: 'Personne à contacter', autoComplete: 'off' },
    ],
  },
  {
    title: 'Coordonnées',
    fields: [
      { name: 'email', label: 'Adresse e-mail', autoComplete: 'email', type: 'email', required: true, inputMode: 'email' },
      { name: 'mobile', label: 'Téléphone mobile (personnel)', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
      { name: 'phone', label: 'Téléphone professionnel', autoComplete: 'work tel', type: 'tel', inputMode: 'tel' },
    ],
  },
  {
    title: 'Adresse',
    fields: [
      { name: 'address1', label: 'Adresse', autoComplete: 'address-line1' },
      { name: 'address2', label: 'Complément d’adresse', autoComplete: 'address-line2' },
      { name: 'postcode', label: 'Code postal', autoComplete: 'postal-code' },
      { name: 'city', label: 'Ville', autoComplete: 'address-level2' },
      { name: 'state', label: 'Région', autoComplete: 'address-level1' },
      { name: 'country', label: 'Pays', autoComplete: 'country-name' },
    ],
  },
  {
    title: 'Autres informations',
    fields: [{ name: 'refered_by', label: 'Comment nous avez-vous connus\u00a0?', autoComplete: 'off' }],
  },
];

export function profileToForm(profile: Profile['profile']): ProfileFormValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    phone: profile.phone,
    mobile: profile.mobile,
    address1: profile.address1,
    address2: profile.address2,
    city: profile.city,
    postcode: profile.postcode,
    country: profile.country || 'France',
    state: profile.state,
    orgonization: profile.orgonization,
    refered_by: profile.refered_by,
    contact_person: profile.contact_person,
    email_opt_in: profile.email_opt_in === 1,
    sms_opt_in: profile.sms_opt_in === 1,
  };
}

export type ProfileValidation = { ok: true; body: ProfileUpdate } | { ok: false; errors: ProfileErrors };

/**
 * Spec 1 §5: first name, last name and e-mail required (checked first, with our own messages),
 * then the shared schema (lengths, phone and postal code formats, sanitising) the server applies.
 */
export function validateProfile(values: ProfileFormValues): ProfileValidation {
  const errors: ProfileErrors = {};
  if (values.first_name.trim() === '') errors.first_name = profileMessages.firstNameRequired;
  if (values.last_name.trim() === '') errors.last_name = profileMessages.lastNameRequired;
  if (values.email.trim() === '') errors.email = profileMessages.emailRequired;

  const parsed = profileUpdateSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ProfileTextField | undefined;
      if (field && !errors[field]) errors[field] = field === 'email' ? profileMessages.emailInvalid : issue.message;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: values };
}

/** The fields whose value the read-only view shows; empty ones say "Non renseigné". */
export function displayValue(value: string): string {
  return value.trim() === '' ? 'Non renseigné' : value;
}
