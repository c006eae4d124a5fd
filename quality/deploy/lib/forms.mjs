// @ts-check
/**
 * Multipart forms as a browser's FormData sends them (the contact form with its photos), written
 * to the request piece by piece with back-pressure, at full speed or at a chosen pace.
 */
import { once } from 'node:events';
import { sleep } from '../../../bench/lib/util.mjs';

/** The first bytes of a JPEG file: what the server's type check reads. */
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01];

/** A "photo" of `size` bytes: a JPEG head, then zeros. @param {number} size */
export function fakePhoto(size) {
  const photo = Buffer.alloc(size);
  photo.set(JPEG_HEAD);
  return photo;
}

/**
 * @typedef {{ field: string, filename: string, bytes: Buffer }} FormFile
 * @typedef {{ parts: Buffer[], length: number, contentType: string }} Form
 */

/**
 * @param {Record<string, string>} fields
 * @param {FormFile[]} files
 * @returns {Form}
 */
export function multipartForm(fields, files) {
  const boundary = '----erepare-deploy-boundary';
  /** @type {Buffer[]} */
  const parts = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: image/jpeg\r\n\r\n`));
    parts.push(file.bytes);
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { parts, length: parts.reduce((sum, part) => sum + part.length, 0), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The same form with a `padding` text field making it exactly `length` bytes long.
 * @param {Record<string, string>} fields
 * @param {FormFile[]} files
 * @param {number} length
 * @returns {Form}
 */
export function multipartFormOfLength(fields, files, length) {
  const bare = multipartForm({ ...fields, padding: '' }, files).length;
  if (length < bare) throw new Error(`a form of ${length} bytes cannot hold these fields and files (${bare} bytes)`);
  return multipartForm({ ...fields, padding: 'x'.repeat(length - bare) }, files);
}

/** The contact form's text fields (valid). @param {string} subject */
export function contactFields(subject) {
  return { name: 'Test Déploiement', email: 'deploiement@example.fr', phone: '', subject, message: 'Message envoyé à travers nginx par la suite de déploiement.' };
}

/**
 * Writes `form` at full speed, or `bytesPerTick` every `tickMs` (a slow client); with `stopAfter`,
 * only that many bytes (the peer is expected to answer before the rest).
 * @param {Form} form
 * @param {{ bytesPerTick?: number, tickMs?: number, stopAfter?: number }} [pace]
 * @returns {import('./client.mjs').BodyWriter}
 */
export function formWriter(form, { bytesPerTick, tickMs = 0, stopAfter } = {}) {
  return async (request) => {
    // Paced: the whole body in slices of bytesPerTick (a small form); otherwise part by part.
    const pieces = bytesPerTick ? slices(Buffer.concat(form.parts), bytesPerTick) : form.parts;
    let sent = 0;
    for (const piece of pieces) {
      if (stopAfter !== undefined && sent >= stopAfter) {
        // Wait for the answer; the request is never completed.
        await new Promise(() => {});
      }
      sent += piece.length;
      if (request.destroyed) throw new Error('the connection was closed while the body was being sent');
      if (!request.write(piece)) await once(request, 'drain');
      if (tickMs) await sleep(tickMs);
    }
  };
}

/** @param {Buffer} buffer @param {number} size */
function slices(buffer, size) {
  /** @type {Buffer[]} */
  const pieces = [];
  for (let offset = 0; offset < buffer.length; offset += size) pieces.push(buffer.subarray(offset, offset + size));
  return pieces;
}
