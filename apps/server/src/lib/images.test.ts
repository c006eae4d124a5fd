import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { decodeImage, sniffImageType } from './images.js';
import { JPEG, PNG, WEBP, dataUrl } from './test-images.js';

const rules = { maxBytes: 64, tooLarge: 'trop grande', invalid: 'invalide' };

function failure(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

describe('sniffImageType', () => {
  it('recognises JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(WEBP)).toBe('image/webp');
  });

  it('refuses everything else, and truncated signatures', () => {
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a......'))).toBeNull();
    expect(sniffImageType(Uint8Array.from([0x25, 0x50, 0x44, 0x46]))).toBeNull(); // %PDF
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(PNG.slice(0, 7))).toBeNull();
    // RIFF but not WEBP (a WAV file).
    expect(sniffImageType(Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
    // A RIFF header shorter than 12 bytes ("RIFF" + length, or "RIFF" + length + "WEB").
    expect(sniffImageType(WEBP.slice(0, 8))).toBeNull();
    expect(sniffImageType(WEBP.slice(0, 11))).toBeNull();
    expect(sniffImageType(WEBP.slice(0, 12))).toBe('image/webp');
  });
});

describe('decodeImage', () => {
  it('reads the type from the bytes, not from the data URL', () => {
    expect(decodeImage(dataUrl(JPEG, 'image/png'), rules).mimeType).toBe('image/jpeg');
    expect(decodeImage(dataUrl(WEBP, 'application/octet-stream'), rules)).toMatchObject({ mimeType: 'image/webp', bytes: Buffer.from(WEBP) });
    expect(decodeImage(Buffer.from(PNG).toString('base64'), rules).mimeType).toBe('image/png');
  });

  it('refuses a fake image, broken base64 and an empty payload with the French message', () => {
    expect(failure(() => decodeImage(dataUrl(new TextEncoder().encode('<script>alert(1)</script>'), 'image/jpeg'), rules))).toMatchObject({
      httpStatus: 400,
      message: 'invalide',
    });
    expect(failure(() => decodeImage('data:image/png;base64,@@@@', rules)).message).toBe('invalide');
    expect(failure(() => decodeImage('data:image/png;base64,', rules)).message).toBe('invalide');
  });

  it('refuses an image over the size limit', () => {
    const big = new Uint8Array(65);
    big.set(PNG);
    expect(failure(() => decodeImage(dataUrl(big), rules))).toMatchObject({ httpStatus: 400, message: 'trop grande' });
    expect(decodeImage(dataUrl(big.slice(0, 64)), rules).bytes.length).toBe(64);
  });
});
