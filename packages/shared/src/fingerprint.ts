import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export type FingerprintInput = {
  userAgent: string;
  language: string;
  screenWidth: number;
  screenHeight: number;
  timezoneOffset: number;
};

/**
 * Device fingerprint sent with login, session checks and logout: a 32-character hex hash of the
 * browser agent, language, screen size and timezone offset. The spec also hashes canvas data; we
 * leave it out because canvas fingerprinting needs consent under French law (CNIL).
 */
export function deviceFingerprint(input: FingerprintInput): string {
  const material = [
    input.userAgent,
    input.language,
    `${input.screenWidth}x${input.screenHeight}`,
    String(input.timezoneOffset),
  ].join('|');
  return bytesToHex(sha256(utf8ToBytes(material))).slice(0, 32);
}

export const FINGERPRINT_PATTERN = /^[0-9a-f]{32}$/;
