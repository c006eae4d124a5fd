/**
 * The image-upload widget's rules (spec 3 §5): at most 3 images, JPEG, PNG or WebP only, resized
 * to 800 px wide at most and re-encoded as JPEG quality 0.8 (if that fails, the file is read as it
 * is), then at most 2 MB. Images are held as data URLs.
 */

export const UPLOAD_MAX_IMAGES = 3;
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_MAX_WIDTH = 800;
export const UPLOAD_JPEG_QUALITY = 0.8;
export const UPLOAD_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The spec's error texts (section 8), and the two the spec leaves to us. */
export const uploadMessages = {
  tooMany: (max: number) => `Maximum ${max} images autorisées`,
  wrongType: (type: string) => `Type de fichier non supporté: ${type}`,
  tooLarge: (name: string, maxBytes: number) => `L’image «\u00a0${name}\u00a0» dépasse ${Math.round(maxBytes / (1024 * 1024))}\u00a0Mo\u00a0: choisissez une photo plus légère.`,
  uploadError: 'Erreur lors de l’upload',
  readError: 'Impossible de lire le fichier',
  compressionFailed: 'Compression échouée',
} as const;

/** Reads a file (or blob) as a data URL. */
export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error(uploadMessages.readError)));
    reader.onerror = () => reject(new Error(uploadMessages.readError));
    reader.readAsDataURL(blob);
  });
}

/** The size of an image no wider than `maxWidth`, proportions kept. */
export function fitWidth(width: number, height: number, maxWidth = UPLOAD_MAX_WIDTH): { width: number; height: number } {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

/** Resizes to 800 px wide at most and re-encodes as JPEG 0.8; throws 'Compression échouée' when the browser cannot. */
export async function compressImage(file: Blob): Promise<string> {
  if (typeof createImageBitmap !== 'function') throw new Error(uploadMessages.compressionFailed);
  const bitmap = await createImageBitmap(file);
  try {
    const size = fitWidth(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error(uploadMessages.compressionFailed);
    // JPEG has no transparency: a white background rather than black behind transparent PNGs.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', UPLOAD_JPEG_QUALITY));
    if (!blob) throw new Error(uploadMessages.compressionFailed);
    return await readAsDataUrl(blob);
  } finally {
    bitmap.close();
  }
}

/** One file → a data URL: compressed, or the raw file if compression fails. */
export async function imageToDataUrl(file: File): Promise<string> {
  try {
    return await compressImage(file);
  } catch {
    return readAsDataUrl(file);
  }
}

export type ProcessResult = { images: string[]; errors: string[] };

/**
 * Checks and converts the files chosen or dropped, given how many images are already held.
 * Files past the maximum are left out with 'Maximum N images autorisées'.
 */
export async function processFiles(
  files: readonly File[],
  existingCount: number,
  { maxImages = UPLOAD_MAX_IMAGES, maxBytes = UPLOAD_MAX_BYTES, convert = imageToDataUrl } = {},
): Promise<ProcessResult> {
  const errors: string[] = [];
  const images: string[] = [];
  const room = Math.max(0, maxImages - existingCount);
  if (files.length > room) errors.push(uploadMessages.tooMany(maxImages));
  for (const file of files.slice(0, room)) {
    if (!(UPLOAD_ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
      errors.push(uploadMessages.wrongType(file.type || file.name));
      continue;
    }
    // Resized first (800 px wide), then weighed: a phone's 4 MB photo becomes ~150 kB and passes;
    // only what stays over 2 MB (the browser could not resize it) is refused.
    let image: string;
    try {
      image = await convert(file);
    } catch (error) {
      errors.push(error instanceof Error && error.message === uploadMessages.readError ? uploadMessages.readError : uploadMessages.uploadError);
      continue;
    }
    if (dataUrlBytes(image) > maxBytes) {
      errors.push(uploadMessages.tooLarge(file.name, maxBytes));
      continue;
    }
    images.push(image);
  }
  return { images, errors };
}

/** The size in bytes of what a data URL holds (base64 decoded, or the text as it is). */
export function dataUrlBytes(url: string): number {
  const comma = url.indexOf(',');
  const payload = comma === -1 ? url : url.slice(comma + 1);
  if (!/;base64,/.test(url.slice(0, comma + 1))) return payload.length;
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}
