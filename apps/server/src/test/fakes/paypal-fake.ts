/**
 * A local PayPal (reference/external-apis.md §4): a real HTTP server on 127.0.0.1 speaking the
 * Orders v2 wire format, for the PayPal client's and routes' tests (nothing of ours is mocked).
 *
 * - POST /v1/oauth2/token: Basic client credentials (401 `invalid_client` otherwise), form body
 *   `grant_type=client_credentials`; answers an access token valid `tokenExpiresIn` seconds.
 * - /v2/*: Bearer token required (401 AUTHENTICATION_FAILURE otherwise, or after expireTokens()).
 * - POST /v2/checkout/orders validates what PayPal validates for us: intent, currency (EUR only:
 *   CURRENCY_NOT_SUPPORTED), 2-decimal string values (DECIMAL_PRECISION), value ≥ 0.01,
 *   breakdown sum (AMOUNT_MISMATCH), items sum (ITEM_TOTAL_MISMATCH), item name ≤ 127. The same
 *   PayPal-Request-Id replays the first answer (whichever database of ours sent it). With
 *   payment_source.paypal the order is PAYER_ACTION_REQUIRED with a `payer-action` link,
 *   otherwise CREATED with `approve`. `Prefer: return=representation` answers the whole order
 *   (purchase_units with reference_id, custom_id, invoice_id), as PayPal does; else the minimal one.
 *   Captures carry the unit's custom_id and invoice_id, as PayPal's do.
 * - GET /v2/checkout/orders/:id; POST …/:id/capture (ORDER_NOT_APPROVED before approval,
 *   ORDER_ALREADY_CAPTURED the second time unless the same PayPal-Request-Id, which replays);
 *   POST /v2/payments/captures/:id/refund (replayed by PayPal-Request-Id too).
 * - Buyer approval page: GET /checkoutnow?token=<id> (French HTML), POST /checkoutnow/<id>/approve
 *   → APPROVED and 303 to the return_url with token and PayerID appended.
 * - Test controls: approve, nextCaptureStatus, setCaptureAmount, setCaptureStatus, failNext,
 *   delayNext, holdNext, settled, expireTokens, reset.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createHolds, createInFlight, type Hold } from './hold.js';

export const FAKE_PAYPAL_CLIENT_ID = 'fake-paypal-client-id';
export const FAKE_PAYPAL_CLIENT_SECRET = 'fake-paypal-client-secret';

export type PaypalFakeOptions = {
  /** 0 (default): a random free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** Lifetime of the access tokens, in seconds (PayPal: 32400). */
  tokenExpiresIn?: number;
};

export type PaypalFakeRequest = {
  method: string;
  path: string;
  /** How the request authenticated: the right Basic or Bearer, or not. */
  auth: 'basic' | 'bearer' | 'none' | 'invalid';
  requestId: string | null;
  body: unknown;
  status: number;
};

type Money = { currency_code: string; value: string };
type Json = Record<string, unknown>;

export type PaypalFakeCapture = {
  id: string;
  status: string;
  amount: Money;
  final_capture: boolean;
  refundId: string | null;
  createdAt: string;
};

export type PaypalFakeOrder = {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  intent: string;
  purchaseUnits: Json[];
  amount: Money;
  returnUrl: string;
  cancelUrl: string;
  withPaymentSource: boolean;
  capture: PaypalFakeCapture | null;
  createdAt: string;
};

export type PaypalFake = {
  url: string;
  requests: PaypalFakeRequest[];
  orders: Map<string, PaypalFakeOrder>;
  /** Token requests received (accepted or not). */
  tokenRequests: () => number;
  /** The buyer approves the order (what the approval page's button does). */
  approve: (orderId: string) => void;
  /** The status of the next capture (COMPLETED by default; reset after one capture). */
  nextCaptureStatus: (status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'FAILED') => void;
  /** The amount of the next capture (forges a mismatch): value, and currency (EUR by default). */
  setCaptureAmount: (value: string, currency?: string) => void;
  /** Changes a capture's status later (PENDING → COMPLETED, as PayPal does after review). */
  setCaptureStatus: (orderId: string, status: string) => void;
  /**
   * The next /v2 request answers `status` with `body` (a PayPal 500 envelope by default) without
   * being carried out; a 2xx status forges an answer (e.g. a legacy CREATED/approve order).
   */
  failNext: (status: number, body?: unknown) => void;
  /** The next /v2 request is handled after `ms` (it is still carried out if the client gave up). */
  delayNext: (ms: number) => void;
  /** The next `times` /v2 requests wait until the test releases them (then carried out, as PayPal would). */
  holdNext: (times?: number) => Hold;
  /** Resolves once every request received so far has been handled (held ones included, once released). */
  settled: () => Promise<void>;
  /** Every access token issued so far stops being valid (401 on /v2). */
  expireTokens: () => void;
  reset: () => void;
  close: () => Promise<void>;
};

type Answer = { status: number; body?: unknown; headers?: Record<string, string>; html?: string };

const DEBUG_ID = () => randomBytes(6).toString('hex');

function paypalId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(17), (byte) => alphabet[byte % alphabet.length]).join('');
}

function error(status: number, name: string, message: string, issue?: string, description?: string, field?: string): Answer {
  return {
    status,
    body: {
      name,
      message,
      debug_id: DEBUG_ID(),
      ...(issue ? { details: [{ ...(field ? { field, location: 'body' } : {}), issue, description: description ?? issue }] } : {}),
      links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue ?? name}`, rel: 'information_link', method: 'GET' }],
    },
  };
}

const unprocessable = (issue: string, description: string, field?: string) =>
  error(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', issue, description, field);
const invalidRequest = (issue: string, description: string, field?: string) =>
  error(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', issue, description, field);
const notFound = () =>
  error(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');

const TWO_DECIMALS = /^\d{1,10}\.\d{2}$/;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function moneyOf(value: unknown): Money | null {
  if (!isRecord(value) || typeof value.currency_code !== 'string' || typeof value.value !== 'string') return null;
  return { currency_code: value.currency_code, value: value.value };
}

const cents = (value: string) => Math.round(Number(value) * 100);

function escapeHtml(value: string): string {
  const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  return value.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}

/** Checks an amount the way PayPal does for us; null when it is fine. */
function moneyProblem(money: Money | null, field: string): Answer | null {
  if (!money) return invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', field);
  if (money.currency_code !== 'EUR') return unprocessable('CURRENCY_NOT_SUPPORTED', 'Currency code is not currently supported.', `${field}/currency_code`);
  if (!TWO_DECIMALS.test(money.value)) {
    return unprocessable('DECIMAL_PRECISION', 'If the currency supports decimals, only two decimal place precision is supported.', `${field}/value`);
  }
  return null;
}

export async function startPaypalFake(options: PaypalFakeOptions = {}): Promise<PaypalFake> {
  const clientId = options.clientId ?? FAKE_PAYPAL_CLIENT_ID;
  const clientSecret = options.clientSecret ?? FAKE_PAYPAL_CLIENT_SECRET;
  const tokenExpiresIn = options.tokenExpiresIn ?? 32_400;

  const requests: PaypalFakeRequest[] = [];
  const orders = new Map<string, PaypalFakeOrder>();
  const captures = new Map<string, { orderId: string }>();
  const tokens = new Set<string>();
  /** Answers already given, by endpoint and PayPal-Request-Id (PayPal's idempotency). */
  const replays = new Map<string, Answer>();
  let tokenRequests = 0;
  let captureStatus: string | null = null;
  let captureAmount: Money | null = null;
  let failure: Answer | null = null;
  let delay = 0;
  const holds = createHolds();
  const inFlight = createInFlight();
  let url = '';

  function orderLinks(order: PaypalFakeOrder): Json[] {
    const self = `${url}/v2/checkout/orders/${order.id}`;
    const links: Json[] = [{ href: self, rel: 'self', method: 'GET' }];
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') {
      links.push({ href: `${url}/checkoutnow?token=${order.id}`, rel: order.withPaymentSource ? 'payer-action' : 'approve', method: 'GET' });
    }
    if (order.status !== 'COMPLETED') {
      links.push({ href: self, rel: 'update', method: 'PATCH' }, { href: `${self}/capture`, rel: 'capture', method: 'POST' });
    }
    return links;
  }

  function captureView(capture: PaypalFakeCapture, orderId: string, unit: Json | undefined): Json {
    const fee = Math.round(cents(capture.amount.value) * 0.029 + 35);
    const net = cents(capture.amount.value) - fee;
    const decimal = (value: number) => (value / 100).toFixed(2);
    return {
      id: capture.id,
      status: capture.status,
      ...(capture.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: capture.amount,
      final_capture: capture.final_capture,
      // PayPal copies the purchase unit's custom_id and invoice_id onto the capture.
      ...(typeof unit?.custom_id === 'string' ? { custom_id: unit.custom_id } : {}),
      ...(typeof unit?.invoice_id === 'string' ? { invoice_id: unit.invoice_id } : {}),
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      seller_receivable_breakdown: {
        gross_amount: capture.amount,
        paypal_fee: { currency_code: capture.amount.currency_code, value: decimal(fee) },
        net_amount: { currency_code: capture.amount.currency_code, value: decimal(net) },
      },
      links: [
        { href: `${url}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
        { href: `${url}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${url}/v2/checkout/orders/${orderId}`, rel: 'up', method: 'GET' },
      ],
      create_time: capture.createdAt,
      update_time: capture.createdAt,
    };
  }

  function orderView(order: PaypalFakeOrder): Json {
    const approved = order.status === 'APPROVED' || order.status === 'COMPLETED';
    const payer = { name: { given_name: 'Camille', surname: 'Acheteuse' }, email_address: 'acheteur@exemple.fr', payer_id: 'FAKEPAYER', address: { country_code: 'FR' } };
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      ...(order.withPaymentSource
        ? { payment_source: { paypal: approved ? { email_address: payer.email_address, account_id: payer.payer_id, account_status: 'VERIFIED', name: payer.name, address: payer.address } : {} } }
        : {}),
      purchase_units: order.purchaseUnits.map((unit, index) => ({
        ...unit,
        payee: { email_address: 'vendeur@exemple.fr', merchant_id: 'FAKEMERCHANT' },
        ...(index === 0 && order.capture ? { payments: { captures: [captureView(order.capture, order.id, unit)] } } : {}),
      })),
      ...(approved ? { payer } : {}),
      create_time: order.createdAt,
      update_time: new Date().toISOString(),
      links: orderLinks(order),
    };
  }

  function createOrder(body: unknown, representation: boolean): Answer {
    if (!isRecord(body)) return invalidRequest('INVALID_JSON_FORMAT', 'The request JSON is not well formed.');
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') return invalidRequest('INVALID_PARAMETER_VALUE', 'The value of a field is invalid.', '/intent');
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length !== 1 || !isRecord(units[0])) {
      return invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', '/purchase_units');
    }
    const unit = units[0];
    const amountField = '/purchase_units/@reference_id/amount';
    const amount = moneyOf(unit.amount);
    const amountProblem = moneyProblem(amount, amountField);
    if (amountProblem || !amount) return amountProblem ?? notFound();
    if (cents(amount.value) < 1) return unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.', `${amountField}/value`);
    const breakdown = isRecord(unit.amount) && isRecord(unit.amount.breakdown) ? unit.amount.breakdown : null;
    let itemTotal: Money | null = null;
    if (breakdown) {
      let sum = 0;
      for (const [key, sign] of [['item_total', 1], ['shipping', 1], ['handling', 1], ['tax_total', 1], ['insurance', 1], ['shipping_discount', -1], ['discount', -1]] as const) {
        if (breakdown[key] === undefined) continue;
        const part = moneyOf(breakdown[key]);
        const problem = moneyProblem(part, `${amountField}/breakdown/${key}`);
        if (problem || !part) return problem ?? notFound();
        sum += sign * cents(part.value);
      }
      if (sum !== cents(amount.value)) {
        return unprocessable('AMOUNT_MISMATCH', 'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.', `${amountField}/value`);
      }
      itemTotal = moneyOf(breakdown.item_total);
    }
    if (unit.items !== undefined) {
      if (!Array.isArray(unit.items)) return invalidRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', '/purchase_units/@reference_id/items');
      if (!itemTotal) return unprocessable('ITEM_TOTAL_REQUIRED', 'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.', `${amountField}/breakdown/item_total`);
      let sum = 0;
      for (const [index, item] of (unit.items as unknown[]).entries()) {
        const field = `/purchase_units/@reference_id/items/${index}`;
        if (!isRecord(item) || typeof item.name !== 'string' || item.name.length < 1) return invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing.', `${field}/name`);
        if (Array.from(item.name).length > 127) return invalidRequest('INVALID_STRING_MAX_LENGTH', 'The value of a field is too long.', `${field}/name`);
        if (typeof item.quantity !== 'string' || !/^\d{1,10}$/.test(item.quantity)) return invalidRequest('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', `${field}/quantity`);
        const unitAmount = moneyOf(item.unit_amount);
        const problem = moneyProblem(unitAmount, `${field}/unit_amount`);
        if (problem || !unitAmount) return problem ?? notFound();
        sum += cents(unitAmount.value) * Number(item.quantity);
      }
      if (sum !== cents(itemTotal.value)) {
        return unprocessable('ITEM_TOTAL_MISMATCH', 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.', `${amountField}/breakdown/item_total/value`);
      }
    }
    const paymentSource = isRecord(body.payment_source) && isRecord(body.payment_source.paypal) ? body.payment_source.paypal : null;
    const context = paymentSource && isRecord(paymentSource.experience_context) ? paymentSource.experience_context : {};
    const order: PaypalFakeOrder = {
      id: paypalId(),
      status: paymentSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      intent: body.intent,
      purchaseUnits: [{ reference_id: typeof unit.reference_id === 'string' ? unit.reference_id : 'default', ...unit }],
      amount,
      returnUrl: typeof context.return_url === 'string' ? context.return_url : '',
      cancelUrl: typeof context.cancel_url === 'string' ? context.cancel_url : '',
      withPaymentSource: paymentSource !== null,
      capture: null,
      createdAt: new Date().toISOString(),
    };
    orders.set(order.id, order);
    // With Prefer: return=representation, the whole order; otherwise PayPal's minimal answer: id,
    // status, payment_source, links.
    if (representation) return { status: 201, body: orderView(order) };
    return {
      status: 201,
      body: { id: order.id, status: order.status, ...(paymentSource ? { payment_source: { paypal: {} } } : {}), links: orderLinks(order) },
    };
  }

  function captureOrder(order: PaypalFakeOrder): Answer {
    if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured. If \'intent=CAPTURE\' only one capture per order is allowed.');
    if (order.status !== 'APPROVED') {
      return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment. Please redirect the payer to the \'rel\':\'approve\' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.');
    }
    const capture: PaypalFakeCapture = {
      id: paypalId(),
      status: captureStatus ?? 'COMPLETED',
      amount: captureAmount ?? order.amount,
      final_capture: true,
      refundId: null,
      createdAt: new Date().toISOString(),
    };
    captureStatus = null;
    captureAmount = null;
    order.capture = capture;
    order.status = 'COMPLETED';
    captures.set(capture.id, { orderId: order.id });
    return { status: 201, body: orderView(order) };
  }

  function refundCapture(captureId: string, body: unknown): Answer {
    const found = captures.get(captureId);
    const order = found ? orders.get(found.orderId) : undefined;
    const capture = order?.capture;
    if (!order || !capture) return notFound();
    if (capture.status === 'REFUNDED') return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    if (capture.status !== 'COMPLETED') return unprocessable('REFUND_NOT_ALLOWED', 'Capture could not be refunded.');
    const amount = isRecord(body) ? moneyOf(body.amount) : null;
    const refund = { id: paypalId(), status: 'COMPLETED', amount: amount ?? capture.amount };
    capture.status = 'REFUNDED';
    capture.refundId = refund.id;
    return {
      status: 201,
      body: {
        ...refund,
        links: [
          { href: `${url}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
          { href: `${url}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
        ],
      },
    };
  }

  function approvalPage(order: PaypalFakeOrder): Answer {
    const amount = `${order.amount.value.replace('.', ',')} €`;
    const cancel = new URL(order.cancelUrl || `${url}/`);
    cancel.searchParams.set('token', order.id);
    const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PayPal (test)</title></head>
<body>
<main>
<h1>PayPal (test)</h1>
<p>Montant à payer : <strong>${escapeHtml(amount)}</strong> (${escapeHtml(order.amount.currency_code)})</p>
<form method="post" action="/checkoutnow/${escapeHtml(order.id)}/approve">
<button type="submit">Approuver le paiement</button>
</form>
<p><a href="${escapeHtml(cancel.toString())}">Annuler</a></p>
</main>
</body>
</html>`;
    return { status: 200, html };
  }

  function approve(orderId: string): PaypalFakeOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`PayPal fake: unknown order ${orderId}`);
    if (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
    return order;
  }

  function authOf(request: IncomingMessage): PaypalFakeRequest['auth'] {
    const header = request.headers.authorization ?? '';
    if (header.startsWith('Basic ')) {
      const expected = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
      return header.slice(6) === expected ? 'basic' : 'invalid';
    }
    if (header.startsWith('Bearer ')) return tokens.has(header.slice(7)) ? 'bearer' : 'invalid';
    return 'none';
  }

  async function route(method: string, path: string, query: URLSearchParams, auth: PaypalFakeRequest['auth'], requestId: string | null, prefer: string, rawBody: string, body: unknown): Promise<Answer> {
    if (path === '/v1/oauth2/token' && method === 'POST') {
      tokenRequests += 1;
      if (auth !== 'basic') return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      if (new URLSearchParams(rawBody).get('grant_type') !== 'client_credentials') {
        return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
      }
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      return {
        status: 200,
        body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: tokenExpiresIn, nonce: DEBUG_ID() },
      };
    }

    if (path === '/checkoutnow' && method === 'GET') {
      const order = orders.get(query.get('token') ?? '');
      return order ? approvalPage(order) : { status: 404, html: '<!doctype html><html lang="fr"><title>PayPal (test)</title><p>Commande PayPal inconnue.</p></html>' };
    }
    const approveMatch = /^\/checkoutnow\/([A-Z0-9]+)\/approve$/.exec(path);
    if (approveMatch && method === 'POST') {
      const order = orders.get(approveMatch[1] ?? '');
      if (!order) return { status: 404, html: '<!doctype html><html lang="fr"><title>PayPal (test)</title><p>Commande PayPal inconnue.</p></html>' };
      approve(order.id);
      const back = new URL(order.returnUrl || `${url}/`);
      back.searchParams.set('token', order.id);
      back.searchParams.set('PayerID', 'FAKEPAYER');
      return { status: 303, headers: { location: back.toString() } };
    }

    if (!path.startsWith('/v2/')) return { status: 404, body: { name: 'NOT_FOUND', message: 'Not found' } };
    if (auth !== 'bearer') {
      return error(401, 'AUTHENTICATION_FAILURE', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.');
    }
    const held = holds.take();
    if (delay > 0) {
      const wait = delay;
      delay = 0;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    if (held) await held;
    if (failure) {
      const answer = failure;
      failure = null;
      return answer;
    }

    const replayKey = requestId && method === 'POST' ? `${path}#${requestId}` : null;
    const replayed = replayKey ? replays.get(replayKey) : undefined;
    if (replayed) return { ...replayed, status: replayed.status === 201 ? 200 : replayed.status };

    let answer: Answer;
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (path === '/v2/checkout/orders' && method === 'POST') {
      answer = createOrder(body, prefer.includes('return=representation'));
    } else if (orderMatch && method === 'GET' && !orderMatch[2]) {
      const order = orders.get(decodeURIComponent(orderMatch[1] ?? ''));
      return order ? { status: 200, body: orderView(order) } : notFound();
    } else if (orderMatch && method === 'POST' && orderMatch[2]) {
      const order = orders.get(decodeURIComponent(orderMatch[1] ?? ''));
      answer = order ? captureOrder(order) : notFound();
    } else if (refundMatch && method === 'POST') {
      answer = refundCapture(decodeURIComponent(refundMatch[1] ?? ''), body);
    } else {
      return { status: 404, body: { name: 'NOT_FOUND', message: 'Not found' } };
    }
    // Only successes are kept for replay (PayPal: a failed request can be sent again).
    if (replayKey && answer.status >= 200 && answer.status < 300) replays.set(replayKey, answer);
    return answer;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const parsedUrl = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const requestIdHeader = request.headers['paypal-request-id'];
    const requestId = typeof requestIdHeader === 'string' ? requestIdHeader : null;
    const prefer = typeof request.headers.prefer === 'string' ? request.headers.prefer : '';
    let body: unknown = rawBody;
    if ((request.headers['content-type'] ?? '').includes('application/json') && rawBody) {
      try {
        body = JSON.parse(rawBody) as unknown;
      } catch {
        body = undefined;
      }
    }
    const auth = authOf(request);
    const record: PaypalFakeRequest = { method, path: parsedUrl.pathname, auth, requestId, body, status: 0 };
    requests.push(record);
    const answer =
      body === undefined
        ? invalidRequest('INVALID_JSON_FORMAT', 'The request JSON is not well formed.')
        : await route(method, parsedUrl.pathname, parsedUrl.searchParams, auth, requestId, prefer, rawBody, body);
    record.status = answer.status;
    if (response.destroyed) return;
    if (answer.html !== undefined) {
      response.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', ...answer.headers });
      response.end(answer.html);
      return;
    }
    response.writeHead(answer.status, {
      ...(answer.body !== undefined ? { 'content-type': 'application/json' } : {}),
      'paypal-debug-id': DEBUG_ID(),
      ...answer.headers,
    });
    response.end(answer.body !== undefined ? JSON.stringify(answer.body) : undefined);
  }

  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    inFlight.track(handle(request, response)).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.', debug_id: DEBUG_ID() }));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    orders,
    tokenRequests: () => tokenRequests,
    approve: (orderId) => {
      approve(orderId);
    },
    nextCaptureStatus: (status) => {
      captureStatus = status;
    },
    setCaptureAmount: (value, currency = 'EUR') => {
      captureAmount = { currency_code: currency, value };
    },
    setCaptureStatus: (orderId, status) => {
      const capture = orders.get(orderId)?.capture;
      if (!capture) throw new Error(`PayPal fake: order ${orderId} has no capture`);
      capture.status = status;
    },
    failNext: (status, body) => {
      failure = {
        status,
        body: body ?? { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.', debug_id: DEBUG_ID() },
      };
    },
    delayNext: (ms) => {
      delay = ms;
    },
    holdNext: (times) => holds.holdNext(times),
    settled: () => inFlight.settled(),
    expireTokens: () => {
      tokens.clear();
    },
    reset: () => {
      captureStatus = null;
      captureAmount = null;
      failure = null;
      delay = 0;
      holds.clear();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
