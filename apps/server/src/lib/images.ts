import { AppError } from '../errors.js';

/**
 * Photos arrive as data URLs (contact form, online quote). Their declared type is the browser's (or an attacker's) word: the
 * real type is read from the first bytes (magic numbers), and only JPEG, PNG and WebP pass.
 */

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The image type the bytes really are (JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WebP RIFF....WEBP), or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  // "RIFF", 4 bytes of length, "WEBP".
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export type DecodedImage = { mimeType: ImageType; bytes: Buffer };

const DATA_URL_PREFIX = /^data:[\w.+/-]*(?:;[\w.+=-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export type ImageRules = { maxBytes: number; tooLarge: string; invalid: string };

/**
 * Decodes one data URL (or bare base64) and checks it: valid base64, not empty, at most
 * `maxBytes`, and really a JPEG, PNG or WebP. Throws a 400 with the French message otherwise.
 */
export function decodeImage(value: string, rules: ImageRules): DecodedImage {
  const prefix = DATA_URL_PREFIX.exec(value);
  const payload = (prefix ? value.slice(prefix[0].length) : value).replace(/\s+/g, '');
  if (!payload || payload.length % 4 !== 0 || !BASE64.test(payload)) throw new AppError('IMAGE_INVALID', 400, rules.invalid);
  // Decoded size from the length, before decoding anything big.
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  if ((payload.length / 4) * 3 - padding > rules.maxBytes) throw new AppError('IMAGE_TOO_LARGE', 400, rules.tooLarge);
  const bytes = Buffer.from(payload, 'base64');
  const mimeType = sniffImageType(bytes);
  if (!mimeType) throw new AppError('IMAGE_INVALID', 400, rules.invalid);
  return { mimeType, bytes };
}

/** Decodes every image, or throws on the first bad one (nothing is stored then). */
export function decodeImages(values: readonly string[], rules: ImageRules): DecodedImage[] {
  return values.map((value) => decodeImage(value, rules));
}
