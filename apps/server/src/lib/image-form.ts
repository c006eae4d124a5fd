import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { messages } from '@erepare/shared/messages';
import { z } from '@erepare/shared/zod';
import { AppError } from '../errors.js';
import { sniffImageType, type DecodedImage } from './images.js';

/**
 * Forms with photos (contact, online quote) arrive as multipart/form-data: text fields, then the
 * photos as files. The body is read part by part as it arrives, never as one buffer or one
 * string to parse: each file is refused as soon as its first bytes are not a JPEG, PNG or WebP,
 * or as soon as it passes its size, and the request as soon as it carries one file too many.
 * Nothing is stored before the whole form has passed.
 */

export type ImageFormRules = {
  /** The field name of the photos ("images", "photos"). */
  fileField: string;
  maxFiles: number;
  /** Bytes per file. */
  maxFileBytes: number;
  /** Text fields the form may carry (at most this many, each at most `maxFieldBytes`). */
  maxFields: number;
  maxFieldBytes: number;
  messages: { tooManyFiles: string; fileTooLarge: string; invalidImage: string };
};

export type ImageForm = { fields: Record<string, string>; images: DecodedImage[] };

/** Room for the text fields and the parts' own headers and boundaries. */
const FORM_OVERHEAD_BYTES = 256 * 1024;

/** The largest multipart body a form with these rules can honestly be. */
export function maxFormBytes(rules: ImageFormRules): number {
  return rules.maxFiles * rules.maxFileBytes + rules.maxFields * rules.maxFieldBytes + FORM_OVERHEAD_BYTES;
}

/** Is this request a multipart form (by its Content-Type, before the body is read)? */
export function isMultipartRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^multipart\/form-data\s*(;|$)/i.test(type);
}

/**
 * Route `onRequest` check: a form declaring more bytes than it can honestly hold is refused at
 * once with a 413, before a byte of it is read.
 */
export function refuseOversizedForm(request: FastifyRequest, rules: ImageFormRules): void {
  if (!isMultipartRequest(request)) return;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxFormBytes(rules)) {
    throw new AppError('PAYLOAD_TOO_LARGE', 413, messages.http.payloadTooLarge, { connection: 'close' });
  }
}

/** Waits for `promise`, or rejects with the signal's reason as soon as it aborts. */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The French error for what the multipart parser (or busboy under it) raised. */
function formError(error: unknown, rules: ImageFormRules): unknown {
  // Our own refusals (and an expired slot's 408) pass as they are; the rest is the parser's word on the client's form.
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new AppError('TOO_MANY_IMAGES', 400, rules.messages.tooManyFiles, { connection: 'close' }, error);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('IMAGE_TOO_LARGE', 413, rules.messages.fileTooLarge, { connection: 'close' }, error);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('FORM_TOO_LARGE', 413, messages.http.payloadTooLarge, { connection: 'close' }, error);
    default:
      return new AppError('FORM_INVALID', 400, messages.http.formInvalid, { connection: 'close' }, error);
  }
}

/** Reads one photo as it arrives: its first bytes must be an image, its size within the limit. */
async function readImage(part: MultipartFile, rules: ImageFormRules, signal: AbortSignal | undefined): Promise<DecodedImage> {
  const chunks: Buffer[] = [];
  let size = 0;
  let sniffed = false;
  let mimeType: DecodedImage['mimeType'] | null = null;
  const iterator = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  for (;;) {
    const next = await unlessAborted(iterator.next(), signal);
    if (next.done) break;
    chunks.push(next.value);
    size += next.value.length;
    // 12 bytes tell JPEG, PNG and WebP apart; anything else is refused before the rest is read.
    if (!sniffed && size >= 12) {
      sniffed = true;
      mimeType = sniffImageType(Buffer.concat(chunks));
      if (!mimeType) throw new AppError('IMAGE_INVALID', 400, rules.messages.invalidImage, { connection: 'close' });
    }
  }
  if (part.file.truncated || size > rules.maxFileBytes) throw new AppError('IMAGE_TOO_LARGE', 413, rules.messages.fileTooLarge, { connection: 'close' });
  const bytes = Buffer.concat(chunks, size);
  if (!sniffed) mimeType = sniffImageType(bytes);
  if (!mimeType) throw new AppError('IMAGE_INVALID', 400, rules.messages.invalidImage, { connection: 'close' });
  return { mimeType, bytes };
}

/**
 * Reads a multipart form: its text fields (the first value of each name) and its photos, checked
 * as they arrive. `signal` (the upload slot's, see upload-guard.ts) ends the reading with its
 * reason (a 408) when the client sends too slowly. Every refusal is an AppError with a French
 * message and "Connection: close" (the rest of the body is never read).
 */
export async function readImageForm(request: FastifyRequest, rules: ImageFormRules, signal?: AbortSignal): Promise<ImageForm> {
  const fields = new Map<string, string>();
  const images: DecodedImage[] = [];
  try {
    const parts = request.parts({
      limits: {
        files: rules.maxFiles,
        fileSize: rules.maxFileBytes,
        fields: rules.maxFields,
        fieldSize: rules.maxFieldBytes,
        parts: rules.maxFiles + rules.maxFields,
        headerPairs: 20,
      },
    });
    const iterator = parts[Symbol.asyncIterator]() as AsyncIterator<Multipart>;
    for (;;) {
      const next = await unlessAborted(iterator.next(), signal);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'file') {
        if (part.fieldname !== rules.fileField) throw new AppError('FORM_INVALID', 400, messages.http.formInvalid, { connection: 'close' });
        images.push(await readImage(part, rules, signal));
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new AppError('FORM_TOO_LARGE', 413, messages.http.payloadTooLarge, { connection: 'close' });
        if (!fields.has(part.fieldname)) fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    throw formError(error, rules);
  }
  return { fields: Object.fromEntries(fields), images };
}

function isDecodedImage(value: unknown): value is DecodedImage {
  return value !== null && typeof value === 'object' && Buffer.isBuffer((value as DecodedImage).bytes) && typeof (value as DecodedImage).mimeType === 'string';
}

/**
 * The photos of a route's body schema: only what readImageForm produced passes (a JSON body
 * cannot hold a Buffer, so photos sent in JSON are refused with the French message).
 */
export function uploadedImagesSchema(max: number, tooMany: string, invalid: string) {
  return z
    .array(z.custom<DecodedImage>(isDecodedImage, { error: invalid }), { error: invalid })
    .max(max, { error: tooMany })
    .optional()
    .default([]);
}

/**
 * Hands what a form carried to the route's schema as the body (a preValidation hook runs before
 * validation: the value is checked like any JSON body, so its type is not known yet).
 */
export function setBodyToValidate(request: FastifyRequest, body: Record<string, unknown>): void {
  (request as { body: unknown }).body = body;
}
