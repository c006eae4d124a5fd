import { describe, expect, it } from 'vitest';
import { dataUrlToBlob, photoFilename, toFormData } from './form-data';

/** A Blob's bytes (jsdom's Blob has no arrayBuffer()). */
function bytesOf(blob: Blob): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve([...new Uint8Array(reader.result as ArrayBuffer)]);
    reader.onerror = () => reject(new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

describe('toFormData', () => {
  it('appends the text fields (undefined left out, booleans as text) then the files', async () => {
    const data = toFormData({ name: 'Léa', consent: true, phone: undefined }, 'photos', [{ blob: new Blob(['abc'], { type: 'image/png' }), filename: 'photo-1.png' }]);
    expect(data.get('name')).toBe('Léa');
    expect(data.get('consent')).toBe('true');
    expect(data.has('phone')).toBe(false);
    const file = data.get('photos') as File;
    expect([file.name, file.type, await bytesOf(file)]).toEqual(['photo-1.png', 'image/png', [0x61, 0x62, 0x63]]);
  });
});

describe('dataUrlToBlob', () => {
  it('turns a base64 data URL back into its bytes and type', async () => {
    const blob = dataUrlToBlob(`data:image/jpeg;base64,${btoa(String.fromCharCode(0xff, 0xd8, 0xff, 0x00))}`);
    expect(blob?.type).toBe('image/jpeg');
    expect(blob && (await bytesOf(blob))).toEqual([0xff, 0xd8, 0xff, 0x00]);
  });

  it('answers null for anything else', () => {
    expect(dataUrlToBlob('https://exemple.fr/photo.jpg')).toBeNull();
    expect(dataUrlToBlob('data:image/png;base64,@@@')).toBeNull();
  });

  it('names photos by their type', () => {
    expect([photoFilename('image/png', 0), photoFilename('image/webp', 1), photoFilename('image/jpeg', 2)]).toEqual(['photo-1.png', 'photo-2.webp', 'photo-3.jpg']);
  });
});
