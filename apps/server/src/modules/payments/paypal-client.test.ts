/**
 * The PayPal client against the local fake over real HTTP: the token (cached, shared by parallel
 * calls, renewed before it expires and after a 401), PayPal's error envelope, the timeout, and
 * PayPal-Request-Id replays.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_CLIENT_SECRET, startPaypalFake, type PaypalFake } from '../../test/fakes/paypal-fake.js';
import { PaypalApiError, PaypalUnavailableError, approveUrlOf, createPaypalClient, firstCaptureOf, type PaypalCreateOrderBody, type PaypalClientOptions } from './paypal-client.js';

let fake: PaypalFake;
let counter = 0;

function client(extra: Partial<PaypalClientOptions> = {}) {
  return createPaypalClient({ clientId: FAKE_PAYPAL_CLIENT_ID, clientSecret: FAKE_PAYPAL_CLIENT_SECRET, apiUrl: fake.url, ...extra });
}

function body(value = '12.50'): PaypalCreateOrderBody {
  counter += 1;
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: `order-${counter}`,
        custom_id: String(counter),
        invoice_id: `${counter}-1`,
        description: `Commande n° ${counter}`,
        amount: { currency_code: 'EUR', value },
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: 'Test',
          locale: 'fr-FR',
          shipping_preference: 'NO_SHIPPING',
          user_action: 'PAY_NOW',
          return_url: 'http://localhost/payment/success',
          cancel_url: 'http://localhost/payment/cancel',
        },
      },
    },
  };
}

const requestId = () => `test-${(counter += 1)}`;

beforeAll(async () => {
  fake = await startPaypalFake();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.reset();
});

describe('the access token', () => {
  it('is fetched once with Basic credentials and a form body, then reused; parallel calls share one fetch', async () => {
    const paypal = client();
    const before = fake.tokenRequests();
    const created = await Promise.all([paypal.createOrder(body(), requestId()), paypal.createOrder(body(), requestId()), paypal.createOrder(body(), requestId())]);
    await paypal.getOrder(created[0].id);
    expect(fake.tokenRequests() - before).toBe(1);
    const tokenRequest = fake.requests.filter((request) => request.path === '/v1/oauth2/token').at(-1);
    expect(tokenRequest).toMatchObject({ method: 'POST', auth: 'basic', body: 'grant_type=client_credentials' });
    expect(fake.requests.filter((request) => request.path.startsWith('/v2/')).every((request) => request.auth === 'bearer')).toBe(true);
  });

  it('is renewed 60 s before it expires', async () => {
    let now = 1_000_000;
    const paypal = client({ now: () => now });
    const before = fake.tokenRequests();
    await paypal.createOrder(body(), requestId());
    // PayPal's tokens live 32 400 s: still valid 32 339 s later, renewed at 32 340 s.
    now += 32_339_000;
    await paypal.createOrder(body(), requestId());
    expect(fake.tokenRequests() - before).toBe(1);
    now += 1_000;
    await paypal.createOrder(body(), requestId());
    expect(fake.tokenRequests() - before).toBe(2);
  });

  it('is dropped when PayPal answers 401, and the call retried once with a new one', async () => {
    const paypal = client();
    await paypal.createOrder(body(), requestId());
    const before = fake.tokenRequests();
    fake.expireTokens();
    const order = await paypal.createOrder(body(), requestId());
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    expect(fake.tokenRequests() - before).toBe(1);
    // Revoked early (PayPal's 401 on a token we thought valid): same, one new token and a retry.
    fake.failNext(401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' });
    const retried = await paypal.getOrder(order.id);
    expect(retried.id).toBe(order.id);
    expect(fake.tokenRequests() - before).toBe(2);
  });

  it('bad credentials: the OAuth error is a typed error, with no secret in it', async () => {
    const paypal = client({ clientSecret: 'not-the-right-secret' });
    const error = await paypal.createOrder(body(), requestId()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaypalApiError);
    expect(error).toMatchObject({ status: 401, issue: 'invalid_client', message: 'Client Authentication failed' });
    expect(JSON.stringify(error)).not.toContain('not-the-right-secret');
    expect(String((error as Error).stack)).not.toContain('not-the-right-secret');
  });
});

describe('calls', () => {
  it('create: PayPal-Request-Id sent, payer-action link read, the same id replays the same order', async () => {
    const paypal = client();
    const id = requestId();
    const first = await paypal.createOrder(body(), id);
    const again = await paypal.createOrder(body(), id);
    expect(again.id).toBe(first.id);
    expect(approveUrlOf(first)).toBe(`${fake.url}/checkoutnow?token=${first.id}`);
    const sent = fake.requests.filter((request) => request.path === '/v2/checkout/orders').at(-1);
    expect(sent?.requestId).toBe(id);
  });

  it('an approve link (no payment_source) is read too', async () => {
    const paypal = client();
    const { payment_source: _ignored, ...legacy } = body();
    const created = await paypal.createOrder(legacy as PaypalCreateOrderBody, requestId());
    expect(created.status).toBe('CREATED');
    expect(created.links?.find((link) => link.rel === 'approve')).toBeDefined();
    expect(approveUrlOf(created)).toBe(`${fake.url}/checkoutnow?token=${created.id}`);
  });

  it('errors carry the status, the first issue and its description', async () => {
    const paypal = client();
    const order = await paypal.createOrder(body(), requestId());
    const notApproved = await paypal.captureOrder(order.id, requestId()).catch((caught: unknown) => caught);
    expect(notApproved).toBeInstanceOf(PaypalApiError);
    expect(notApproved).toMatchObject({ status: 422, errorName: 'UNPROCESSABLE_ENTITY', issue: 'ORDER_NOT_APPROVED' });
    expect((notApproved as PaypalApiError).debugId).toMatch(/^[0-9a-f]+$/);
    const unknown = await paypal.getOrder('UNKNOWN0000000000').catch((caught: unknown) => caught);
    expect(unknown).toMatchObject({ status: 404, errorName: 'RESOURCE_NOT_FOUND', issue: 'INVALID_RESOURCE_ID' });
    const precision = await paypal.createOrder(body('12.5'), requestId()).catch((caught: unknown) => caught);
    expect(precision).toMatchObject({ status: 422, issue: 'DECIMAL_PRECISION' });
    const zero = await paypal.createOrder(body('0.00'), requestId()).catch((caught: unknown) => caught);
    expect(zero).toMatchObject({ status: 422 });
  });

  it('capture, second capture (ORDER_ALREADY_CAPTURED), replay with the same id, refund', async () => {
    const paypal = client();
    const order = await paypal.createOrder(body('30.00'), requestId());
    fake.approve(order.id);
    const captureId = `capture-${order.id}`;
    const captured = await paypal.captureOrder(order.id, captureId);
    const capture = firstCaptureOf(captured);
    expect(captured.status).toBe('COMPLETED');
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'EUR', value: '30.00' }, final_capture: true });
    const replay = await paypal.captureOrder(order.id, captureId);
    expect(firstCaptureOf(replay)?.id).toBe(capture?.id);
    const second = await paypal.captureOrder(order.id, requestId()).catch((caught: unknown) => caught);
    expect(second).toMatchObject({ status: 422, issue: 'ORDER_ALREADY_CAPTURED' });
    const refund = await paypal.refundCapture(capture?.id ?? '', `refund-${capture?.id}`, 'Remboursement');
    expect(refund.status).toBe('COMPLETED');
    const refundAgain = await paypal.refundCapture(capture?.id ?? '', `refund-${capture?.id}`, 'Remboursement');
    expect(refundAgain.id).toBe(refund.id);
    expect(firstCaptureOf(await paypal.getOrder(order.id))?.status).toBe('REFUNDED');
  });
});

describe('failures of the network', () => {
  it('a timeout is PaypalUnavailableError; the capture PayPal still made is replayed by the same request id', async () => {
    const paypal = client({ timeoutMs: 150 });
    const order = await paypal.createOrder(body('9.99'), requestId());
    fake.approve(order.id);
    // PayPal holds the capture's answer until the test lets it go: only the client's timeout ends the call.
    const atPaypal = fake.holdNext(1);
    const error = await paypal.captureOrder(order.id, `capture-${order.id}`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaypalUnavailableError);
    expect(atPaypal.count).toBe(1);
    // The fake carries the capture out after the client gave up, as PayPal would.
    atPaypal.release();
    await fake.settled();
    const replay = await paypal.captureOrder(order.id, `capture-${order.id}`);
    expect(firstCaptureOf(replay)?.status).toBe('COMPLETED');
    expect(fake.orders.get(order.id)?.capture?.id).toBe(firstCaptureOf(replay)?.id);
  });

  it('nobody listening is PaypalUnavailableError', async () => {
    const closed = await startPaypalFake();
    const url = closed.url;
    await closed.close();
    const paypal = createPaypalClient({ clientId: FAKE_PAYPAL_CLIENT_ID, clientSecret: FAKE_PAYPAL_CLIENT_SECRET, apiUrl: url });
    await expect(paypal.createOrder(body(), requestId())).rejects.toBeInstanceOf(PaypalUnavailableError);
  });

  it('a 500 is a PaypalApiError with status 500', async () => {
    const paypal = client();
    await paypal.createOrder(body(), requestId());
    fake.failNext(500);
    await expect(paypal.createOrder(body(), requestId())).rejects.toMatchObject({ status: 500, errorName: 'INTERNAL_SERVER_ERROR' });
  });
});
