/**
 * Issue 24 §4: paying a repair invoice online. Played through the real routes against the local
 * Stripe fake (signed webhooks over HTTP):
 * - another customer's invoice id (and an unknown one) gets the same French 404, and nothing is
 *   created: no payment row, no Stripe session;
 * - a webhook with a forged signature, none, or an old one gets 400 and records nothing, even for a
 *   session Stripe really has as paid;
 * - a replayed signed webhook (again and again, and all at once) is recorded once: one payment
 *   line, one receipt, never above what the invoice asks;
 * - payment links cannot be guessed: random, malformed and other-purpose tokens (estimate,
 *   booking, for the same subject id) open nothing, all with the same answer carrying no invoice
 *   number, name or e-mail, and a client is cut off after the limit;
 * - an amount in the body (account or link) is ignored: Stripe is asked what the server computes.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairPaymentMessages } from '@erepare/shared/repair-payments';
import { customers, invoicePayments, invoices, repairPayments } from '../../apps/server/src/db/schema.js';
import { issueCustomerLink } from '../../apps/server/src/modules/links/customer-links.js';
import { listOutbox } from '../../apps/server/src/modules/mail/outbox.js';
import { REPAIR_PAY_LINK_LIMIT } from '../../apps/server/src/modules/repair-payments/routes.js';
import { startStripeTestBed, type StripeTestBed } from '../../apps/server/src/test/stripe-test-bed.js';
import { signedInUser } from '../../apps/server/src/test/users.js';
import { frenchMessageProblem, nextAddress } from './helpers.js';

let bed: StripeTestBed;
let counter = 0;

beforeAll(async () => {
  bed = await startStripeTestBed();
});

afterAll(async () => {
  await bed?.close();
});

const db = () => bed.t.database.db;

/** A store customer with a signed-in, verified account and an unpaid local invoice of `totalCents`. */
async function customerWithInvoice(name: string, totalCents: number) {
  counter += 1;
  const email = `${name.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase()}.${counter}.${Date.now()}@exemple.fr`;
  const [customer] = await db().insert(customers).values({ firstName: name, lastName: 'Secrète', email }).returning({ id: customers.id });
  if (!customer) throw new Error('customer');
  const [invoice] = await db()
    .insert(invoices)
    .values({
      invoiceNumber: `F-SEC-${counter}-${Date.now()}`,
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

/** An answer without its request id: what a guesser could compare between answers. */
const answerOf = (response: LightMyRequestResponse) => {
  const { requestId: _requestId, ...rest } = response.json<Record<string, unknown>>();
  return JSON.stringify(rest);
};

function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress = nextAddress()): Promise<LightMyRequestResponse> {
  return bed.t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
}

const paymentsOf = (invoiceId: number) => db().select().from(repairPayments).where(eq(repairPayments.invoiceId, invoiceId));
const linesOf = (invoiceId: number) => db().select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
async function invoiceRow(id: number) {
  const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error('invoice row');
  return row;
}
const sessionIdOf = (url: string) => url.split('/pay/')[1] ?? '';

describe('the account’s « Payer en ligne »', () => {
  it('another customer’s invoice id, like an unknown one, gets the same French 404 and creates nothing', async () => {
    const alice = await customerWithInvoice('Alice', 9_000);
    const bob = await customerWithInvoice('Bob', 15_000);
    const sessionsBefore = bed.fake.sessions.size;

    const stolen = await post(`/api/account/invoices/${bob.invoice.id}/pay`, { provider: 'stripe' }, alice.user.headers);
    const unknown = await post('/api/account/invoices/2147483000/pay', { provider: 'stripe' }, alice.user.headers);
    for (const response of [stolen, unknown]) {
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(repairPaymentMessages.invoiceNotFound);
      expect(frenchMessageProblem(response)).toBeNull();
      expect(response.body).not.toContain(bob.invoice.invoiceNumber);
      expect(response.body).not.toContain(bob.email);
    }
    expect(answerOf(stolen)).toBe(answerOf(unknown));
    // PayPal or card, signed in or not: nothing.
    expect((await post(`/api/account/invoices/${bob.invoice.id}/pay`, { provider: 'paypal' }, alice.user.headers)).statusCode).toBe(404);
    expect((await post(`/api/account/invoices/${bob.invoice.id}/pay`, { provider: 'stripe' })).statusCode).toBe(401);

    expect(await paymentsOf(bob.invoice.id)).toHaveLength(0);
    expect(bed.fake.sessions.size).toBe(sessionsBefore);
    expect(bed.fake.requestsTo('/v1/checkout/sessions', 'POST').filter((request) => request.rawBody.includes(bob.invoice.invoiceNumber))).toHaveLength(0);
    expect(await invoiceRow(bob.invoice.id)).toMatchObject({ status: 'Unpaid', amountPaidCents: 0 });
  });

  it('an amount in the body is ignored: Stripe is asked what the invoice asks', async () => {
    const { invoice, user } = await customerWithInvoice('Chloé', 12_345);
    const response = await post(
      `/api/account/invoices/${invoice.id}/pay`,
      { provider: 'stripe', amount: 1, amountCents: 1, amount_due: 0.01, totalCents: 1, currency: 'usd', invoiceId: 1 },
      user.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    const session = bed.fake.sessions.get(sessionIdOf(response.json<{ data: { url: string } }>().data.url));
    expect(session?.amount_total).toBe(12_345);
    expect(session?.currency).toBe('eur');
    const [row] = await paymentsOf(invoice.id);
    expect(row?.amountCents).toBe(12_345);
  });
});

describe('the Stripe webhook for repair payments', () => {
  it('a forged signature, none, or an old one: 400 and nothing recorded, even for a session Stripe has as paid', async () => {
    const { email, invoice, user } = await customerWithInvoice('Denise', 8_800);
    const start = await post(`/api/account/invoices/${invoice.id}/pay`, { provider: 'stripe' }, user.headers);
    expect(start.statusCode, start.body).toBe(200);
    const paid = bed.fake.completeSession(sessionIdOf(start.json<{ data: { url: string } }>().data.url));
    const event = bed.fake.event('checkout.session.completed', paid);

    const forged = await bed.fake.sendWebhook(event, { secret: 'whsec_forgedByAnAttacker000' });
    const old = await bed.fake.sendWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const unsigned = await fetch(bed.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    for (const status of [forged.status, old.status, unsigned.status]) expect(status).toBe(400);

    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Unpaid', amountPaidCents: 0 });
    expect(await linesOf(invoice.id)).toHaveLength(0);
    expect((await paymentsOf(invoice.id)).map((row) => row.status)).toEqual(['created']);
    expect(await listOutbox(db(), { to: email, kind: 'repair_payment_receipt' })).toHaveLength(0);
  });

  it('a replayed signed webhook (again, and five at once) is recorded once: one line, one receipt', async () => {
    const { email, invoice, user } = await customerWithInvoice('Emma', 6_400);
    const start = await post(`/api/account/invoices/${invoice.id}/pay`, { provider: 'stripe' }, user.headers);
    const paid = bed.fake.completeSession(sessionIdOf(start.json<{ data: { url: string } }>().data.url));
    const event = bed.fake.event('checkout.session.completed', paid);

    expect((await bed.fake.sendWebhook(event)).status).toBe(200);
    expect((await bed.fake.sendWebhook(event)).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 5 }, () => bed.fake.sendWebhook(event)));
    expect(burst.map((delivery) => delivery.status)).toEqual([200, 200, 200, 200, 200]);

    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Paid', amountPaidCents: 6_400 });
    expect(await linesOf(invoice.id)).toHaveLength(1);
    expect((await paymentsOf(invoice.id)).map((row) => row.status)).toEqual(['succeeded']);
    expect(await listOutbox(db(), { to: email, kind: 'repair_payment_receipt' })).toHaveLength(1);
  });
});

describe('the payment link', () => {
  it('cannot be guessed: random, malformed and other-purpose tokens open nothing, with one answer revealing nothing; a client is cut off', async () => {
    const { email, invoice } = await customerWithInvoice('Fanny', 7_700);
    const estimateLink = await issueCustomerLink(db(), 'estimate', invoice.id, new Date(Date.now() + 86_400_000));
    const bookingLink = await issueCustomerLink(db(), 'booking', invoice.id, new Date(Date.now() + 86_400_000));
    const guesses = [
      estimateLink.token,
      bookingLink.token,
      Buffer.from('a'.repeat(32)).toString('base64url').slice(0, 43),
      'court',
      `${estimateLink.token.slice(0, 42)}A`,
      "' or 1=1 --",
      '%00',
    ];
    const bodies = new Set<string>();
    for (const token of guesses) {
      for (const url of ['/api/invoice-links/view', '/api/invoice-links/pay']) {
        const response = await post(url, { token, provider: 'stripe' });
        expect(response.statusCode, `${url} ${token}`).toBe(404);
        expect(response.json<{ message: string }>().message).toBe(repairPaymentMessages.linkUnknown);
        expect(response.body).not.toContain(invoice.invoiceNumber);
        expect(response.body).not.toContain(email);
        expect(response.body).not.toContain('Fanny');
        bodies.add(answerOf(response));
      }
    }
    expect(bodies.size).toBe(1);
    // The invoice-payment link proves nothing about an estimate either.
    const invoiceLink = await issueCustomerLink(db(), 'invoice-payment', invoice.id, new Date(Date.now() + 86_400_000));
    const deposit = await post('/api/estimate-links/deposit', { token: invoiceLink.token, provider: 'stripe' });
    expect(deposit.statusCode).toBe(404);
    expect(deposit.json<{ message: string }>().message).toBe(repairPaymentMessages.estimateUnknown);
    expect(await paymentsOf(invoice.id)).toHaveLength(0);

    const client = '10.224.0.9';
    for (let index = 0; index < REPAIR_PAY_LINK_LIMIT.limit; index += 1) {
      const response = await post('/api/invoice-links/view', { token: Buffer.from(`guess-${index}`.padEnd(32, '.')).toString('base64url').slice(0, 43) }, {}, client);
      expect(response.statusCode).toBe(404);
    }
    const blocked = await post('/api/invoice-links/view', { token: invoiceLink.token }, {}, client);
    expect(blocked.statusCode).toBe(429);
    expect(frenchMessageProblem(blocked)).toBeNull();
    expect(blocked.body).not.toContain(invoice.invoiceNumber);
    // Another client with the real link is not held back.
    expect((await post('/api/invoice-links/view', { token: invoiceLink.token })).statusCode).toBe(200);
  });

  it('an amount in the body of the link’s payment is ignored', async () => {
    const { invoice } = await customerWithInvoice('Gaëlle', 4_321);
    const { token } = await issueCustomerLink(db(), 'invoice-payment', invoice.id, new Date(Date.now() + 86_400_000));
    const response = await post('/api/invoice-links/pay', { token, provider: 'stripe', amount: 1, amountCents: 1, amountDueCents: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(bed.fake.sessions.get(sessionIdOf(response.json<{ data: { url: string } }>().data.url))?.amount_total).toBe(4_321);
  });
});
