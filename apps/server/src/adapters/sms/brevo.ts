/**
 * Brevo transactional SMS (docs/sms.md): POST {baseUrl}/v3/transactionalSMS/send with the header
 * `api-key` and a JSON body `{ sender, recipient, content, type: "transactional", tag,
 * unicodeEnabled }`; 201 `{ messageId, … }` (the former /transactionalSMS/sms also answered
 * `reference`, `smsCount`, credits). Errors: `{ code, message }` with 400 (bad request), 401 (key
 * refused), 402 (not enough credits), 429 (rate limit), 5xx.
 *
 * The key travels in the header only and is never part of an error message or a log line. Redirects
 * are not followed (the key would go wherever they point).
 */
import { smsSize } from '@erepare/shared/sms';
import { z } from '@erepare/shared/zod';
import { deadline } from '../../lib/deadline.js';
import { SmsSendError, type OutgoingSms, type SmsProvider } from './sms-provider.js';

export type BrevoSmsSettings = {
  apiKey: string;
  /** Alphanumeric sender id (3–11 characters) or a number. */
  sender: string;
  /** https://api.brevo.com (no trailing slash needed); a local fake in tests. */
  baseUrl: string;
  /** Whole request, connection to last byte (default 10 s). */
  timeoutMs?: number;
};

export const BREVO_SMS_PATH = '/v3/transactionalSMS/send';
export const BREVO_ACCOUNT_PATH = '/v3/account';

const answerSchema = z.object({
  messageId: z.union([z.number(), z.string()]).optional(),
  reference: z.string().optional(),
});
const errorSchema = z.object({ code: z.string().optional(), message: z.string().optional() });

/** The wording of a Brevo refusal, for the outbox and the logs (never the key). */
function refusal(status: number, body: unknown): string {
  const parsed = errorSchema.safeParse(body);
  const detail = parsed.success ? [parsed.data.code, parsed.data.message].filter(Boolean).join(' : ') : '';
  const what =
    status === 401 || status === 403
      ? 'clé API Brevo refusée (BREVO_API_KEY)'
      : status === 402
        ? 'crédits SMS Brevo épuisés'
        : status === 429
          ? 'trop de requêtes (Brevo limite le débit)'
          : status >= 500
            ? 'Brevo indisponible'
            : 'requête refusée par Brevo';
  return `${what} — HTTP ${status}${detail ? ` ${detail}` : ''}`.slice(0, 500);
}

/** 400 is refused as it is (the number or the text): giving up. Everything else may pass later. */
const retryable = (status: number) => status !== 400 && status !== 404 && status !== 422;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function createBrevoSmsProvider(settings: BrevoSmsSettings): SmsProvider {
  const base = settings.baseUrl.replace(/\/$/, '');
  const timeoutMs = settings.timeoutMs ?? 10_000;

  const call = async (path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<{ status: number; body: unknown }> => {
    const limit = deadline(timeoutMs);
    try {
      const response = await fetch(`${base}${path}`, {
        method: init.method,
        headers: {
          accept: 'application/json',
          'api-key': settings.apiKey,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        redirect: 'manual',
        signal: limit.signal,
      });
      return { status: response.status, body: await readJson(response) };
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      const cause = timedOut ? `pas de réponse en ${timeoutMs / 1000} s` : 'Brevo injoignable (réseau)';
      throw new SmsSendError(cause, true);
    } finally {
      limit.done();
    }
  };

  return {
    name: 'Brevo',
    sender: settings.sender,
    send: async (sms: OutgoingSms) => {
      const { status, body } = await call(BREVO_SMS_PATH, {
        method: 'POST',
        body: {
          sender: settings.sender,
          // Brevo takes the number with its country code, without the +.
          recipient: sms.to.replace(/^\+/, ''),
          content: sms.body,
          type: 'transactional',
          tag: sms.kind,
          unicodeEnabled: smsSize(sms.body).encoding === 'ucs2',
        },
      });
      if (status < 200 || status >= 300) throw new SmsSendError(refusal(status, body), retryable(status), status);
      const answer = answerSchema.safeParse(body);
      const reference = answer.success ? String(answer.data.messageId ?? answer.data.reference ?? '') : '';
      return { reference };
    },
    check: async () => {
      const { status, body } = await call(BREVO_ACCOUNT_PATH, { method: 'GET' });
      if (status !== 200) throw new SmsSendError(refusal(status, body), retryable(status), status);
    },
  };
}
