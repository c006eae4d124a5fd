import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fingerprintSchema } from './schemas/auth.js';
import { deviceFingerprint, FINGERPRINT_PATTERN, type FingerprintInput } from './fingerprint.js';

const base: FingerprintInput = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
  language: 'fr-FR',
  screenWidth: 1920,
  screenHeight: 1080,
  timezoneOffset: -60,
};

describe('deviceFingerprint', () => {
  it('is 32 lowercase hex characters, accepted by the API schema', () => {
    const value = deviceFingerprint(base);
    expect(value).toMatch(/^[0-9a-f]{32}$/);
    expect(FINGERPRINT_PATTERN.test(value)).toBe(true);
    expect(fingerprintSchema.safeParse(value).success).toBe(true);
  });

  it('is the first half of the SHA-256 of agent, language, screen size and timezone offset', () => {
    const expected = createHash('sha256')
      .update('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0|fr-FR|1920x1080|-60')
      .digest('hex')
      .slice(0, 32);
    expect(deviceFingerprint(base)).toBe(expected);
  });

  it('is stable for the same input', () => {
    expect(deviceFingerprint({ ...base })).toBe(deviceFingerprint(base));
  });

  it.each([
    ['userAgent', { userAgent: 'Mozilla/5.0 (iPhone) Safari/605.1' }],
    ['language', { language: 'en-GB' }],
    ['screenWidth', { screenWidth: 1280 }],
    ['screenHeight', { screenHeight: 720 }],
    ['timezoneOffset', { timezoneOffset: -120 }],
  ] as const)('changes when %s changes', (_field, change) => {
    expect(deviceFingerprint({ ...base, ...change })).not.toBe(deviceFingerprint(base));
  });

  it('does not confuse width and height', () => {
    expect(deviceFingerprint({ ...base, screenWidth: 1080, screenHeight: 1920 })).not.toBe(deviceFingerprint(base));
  });

  it('rejects anything but 32 lowercase hex characters in the API schema', () => {
    expect(fingerprintSchema.safeParse('A'.repeat(32)).success).toBe(false);
    expect(fingerprintSchema.safeParse('a'.repeat(31)).success).toBe(false);
    expect(fingerprintSchema.safeParse('a'.repeat(33)).success).toBe(false);
    expect(fingerprintSchema.safeParse('g'.repeat(32)).success).toBe(false);
  });
});
