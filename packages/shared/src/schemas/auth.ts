import { z } from '../zod.js';
import { emailSchema } from './common.js';

export const PASSWORD_MIN_LENGTH = 8;

export const fingerprintSchema = z
  .string()
  .regex(/^[0-9a-f]{32}$/, { error: 'Empreinte d’appareil invalide' });

export const userRoleSchema = z.enum(['customer', 'admin']);
export type UserRole = z.infer<typeof userRoleSchema>;

/** The user as the session carries it (spec 1 §3), plus the role the server decides. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: userRoleSchema,
  repairdesk_customer_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  postal_code: z.string(),
  email_verified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  // Length is not checked here: a wrong password of any length gets the same 401.
  password: z.string().min(1, { error: 'Le mot de passe est requis' }).max(1024),
  rememberMe: z.boolean().optional().default(false),
  deviceFingerprint: fingerprintSchema.optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const persistentSessionSchema = z.object({ expires_at: z.string() }).nullable();

export const loginResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  user: sessionUserSchema,
  persistentSession: persistentSessionSchema,
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

// Fastify hands a missing body to the validator as null (not undefined, so `.default()` would
// never apply): both bodies are optional, and a missing one means "no options".
export const verifySessionRequestSchema = z
  .object({ deviceFingerprint: fingerprintSchema.optional() })
  .nullish()
  .transform((body) => body ?? {});

export const verifySessionResponseSchema = z.object({
  success: z.literal(true),
  user: sessionUserSchema,
  /** Echoed only when the session was presented as a Bearer token (never the cookie's value). */
  token: z.string().nullable(),
  message: z.string(),
});
export type VerifySessionResponse = z.infer<typeof verifySessionResponseSchema>;

export const logoutRequestSchema = z
  .object({
    deviceFingerprint: fingerprintSchema.optional(),
    logoutAllDevices: z.boolean().optional().default(false),
  })
  .nullish()
  .transform((body) => body ?? { logoutAllDevices: false });

export const logoutResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
