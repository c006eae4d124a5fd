import { z } from '../zod.js';
import { PASSWORD_MIN_LENGTH, sessionUserSchema } from './auth.js';
import { emailSchema } from './common.js';
import { cleanDisplayName, cleanProfileText } from './repair.js';

/**
 * Customer accounts (spec 1 §3-§8): registration, e-mail checks, verification, password reset,
 * profile. Messages are the spec's where it gives them.
 */
export const accountMessages = {
  passwordsDiffer: 'Les mots de passe ne correspondent pas',
  passwordTooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
  passwordHint: `Minimum ${PASSWORD_MIN_LENGTH} caractères, 1 majuscule, 1 minuscule, 1 chiffre`,
  created: 'Compte créé avec succès ! Vous recevrez un email de confirmation.',
  createdNoMail: 'Compte créé avec succès.',
  technicalRegister: 'Erreur technique lors de la création du compte',
  emailTaken: 'Cette adresse e-mail est déjà utilisée. Connectez-vous avec votre mot de passe.',
  emailAvailable: 'Adresse e-mail disponible\u00a0: vous pouvez créer votre compte.',
  emailKnownInStore:
    'Nous vous connaissons déjà en magasin\u00a0: vous pouvez reprendre vos informations. Votre fiche sera liée à votre compte dès que vous aurez confirmé votre adresse e-mail.',
  checkUnavailable: 'Vérification temporairement indisponible',
  tooManyRequests: 'Trop de demandes. Veuillez réessayer dans quelques minutes.',
  forgotSent:
    'Si cette adresse est associée à un compte, un e-mail de réinitialisation vient d’être envoyé. Pensez à vérifier vos courriers indésirables.',
  tokenInvalid: 'Lien ou code invalide ou expiré',
  resetLinkInvalid: 'Lien invalide. Veuillez demander un nouveau lien de réinitialisation.',
  tokenValid: 'Lien valide',
  passwordReset: 'Mot de passe réinitialisé ! Vous pouvez vous connecter.',
  emailVerified: 'Adresse e-mail vérifiée\u00a0! Vous pouvez maintenant vous connecter.',
  emailAlreadyVerified: 'Votre adresse e-mail est déjà vérifiée\u00a0: ce lien a déjà servi. Vous pouvez vous connecter.',
  verificationSent:
    'Si un compte non vérifié correspond à cette adresse, un nouveau lien de vérification vient d’être envoyé.',
  invalidEmail: 'Veuillez entrer une adresse e-mail valide',
  notLinked: 'Votre compte n’est pas encore lié à une fiche client du magasin. Confirmez votre adresse e-mail pour le lier.',
  profileSaved: 'Profil enregistré',
  profileSaveError: 'Erreur lors de la sauvegarde',
  syncDone: 'Fiche client du magasin mise à jour',
  refreshDone: 'Profil mis à jour depuis votre fiche client',
  signupMailQueued: 'E-mails d’inscription envoyés',
  deleted: 'Votre compte a été supprimé. Vos factures restent conservées par le magasin comme la loi l’exige.',
  wrongPassword: 'Mot de passe incorrect',
  currentPasswordRequired: 'Saisissez votre mot de passe actuel pour changer d’adresse e-mail.',
  emailChangeSent:
    'Profil enregistré. Un lien de confirmation a été envoyé à votre nouvelle adresse\u00a0: elle remplacera l’actuelle dès que vous l’aurez ouvert. Vos autres appareils ont été déconnectés.',
  emailChanged: 'Nouvelle adresse e-mail confirmée\u00a0! Elle sert désormais à vous connecter.',
  passwordRequiredForProof:
    'Pour protéger votre compte et votre dossier du magasin, choisissez votre mot de passe\u00a0: il remplace tout mot de passe défini avant cette confirmation.',
} as const;

const password = z
  .string({ error: 'Le mot de passe est requis' })
  .min(PASSWORD_MIN_LENGTH, { error: accountMessages.passwordTooShort })
  .max(256, { error: 'Mot de passe trop long (256 caractères au plus)' });

const text = (max: number) =>
  z
    .string()
    .max(max * 4, { error: 'Valeur trop longue' })
    .transform(cleanProfileText)
    .pipe(z.string().max(max, { error: `${max} caractères au plus` }));
/** A first or last name: a display name (cleanDisplayName), required. */
const requiredName = (label: string, max = 100) =>
  z
    .string({ error: `${label} est requis` })
    .max(max * 4, { error: 'Valeur trop longue' })
    .transform(cleanDisplayName)
    .pipe(z.string().min(1, { error: `${label} est requis` }).max(max, { error: `${max} caractères au plus` }));
const phone = z
  .string()
  .transform(cleanProfileText)
  .pipe(z.string().max(30, { error: 'Numéro de téléphone trop long' }).regex(/^[0-9+().\s-]*$/, { error: 'Numéro de téléphone invalide' }));
const postalCode = z
  .string()
  .trim()
  .max(10, { error: 'Code postal invalide' })
  .regex(/^[0-9A-Za-z -]*$/, { error: 'Code postal invalide' });
const optIn = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value) => value === true || value === 1);

/** POST /api/auth/register: spec 1 §3 payload + password; marketing consent unticked unless chosen. */
export const registerRequestSchema = z
  .object({
    first_name: requiredName('Le prénom'),
    last_name: requiredName('Le nom'),
    email: emailSchema,
    phone: phone.optional().default(''),
    address: text(200).optional().default(''),
    city: text(100).optional().default(''),
    postal_code: postalCode.optional().default(''),
    accountType: z.literal('Client', { error: 'Type de compte invalide' }).optional().default('Client'),
    password,
    confirmPassword: z.string().max(256).optional(),
    email_opt_in: optIn.optional().default(false),
    sms_opt_in: optIn.optional().default(false),
    rememberMe: z.boolean().optional().default(false),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    error: accountMessages.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: sessionUserSchema,
});

export const emailOnlySchema = z.object({ email: emailSchema });

export const checkEmailResponseSchema = z.object({ success: z.literal(true), exists: z.boolean(), message: z.string() });

export const recommendedActions = ['create_new', 'create_with_repairdesk', 'login_existing'] as const;
export type RecommendedAction = (typeof recommendedActions)[number];

/**
 * Before the address is verified, the store's record is shown only as much as lets a person
 * recognise themselves: first name, last-name initial, city. Never phone or address.
 */
export const availabilityResponseSchema = z.object({
  success: z.literal(true),
  available: z.boolean(),
  recommendedAction: z.enum(recommendedActions),
  message: z.string(),
  accountData: z.object({ email: z.string() }).nullable(),
  repairDeskData: z
    .object({ first_name: z.string(), last_name: z.string(), city: z.string() })
    .nullable(),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

export const signupMailRequestSchema = z
  .object({
    firstName: z.string().max(400).optional(),
    lastName: z.string().max(400).optional(),
    email: z.string().max(400).optional(),
    phone: z.string().max(400).optional(),
    accountType: z.string().max(50).optional(),
    timestamp: z.string().max(100).optional(),
  })
  .nullish();

export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });

const token = z.string({ error: accountMessages.tokenInvalid }).trim().min(10, { error: accountMessages.tokenInvalid }).max(200, { error: accountMessages.tokenInvalid });

export const verifyTokenRequestSchema = z.object({ token, email: emailSchema });
export const resetPasswordRequestSchema = z
  .object({ token, email: emailSchema, password, confirmPassword: z.string().max(256) })
  .refine((body) => body.password === body.confirmPassword, { error: accountMessages.passwordsDiffer, path: ['confirmPassword'] });
/**
 * The proof of an address (registration or new address). `password` is asked for when whoever
 * set the account up before cannot be shown to be the person proving the address (DESIGN.md §4).
 */
export const emailVerificationRequestSchema = z
  .object({ token, password: password.optional(), confirmPassword: z.string().max(256).optional() })
  .refine((body) => body.password === undefined || body.password === body.confirmPassword, {
    error: accountMessages.passwordsDiffer,
    path: ['confirmPassword'],
  });
export const emailVerificationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The proof ended every earlier session and signed this browser in (a password was chosen). */
  signedIn: z.boolean(),
  /** The address now proven: the account's login. */
  email: z.string(),
});
export const resendVerificationRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email({ error: accountMessages.invalidEmail })),
});

/** The profile as the account shows it: the session user's fields plus the profile edit form of spec 1 §3. */
export const profileSchema = z.object({
  user: sessionUserSchema,
  linked: z.boolean(),
  /** A new address asked for and not yet proven (it becomes the login once its link is used). */
  pending_email: z.string().nullable(),
  loyalty_balance: z.number(),
  profile: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    mobile: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    postcode: z.string(),
    country: z.string(),
    state: z.string(),
    orgonization: z.string(),
    refered_by: z.string(),
    contact_person: z.string(),
    email_opt_in: z.union([z.literal(0), z.literal(1)]),
    sms_opt_in: z.union([z.literal(0), z.literal(1)]),
  }),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: profileSchema });

/** PUT /api/account/profile: the fields of the profile edit form; first name, last name and e-mail required. */
export const profileUpdateSchema = z
  .object({
    first_name: requiredName('Le prénom'),
    last_name: requiredName('Le nom'),
    email: emailSchema,
    phone: phone.optional().default(''),
    mobile: phone.optional().default(''),
    address1: text(200).optional().default(''),
    address2: text(200).optional().default(''),
    city: text(100).optional().default(''),
    postcode: postalCode.optional().default(''),
    country: text(60).optional().default('France'),
    state: text(60).optional().default(''),
    orgonization: text(120).optional().default(''),
    refered_by: text(120).optional().default(''),
    contact_person: text(120).optional().default(''),
    email_opt_in: optIn.optional().default(false),
    sms_opt_in: optIn.optional().default(false),
    /** Needed only to change the e-mail address (DESIGN.md §4). */
    current_password: z.string().max(256).optional(),
  })
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const deleteAccountRequestSchema = z.object({ password: z.string().min(1, { error: 'Le mot de passe est requis' }).max(256) });
