import { z } from '../zod.js';
import { loginResponseSchema } from './auth.js';

/**
 * Staff two-factor sign-in (issue 23 §5): TOTP (RFC 6238, any authenticator app) with single-use
 * recovery codes. Sign-in: POST /api/auth/login answers `twoFactorRequired` instead of a session
 * for a staff account with TOTP, then POST /api/auth/login/second-factor opens it. Enrolment and
 * management under /api/auth/two-factor (staff session); the team rule and the reset of a
 * colleague's second factor under /api/admin. See docs/decisions.md (« Double authentification »).
 */

export const twoFactorMessages = {
  secondStepRequired: 'Saisissez le code de votre application d’authentification.',
  invalidCode: 'Code incorrect ou expiré.',
  restart: 'Code incorrect ou expiré. Saisissez à nouveau votre mot de passe.',
  tooManyAttempts: 'Trop de codes incorrects. Veuillez réessayer dans quelques minutes.',
  codeRequired: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
  codeFormat: 'Le code compte 6 chiffres, ou 8 caractères pour un code de secours.',
  totpFormat: 'Le code compte 6 chiffres.',
  passwordRequired: 'Le mot de passe est requis',
  wrongPassword: 'Mot de passe incorrect.',
  enrolmentRequired:
    'La double authentification est obligatoire pour l’équipe\u00a0: activez-la dans Administration → Sécurité du compte avant de continuer.',
  staffOnly: 'La double authentification est réservée aux comptes de l’équipe.',
  noSetup: 'Aucune activation en cours\u00a0: recommencez l’activation.',
  notEnabled: 'La double authentification n’est pas active sur ce compte.',
  requiredCannotDisable:
    'La double authentification est obligatoire pour l’équipe\u00a0: elle ne peut pas être désactivée. Pour changer de téléphone, activez-la à nouveau avec la nouvelle application.',
  enableYourselfFirst: 'Activez d’abord la double authentification sur votre propre compte.',
  resetSelf: 'Pour votre propre compte, utilisez «\u00a0Désactiver\u00a0» dans Sécurité du compte.',
  userNotFound: 'Compte introuvable',
  setupStarted: 'Scannez le QR code puis saisissez le code affiché par l’application.',
  enabled: 'Double authentification activée. Enregistrez vos codes de secours\u00a0: ils ne seront plus affichés.',
  disabled: 'Double authentification désactivée.',
  regenerated: 'Nouveaux codes de secours créés\u00a0: les anciens ne fonctionnent plus.',
  policyOn: 'La double authentification est désormais obligatoire pour toute l’équipe.',
  policyOff: 'La double authentification n’est plus obligatoire pour l’équipe.',
  reset: (email: string) => `Double authentification de ${email} réinitialisée\u00a0: ses sessions sont fermées.`,
};

const m = twoFactorMessages;

/** A 6-digit TOTP code; spaces typed or pasted between the digits are ignored. */
export const totpCodeSchema = z
  .string({ error: m.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, { error: m.codeRequired }).regex(/^\d{6}$/, { error: m.totpFormat }));

/**
 * A recovery code as typed → as stored: case, spaces and the hyphen do not matter, and the digits
 * 0 and 1 (not in the base32 alphabet) are read as the letters o and l they look like.
 */
export function normaliseRecoveryCode(value: string): string {
  return value.replace(/[\s-]+/g, '').toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
}

/** What the second step accepts: a 6-digit code, or a recovery code (`abcd-efgh`, 8 characters of the base32 alphabet). */
export const secondFactorCodeSchema = z
  .string({ error: m.codeRequired })
  .max(64, { error: m.codeFormat })
  .transform((value) => {
    const compact = value.replace(/\s+/g, '');
    return /^\d{6}$/.test(compact) ? compact : normaliseRecoveryCode(value);
  })
  .pipe(z.string().min(1, { error: m.codeRequired }).regex(/^(\d{6}|[a-z2-7]{8})$/, { error: m.codeFormat }));

// ─── Sign-in, second step ────────────────────────────────────────────────────────────────────────

/** POST /api/auth/login, for a staff account with TOTP: the password was right, no session yet. */
export const loginSecondStepResponseSchema = z.object({
  success: z.literal(true),
  twoFactorRequired: z.literal(true),
  /**
   * Single-use, 5 minutes, bound to this account and to this browser (an httpOnly cookie set with
   * it must come back with it): to send back with the code.
   */
  pendingToken: z.string(),
  expiresAt: z.string(),
  message: z.string(),
});
export type LoginSecondStepResponse = z.infer<typeof loginSecondStepResponseSchema>;

export const secondFactorRequestSchema = z.object({
  pendingToken: z.string({ error: m.restart }).min(20, { error: m.restart }).max(200, { error: m.restart }),
  code: secondFactorCodeSchema,
});
export type SecondFactorRequest = z.input<typeof secondFactorRequestSchema>;

/** The session, as POST /api/auth/login gives it without a second step. */
export const secondFactorResponseSchema = loginResponseSchema;

/** POST /api/auth/login: a session, or (staff account with TOTP) the second step to take. */
export const loginAnswerSchema = z.union([loginResponseSchema, loginSecondStepResponseSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

// ─── Own account ─────────────────────────────────────────────────────────────────────────────────

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
  /** The team rule: every staff account must use it. */
  required: z.boolean(),
  /** The rule is on and this account has no second factor yet: only enrolment is allowed. */
  enrolmentRequired: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorStatusResponseSchema = z.object({ success: z.literal(true), data: twoFactorStatusSchema });

export const twoFactorSetupResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    /** The key in base32 (RFC 4648), for typing it into the app by hand. */
    secret: z.string(),
    /** otpauth://totp/… (what the QR code holds). */
    uri: z.string(),
    /** The QR code as an SVG document, drawn by the server. */
    qrSvg: z.string(),
  }),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponseSchema>['data'];

export const twoFactorCodeBodySchema = z.object({ code: totpCodeSchema });
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBodySchema>;

/** Shown once: the server keeps only their hashes. */
export const recoveryCodesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
});

export const twoFactorDisableBodySchema = z.object({
  password: z.string({ error: m.passwordRequired }).min(1, { error: m.passwordRequired }).max(1024),
  code: secondFactorCodeSchema,
});
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBodySchema>;

export const twoFactorMessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

// ─── The team (admins) ───────────────────────────────────────────────────────────────────────────

export const staffTwoFactorSchema = z.object({
  admins: z.number().int(),
  adminsWithTotp: z.number().int(),
  required: z.boolean(),
});
export type StaffTwoFactorStatus = z.infer<typeof staffTwoFactorSchema>;

export const staffTwoFactorResponseSchema = z.object({ success: z.literal(true), message: z.string().optional(), data: staffTwoFactorSchema });

export const twoFactorPolicyBodySchema = z.object({ required: z.boolean({ error: 'Choix invalide' }) });
export type TwoFactorPolicyBody = z.infer<typeof twoFactorPolicyBodySchema>;

/** Formats a base32 key by groups of 4 for reading it out or typing it by hand. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
