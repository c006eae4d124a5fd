import { contactMessages } from '@erepare/shared/messages';
import type { ContactRequest } from '@erepare/shared/schemas/contact';

/** POST /api/email-simple/contact; resolves with the success text or throws an Error with the French message to show (spec 3 §8). */
export async function sendContactMessage(body: ContactRequest, fetcher: typeof fetch = fetch): Promise<string> {
  let response: Response;
  try {
    response = await fetcher('/api/email-simple/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
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
