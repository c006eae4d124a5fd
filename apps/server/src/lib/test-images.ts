/** Smallest byte sequences with a real image signature (tests). */
export const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
export const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
export const WEBP = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0x24, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);

export function dataUrl(bytes: Uint8Array, type = 'image/png'): string {
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}

/** `size` bytes starting with `signature`. */
export function imageOfSize(signature: Uint8Array, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(signature.slice(0, Math.min(signature.length, size)));
  return bytes;
}

export type FormFile = { field: string; bytes: Uint8Array; filename?: string; type?: string };

/**
 * A multipart/form-data body as a browser's FormData sends it (tests): every field as text
 * (arrays as one field each; undefined left out), then the files.
 */
export function multipartBody(fields: Record<string, unknown>, files: readonly FormFile[] = [], boundary = '----erepare-test-boundary'): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(item)}\r\n`));
    }
  }
  files.forEach((file, index) => {
    const filename = file.filename ?? `photo-${index + 1}.jpg`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${filename}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`));
    chunks.push(Buffer.from(file.bytes));
    chunks.push(Buffer.from('\r\n'));
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(payload.length) } };
}
