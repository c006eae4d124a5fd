/**
 * Forms with photos (contact, online quote) go to the server as multipart/form-data: the text
 * fields, then the photos as files, which the server reads as they arrive (never base64 in JSON).
 */

export type FormFile = { blob: Blob; filename: string };

/** The text fields (undefined left out, booleans as "true"/"false"), then each file under `fileField`. */
export function toFormData(fields: Record<string, string | boolean | undefined>, fileField: string, files: readonly FormFile[]): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) data.append(name, String(value));
  }
  for (const file of files) data.append(fileField, file.blob, file.filename);
  return data;
}

const DATA_URL = /^data:([\w.+/-]*)(?:;[\w.+=-]+)*;base64,(.*)$/s;

/** The bytes of a base64 data URL (a resized photo kept in the quote draft) as a Blob, or null. */
export function dataUrlToBlob(dataUrl: string): Blob | null {
  const match = DATA_URL.exec(dataUrl);
  if (!match) return null;
  try {
    const binary = atob(match[2] ?? '');
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return new Blob([bytes], { type: match[1] || 'application/octet-stream' });
  } catch {
    return null;
  }
}

/** A file name for a photo of this type ("photo-1.jpg"). */
export function photoFilename(type: string, index: number): string {
  const extension = type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : 'jpg';
  return `photo-${index + 1}.${extension}`;
}
