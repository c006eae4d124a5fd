/**
 * An SMS provider (issue 24 §5): sends one text to one number. The only implementation is Brevo
 * (brevo.ts); tests point it at the local fake (test/fakes/sms-fake.ts) that speaks its wire format.
 */

export type OutgoingSms = {
  /** Our outbox row (logs). */
  outboxId: number;
  kind: string;
  /** E.164: +33612345678. */
  to: string;
  body: string;
};

/**
 * Why a send failed. `retry`: worth trying again later (network, timeout, 429, 5xx); otherwise the
 * message is given up at once (refused number or text, key refused, no credits left: a person must
 * act first, and the same request would fail the same way).
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export type SmsProvider = {
  readonly name: string;
  /** The sender id every message carries. */
  readonly sender: string;
  /** Sends; answers the provider's reference of the message. Throws SmsSendError. */
  send: (sms: OutgoingSms) => Promise<{ reference: string }>;
  /** A cheap authenticated call (the go-live checklist): throws when the key is refused or the API does not answer. */
  check: () => Promise<void>;
};
