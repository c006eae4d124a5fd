import { describe, expect, it } from 'vitest';
import { sniffImageType } from './images.js';
import { JPEG, PNG, WEBP } from './test-images.js';

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
