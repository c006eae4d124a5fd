/**
 * The contact form's limits (spec 3 §4, §5), without zod: the contact page shows them before its
 * validation code has loaded. The schemas (schemas/contact.ts) are built from them.
 */
export const CONTACT_MAX_IMAGES = 5;
/** 10 MB per photo (decoded bytes). */
export const CONTACT_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MAX = 5000;

/** Digits, spaces, dots, dashes, parentheses and a leading +: 6 to 20 characters. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 .()-]{4,18}[0-9]$/;
