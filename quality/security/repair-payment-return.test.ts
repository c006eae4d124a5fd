/**
 * Issue 24 §4: the return page of a repair payment reads the payment, and captures a PayPal order,
 * only with the secret its return address carries (`cle=`), never with the provider's id alone
 * (a Stripe session id travels in URLs; a PayPal order id is 17 characters). Played through the
 * real routes against the local Stripe and PayPal fakes:
 * - the provider's id alone, an empty key, a made-up key, another payment's key: one French 404,
 *   the same answer as an unknown payment, with no invoice number or amount in it;
 * - a payment made before keys existed (empty hash) is never readable this way, whatever the key;
 * - a PayPal capture with a wrong or missing key never reaches PayPal and changes nothing; replayed
 *   with a wrong key once captured, it still answers 404 and records nothing more;
 * - only the key's SHA-256 is stored, and the request log masks `cle=`.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairPaymentMessages } from '@erepare/shared/repair-payments';
import { customers, invoicePayments, invoices, repairPayments } from '../../apps/server/src/db/schema.js';
import { maskUrl } from '../../apps/server/src/lib/mask-url.js';
import { listOutbox } from '../../apps/server/src/modules/mail/outbox.js';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_CLIENT_SECRET, startPaypalFake, type PaypalFake } from '../../apps/server/src/test/fakes/paypal-fake.js';
import { startStripeTestBed, type StripeTestBed } from '../../apps/server/src/test/stripe-test-bed.js';
import { signedInUser } from '../../apps/server/src/test/users.js';
import { frenchMessageProblem, nextAddress } from './helpers.js';

let bed: StripeTestBed;
let paypal: PaypalFake;
let counter = 0;

beforeAll(async () => {
  paypal = await startPaypalFake();
  bed = await startStripeTestBed({ PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CLIENT_SECRET, PAYPAL_API_URL: paypal.url });
});

afterAll(async () => {
  await bed?.close();
  await paypal?.close();
});

const db = () => bed.t.database.db;

/** A store customer with a signed-in, verified account and an unpaid local invoice of `totalCents`. */
async function customerWithInvoice(name: string, totalCents: number) {
  counter += 1;
  const email = `${name.toLowerCase()}.retour.${counter}.${Date.now()}@exemple.fr`;
  const [customer] = await db().insert(customers).values({ firstName: name, lastName: 'Retour', email }).returning({ id: customers.id });
  if (!customer) throw new Error('customer');
  const [invoice] = await db()
    .insert(invoices)
    .values({
      invoiceNumber: `F-RET-${counter}-${Date.now()}`,
      customerId: customer.id,
      status: 'Unpaid',
      subtotalCents: Math.round(totalCents / 1.2),
      taxCents: totalCents - Math.round(totalCents / 1.2),
      totalCents,
    })
    .returning();
  if (!invoice) throw new Error('invoice');
  const user = await signedInUser(bed.t.app, db(), { email, repairCustomerId: customer.id });
  return { email, invoice, user };
}

/** Starts paying the invoice from the account; returns the provider's id and the key of the return address. */
async function startPayment(owner: Awaited<ReturnType<typeof customerWithInvoice>>, provider: 'stripe' | 'paypal') {
  const response = await bed.t.app.inject({ method: 'POST', url: `/api/account/invoices/${owner.invoice.id}/pay`, headers: owner.user.headers, payload: { provider }, remoteAddress: nextAddress() });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await db().select().from(repairPayments).where(eq(repairPayments.invoiceId, owner.invoice.id));
  if (!row) throw new Error('no repair payment');
  const address = provider === 'stripe' ? bed.fake.sessions.get(row.providerRef)?.success_url : paypal.orders.get(row.providerRef)?.returnUrl;
  const key = new URL(address ?? '', 'http://boutique.test').searchParams.get('cle') ?? '';
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { ref: row.providerRef, key, row };
}

const status = (query: Record<string, string>) =>
  bed.t.app.inject({ method: 'GET', url: `/api/repair-payments/status?${new URLSearchParams(query).toString()}`, remoteAddress: nextAddress() });
const capture = (payload: Record<string, unknown>) => bed.t.app.inject({ method: 'POST', url: '/api/repair-payments/paypal/capture', payload, remoteAddress: nextAddress() });

/** An answer without its request id: what a guesser could compare between answers. */
const answerOf = (response: LightMyRequestResponse) => {
  const { requestId: _requestId, ...rest } = response.json<Record<string, unknown>>();
  return JSON.stringify(rest);
};

function expectUnknown(response: LightMyRequestResponse, secrets: string[]) {
  expect(response.statusCode, response.body).toBe(404);
  expect(response.json<{ message: string }>().message).toBe(repairPaymentMessages.paymentUnknown);
  expect(frenchMessageProblem(response)).toBeNull();
  for (const secret of secrets) expect(response.body).not.toContain(secret);
}

const rowOf = async (id: number) => (await db().select().from(repairPayments).where(eq(repairPayments.id, id)))[0];

describe('the return page’s status', () => {
  it('answers only with the payment’s own key: the id alone, no key, a made-up key or another payment’s key all get the answer of an unknown payment', async () => {
    const alice = await customerWithInvoice('Alice', 9_100);
    const bob = await customerWithInvoice('Bob', 15_200);
    const a = await startPayment(alice, 'stripe');
    const b = await startPayment(bob, 'stripe');
    expect(a.key).not.toBe(b.key);
    const secrets = [alice.invoice.invoiceNumber, bob.invoice.invoiceNumber, 'amount', 'reference', '"data"'];

    const refused = [
      await status({ ref: b.ref }),
      await status({ ref: b.ref, cle: '' }),
      await status({ ref: b.ref, cle: a.key }),
      await status({ ref: b.ref, cle: `${b.key.slice(0, 42)}${b.key.endsWith('A') ? 'B' : 'A'}` }),
      await status({ ref: b.ref, cle: createHash('sha256').update(b.key).digest('hex') }),
      await status({ ref: b.ref, cle: "' or '1'='1" }),
      await status({ ref: 'cs_test_inconnue', cle: b.key }),
    ];
    for (const response of refused) expectUnknown(response, secrets);
    expect(new Set(refused.map(answerOf)).size).toBe(1);

    // Its own key reads it.
    const own = await status({ ref: b.ref, cle: b.key });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ data: unknown }>().data).toMatchObject({ state: 'pending', reference: bob.invoice.invoiceNumber, amountCents: 15_200 });
  });

  it('a payment made before keys existed (no hash) is never readable this way, whatever the key', async () => {
    const carole = await customerWithInvoice('Carole', 4_400);
    const { ref, key, row } = await startPayment(carole, 'stripe');
    await db().update(repairPayments).set({ returnKeyHash: '' }).where(eq(repairPayments.id, row.id));
    for (const cle of [key, '', 'x']) expectUnknown(await status({ ref, cle }), [carole.invoice.invoiceNumber]);
  });

  it('stores only the key’s SHA-256, and the request log masks it', async () => {
    const denise = await customerWithInvoice('Denise', 3_300);
    const { ref, key, row } = await startPayment(denise, 'stripe');
    expect(row.returnKeyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(await rowOf(row.id))).not.toContain(key);
    expect(maskUrl(`/api/repair-payments/status?ref=${ref}&cle=${key}`)).toBe(`/api/repair-payments/status?ref=${ref}&cle=***`);
    expect(maskUrl(`/payer-facture?provider=paypal&cle=${key}&token=5O190127TN364715T&PayerID=X`)).not.toContain(key);
  });
});

describe('the PayPal capture on return', () => {
  it('with a wrong or missing key never reaches PayPal and changes nothing; replayed with a wrong key once captured, it still records nothing more', async () => {
    const emma = await customerWithInvoice('Emma', 6_450);
    const fred = await customerWithInvoice('Fred', 2_000);
    const { ref, key, row } = await startPayment(emma, 'paypal');
    const other = await startPayment(fred, 'paypal');
    paypal.approve(ref);
    const capturesAsked = () => paypal.requests.filter((request) => request.method === 'POST' && request.path === `/v2/checkout/orders/${ref}/capture`).length;

    const refused = [
      await capture({ paypalOrderId: ref }),
      await capture({ paypalOrderId: ref, cle: '' }),
      await capture({ paypalOrderId: ref, cle: other.key }),
      await capture({ paypalOrderId: ref, cle: key.toLowerCase() === key ? key.toUpperCase() : key.toLowerCase() }),
    ];
    for (const response of refused) expectUnknown(response, [emma.invoice.invoiceNumber]);
    expect(new Set(refused.map(answerOf)).size).toBe(1);
    expect(capturesAsked()).toBe(0);
    expect(await rowOf(row.id)).toEqual(row);
    expect(await db().select().from(invoicePayments).where(eq(invoicePayments.invoiceId, emma.invoice.id))).toHaveLength(0);

    // The payer, back with the address PayPal was given: captured and settled once.
    const paid = await capture({ paypalOrderId: ref, cle: key });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<{ data: unknown }>().data).toMatchObject({ state: 'paid', amountDueCents: 0 });
    expect(capturesAsked()).toBe(1);
    const settled = await rowOf(row.id);

    // Replays with another payment's key, or none: 404, nothing asked of PayPal, nothing recorded.
    for (const cle of [other.key, undefined]) expectUnknown(await capture({ paypalOrderId: ref, ...(cle === undefined ? {} : { cle }) }), [emma.invoice.invoiceNumber]);
    expect(capturesAsked()).toBe(1);
    expect(await rowOf(row.id)).toEqual(settled);
    expect(await db().select().from(invoicePayments).where(eq(invoicePayments.invoiceId, emma.invoice.id))).toHaveLength(1);
    expect(await listOutbox(db(), { to: emma.email, kind: 'repair_payment_receipt' })).toHaveLength(1);
    // Fred's order was never touched.
    expect(await rowOf(other.row.id)).toEqual(other.row);
  });
});
