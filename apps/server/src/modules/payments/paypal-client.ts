import { z } from '@erepare/shared/zod';

/**
 * A minimal PayPal Orders v2 REST client (reference/external-apis.md §4).
 *
 * Plain fetch rather than PayPal's SDK: the wire contract we use is five calls (token, create,
 * get, capture, refund), the SDK would add a dependency for that, and the base URL must be
 * pointable at the local fake of the tests (PAYPAL_API_URL), which is simplest with our own code.
 *
 * The OAuth2 token is cached in this process's memory until `expires_in` − 60 s (each instance
 * keeps its own: a token per instance is what PayPal expects of client credentials), fetched by
 * one request at a time however many calls need it, and dropped when an API call answers 401
 * (that call is then retried once with a new token). Tokens and the client secret are never
 * logged nor put into error messages.
 */

export const PAYPAL_TIMEOUT_MS = 10_000;
/** A token is renewed this long before PayPal says it expires (clock skew, slow requests). */
const TOKEN_MARGIN_MS = 60_000;

export type PaypalClientOptions = {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  /** Per request (token and API calls); 10 s by default. Tests lower it. */
  timeoutMs?: number;
  now?: () => number;
};

/**
 * PayPal answered with an error: its envelope `{ name, message, debug_id, details: [{ issue,
 * description }] }` (or OAuth's `{ error, error_description }`) parsed. `issue` is the first
 * detail's issue (ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED…), or the OAuth error code.
 */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
    readonly issue: string | null,
    readonly description: string | null,
    readonly debugId: string | null,
  ) {
    super(message);
    this.name = 'PaypalApiError';
  }
}

/** PayPal could not be reached or did not answer in time: nothing is known of the outcome. */
export class PaypalUnavailableError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'PaypalUnavailableError';
  }
}

// ───────────────────────── wire types (only what we read) ─────────────────────────

const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
export type PaypalMoney = z.infer<typeof moneySchema>;

const linkSchema = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });

const captureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: moneySchema.optional(),
  final_capture: z.boolean().optional(),
  // PayPal copies the purchase unit's custom_id and invoice_id onto its captures.
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
});
export type PaypalCapture = z.infer<typeof captureSchema>;

const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(linkSchema).optional(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        invoice_id: z.string().optional(),
        amount: moneySchema.optional(),
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .optional(),
});
export type PaypalOrder = z.infer<typeof orderSchema>;

const refundSchema = z.object({ id: z.string(), status: z.string(), amount: moneySchema.optional() });
export type PaypalRefund = z.infer<typeof refundSchema>;

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().nonnegative() });

const errorEnvelopeSchema = z.object({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional(),
  // OAuth endpoints answer in OAuth's shape instead.
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** The body of a create-order call (what we send; PayPal accepts more). */
export type PaypalCreateOrderBody = {
  intent: 'CAPTURE';
  purchase_units: Array<{
    reference_id: string;
    custom_id: string;
    invoice_id: string;
    description: string;
    amount: PaypalMoney & {
      breakdown?: { item_total: PaypalMoney; shipping: PaypalMoney; discount?: PaypalMoney };
    };
    items?: Array<{ name: string; quantity: string; unit_amount: PaypalMoney; sku: string; category: 'PHYSICAL_GOODS' }>;
  }>;
  payment_source: {
    paypal: {
      experience_context: {
        brand_name: string;
        locale: string;
        shipping_preference: 'NO_SHIPPING';
        user_action: 'PAY_NOW';
        return_url: string;
        cancel_url: string;
      };
    };
  };
};

// ───────────────────────── client ─────────────────────────

export type PaypalClient = {
  createOrder: (body: PaypalCreateOrderBody, requestId: string) => Promise<PaypalOrder>;
  getOrder: (id: string) => Promise<PaypalOrder>;
  captureOrder: (id: string, requestId: string) => Promise<PaypalOrder>;
  refundCapture: (captureId: string, requestId: string, note: string) => Promise<PaypalRefund>;
  /** Gets an access token: the credentials are accepted and PayPal answers (the go-live checklist). */
  verifyCredentials: () => Promise<void>;
};

function errorOf(status: number, body: unknown): PaypalApiError {
  const parsed = errorEnvelopeSchema.safeParse(body);
  const envelope = parsed.success ? parsed.data : {};
  const detail = envelope.details?.[0];
  const message = envelope.message ?? envelope.error_description ?? `HTTP ${status}`;
  return new PaypalApiError(
    status,
    envelope.name ?? envelope.error ?? 'UNKNOWN_ERROR',
    message,
    detail?.issue ?? envelope.error ?? null,
    detail?.description ?? null,
    envelope.debug_id ?? null,
  );
}

/** The first capture of an order (captures[0] of purchase_units[0]), if any. */
export function firstCaptureOf(order: PaypalOrder): PaypalCapture | null {
  return order.purchase_units?.[0]?.payments?.captures?.[0] ?? null;
}

/** A PayPal order or capture id: PayPal's ids are upper-case letters and digits (17 in practice). */
export const PAYPAL_ID_PATTERN = /^[A-Z0-9]{1,64}$/;

/** The URL the buyer approves the order at: `payer-action` (with payment_source) or `approve`. */
export function approveUrlOf(order: PaypalOrder): string | null {
  return order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href ?? null;
}

export function createPaypalClient(options: PaypalClientOptions): PaypalClient {
  const baseUrl = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? PAYPAL_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  let cached: { token: string; renewAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  /** fetch with the timeout; a network failure or a timeout becomes PaypalUnavailableError. */
  async function send(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaypalUnavailableError(timedOut ? `PayPal did not answer within ${timeoutMs} ms` : 'PayPal unreachable', error);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new PaypalUnavailableError('PayPal answer interrupted', error);
    }
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        // Not JSON (a proxy's HTML page…): the status says what happened.
        body = null;
      }
    }
    return { status: response.status, body };
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const { status, body } = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (status !== 200) throw errorOf(status, body);
    const parsed = tokenSchema.safeParse(body);
    if (!parsed.success) throw new PaypalApiError(status, 'INVALID_RESPONSE', 'Unexpected token response', null, null, null);
    cached = { token: parsed.data.access_token, renewAt: now() + parsed.data.expires_in * 1000 - TOKEN_MARGIN_MS };
    return parsed.data.access_token;
  }

  /** The cached token, or one fetch shared by every caller waiting for it (no stampede). */
  function token(): Promise<string> {
    if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
    if (!inFlight) {
      inFlight = fetchToken().finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  }

  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, extra: { body?: unknown; requestId?: string } = {}): Promise<T> {
    const attempt = async (accessToken: string) =>
      send(path, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...(extra.requestId ? { 'paypal-request-id': extra.requestId } : {}),
          prefer: 'return=representation',
        },
        ...(method === 'POST' ? { body: JSON.stringify(extra.body ?? {}) } : {}),
      });
    const first = await token();
    let answer = await attempt(first);
    if (answer.status === 401) {
      // Expired or revoked early: forget it (unless another call already replaced it) and retry once.
      if (cached?.token === first) cached = null;
      answer = await attempt(await token());
    }
    if (answer.status < 200 || answer.status >= 300) throw errorOf(answer.status, answer.body);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw new PaypalApiError(answer.status, 'INVALID_RESPONSE', 'Unexpected PayPal response', null, null, null);
    return parsed.data;
  }

  const segment = (id: string) => encodeURIComponent(id);

  return {
    createOrder: (body, requestId) => call('POST', '/v2/checkout/orders', orderSchema, { body, requestId }),
    getOrder: (id) => call('GET', `/v2/checkout/orders/${segment(id)}`, orderSchema),
    captureOrder: (id, requestId) => call('POST', `/v2/checkout/orders/${segment(id)}/capture`, orderSchema, { body: {}, requestId }),
    refundCapture: (captureId, requestId, note) =>
      call('POST', `/v2/payments/captures/${segment(captureId)}/refund`, refundSchema, { body: { note_to_payer: note.slice(0, 255) }, requestId }),
    verifyCredentials: async () => {
      await token();
    },
  };
}
