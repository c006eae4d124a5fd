import { contactMessages } from '../messages.js';
import { z } from '../zod.js';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX, PHONE_PATTERN } from '../contact-limits.js';

/**
 * POST /api/email-simple/contact (spec 3 §5, §7). The structured fields are what the server stores
 * and mails; the spec's `to` and `html` are accepted for compatibility and ignored (the mail always
 * goes to the shop and is built from the fields, never from visitor HTML).
 */

export { CONTACT_MAX_IMAGE_BYTES, CONTACT_MAX_IMAGES, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX, PHONE_PATTERN } from '../contact-limits.js';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f\u2028\u2029]/;
/** Line breaks of every kind (CR, LF, NEL, LS, PS). */
const LINE_BREAKS = /[\r\n\u0085\u2028\u2029]/;
/** Control characters a multi-line text may not hold: every C0 except tab, LF and CR, and DEL. */
// eslint-disable-next-line no-control-regex
const MULTILINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * One line of free text (name, subject, the quote's "autre" texts): a line break is refused with
 * its own message (header injection), any other control character (NUL…) too: PostgreSQL refuses
 * NUL and nothing legitimate types one. Checked before trimming, so nothing is silently dropped.
 */
export function singleLineChars() {
  return z
    .string()
    .refine((value) => !LINE_BREAKS.test(value), { error: contactMessages.singleLine, abort: true })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: contactMessages.characterNotAllowed, abort: true });
}

/** Multi-line free text (message, description): newlines and tabs, no other control character. */
export function multiLineChars(requiredMessage?: string) {
  return z
    .string(requiredMessage ? { error: requiredMessage } : undefined)
    .refine((value) => !MULTILINE_FORBIDDEN.test(value), { error: contactMessages.characterNotAllowed, abort: true });
}

/** One line of text (name, subject): no CR/LF or other control characters (header injection). */
export function singleLineText(max: number, requiredMessage: string, tooLongMessage: string) {
  return z
    .string({ error: requiredMessage })
    .refine((value) => !LINE_BREAKS.test(value), { error: contactMessages.singleLine, abort: true })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: contactMessages.characterNotAllowed, abort: true })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: tooLongMessage });
}

export const contactEmailField = z
  .string({ error: contactMessages.emailRequired })
  .trim()
  .min(1, { error: contactMessages.emailRequired })
  .max(254, { error: contactMessages.emailInvalid })
  .refine((value) => !CONTROL_CHARACTERS.test(value), { error: contactMessages.emailInvalid })
  .pipe(z.email({ error: contactMessages.emailInvalid }));

export const optionalPhoneField = z
  .string()
  .trim()
  .max(20, { error: contactMessages.phoneInvalid })
  .refine((value) => value === '' || PHONE_PATTERN.test(value), { error: contactMessages.phoneInvalid });

/** The fields typed in the form (the web form validates them with this schema). */
export const contactFormSchema = z.object({
  name: singleLineText(CONTACT_NAME_MAX, contactMessages.nameRequired, contactMessages.nameTooLong),
  email: contactEmailField,
  phone: optionalPhoneField,
  subject: singleLineText(CONTACT_SUBJECT_MAX, contactMessages.subjectRequired, contactMessages.subjectTooLong),
  message: multiLineChars(contactMessages.messageRequired)
    .trim()
    .min(1, { error: contactMessages.messageRequired })
    .max(CONTACT_MESSAGE_MAX, { error: contactMessages.messageTooLong }),
});
export type ContactFormValues = z.input<typeof contactFormSchema>;

/**
 * The text fields of a contact request: a JSON body (the spec's payload) or the fields of a
 * multipart form. Photos travel only as files of a multipart form (`images`, at most
 * CONTACT_MAX_IMAGES of CONTACT_MAX_IMAGE_BYTES): the server reads them as they arrive and checks
 * their real type from their bytes.
 */
export const contactRequestSchema = contactFormSchema.extend({
  phone: optionalPhoneField.optional().default(''),
  /** Accepted for compatibility with the spec's payload; ignored. */
  to: z.unknown().optional(),
  /** Accepted for compatibility with the spec's payload; ignored (the mail is built from the fields). */
  html: z.unknown().optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
