/**
 * A local Stripe (reference/external-apis.md §3 and §7): a real HTTP server on 127.0.0.1 that the
 * `stripe` SDK talks to through `host`/`port`/`protocol`, for the payment tests and the browser
 * end-to-end runs (DESIGN.md §1: nothing is mocked inside the code under test).
 *
 * - Wire format: `application/x-www-form-urlencoded` bodies with bracket keys
 *   (`metadata[order_id]=1`, `allowed_payment_method_types[0]=card` — `payment_method_types[0]`
 *   before API 2026-09-30 is accepted too —,
 *   `line_items[0][price_data][unit_amount]=4990`) parsed into nested objects; JSON answers.
 * - `Authorization: Bearer sk_…` checked (401 with Stripe's error shape otherwise).
 * - `Idempotency-Key` honoured: same key and same parameters → the first answer again; same key
 *   with other parameters → 400 `idempotency_error`.
 * - Errors `{ error: { type, code, message, param } }`.
 * - Stateful: payment intents, Checkout Sessions and refunds live in memory; test controls move
 *   them through Stripe's states (succeed, decline, processing…) and forge mismatches.
 * - Webhooks: events signed like Stripe (`Stripe-Signature: t=…,v1=hex(HMAC_SHA256(secret,
 *   "t.body"))`, §3.4) POSTed to `webhookUrl`.
 * - A hosted page (`GET /pay/:sessionId`) so a browser can run the whole redirect flow: « Klarna
 *   (test) » for a Klarna session, « Carte bancaire (test) » for a card-only one.
 * - The same state controls over HTTP for tests that run the fake in another process (browser
 *   runs): `POST /__fake/payment_intents/:id/{succeed,decline,processing}` and
 *   `POST /__fake/checkout/sessions/:id/{complete,expire}`; `?notify=1` also sends the matching
 *   event to webhookUrl. Answers the object as JSON (404 for an unknown id).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createHolds, createInFlight, type Hold } from './hold.js';

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake51ErepareLocal0000';
export const FAKE_STRIPE_PUBLISHABLE_KEY = 'pk_test_fake51ErepareLocal0000';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fakeErepareLocal0000';
/** The API version the fake stamps on its events (the SDK's pinned one; only informative here). */
export const FAKE_STRIPE_API_VERSION = '2026-10-28.endive';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export type StripeFakeRequest = {
  method: string;
  /** Path without the query, e.g. "/v1/payment_intents". */
  path: string;
  query: Record<string, string>;
  /** Lower-cased header names, as node gives them. */
  headers: Record<string, string>;
  /** The body exactly as received (form-encoded). */
  rawBody: string;
  /** The body's flat pairs, keys as sent (`metadata[order_id]`). */
  form: Record<string, string>;
  /** The body parsed into nested objects and arrays. */
  body: FormObject;
  /** HTTP status answered (0 when the client went away before the answer). */
  status: number;
  at: number;
};

export type FakeError = { type: string; code?: string; message: string; param?: string; decline_code?: string };

export type FakePaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';
  client_secret: string;
  /** As requested (null when the intent was created without a list). */
  allowed_payment_method_types: string[] | null;
  /** The methods usable now: the allowed ones (card by default). */
  payment_method_types: string[];
  payment_method: string | null;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  last_payment_error: (FakeError & { payment_method?: { id: string; type: string } }) | null;
  next_action: null;
  latest_charge: string | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
};

export type FakeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  success_url: string;
  cancel_url: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  expires_at: number;
  created: number;
  livemode: false;
  /** Kept to build the payment intent at completion (Stripe creates it then). */
  payment_intent_data: { metadata: Record<string, string>; description: string | null };
  line_items: { data: Array<{ quantity: number; price_data: { currency: string; unit_amount: number; product_data: { name: string } } }> };
};

/** A session as the API answers it (line items and intent data are only kept for the fake's own use). */
export type FakeCheckoutSessionView = Omit<FakeCheckoutSession, 'payment_intent_data' | 'line_items'>;

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
};

export type FakeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  type: string;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
};

export type SignOptions = {
  /** Another secret than the fake's (a forged signature). */
  secret?: string;
  /** Unix seconds of the signature (default now; an old one is refused by the receiver). */
  timestamp?: number;
};

export type WebhookDelivery = { status: number; body: string };

export type StripeFakeOptions = { port?: number; webhookUrl?: string; webhookSecret?: string; secretKey?: string };

export type StripeFake = {
  /** http://127.0.0.1:PORT: STRIPE_API_URL for the app. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  requests: StripeFakeRequest[];
  paymentIntents: Map<string, FakePaymentIntent>;
  sessions: Map<string, FakeCheckoutSession>;
  refunds: FakeRefund[];
  /** Webhooks sent by the fake itself (hosted page, sendWebhook), with the receiver's answer. */
  deliveries: Array<{ event: FakeEvent; status: number }>;
  /** Requests to an API path (string: exact; RegExp: tested), optionally of one method. */
  requestsTo: (path: string | RegExp, method?: string) => StripeFakeRequest[];
  /** Where events go (the app's /api/woocommerce-payments/stripe/webhook once it listens). */
  setWebhookUrl: (url: string | undefined) => void;

  // ── state controls ──
  /** The intent is paid: succeeded, amount_received = amount, a charge id. */
  succeed: (piId: string) => FakePaymentIntent;
  /** A declined attempt: requires_payment_method again with last_payment_error (card_declined by default). */
  decline: (piId: string, code?: string) => FakePaymentIntent;
  setProcessing: (piId: string) => FakePaymentIntent;
  setStatus: (piId: string, status: FakePaymentIntent['status']) => FakePaymentIntent;
  /** Forges a mismatch: the intent's amount (and amount_received once paid) become `cents`. */
  setAmount: (piId: string, cents: number) => FakePaymentIntent;
  setCurrency: (piId: string, currency: string) => FakePaymentIntent;
  setMetadata: (piId: string, metadata: Record<string, string>) => FakePaymentIntent;
  /** The session is paid (its payment intent is created and succeeded, as Stripe does). */
  completeSession: (csId: string) => FakeCheckoutSessionView;
  expireSession: (csId: string) => FakeCheckoutSessionView;
  setSessionAmount: (csId: string, cents: number) => FakeCheckoutSessionView;

  // ── faults ──
  /** The next `times` API requests answer `status` with a Stripe error body (api_error by default). */
  failNext: (status: number, errorBody?: { error: FakeError }, times?: number) => void;
  /** The next `times` API requests are answered after `ms` (a timeout for a client with a shorter one). */
  delayNext: (ms: number, times?: number) => void;
  /** The next `times` API requests wait until the test releases them (a timeout for any client). */
  holdNext: (times?: number) => Hold;
  /** Resolves once every request received so far has been handled (held ones included, once released). */
  settled: () => Promise<void>;
  /** Every API request has its connection reset until up(). */
  down: () => void;
  up: () => void;
  /** No fault pending any more. */
  reset: () => void;

  // ── webhooks ──
  /** A Stripe event envelope around `object` (not sent). */
  event: (type: string, object: unknown) => FakeEvent;
  /** The `Stripe-Signature` header of a payload. */
  sign: (payload: string, options?: SignOptions) => string;
  /** A correctly signed event ready to POST: the exact payload and its header. */
  signedEvent: (type: string, object: unknown, options?: SignOptions) => { event: FakeEvent; payload: string; header: string };
  /** POSTs a signed event to webhookUrl (throws when no webhookUrl is set). */
  sendWebhook: (event: FakeEvent, options?: SignOptions) => Promise<WebhookDelivery>;

  close: () => Promise<void>;
};

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

const unixNow = () => Math.floor(Date.now() / 1000);

function randomId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}${id}`;
}

function stripeError(status: number, error: FakeError): Answer {
  return { status, body: { error: { ...error, doc_url: `https://stripe.com/docs/error-codes/${error.code ?? error.type}` } } };
}

const missing = (kind: string, id: string, param = 'id') =>
  stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` });

const invalid = (param: string, message: string, code = 'parameter_invalid') => stripeError(400, { type: 'invalid_request_error', code, param, message });

// ───────────────────────── form decoding ─────────────────────────

/** `a[b][0][c]` → ['a', 'b', '0', 'c'] (both literal and percent-encoded brackets arrive decoded here). */
function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1] ?? '');
  return parts;
}

type Tree = { [key: string]: Tree | string };

/** Objects whose keys are 0..n-1 become arrays (Stripe's indexed array format). */
function toFormValue(node: Tree | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const entries = keys.map((key) => [key, toFormValue(node[key] ?? '')] as const);
  const isArray = keys.length > 0 && keys.every((key) => /^\d+$/.test(key)) && keys.map(Number).sort((a, b) => a - b).every((key, index) => key === index);
  if (isArray) return [...entries].sort((a, b) => Number(a[0]) - Number(b[0])).map(([, value]) => value);
  return Object.fromEntries(entries);
}

export function parseForm(raw: string): { form: Record<string, string>; body: FormObject } {
  const form: Record<string, string> = {};
  const root: Tree = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    form[key] = value;
    const path = keyPath(key);
    let node: Tree = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === 'object') {
        node = next;
      } else {
        const created: Tree = {};
        node[part] = created;
        node = created;
      }
    });
  }
  const body = toFormValue(root);
  return { form, body: typeof body === 'object' && !Array.isArray(body) ? body : {} };
}

function str(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function obj(value: FormValue | undefined): FormObject {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function list(value: FormValue | undefined): FormValue[] {
  if (Array.isArray(value)) return value;
  // `a[0]=x` where the index is not contiguous arrives as an object: take its values in order.
  if (value && typeof value === 'object') return Object.values(value);
  return [];
}

function stringMap(value: FormValue | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(obj(value))) if (typeof item === 'string') out[key] = item;
  return out;
}

function integer(value: FormValue | undefined): number | null {
  const text = str(value);
  return text !== undefined && /^-?\d+$/.test(text) ? Number(text) : null;
}

/**
 * The payment method list of a create call: `allowed_payment_method_types` (API 2026-09-30 and
 * later, the SDK's pinned version) or the older `payment_method_types`; null when neither is sent.
 */
function methodList(body: FormObject): string[] | null {
  const given = body.allowed_payment_method_types ?? body.payment_method_types;
  if (given === undefined) return null;
  const methods = list(given).filter((item): item is string => typeof item === 'string');
  return methods.length ? methods : null;
}

/** Canonical form of parameters, to compare two requests sent with one idempotency key. */
function canonical(form: Record<string, string>): string {
  return JSON.stringify(Object.entries(form).sort(([a], [b]) => a.localeCompare(b)));
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
}

function euros(cents: number): string {
  return `${(cents / 100).toFixed(2).replace('.', ',')} €`;
}

// ───────────────────────── the server ─────────────────────────

export async function startStripeFake(options: StripeFakeOptions = {}): Promise<StripeFake> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_WEBHOOK_SECRET;
  let webhookUrl = options.webhookUrl;
  let baseUrl = '';

  const requests: StripeFakeRequest[] = [];
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeRefund[] = [];
  const deliveries: Array<{ event: FakeEvent; status: number }> = [];
  const idempotent = new Map<string, { signature: string; answer: Answer }>();
  let failures: Array<{ status: number; body: { error: FakeError } }> = [];
  let delays: number[] = [];
  let isDown = false;
  const holds = createHolds();
  const inFlight = createInFlight();

  const intentOf = (id: string): FakePaymentIntent => {
    const intent = paymentIntents.get(id);
    if (!intent) throw new Error(`stripe fake: no payment intent ${id}`);
    return intent;
  };
  const sessionOf = (id: string): FakeCheckoutSession => {
    const session = sessions.get(id);
    if (!session) throw new Error(`stripe fake: no checkout session ${id}`);
    return session;
  };

  const snapshot = <T>(value: T): T => structuredClone(value);

  /** The session as the API shows it (line items are not part of Stripe's object unless expanded). */
  const sessionView = (session: FakeCheckoutSession): FakeCheckoutSessionView => {
    const { payment_intent_data: _data, line_items: _items, ...view } = session;
    return snapshot(view);
  };

  function newIntent(values: { amount: number; currency: string; methods: string[] | null; metadata: Record<string, string>; description: string | null; receiptEmail: string | null }): FakePaymentIntent {
    const id = randomId('pi_3Fake');
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount: values.amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: values.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomId('', 25)}`,
      allowed_payment_method_types: values.methods,
      payment_method_types: values.methods ?? ['card'],
      payment_method: null,
      metadata: values.metadata,
      description: values.description,
      receipt_email: values.receiptEmail,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      last_payment_error: null,
      next_action: null,
      latest_charge: null,
      canceled_at: null,
      cancellation_reason: null,
      created: unixNow(),
      livemode: false,
    };
    paymentIntents.set(id, intent);
    return intent;
  }

  function succeedIntent(intent: FakePaymentIntent): FakePaymentIntent {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    intent.payment_method = intent.payment_method ?? randomId('pm_1Fake');
    intent.latest_charge = intent.latest_charge ?? randomId('ch_3Fake');
    return intent;
  }

  function declineIntent(intent: FakePaymentIntent, code: string): FakePaymentIntent {
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.last_payment_error = {
      type: 'card_error',
      code,
      decline_code: code === 'card_declined' ? 'generic_decline' : code,
      message: code === 'card_declined' ? 'Your card was declined.' : `Your card was declined (${code}).`,
      payment_method: { id: randomId('pm_1Fake'), type: intent.payment_method_types[0] ?? 'card' },
    };
    return intent;
  }

  function completeSession(session: FakeCheckoutSession): FakeCheckoutSession {
    if (session.status === 'expired') throw new Error(`stripe fake: session ${session.id} has expired`);
    if (session.payment_status === 'paid') return session;
    const intent = newIntent({
      amount: session.amount_total,
      currency: session.currency,
      methods: session.allowed_payment_method_types ?? session.payment_method_types,
      metadata: { ...session.payment_intent_data.metadata },
      description: session.payment_intent_data.description,
      receiptEmail: session.customer_email,
    });
    succeedIntent(intent);
    session.payment_intent = intent.id;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    return session;
  }

  function event(type: string, object: unknown): FakeEvent {
    return {
      id: randomId('evt_1Fake'),
      object: 'event',
      api_version: FAKE_STRIPE_API_VERSION,
      created: unixNow(),
      livemode: false,
      type,
      data: { object: snapshot(object) },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
  }

  function sign(payload: string, signOptions: SignOptions = {}): string {
    const timestamp = signOptions.timestamp ?? unixNow();
    const signature = createHmac('sha256', signOptions.secret ?? webhookSecret)
      .update(`${timestamp}.${payload}`, 'utf8')
      .digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  async function sendWebhook(sent: FakeEvent, signOptions: SignOptions = {}): Promise<WebhookDelivery> {
    if (!webhookUrl) throw new Error('stripe fake: no webhookUrl to send the event to');
    const payload = JSON.stringify(sent, null, 2);
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': sign(payload, signOptions), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
    });
    const body = await response.text();
    deliveries.push({ event: sent, status: response.status });
    return { status: response.status, body };
  }

  // ── API endpoints ──

  function createIntent(body: FormObject): Answer {
    const amount = integer(body.amount);
    if (amount === null) return invalid('amount', 'Missing required param: amount.', 'parameter_missing');
    const currency = str(body.currency);
    if (!currency) return invalid('currency', 'Missing required param: currency.', 'parameter_missing');
    if (currency !== currency.toLowerCase() || !/^[a-z]{3}$/.test(currency)) return invalid('currency', `Invalid currency: ${currency}.`);
    if (currency === 'eur' && amount < 50) {
      return invalid('amount', 'Amount must be at least €0.50 eur', 'amount_too_small');
    }
    const intent = newIntent({
      amount,
      currency,
      methods: methodList(body),
      metadata: stringMap(body.metadata),
      description: str(body.description) ?? null,
      receiptEmail: str(body.receipt_email) ?? null,
    });
    return { status: 200, body: snapshot(intent) };
  }

  function updateIntent(id: string, body: FormObject): Answer {
    const intent = paymentIntents.get(id);
    if (!intent) return missing('payment_intent', id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return invalid('', `This PaymentIntent's status is ${intent.status}, so it cannot be updated.`, 'payment_intent_unexpected_state');
    }
    const amount = integer(body.amount);
    if (amount !== null) intent.amount = amount;
    if (body.metadata !== undefined) intent.metadata = { ...intent.metadata, ...stringMap(body.metadata) };
    const description = str(body.description);
    if (description !== undefined) intent.description = description;
    return { status: 200, body: snapshot(intent) };
  }

  function cancelIntent(id: string, body: FormObject): Answer {
    const intent = paymentIntents.get(id);
    if (!intent) return missing('payment_intent', id);
    if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
      return invalid(
        '',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action.`,
        'payment_intent_unexpected_state',
      );
    }
    intent.status = 'canceled';
    intent.canceled_at = unixNow();
    intent.cancellation_reason = str(body.cancellation_reason) ?? null;
    return { status: 200, body: snapshot(intent) };
  }

  function createSession(body: FormObject): Answer {
    const mode = str(body.mode);
    if (!mode) return invalid('mode', 'Missing required param: mode.', 'parameter_missing');
    if (mode !== 'payment') return invalid('mode', `Invalid mode: ${mode}. This fake only knows mode=payment.`);
    const successUrl = str(body.success_url);
    if (!successUrl) return invalid('success_url', 'Missing required param: success_url.', 'parameter_missing');
    const items = list(body.line_items).map(obj);
    if (items.length === 0) return invalid('line_items', 'Missing required param: line_items.', 'parameter_missing');
    const lines: FakeCheckoutSession['line_items']['data'] = [];
    for (const [index, item] of items.entries()) {
      const priceData = obj(item.price_data);
      const unitAmount = integer(priceData.unit_amount);
      const currency = str(priceData.currency);
      const name = str(obj(priceData.product_data).name);
      const quantity = integer(item.quantity) ?? 1;
      if (unitAmount === null) return invalid(`line_items[${index}][price_data][unit_amount]`, 'Missing required param: unit_amount.', 'parameter_missing');
      if (!currency) return invalid(`line_items[${index}][price_data][currency]`, 'Missing required param: currency.', 'parameter_missing');
      if (!name) return invalid(`line_items[${index}][price_data][product_data][name]`, 'Missing required param: name.', 'parameter_missing');
      lines.push({ quantity, price_data: { currency, unit_amount: unitAmount, product_data: { name } } });
    }
    const currency = lines[0]?.price_data.currency ?? 'eur';
    if (lines.some((line) => line.price_data.currency !== currency)) return invalid('line_items', 'All line items must use the same currency.');
    const total = lines.reduce((sum, line) => sum + line.price_data.unit_amount * line.quantity, 0);
    const now = unixNow();
    const expiresAt = integer(body.expires_at) ?? now + 24 * 3600;
    // Stripe: "anywhere from 30 minutes to 24 hours after Checkout Session creation".
    if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
      return invalid('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
    }
    const methods = methodList(body);
    const intentData = obj(body.payment_intent_data);
    const id = randomId('cs_test_a1Fake', 40);
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      mode,
      url: `${baseUrl}/pay/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: total,
      amount_total: total,
      currency,
      metadata: stringMap(body.metadata),
      payment_intent: null,
      allowed_payment_method_types: methods,
      payment_method_types: methods ?? ['card'],
      success_url: successUrl,
      cancel_url: str(body.cancel_url) ?? null,
      client_reference_id: str(body.client_reference_id) ?? null,
      customer_email: str(body.customer_email) ?? null,
      locale: str(body.locale) ?? null,
      expires_at: expiresAt,
      created: now,
      livemode: false,
      payment_intent_data: { metadata: stringMap(intentData.metadata), description: str(intentData.description) ?? null },
      line_items: { data: lines },
    };
    sessions.set(id, session);
    return { status: 200, body: sessionView(session) };
  }

  function expireSessionEndpoint(id: string): Answer {
    const session = sessions.get(id);
    if (!session) return missing('checkout.session', id, 'session');
    if (session.status !== 'open') return invalid('', `Only Checkout Sessions with a status in ["open"] can be expired.`, 'checkout_session_not_open');
    session.status = 'expired';
    session.url = null;
    return { status: 200, body: sessionView(session) };
  }

  function createRefund(body: FormObject): Answer {
    const intentId = str(body.payment_intent);
    if (!intentId) return invalid('payment_intent', 'One of the following params should be provided for this request: payment_intent or charge.', 'parameter_missing');
    const intent = paymentIntents.get(intentId);
    if (!intent) return missing('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      return invalid('payment_intent', `This PaymentIntent (${intentId}) does not have a successful charge to refund.`, 'charge_not_refundable');
    }
    const already = refunds.filter((refund) => refund.payment_intent === intentId).reduce((sum, refund) => sum + refund.amount, 0);
    const amount = integer(body.amount) ?? intent.amount_received - already;
    if (amount <= 0 || already + amount > intent.amount_received) {
      return invalid('amount', `Charge ${intent.latest_charge ?? ''} has already been refunded.`, 'charge_already_refunded');
    }
    const refund: FakeRefund = {
      id: randomId('re_3Fake'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: intent.latest_charge,
      status: 'succeeded',
      reason: str(body.reason) ?? null,
      metadata: stringMap(body.metadata),
      created: unixNow(),
    };
    refunds.push(refund);
    return { status: 200, body: snapshot(refund) };
  }

  function listOf(path: string, data: unknown[]): Answer {
    return { status: 200, body: { object: 'list', data, has_more: false, url: path } };
  }

  /** The API proper: one answer per method and path. */
  function route(method: string, path: string, body: FormObject): Answer {
    const segments = path.split('/').filter(Boolean);
    if (segments[0] !== 'v1') return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    const [, resource, id, action] = segments;
    if (resource === 'payment_intents') {
      if (!id) return method === 'POST' ? createIntent(body) : listOf(path, [...paymentIntents.values()].map(snapshot));
      if (method === 'GET' && !action) return paymentIntents.has(id) ? { status: 200, body: snapshot(intentOf(id)) } : missing('payment_intent', id);
      if (method === 'POST' && !action) return updateIntent(id, body);
      if (method === 'POST' && action === 'cancel') return cancelIntent(id, body);
    }
    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = action;
      const sub = segments[4];
      if (!sessionId) return method === 'POST' ? createSession(body) : listOf(path, [...sessions.values()].map(sessionView));
      if (method === 'GET' && !sub) {
        const session = sessions.get(sessionId);
        return session ? { status: 200, body: sessionView(session) } : missing('checkout.session', sessionId, 'session');
      }
      if (method === 'POST' && sub === 'expire') return expireSessionEndpoint(sessionId);
    }
    if (resource === 'refunds') {
      if (!id && method === 'POST') return createRefund(body);
      if (!id && method === 'GET') return listOf(path, refunds.map(snapshot));
      const refund = refunds.find((candidate) => candidate.id === id);
      if (id && method === 'GET') return refund ? { status: 200, body: snapshot(refund) } : missing('refund', id);
    }
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.` });
  }

  // ── the hosted page (Klarna, or the card for a card-only session) ──

  /** The hosted page is titled from the session's payment method: Klarna, or the card (issue 24 §4). */
  function hostedMethod(session: FakeCheckoutSession | undefined): { title: string; button: string; accent: string } {
    const types = session ? (session.allowed_payment_method_types ?? session.payment_method_types) : ['klarna'];
    return types.includes('klarna') || types.length === 0
      ? { title: 'Klarna (test)', button: 'Payer avec Klarna', accent: '#ffb3c7' }
      : { title: 'Carte bancaire (test)', button: 'Payer par carte', accent: '#c7d7ff' };
  }

  function hostedPage(session: FakeCheckoutSession): string {
    const open = session.status === 'open';
    const { title, button, accent } = hostedMethod(session);
    return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – paiement de ${escapeHtml(euros(session.amount_total))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#17120f}button{font:inherit;padding:.75rem 1.25rem;background:${accent};color:#17120f;border:2px solid #17120f;border-radius:.5rem;cursor:pointer}button:focus-visible,a:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}a{color:#0b57d0}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>Montant à payer : <strong>${escapeHtml(euros(session.amount_total))}</strong></p>
${
  open
    ? `<p>Page de paiement de test : aucun paiement réel n’est effectué.</p>
<form method="post" action="/pay/${escapeHtml(session.id)}/complete">
<button type="submit">${button}</button>
</form>`
    : `<p role="alert">${session.status === 'complete' ? 'Ce paiement a déjà été effectué.' : 'Cette session de paiement a expiré.'}</p>`
}
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Annuler</a></p>` : ''}
</main>
</body>
</html>`;
  }

  async function hosted(method: string, segments: string[], response: ServerResponse): Promise<void> {
    const [, sessionId = '', action] = segments;
    const session = sessions.get(sessionId);
    const html = (status: number, page: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(page);
    };
    if (!session) return html(404, '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Klarna (test)</title></head><body><main><h1>Session introuvable</h1></main></body></html>');
    if (method === 'GET' && !action) return html(200, hostedPage(session));
    if (method === 'POST' && action === 'complete') {
      if (session.status === 'expired') return html(410, hostedPage(session));
      const alreadyPaid = session.payment_status === 'paid';
      completeSession(session);
      if (!alreadyPaid && webhookUrl) {
        // Stripe notifies the shop as well as redirecting the buyer; a receiver that is down is
        // the shop's problem (Stripe retries), not the buyer's.
        await sendWebhook(event('checkout.session.completed', sessionView(session))).catch(() => undefined);
      }
      response.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      response.end();
      return;
    }
    return html(405, '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Klarna (test)</title></head><body><main><h1>Méthode non prise en charge</h1></main></body></html>');
  }

  // ── test controls over HTTP ──

  async function control(segments: string[], notify: boolean): Promise<Answer> {
    const [kind, second, third, fourth] = segments;
    const notifyWith = async (type: string, object: unknown) => {
      if (notify && webhookUrl) await sendWebhook(event(type, object)).catch(() => undefined);
    };
    if (kind === 'payment_intents' && second && third) {
      const intent = paymentIntents.get(second);
      if (!intent) return missing('payment_intent', second);
      if (third === 'succeed') {
        succeedIntent(intent);
        await notifyWith('payment_intent.succeeded', intent);
      } else if (third === 'decline') {
        declineIntent(intent, 'card_declined');
        await notifyWith('payment_intent.payment_failed', intent);
      } else if (third === 'processing') {
        intent.status = 'processing';
        await notifyWith('payment_intent.processing', intent);
      } else {
        return stripeError(404, { type: 'invalid_request_error', message: `Unknown fake control ${third}` });
      }
      return { status: 200, body: snapshot(intent) };
    }
    if (kind === 'checkout' && second === 'sessions' && third && fourth) {
      const session = sessions.get(third);
      if (!session) return missing('checkout.session', third, 'session');
      if (fourth === 'complete') {
        if (session.status === 'expired') return invalid('', 'This Checkout Session has expired.', 'checkout_session_not_open');
        const alreadyPaid = session.payment_status === 'paid';
        completeSession(session);
        if (!alreadyPaid) await notifyWith('checkout.session.completed', sessionView(session));
      } else if (fourth === 'expire') {
        if (session.status === 'open') {
          session.status = 'expired';
          session.url = null;
          await notifyWith('checkout.session.expired', sessionView(session));
        }
      } else {
        return stripeError(404, { type: 'invalid_request_error', message: `Unknown fake control ${fourth}` });
      }
      return { status: 200, body: sessionView(session) };
    }
    return stripeError(404, { type: 'invalid_request_error', message: 'Unknown fake control' });
  }

  // ── HTTP plumbing ──

  function readBody(request: IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });
  }

  function send(response: ServerResponse, answer: Answer): void {
    if (response.destroyed || response.writableEnded) return;
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': randomId('req_', 14),
      'stripe-version': FAKE_STRIPE_API_VERSION,
      ...answer.headers,
    });
    response.end(JSON.stringify(answer.body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const rawBody = await readBody(request);
    const segments = url.pathname.split('/').filter(Boolean);

    if (segments[0] === 'pay') {
      // The browser's form posts are form-encoded too, but carry nothing the page needs.
      await hosted(method, segments, response);
      return;
    }
    if (segments[0] === '__fake' && method === 'POST') {
      send(response, await control(segments.slice(1), url.searchParams.get('notify') === '1'));
      return;
    }

    const { form, body } = parseForm(method === 'GET' ? url.search.slice(1) : rawBody);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
    const record: StripeFakeRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      rawBody,
      form: method === 'GET' ? {} : form,
      body: method === 'GET' ? {} : body,
      status: 0,
      at: Date.now(),
    };
    requests.push(record);

    if (isDown) {
      request.socket.destroy();
      return;
    }
    // Faults belong to the requests in the order they arrive (a delayed request must not take
    // the fault meant for the next one).
    const delay = delays.shift();
    const failure = failures.shift();
    const held = holds.take();
    if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
    if (held) await held;
    if (failure) {
      record.status = failure.status;
      // Faults are injected before the API "ran": they are not saved under the idempotency key.
      send(response, { status: failure.status, body: failure.body });
      return;
    }

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      record.status = 401;
      send(
        response,
        stripeError(401, {
          type: 'invalid_request_error',
          message: request.headers.authorization
            ? 'Invalid API Key provided: sk_test_****'
            : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        }),
      );
      return;
    }
    if (method === 'POST' && !/^application\/x-www-form-urlencoded/.test(request.headers['content-type'] ?? '') && rawBody.length > 0) {
      record.status = 400;
      send(response, invalid('', 'Invalid request: Stripe expects application/x-www-form-urlencoded bodies.'));
      return;
    }

    const key = request.headers['idempotency-key'];
    const idempotencyKey = method === 'POST' && typeof key === 'string' && key ? key : null;
    if (idempotencyKey) {
      const signature = `${method} ${url.pathname} ${canonical(form)}`;
      const seen = idempotent.get(idempotencyKey);
      if (seen) {
        const answer: Answer =
          seen.signature === signature
            ? { ...seen.answer, headers: { 'idempotent-replayed': 'true', 'original-request': randomId('req_', 14) } }
            : stripeError(400, {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              });
        record.status = answer.status;
        send(response, answer);
        return;
      }
      const answer = route(method, url.pathname, body);
      idempotent.set(idempotencyKey, { signature, answer });
      record.status = answer.status;
      send(response, answer);
      return;
    }
    const answer = route(method, url.pathname, body);
    record.status = answer.status;
    send(response, answer);
  }

  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    inFlight.track(handle(request, response)).catch((error: unknown) => {
      if (!response.headersSent && !response.destroyed) {
        send(response, stripeError(500, { type: 'api_error', message: error instanceof Error ? error.message : 'fake failure' }));
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const address = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${address.port}`;

  const patchIntent = (id: string, change: (intent: FakePaymentIntent) => void) => {
    const intent = intentOf(id);
    change(intent);
    return snapshot(intent);
  };

  return {
    url: baseUrl,
    secretKey,
    webhookSecret,
    requests,
    paymentIntents,
    sessions,
    refunds,
    deliveries,
    requestsTo: (path, method) =>
      requests.filter((request) => (typeof path === 'string' ? request.path === path : path.test(request.path)) && (!method || request.method === method)),
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },

    succeed: (id) => patchIntent(id, succeedIntent),
    decline: (id, code = 'card_declined') => patchIntent(id, (intent) => declineIntent(intent, code)),
    setProcessing: (id) =>
      patchIntent(id, (intent) => {
        intent.status = 'processing';
      }),
    setStatus: (id, status) =>
      patchIntent(id, (intent) => {
        intent.status = status;
      }),
    setAmount: (id, cents) =>
      patchIntent(id, (intent) => {
        intent.amount = cents;
        if (intent.status === 'succeeded') intent.amount_received = cents;
      }),
    setCurrency: (id, currency) =>
      patchIntent(id, (intent) => {
        intent.currency = currency;
      }),
    setMetadata: (id, metadata) =>
      patchIntent(id, (intent) => {
        intent.metadata = metadata;
      }),
    completeSession: (id) => sessionView(completeSession(sessionOf(id))),
    expireSession: (id) => {
      const session = sessionOf(id);
      if (session.status === 'open') {
        session.status = 'expired';
        session.url = null;
      }
      return sessionView(session);
    },
    setSessionAmount: (id, cents) => {
      const session = sessionOf(id);
      session.amount_total = cents;
      session.amount_subtotal = cents;
      return sessionView(session);
    },

    failNext: (status, errorBody, times = 1) => {
      const body = errorBody ?? { error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message: 'Something went wrong on Stripe’s end (fake).' } };
      for (let index = 0; index < times; index += 1) failures.push({ status, body });
    },
    delayNext: (ms, times = 1) => {
      for (let index = 0; index < times; index += 1) delays.push(ms);
    },
    holdNext: (times) => holds.holdNext(times),
    settled: () => inFlight.settled(),
    down: () => {
      isDown = true;
    },
    up: () => {
      isDown = false;
    },
    reset: () => {
      failures = [];
      delays = [];
      holds.clear();
      isDown = false;
    },

    event,
    sign,
    signedEvent: (type, object, signOptions) => {
      const built = event(type, object);
      const payload = JSON.stringify(built, null, 2);
      return { event: built, payload, header: sign(payload, signOptions) };
    },
    sendWebhook,

    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
