/**
 * Repair invoices and estimate deposits paid online (issue 24 §4), over real HTTP against the local
 * Stripe and PayPal fakes: the amount is the server's, only the provider's word settles a payment,
 * once, and the local invoice records it without ever going above what it asks.
 */
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairPaymentMessages } from '@erepare/shared/repair-payments';
import { customers, estimates, invoicePayments, invoices, notifications, repairPayments, tickets } from '../../db/schema.js';
import { createInvoice } from '../admin/invoices-admin.js';
import { changeTicketStatus } from '../admin/ticket-status.js';
import { issueCustomerLink } from '../links/customer-links.js';
import { listOutbox } from '../mail/outbox.js';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_CLIENT_SECRET, startPaypalFake, type PaypalFake } from '../../test/fakes/paypal-fake.js';
import { nextIp, startStripeTestBed, type StripeTestBed } from '../../test/stripe-test-bed.js';
import { signedInUser } from '../../test/users.js';

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

/** A store customer, an account linked to it, and an unpaid local invoice of `totalCents`. */
async function customerWithInvoice(totalCents: number, options: { amountPaidCents?: number; status?: 'Unpaid' | 'Partial' | 'Paid' | 'Refunded'; creditedCents?: number } = {}) {
  counter += 1;
  const email = `facture.${counter}.${Date.now()}@exemple.fr`;
  const [customer] = await db().insert(customers).values({ firstName: 'Léa', lastName: 'Martin', email }).returning({ id: customers.id });
  if (!customer) throw new Error('customer');
  const [invoice] = await db()
    .insert(invoices)
    .values({
      invoiceNumber: `F-TEST-${counter}-${Date.now()}`,
      customerId: customer.id,
      status: options.status ?? 'Unpaid',
      subtotalCents: Math.round(totalCents / 1.2),
      taxCents: totalCents - Math.round(totalCents / 1.2),
      totalCents,
      amountPaidCents: options.amountPaidCents ?? 0,
      creditedCents: options.creditedCents ?? 0,
    })
    .returning();
  if (!invoice) throw new Error('invoice');
  const user = await signedInUser(bed.t.app, db(), { email, repairCustomerId: customer.id });
  return { customerId: customer.id, email, invoice, user };
}

async function payFromAccount(invoiceId: number, headers: Record<string, string>, payload: Record<string, unknown> = { provider: 'stripe' }) {
  return bed.t.app.inject({ method: 'POST', url: `/api/account/invoices/${invoiceId}/pay`, headers, payload, remoteAddress: nextIp() });
}

async function invoiceRow(id: number) {
  const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error('invoice row');
  return row;
}

const sessionIdOf = (url: string) => url.split('/pay/')[1] ?? '';

/** The secret a provider's return address carries (cle=), as the provider sends the payer back with it. */
const returnKeyOf = (address: string | null | undefined) => new URL(address ?? '', 'http://boutique.test').searchParams.get('cle') ?? '';

const statusOf = (ref: string, key: string) =>
  bed.t.app.inject({ method: 'GET', url: `/api/repair-payments/status?${new URLSearchParams({ ref, cle: key }).toString()}`, remoteAddress: nextIp() });

/** What the hosted page's button does: the session paid, and Stripe's signed webhook delivered. */
async function completeAndNotify(sessionId: string) {
  const session = bed.fake.completeSession(sessionId);
  const delivery = await bed.fake.sendWebhook(bed.fake.event('checkout.session.completed', session));
  expect(delivery.status).toBe(200);
  return { session, delivery };
}

describe('paying a local invoice by card from the account', () => {
  it('asks Stripe for what the invoice asks (whatever the body says), records it once the signed webhook lands, receipts it and notifies the account', async () => {
    const { invoice, user, email } = await customerWithInvoice(12_990);
    const response = await payFromAccount(invoice.id, user.headers, { provider: 'stripe', amount: 1, amountCents: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json<{ data: { url: string } }>().data;
    const sessionId = sessionIdOf(url);
    const session = bed.fake.sessions.get(sessionId);
    expect(session?.amount_total).toBe(12_990);
    expect(session?.payment_method_types).toEqual(['card']);
    // Both addresses carry the attempt's secret (43 base64url characters, 256 bits); only its hash is stored.
    const key = returnKeyOf(session?.success_url);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session?.success_url).toBe(`http://boutique.test/payer-facture?provider=stripe&cle=${key}&session_id={CHECKOUT_SESSION_ID}`);
    expect(session?.cancel_url).toBe(`http://boutique.test/payer-facture?provider=stripe&cle=${key}&annule=1`);
    const [recorded] = await db().select().from(repairPayments).where(eq(repairPayments.invoiceId, invoice.id));
    expect(recorded?.returnKeyHash).toBe(createHash('sha256').update(key).digest('hex'));
    // The local fake's hosted page is titled from the session's method: the card, not Klarna.
    const hosted = await (await fetch(url)).text();
    expect(hosted).toContain('<h1>Carte bancaire (test)</h1>');
    expect(hosted).toContain('<button type="submit">Payer par carte</button>');
    expect(hosted).not.toContain('Klarna');

    // Asked again (a reload, a double click): the same session, with its own key, no second one.
    const again = await payFromAccount(invoice.id, user.headers);
    expect(again.json<{ data: { url: string } }>().data.url).toBe(url);
    expect(returnKeyOf(bed.fake.sessions.get(sessionId)?.success_url)).toBe(key);
    expect(bed.fake.sessions.size).toBeGreaterThan(0);
    expect(await db().select().from(repairPayments).where(eq(repairPayments.invoiceId, invoice.id))).toHaveLength(1);

    // The return page polls before the webhook: pending.
    const pending = await statusOf(sessionId, key);
    expect(pending.json<{ data: { state: string } }>().data).toMatchObject({ state: 'pending', reference: invoice.invoiceNumber, amountCents: 12_990 });

    const { session: paid } = await completeAndNotify(sessionId);
    const row = await invoiceRow(invoice.id);
    expect(row).toMatchObject({ status: 'Paid', amountPaidCents: 12_990 });
    const lines = await db().select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id));
    expect(lines).toEqual([expect.objectContaining({ kind: 'payment', amountCents: 12_990, method: 'Carte bancaire (en ligne)', transactionId: paid.payment_intent })]);
    const status = await statusOf(sessionId, key);
    expect(status.json<{ data: unknown }>().data).toMatchObject({ state: 'paid', amountDueCents: 0 });

    const receipts = await listOutbox(db(), { to: email, kind: 'repair_payment_receipt' });
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe(`Reçu de votre paiement (facture ${invoice.invoiceNumber})`);
    expect(receipts[0]?.text).toContain('Reste à payer\u00a0: 0,00\u00a0€');
    const notes = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((note) => note.title)).toEqual(['Paiement reçu']);

    // The same event delivered again (Stripe delivers at least once): nothing more.
    const replay = await bed.fake.sendWebhook(bed.fake.event('checkout.session.completed', paid));
    expect(replay.status).toBe(200);
    expect((await invoiceRow(invoice.id)).amountPaidCents).toBe(12_990);
    expect(await db().select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id))).toHaveLength(1);
    expect(await listOutbox(db(), { to: email, kind: 'repair_payment_receipt' })).toHaveLength(1);

    // Paid: the account cannot start another payment.
    const refused = await payFromAccount(invoice.id, user.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(repairPaymentMessages.alreadyPaid);
  });

  it('a partly paid invoice asks only what is left; money beyond what it asks by then is flagged for staff, never recorded above what is owed', async () => {
    const { invoice, user } = await customerWithInvoice(20_000, { amountPaidCents: 5_000, status: 'Partial' });
    const response = await payFromAccount(invoice.id, user.headers);
    const sessionId = sessionIdOf(response.json<{ data: { url: string } }>().data.url);
    expect(bed.fake.sessions.get(sessionId)?.amount_total).toBe(15_000);
    // Staff record 5 000 at the counter meanwhile: the card's 15 000 exceeds what is left by 5 000.
    await db().update(invoices).set({ amountPaidCents: 10_000 }).where(eq(invoices.id, invoice.id));
    await completeAndNotify(sessionId);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Paid', amountPaidCents: 20_000 });
    const [payment] = await db().select().from(repairPayments).where(eq(repairPayments.invoiceId, invoice.id));
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: 15_000 });
    expect(payment?.lastError).toContain('Excédent de 50,00\u00a0€');
  });

  it('a session paid for another amount than asked (a forged or changed session) records nothing', async () => {
    const { invoice, user } = await customerWithInvoice(4_990);
    const sessionId = sessionIdOf((await payFromAccount(invoice.id, user.headers)).json<{ data: { url: string } }>().data.url);
    bed.fake.setSessionAmount(sessionId, 1);
    await completeAndNotify(sessionId);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Unpaid', amountPaidCents: 0 });
    const [payment] = await db().select().from(repairPayments).where(eq(repairPayments.invoiceId, invoice.id));
    expect(payment?.status).toBe('created');
    expect(payment?.lastError).toContain('amount_mismatch');
  });

  it('another customer’s invoice, a visitor and an unverified account get nothing', async () => {
    const { invoice } = await customerWithInvoice(3_000);
    const other = await customerWithInvoice(3_000);
    const stranger = await payFromAccount(invoice.id, other.user.headers);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json<{ message: string }>().message).toBe('Facture introuvable');
    const visitor = await bed.t.app.inject({ method: 'POST', url: `/api/account/invoices/${invoice.id}/pay`, payload: { provider: 'stripe' }, remoteAddress: nextIp() });
    expect(visitor.statusCode).toBe(401);
    const unverified = await signedInUser(bed.t.app, db(), { email: `non.verifie.${Date.now()}@exemple.fr`, repairCustomerId: invoice.customerId, verified: false });
    expect((await payFromAccount(invoice.id, unverified.headers)).statusCode).toBe(404);
    const bad = await payFromAccount(invoice.id, other.user.headers, { provider: 'bitcoin' });
    expect(bad.statusCode).toBe(400);
    expect(await db().select().from(repairPayments).where(eq(repairPayments.invoiceId, invoice.id))).toHaveLength(0);
  });

  it('a refunded invoice refuses with its own message', async () => {
    const { invoice, user } = await customerWithInvoice(3_000, { status: 'Refunded', creditedCents: 3_000 });
    const response = await payFromAccount(invoice.id, user.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(repairPaymentMessages.refunded);
  });
});

describe('paying from the link of the « prête à récupérer » e-mail', () => {
  it('opens the invoice summary and pays it; a link of another purpose, an unknown or an expired one open nothing', async () => {
    const { invoice } = await customerWithInvoice(8_000);
    const { token } = await issueCustomerLink(db(), 'invoice-payment', invoice.id, new Date(Date.now() + 86_400_000));
    const view = await bed.t.app.inject({ method: 'POST', url: '/api/invoice-links/view', payload: { token }, remoteAddress: nextIp() });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<{ data: unknown }>().data).toEqual({
      invoiceNumber: invoice.invoiceNumber,
      issuedAt: new Date(invoice.createdAt).toISOString(),
      status: 'Unpaid',
      totalCents: 8_000,
      bonusCents: 0,
      creditedCents: 0,
      amountPaidCents: 0,
      amountDueCents: 8_000,
      providers: ['stripe', 'paypal'],
    });
    const pay = await bed.t.app.inject({ method: 'POST', url: '/api/invoice-links/pay', payload: { token, provider: 'stripe' }, remoteAddress: nextIp() });
    expect(pay.statusCode, pay.body).toBe(200);
    await completeAndNotify(sessionIdOf(pay.json<{ data: { url: string } }>().data.url));
    expect((await invoiceRow(invoice.id)).status).toBe('Paid');

    const booking = await issueCustomerLink(db(), 'booking', invoice.id, new Date(Date.now() + 86_400_000));
    const wrongPurpose = await bed.t.app.inject({ method: 'POST', url: '/api/invoice-links/view', payload: { token: booking.token }, remoteAddress: nextIp() });
    expect(wrongPurpose.statusCode).toBe(404);
    expect(wrongPurpose.json<{ message: string }>().message).toBe(repairPaymentMessages.linkUnknown);
    const expired = await issueCustomerLink(db(), 'invoice-payment', invoice.id, new Date(Date.now() - 1000));
    const old = await bed.t.app.inject({ method: 'POST', url: '/api/invoice-links/pay', payload: { token: expired.token, provider: 'stripe' }, remoteAddress: nextIp() });
    expect(old.statusCode).toBe(410);
    expect(old.json<{ message: string }>().message).toBe(repairPaymentMessages.linkExpired);
  });
});

describe('the « prête à récupérer » e-mail', () => {
  it('carries « Payer en ligne » with a secret link and the amount due when the ticket has an unpaid invoice', async () => {
    const { invoice, customerId, email } = await customerWithInvoice(7_500, { amountPaidCents: 2_500, status: 'Partial' });
    counter += 1;
    const [ticket] = await db().insert(tickets).values({ ticketNumber: `T-${80_000 + counter}`, customerId, status: 'In Progress' }).returning({ id: tickets.id, ticketNumber: tickets.ticketNumber });
    if (!ticket) throw new Error('ticket');
    await db().update(invoices).set({ ticketId: ticket.id }).where(eq(invoices.id, invoice.id));
    await changeTicketStatus(db(), 'local', ticket.ticketNumber, 'Ready for pickup', { user: { id: null, email: 'atelier@exemple.fr' } }, { notifyByEmail: true, publicUrl: 'http://boutique.test' });
    const [mail] = await listOutbox(db(), { to: email, kind: 'ticket_status' });
    expect(mail?.text).toContain(`Reste à payer sur la facture ${invoice.invoiceNumber}\u00a0: 50,00\u00a0€`);
    expect(mail?.html).toContain('>Payer en ligne</a>');
    const link = /http:\/\/boutique\.test\/payer-facture\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const view = await bed.t.app.inject({ method: 'POST', url: '/api/invoice-links/view', payload: { token: link?.[1] }, remoteAddress: nextIp() });
    expect(view.json<{ data: unknown }>().data).toMatchObject({ invoiceNumber: invoice.invoiceNumber, status: 'Partial', amountDueCents: 5_000 });
  });
});

describe('PayPal', () => {
  it('creates the PayPal order for what is due, captures it on return, and settles once', async () => {
    const { invoice, user, email } = await customerWithInvoice(6_450);
    const response = await payFromAccount(invoice.id, user.headers, { provider: 'paypal' });
    expect(response.statusCode, response.body).toBe(200);
    const order = [...paypal.orders.values()].at(-1);
    if (!order) throw new Error('no PayPal order');
    expect(order.amount).toEqual({ currency_code: 'EUR', value: '64.50' });
    const key = returnKeyOf(order.returnUrl);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(order.returnUrl).toBe(`http://boutique.test/payer-facture?provider=paypal&cle=${key}`);
    expect(order.cancelUrl).toBe(`http://boutique.test/payer-facture?provider=paypal&cle=${key}&annule=1`);
    paypal.approve(order.id);
    const capture = await bed.t.app.inject({ method: 'POST', url: '/api/repair-payments/paypal/capture', payload: { paypalOrderId: order.id, cle: key }, remoteAddress: nextIp() });
    expect(capture.statusCode, capture.body).toBe(200);
    expect(capture.json<{ data: unknown }>().data).toMatchObject({ state: 'paid', provider: 'paypal', amountDueCents: 0 });
    const again = await bed.t.app.inject({ method: 'POST', url: '/api/repair-payments/paypal/capture', payload: { paypalOrderId: order.id, cle: key }, remoteAddress: nextIp() });
    expect(again.json<{ data: unknown }>().data).toMatchObject({ state: 'paid' });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Paid', amountPaidCents: 6_450 });
    expect(await db().select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id))).toHaveLength(1);
    expect(await listOutbox(db(), { to: email, kind: 'repair_payment_receipt' })).toHaveLength(1);
  });
});

describe('the return address’s key', () => {
  it('a create replayed under the same PayPal-Request-Id (our record of it lost) stores the key of the address PayPal was given', async () => {
    const { invoice, user } = await customerWithInvoice(3_210);
    expect((await payFromAccount(invoice.id, user.headers, { provider: 'paypal' })).statusCode).toBe(200);
    const order = [...paypal.orders.values()].at(-1);
    if (!order) throw new Error('no PayPal order');
    const key = returnKeyOf(order.returnUrl);
    // The answer never reached us (timeout, restart): no row; the payer asks again.
    await db().delete(repairPayments).where(eq(repairPayments.invoiceId, invoice.id));
    const again = await payFromAccount(invoice.id, user.headers, { provider: 'paypal' });
    expect(again.statusCode, again.body).toBe(200);
    // PayPal replayed its first answer (same order, same return address)…
    expect([...paypal.orders.values()].at(-1)?.id).toBe(order.id);
    const [row] = await db().select().from(repairPayments).where(eq(repairPayments.invoiceId, invoice.id));
    expect(row?.providerRef).toBe(order.id);
    // …and the payer coming back with it reads the payment.
    const read = await statusOf(order.id, key);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ data: unknown }>().data).toMatchObject({ state: 'pending', provider: 'paypal', amountCents: 3_210 });
  });

  it('each attempt has its own key: a new session after the first expired does not open with the old one', async () => {
    const { invoice, user } = await customerWithInvoice(2_222);
    const first = sessionIdOf((await payFromAccount(invoice.id, user.headers)).json<{ data: { url: string } }>().data.url);
    const firstKey = returnKeyOf(bed.fake.sessions.get(first)?.success_url);
    bed.fake.expireSession(first);
    const second = sessionIdOf((await payFromAccount(invoice.id, user.headers)).json<{ data: { url: string } }>().data.url);
    expect(second).not.toBe(first);
    const secondKey = returnKeyOf(bed.fake.sessions.get(second)?.success_url);
    expect(secondKey).not.toBe(firstKey);
    expect((await statusOf(second, firstKey)).statusCode).toBe(404);
    expect((await statusOf(second, secondKey)).statusCode).toBe(200);
    expect((await statusOf(first, firstKey)).json<{ data: unknown }>().data).toMatchObject({ state: 'canceled' });
  });
});

describe('estimate deposits', () => {
  it('pays the deposit of an accepted estimate once (amount from the estimate, link of the estimate purpose only), then counts it on the invoice issued for its ticket', async () => {
    const { customerId, email } = await customerWithInvoice(100);
    counter += 1;
    const [estimate] = await db()
      .insert(estimates)
      .values({
        estimateNumber: `DV-TEST-${counter}-${Date.now()}`,
        customerId,
        customerName: 'Léa Martin',
        email,
        deviceCategory: 'telephone',
        vatRegime: 'standard',
        subtotalCents: 10_000,
        taxCents: 2_000,
        totalCents: 12_000,
        depositCents: 3_000,
        leadTimeDays: 3,
        validUntil: '2099-01-01',
        status: 'accepted',
      })
      .returning();
    if (!estimate) throw new Error('estimate');
    const { token } = await issueCustomerLink(db(), 'estimate', estimate.id, new Date(Date.now() + 86_400_000));
    const invoiceLink = await issueCustomerLink(db(), 'invoice-payment', estimate.id, new Date(Date.now() + 86_400_000));
    const wrong = await bed.t.app.inject({ method: 'POST', url: '/api/estimate-links/deposit', payload: { token: invoiceLink.token, provider: 'stripe' }, remoteAddress: nextIp() });
    expect(wrong.statusCode).toBe(404);

    const viewDeposit = async () =>
      (await bed.t.app.inject({ method: 'GET', url: `/api/estimate-links/view?token=${token}`, remoteAddress: nextIp() })).json<{ data: { depositPaid?: boolean } }>().data.depositPaid;
    expect(await viewDeposit()).toBe(false);
    const start = await bed.t.app.inject({ method: 'POST', url: '/api/estimate-links/deposit', payload: { token, provider: 'stripe', amount: 1 }, remoteAddress: nextIp() });
    expect(start.statusCode, start.body).toBe(200);
    const sessionId = sessionIdOf(start.json<{ data: { url: string } }>().data.url);
    expect(bed.fake.sessions.get(sessionId)?.amount_total).toBe(3_000);
    await completeAndNotify(sessionId);
    const [deposit] = await db().select().from(repairPayments).where(eq(repairPayments.estimateId, estimate.id)).orderBy(asc(repairPayments.id));
    expect(deposit).toMatchObject({ purpose: 'deposit', status: 'succeeded', amountCents: 3_000, invoiceId: null });
    expect((await listOutbox(db(), { to: email, kind: 'repair_payment_receipt' })).map((mail) => mail.subject)).toContain(`Reçu de votre acompte (devis ${estimate.estimateNumber})`);

    const twice = await bed.t.app.inject({ method: 'POST', url: '/api/estimate-links/deposit', payload: { token, provider: 'stripe' }, remoteAddress: nextIp() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe(repairPaymentMessages.depositPaid);
    // The estimate's page stops offering it.
    expect(await viewDeposit()).toBe(true);

    // The repair is done: staff issue the ticket's invoice, which counts the deposit as paid.
    const [ticket] = await db().insert(tickets).values({ ticketNumber: `T-${90_000 + counter}`, customerId, status: 'In Progress' }).returning({ id: tickets.id, ticketNumber: tickets.ticketNumber });
    if (!ticket) throw new Error('ticket');
    await db().update(estimates).set({ ticketId: ticket.id, ticketNumber: ticket.ticketNumber }).where(eq(estimates.id, estimate.id));
    const issued = await createInvoice(db(), 'local', { customerId, ticket: ticket.ticketNumber, lines: [{ name: 'Écran', quantity: 1, unitPriceCents: 12_000, vatRate: '20' }] }, { user: { id: null, email: 'atelier@exemple.fr' } });
    expect(issued).toMatchObject({ status: 'Partial', amountPaidCents: 3_000, amountDueCents: 9_000 });
    expect(issued.payments).toEqual([expect.objectContaining({ kind: 'payment', amountCents: 3_000, method: 'Acompte Carte bancaire (en ligne)' })]);
    const [applied] = await db().select().from(repairPayments).where(eq(repairPayments.estimateId, estimate.id));
    expect(applied).toMatchObject({ invoiceId: issued.id, invoiceNumber: issued.invoiceNumber });
  });
});
