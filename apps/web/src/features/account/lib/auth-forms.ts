import { PASSWORD_MIN_LENGTH } from '@erepare/shared/schemas/auth';
import { accountMessages } from '@erepare/shared/schemas/account';
import { z } from '@erepare/shared/zod';
import { ApiError, UNAVAILABLE_MESSAGE } from '../../../lib/api-client';

/** Texts of spec 1 §4, §5 and §8 that the shared account messages do not carry. */
export const authTexts = {
  genericError: 'Une erreur est survenue',
  forgotNetwork: 'Impossible de contacter le serveur',
  verifyLinkNetwork: 'Impossible de vérifier le lien',
  resetNetwork: 'Impossible de réinitialiser le mot de passe',
  verificationNetwork: 'Erreur de connexion. Veuillez réessayer.',
  invalidLinkTitle: 'Lien invalide ou expiré',
  invalidLinkText: "Ce lien de réinitialisation n'est plus valide.",
  requestNewLink: 'Demander un nouveau lien',
  checkingLink: 'Vérification du lien...',
  sending: 'Envoi en cours...',
  resetDone: 'Mot de passe réinitialisé !',
  emailVerifiedTitle: 'Adresse e-mail vérifiée\u00a0!',
  emailRequired: 'L’adresse e-mail est requise',
  emailInvalid: 'Adresse e-mail invalide',
  passwordRequired: 'Le mot de passe est requis',
  confirmRequired: 'Veuillez confirmer le mot de passe',
  firstNameRequired: 'Le prénom est requis',
  lastNameRequired: 'Le nom est requis',
  phoneRequired: 'Le téléphone est requis',
  phoneInvalid: 'Numéro de téléphone invalide',
  postalCodeInvalid: 'Code postal invalide',
  tokenRequired: 'Veuillez saisir le code de vérification',
  redirectNotice: 'Redirection vers votre compte dans 3 secondes…',
} as const;

/** A message another page hands to /compte (e-mail verified, password reset), through the history state. */
export type AccountFlash = { flash?: string };

/** Spec 1 §9: redirect 3 s after a reset or a verification. */
export const REDIRECT_DELAY_MS = 3_000;

/**
 * The message of a failed call: the server's when it gave one, `fallback` when it did not (HTML,
 * unexpected shape), `network` when it could not be reached.
 */
export function failureMessage(error: unknown, network: string, fallback: string = authTexts.genericError): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return network;
  if (!error.message || error.message === UNAVAILABLE_MESSAGE) return fallback;
  return error.message;
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

const emailFormat = z.email();

/** A required e-mail: empty, or malformed, with the French message; null when fine. */
export function emailError(value: string): string | null {
  const email = normaliseEmail(value);
  if (email === '') return authTexts.emailRequired;
  return emailFormat.safeParse(email).success ? null : authTexts.emailInvalid;
}

/** Resend verification (spec 1 §5): non-empty and containing "@". */
export function resendEmailError(value: string): string | null {
  const email = value.trim();
  return email !== '' && email.includes('@') ? null : accountMessages.invalidEmail;
}

/** The two requirements of the reset form (spec 1 §5), shown as a live checklist. */
export function resetChecklist(password: string, confirmPassword: string) {
  return {
    longEnough: password.length >= PASSWORD_MIN_LENGTH,
    matches: password.length > 0 && password === confirmPassword,
  };
}

export type RegisterValues = {
  email: string;
  password: string;
  confirmPassword: string;
  first_name: string;
  last_name: string;
  phone: string;
  address: string;
  city: string;
  postal_code: string;
  email_opt_in: boolean;
  sms_opt_in: boolean;
};

export const emptyRegisterValues: RegisterValues = {
  email: '',
  password: '',
  confirmPassword: '',
  first_name: '',
  last_name: '',
  phone: '',
  address: '',
  city: '',
  postal_code: '',
  email_opt_in: false,
  sms_opt_in: false,
};

export type RegisterErrors = Partial<Record<keyof RegisterValues, string>>;

const PHONE_PATTERN = /^[0-9+().\s-]*$/;
const POSTAL_CODE_PATTERN = /^[0-9A-Za-z -]*$/;

/**
 * Registration rules (spec 1 §5, same limits as the server's schema): first name, last name,
 * e-mail, phone (unless the form was prefilled from the store), password (8 characters at least)
 * and its confirmation are required; address, city and postal code are optional.
 */
export function validateRegister(values: RegisterValues, prefilled: boolean): RegisterErrors {
  const errors: RegisterErrors = {};
  const email = emailError(values.email);
  if (email) errors.email = email;

  if (values.password === '') errors.password = authTexts.passwordRequired;
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = accountMessages.passwordTooShort;
  else if (values.password.length > 256) errors.password = 'Mot de passe trop long (256 caractères au plus)';

  if (values.confirmPassword === '') errors.confirmPassword = authTexts.confirmRequired;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = accountMessages.passwordsDiffer;

  if (values.first_name.trim() === '') errors.first_name = authTexts.firstNameRequired;
  else if (values.first_name.trim().length > 100) errors.first_name = '100 caractères au plus';
  if (values.last_name.trim() === '') errors.last_name = authTexts.lastNameRequired;
  else if (values.last_name.trim().length > 100) errors.last_name = '100 caractères au plus';

  const phone = values.phone.trim();
  if (phone === '' && !prefilled) errors.phone = authTexts.phoneRequired;
  else if (phone.length > 30 || !PHONE_PATTERN.test(phone)) errors.phone = authTexts.phoneInvalid;

  if (values.address.trim().length > 200) errors.address = '200 caractères au plus';
  if (values.city.trim().length > 100) errors.city = '100 caractères au plus';
  const postalCode = values.postal_code.trim();
  if (postalCode.length > 10 || !POSTAL_CODE_PATTERN.test(postalCode)) errors.postal_code = authTexts.postalCodeInvalid;
  return errors;
}

/** The registration payload of spec 1 §3 (accountType "Client"), with the marketing consents as chosen. */
export function registerPayload(values: RegisterValues) {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: normaliseEmail(values.email),
    phone: values.phone.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    postal_code: values.postal_code.trim(),
    accountType: 'Client' as const,
    password: values.password,
    confirmPassword: values.confirmPassword,
    email_opt_in: values.email_opt_in,
    sms_opt_in: values.sms_opt_in,
    rememberMe: false,
  };
}

/**
 * Manual verification: the visitor may paste the whole link of the e-mail or only its code; the
 * code is what follows "token=".
 */
export function tokenFromInput(value: string): string {
  const text = value.trim();
  const match = /[?&]token=([^&#\s]+)/.exec(text);
  if (!match?.[1]) return text;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}
