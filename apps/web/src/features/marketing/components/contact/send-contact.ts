import { contactMessages } from '@erepare/shared/messages';
import type { ContactFormValues } from '@erepare/shared/schemas/contact';
import { photoFilename, toFormData } from '../../../../lib/form-data';

/** What the form sends: the typed fields, and the photos as the visitor picked them (files, not resized). */
export type ContactSubmission = Omit<ContactFormValues, 'phone'> & { phone?: string; images: Blob[] };

/**
 * POST /api/email-simple/contact as a multipart form (the photos as files, read by the server as
 * they arrive); resolves with the success text or throws an Error with the French message to show
 * (spec 3 §8).
 */
export async function sendContactMessage({ images, ...fields }: ContactSubmission, fetcher: typeof fetch = fetch): Promise<string> {
  const files = images.map((blob, index) => ({ blob, filename: blob instanceof File && blob.name ? blob.name : photoFilename(blob.type, index) }));
  let response: Response;
  try {
    // No Content-Type header: the browser writes the multipart one, with its boundary.
    response = await fetcher('/api/email-simple/contact', {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: toFormData(fields, 'images', files),
    });
  } catch {
    throw new Error(contactMessages.sendError);
  }
  // The spec reads "JSON or text with a message field".
  const raw = await response.text().catch(() => '');
  let message = '';
  try {
    const payload: unknown = JSON.parse(raw);
    if (payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string') message = payload.message;
  } catch {
    message = '';
  }
  if (!response.ok) throw new Error(message || contactMessages.sendError);
  return message || contactMessages.success;
}

/** The text to show for a failure: the error's message, or the spec's fallback. */
export function contactErrorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : contactMessages.fallbackError;
}
