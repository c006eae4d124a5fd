/**
 * Estimate deposits paid online reach the RepairDesk invoice of their ticket (issue 24 §4): the real
 * app with RepairDesk configured (the local fake, its wire format, over HTTP) and Stripe (the local
 * fake, its signed webhook). A deposit is matched to the newest non-refunded invoice of its
 * estimate's ticket, by the posting job or as soon as the invoice is read, once, and posted once as
 * « Acompte … »; the invoice then asks total − deposit. An invoice already paid in RepairDesk is
 * flagged for staff, not posted to. What cannot be matched stays as it is, looked at every 15
 * minutes. The job's clock is a fake one: nothing waits for time to pass.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '@erepare/shared/format';
import { checkFrenchTypography } from '@erepare/shared/typography';
import { createLocalRepairBackend } from '../adapters/repair/local.js';
import { createRepairDeskBackend } from '../adapters/repair/repairdesk.js';
import type { CustomerRecord, RepairBackend } from '../adapters/repair/types.js';
import { estimates, repairPayments } from '../db/schema.js';
import { issueCustomerLink } from '../modules/links/customer-links.js';
import { matchDepositsOf, withOnlinePayments } from '../modules/repair-payments/deposits.js';
import { payableInvoice } from '../modules/repair-payments/service.js';
import { fromRecords, startFakeRepairDesk, type FakeRepairDesk } from '../test/fakes/repairdesk-fake.js';
import { customerToRd, unix, type RdInvoice } from '../test/fakes/repairdesk-store.js';
import { nextIp, startStripeTestBed, type StripeTestBed } from '../test/stripe-test-bed.js';
import { signedInUser } from '../test/users.js';
import { postBackoffMs, postRepairDeskPayments, type RepairDeskPostOptions } from './repairdesk-payments.js';

const KEY = 'rd-deposits-key-4b8e1f';
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
let fake: FakeRepairDesk;
let bed: StripeTestBed;
let next = 0;

beforeAll(async () => {
  fake = await startFakeRepairDesk({ apiKey: KEY, rateLimit: false });
  Object.assign(fake.store, fromRecords({}));
  bed = await startStripeTestBed({ REPAIRDESK_API_KEY: KEY, REPAIRDESK_BASE_URL: fake.url });
});

afterAll(async () => {
  await bed?.close();
  await fake?.close();
});

const db = () => bed.t.database.db;
const app = () => bed.t.app;
const backend = (): RepairBackend => bed.t.app.repair.backend;

// The job's clock: never behind the real one (rows matched on a read are due at the database's now()).
let clock = Date.now();
const tick = (ms = 0) => {
  clock = Math.max(clock, Date.now()) + ms;
};
const now = () => new Date(clock);
const runJob = (options: Partial<RepairDeskPostOptions> = {}) => postRepairDeskPayments(db(), backend(), { log, now, ...options });

type Owner = { id: number; email: string };

function customerRecord(id: number, email: string): CustomerRecord {
  return {
    id,
    firstName: 'Léa',
    lastName: 'Acompte',
    email,
    emails: [],
    phone: '',
    mobile: '',
    address1: '',
    address2: '',
    city: 'Gujan-Mestras',
    state: '',
    postcode: '33470',
    country: 'FR',
    organization: '',
    referredBy: '',
    contactPerson: '',
    emailOptIn: false,
    smsOptIn: false,
    loyaltyBalanceCents: 0,
    createdAt: new Date(Date.now() - 30 * 86_400_000),
  };
}

/** A customer RepairDesk knows (or not), and a ticket id of theirs. */
function repairDeskCustomer(options: { known?: boolean } = {}): Owner & { ticketId: number } {
  next += 1;
  const owner = { id: 8_100 + next * 4, email: `acompte.${next}.${Date.now()}@exemple.fr` };
  if (options.known !== false) fake.store.customers.push(customerToRd(customerRecord(owner.id, owner.email)));
  return { ...owner, ticketId: 52_000 + next };
}

/** RepairDesk issues an invoice for the ticket (amounts as plain decimal strings). */
function rdInvoice(options: { owner: Owner; ticketId: number; totalCents: number; paidCents?: number; status?: string; daysAgo?: number }): number {
  next += 1;
  const id = 93_000 + next;
  const paid = options.paidCents ?? 0;
  const euros = (cents: number) => (cents / 100).toFixed(2);
  const invoice: RdInvoice = {
    summary: {
      id,
      order_id: `RD-F-${id}`,
      created_date: unix(new Date(Date.now() - (options.daysAgo ?? 0) * 86_400_000)),
      status: options.status ?? (paid >= options.totalCents ? 'Paid' : paid > 0 ? 'Partial' : 'Unpaid'),
      total: euros(options.totalCents),
      sub_total: euros(options.totalCents),
      total_tax: '0.00',
      amount_paid: euros(paid),
      amount_due: euros(Math.max(options.totalCents - paid, 0)),
      due_on: 0,
      notes: '',
      customer: { cid: options.owner.id, first_name: 'Léa', last_name: 'Acompte', email: options.owner.email },
      ticket_id: options.ticketId,
      ticket_number: `T-${options.ticketId}`,
    },
    payments: paid > 0 ? [{ amount: euros(paid), method: 'Espèces', type: 'payment', transaction_id: '', payment_date: unix(new Date()) }] : [],
  };
  fake.store.invoices.push(invoice);
  return id;
}

/** An accepted estimate for the ticket, its deposit paid by card through its link (Stripe's signed webhook). */
async function paidDeposit(options: { customerId: number | null; ticketId: number | null; email: string; depositCents: number }) {
  next += 1;
  const [estimate] = await db()
    .insert(estimates)
    .values({
      estimateNumber: `DV-2026-${String(700_000 + next)}`,
      ticketId: options.ticketId,
      ticketNumber: options.ticketId === null ? null : `T-${options.ticketId}`,
      customerId: options.customerId,
      customerName: 'Léa Acompte',
      email: options.email,
      deviceCategory: 'telephone',
      vatRegime: 'standard',
      subtotalCents: 10_000,
      taxCents: 2_000,
      totalCents: 12_000,
      depositCents: options.depositCents,
      leadTimeDays: 3,
      validUntil: '2099-01-01',
      status: 'accepted',
    })
    .returning();
  if (!estimate) throw new Error('estimate');
  const { token } = await issueCustomerLink(db(), 'estimate', estimate.id, new Date(Date.now() + 86_400_000));
  const start = await app().inject({ method: 'POST', url: '/api/estimate-links/deposit', payload: { token, provider: 'stripe' }, remoteAddress: nextIp() });
  expect(start.statusCode, start.body).toBe(200);
  const sessionId = start.json<{ data: { url: string } }>().data.url.split('/pay/')[1] ?? '';
  const session = bed.fake.completeSession(sessionId);
  expect((await bed.fake.sendWebhook(bed.fake.event('checkout.session.completed', session))).status).toBe(200);
  const deposit = await depositOf(estimate.id);
  expect(deposit).toMatchObject({ purpose: 'deposit', status: 'succeeded', amountCents: options.depositCents, invoiceId: null, postStatus: 'none' });
  return { estimate, deposit };
}

async function depositOf(estimateId: number) {
  const [row] = await db().select().from(repairPayments).where(eq(repairPayments.estimateId, estimateId));
  if (!row) throw new Error('deposit row');
  return row;
}

type PaymentBody = { invoice_id: number; amount: number; payment_method: string; transaction_id: string; notes: string };
/** What the fake RepairDesk accepted (or refused) as payments of this invoice. */
const postsTo = (invoiceId: number, status = 200) =>
  fake.requests.filter((request) => request.method === 'POST' && request.path === 'invoice/addpayment' && (request.body as PaymentBody).invoice_id === invoiceId && request.status === status);
/** The customer's invoices asked of RepairDesk (narrowed by their e-mail). */
const invoiceLookups = (owner: Owner) => fake.requests.filter((request) => request.path === 'invoices' && request.query.keyword === owner.email).length;

type AccountInvoice = { id: number; status: string; amount_paid: number; amount_due: number };
async function accountInvoice(invoiceId: number, headers: Record<string, string>): Promise<AccountInvoice> {
  const response = await app().inject({ method: 'GET', url: `/api/repairdesk/invoices/${invoiceId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AccountInvoice }>().data;
}

describe('the posting job', () => {
  it('matches a deposit once its ticket’s invoice appears, checking at most every 15 minutes, and posts it once as « Acompte »', async () => {
    const owner = repairDeskCustomer();
    const { estimate, deposit } = await paidDeposit({ customerId: owner.id, ticketId: owner.ticketId, email: owner.email, depositCents: 3_000 });

    // No invoice yet: looked for, left as it is, next look in 15 minutes.
    tick();
    const checkedAt = clock;
    expect(await runJob()).toEqual({ posted: 0, retried: 0, failed: 0 });
    expect(invoiceLookups(owner)).toBe(1);
    const waiting = await depositOf(estimate.id);
    expect(waiting).toMatchObject({ invoiceId: null, postStatus: 'none', postError: '' });
    expect(waiting.postNextAt?.getTime()).toBe(checkedAt + 15 * 60_000);

    const invoiceId = rdInvoice({ owner, ticketId: owner.ticketId, totalCents: 12_000 });
    tick(5 * 60_000);
    await runJob();
    expect(invoiceLookups(owner)).toBe(1);
    expect((await depositOf(estimate.id)).invoiceId).toBeNull();

    tick(10 * 60_000);
    expect(await runJob()).toEqual({ posted: 1, retried: 0, failed: 0 });
    expect(invoiceLookups(owner)).toBe(2);
    expect(await depositOf(estimate.id)).toMatchObject({ invoiceId, invoiceNumber: `RD-F-${invoiceId}`, postStatus: 'posted', postAttempts: 1, postError: '' });
    const posts = postsTo(invoiceId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      invoice_id: invoiceId,
      amount: 30,
      payment_method: 'Acompte Carte bancaire (en ligne)',
      transaction_id: deposit.captureRef,
      notes: `Acompte payé en ligne sur le devis ${estimate.estimateNumber}, Stripe (${deposit.providerRef})`,
    });
    expect(deposit.captureRef).toMatch(/^pi_/);
    expect(fake.store.invoices.find((entry) => entry.summary.id === invoiceId)?.summary).toMatchObject({ status: 'Partial', amount_paid: '30.00', amount_due: '90.00' });

    // The customer is asked the rest, once: online and in the account.
    const user = await signedInUser(app(), db(), { email: owner.email, repairCustomerId: owner.id });
    expect(await accountInvoice(invoiceId, user.headers)).toMatchObject({ status: 'Partial', amount_paid: 30, amount_due: 90 });
    const pay = await app().inject({ method: 'POST', url: `/api/account/invoices/${invoiceId}/pay`, headers: user.headers, payload: { provider: 'stripe' }, remoteAddress: nextIp() });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(bed.fake.sessions.get(pay.json<{ data: { url: string } }>().data.url.split('/pay/')[1] ?? '')?.amount_total).toBe(9_000);

    tick(60 * 60_000);
    await runJob();
    expect(postsTo(invoiceId)).toHaveLength(1);
  });
});

describe('reading the invoice', () => {
  it('matches the deposit to the newest invoice of the ticket at once: the amount due is total − deposit; the posting is retried after RepairDesk fails', async () => {
    const owner = repairDeskCustomer();
    const { estimate } = await paidDeposit({ customerId: owner.id, ticketId: owner.ticketId, email: owner.email, depositCents: 2_500 });
    // An older invoice of the same ticket (the diagnosis, paid) and the repair's, just issued.
    const older = rdInvoice({ owner, ticketId: owner.ticketId, totalCents: 2_000, paidCents: 2_000, daysAgo: 10 });
    const invoiceId = rdInvoice({ owner, ticketId: owner.ticketId, totalCents: 10_000 });
    const user = await signedInUser(app(), db(), { email: owner.email, repairCustomerId: owner.id });

    // The older one read first: the deposit still goes to the newest.
    expect(await accountInvoice(older, user.headers)).toMatchObject({ status: 'Paid', amount_due: 0 });
    expect(await depositOf(estimate.id)).toMatchObject({ invoiceId, postStatus: 'pending', postAttempts: 0 });
    expect(await accountInvoice(invoiceId, user.headers)).toMatchObject({ status: 'Partial', amount_paid: 25, amount_due: 75 });
    const list = await app().inject({ method: 'GET', url: '/api/repairdesk/invoices?page=1&pagesize=10', headers: user.headers });
    expect(list.json<{ data: AccountInvoice[] }>().data.find((entry) => entry.id === invoiceId)).toMatchObject({ amount_due: 75 });
    const admin = await signedInUser(app(), db(), { email: `atelier.${next}@exemple.fr`, role: 'admin' });
    const adminView = await app().inject({ method: 'GET', url: `/api/admin/invoices/${invoiceId}`, headers: admin.headers });
    expect(adminView.json<{ data: { amountPaidCents: number; amountDueCents: number } }>().data).toMatchObject({ amountPaidCents: 2_500, amountDueCents: 7_500 });
    const pay = await app().inject({ method: 'POST', url: `/api/account/invoices/${invoiceId}/pay`, headers: user.headers, payload: { provider: 'stripe' }, remoteAddress: nextIp() });
    expect(bed.fake.sessions.get(pay.json<{ data: { url: string } }>().data.url.split('/pay/')[1] ?? '')?.amount_total).toBe(7_500);
    expect(postsTo(invoiceId)).toHaveLength(0);

    // RepairDesk answers 503: tried again once the back-off has passed (the fake clock), posted once.
    tick();
    fake.controls.failNext(1, 503);
    expect(await runJob()).toEqual({ posted: 0, retried: 1, failed: 0 });
    expect(postsTo(invoiceId, 503)).toHaveLength(1);
    expect(await depositOf(estimate.id)).toMatchObject({ postStatus: 'pending', postAttempts: 1 });
    await runJob();
    expect(postsTo(invoiceId)).toHaveLength(0);
    tick(postBackoffMs(1));
    expect(await runJob()).toEqual({ posted: 1, retried: 0, failed: 0 });
    expect(postsTo(invoiceId)).toHaveLength(1);
    expect(postsTo(invoiceId)[0]?.body).toMatchObject({ amount: 25, payment_method: 'Acompte Carte bancaire (en ligne)' });
    expect(postsTo(older)).toHaveLength(0);
    // Posted: RepairDesk counts it now, we no longer do.
    expect(await accountInvoice(invoiceId, user.headers)).toMatchObject({ amount_paid: 25, amount_due: 75 });
  });

  it('two instances reading the invoice at the same moment match the deposit once; two jobs at once look for an invoice once', async () => {
    const owner = repairDeskCustomer();
    const { estimate } = await paidDeposit({ customerId: owner.id, ticketId: owner.ticketId, email: owner.email, depositCents: 2_000 });
    const invoiceId = rdInvoice({ owner, ticketId: owner.ticketId, totalCents: 8_000 });
    const other = createRepairDeskBackend({ apiKey: KEY, baseUrl: fake.url, production: true, sleep: async () => undefined });
    const record = await backend().getInvoice(invoiceId);
    if (!record) throw new Error('invoice');
    // Both have found the deposit unmatched before either asks RepairDesk for the customer's invoices.
    const hold = fake.controls.holdNext(2);
    const both = Promise.all([matchDepositsOf({ db: db(), backend: backend() }, [record]), matchDepositsOf({ db: db(), backend: other }, [record])]);
    await hold.arrived;
    hold.release();
    expect((await both).reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await depositOf(estimate.id)).toMatchObject({ invoiceId, postStatus: 'pending' });
    expect((await payableInvoice({ db: db(), backend: other }, record)).summary.amountDueCents).toBe(6_000);
    tick();
    await Promise.all([runJob({ owner: 'instance-a' }), postRepairDeskPayments(db(), other, { log, now, owner: 'instance-b' })]);
    expect(postsTo(invoiceId)).toHaveLength(1);

    // The job side: the check is claimed, so a second instance does not look for the same invoice.
    const second = repairDeskCustomer();
    const paid = await paidDeposit({ customerId: second.id, ticketId: second.ticketId, email: second.email, depositCents: 1_500 });
    const secondInvoice = rdInvoice({ owner: second, ticketId: second.ticketId, totalCents: 6_000 });
    tick();
    await Promise.all([runJob({ owner: 'instance-a' }), postRepairDeskPayments(db(), other, { log, now, owner: 'instance-b' })]);
    expect(invoiceLookups(second)).toBe(1);
    expect(await depositOf(paid.estimate.id)).toMatchObject({ invoiceId: secondInvoice, postStatus: 'posted' });
    expect(postsTo(secondInvoice)).toHaveLength(1);
  });
});

describe('invoices that no longer ask for the deposit', () => {
  it('an invoice already paid in RepairDesk is not posted to: the deposit is flagged for staff, who see it on the invoice', async () => {
    const owner = repairDeskCustomer();
    const { estimate } = await paidDeposit({ customerId: owner.id, ticketId: owner.ticketId, email: owner.email, depositCents: 4_000 });
    const invoiceId = rdInvoice({ owner, ticketId: owner.ticketId, totalCents: 15_000, paidCents: 15_000 });
    tick();
    expect(await runJob()).toEqual({ posted: 0, retried: 0, failed: 0 });
    const flagged = await depositOf(estimate.id);
    const message = `Facture déjà réglée dans RepairDesk\u00a0: acompte de ${formatCents(4_000)} à rapprocher à la main.`;
    expect(flagged).toMatchObject({ invoiceId, postStatus: 'failed', postAttempts: 0, postNextAt: null, postError: message });
    expect(checkFrenchTypography(message)).toEqual([]);
    expect(postsTo(invoiceId)).toHaveLength(0);

    const admin = await signedInUser(app(), db(), { email: `atelier.${next}@exemple.fr`, role: 'admin' });
    const online = await app().inject({ method: 'GET', url: `/api/admin/invoices/${invoiceId}/online-payments`, headers: admin.headers });
    expect(online.json<{ data: unknown[] }>().data).toEqual([expect.objectContaining({ purpose: 'deposit', amountCents: 4_000, status: 'succeeded', postStatus: 'failed', postError: message })]);
    const adminView = await app().inject({ method: 'GET', url: `/api/admin/invoices/${invoiceId}`, headers: admin.headers });
    expect(adminView.json<{ data: { status: string; amountDueCents: number } }>().data).toMatchObject({ status: 'Paid', amountDueCents: 0 });

    tick(60 * 60_000);
    await runJob();
    expect(postsTo(invoiceId)).toHaveLength(0);
  });

  it('an invoice asking less than the deposit is not posted to either: staff are told what it still asks', async () => {
    const owner = repairDeskCustomer();
    const { estimate } = await paidDeposit({ customerId: owner.id, ticketId: owner.ticketId, email: owner.email, depositCents: 4_000 });
    const invoiceId = rdInvoice({ owner, ticketId: owner.ticketId, totalCents: 15_000, paidCents: 14_000 });
    tick();
    await runJob();
    expect(await depositOf(estimate.id)).toMatchObject({
      invoiceId,
      postStatus: 'failed',
      postError: `La facture ne demande plus que ${formatCents(1_000)} dans RepairDesk\u00a0: acompte de ${formatCents(4_000)} à rapprocher à la main.`,
    });
    expect(postsTo(invoiceId)).toHaveLength(0);
  });
});

describe('deposits that cannot be matched', () => {
  it('without a ticket, without a customer, of a customer RepairDesk does not know, or with refunded invoices only: left unmatched, without errors nor repeated look-ups', async () => {
    const noTicket = repairDeskCustomer();
    const withoutTicket = await paidDeposit({ customerId: noTicket.id, ticketId: null, email: noTicket.email, depositCents: 1_000 });
    const noCustomer = repairDeskCustomer();
    const withoutCustomer = await paidDeposit({ customerId: null, ticketId: noCustomer.ticketId, email: noCustomer.email, depositCents: 1_000 });
    rdInvoice({ owner: noCustomer, ticketId: noCustomer.ticketId, totalCents: 5_000 });
    const stranger = repairDeskCustomer({ known: false });
    const unknown = await paidDeposit({ customerId: stranger.id, ticketId: stranger.ticketId, email: stranger.email, depositCents: 1_000 });
    const refundedOwner = repairDeskCustomer();
    const refunded = await paidDeposit({ customerId: refundedOwner.id, ticketId: refundedOwner.ticketId, email: refundedOwner.email, depositCents: 1_000 });
    const refundedInvoice = rdInvoice({ owner: refundedOwner, ticketId: refundedOwner.ticketId, totalCents: 5_000, paidCents: 5_000, status: 'Refunded' });

    const strangerLookups = () => fake.requests.filter((request) => request.path === `customers/${stranger.id}`).length;
    tick();
    expect(await runJob()).toEqual({ posted: 0, retried: 0, failed: 0 });
    expect(strangerLookups()).toBe(1);
    expect(invoiceLookups(stranger)).toBe(0);
    expect(invoiceLookups(refundedOwner)).toBe(1);
    for (const { estimate } of [withoutTicket, withoutCustomer, unknown, refunded]) {
      expect(await depositOf(estimate.id)).toMatchObject({ invoiceId: null, postStatus: 'none', postError: '' });
    }
    // Never looked at: nothing to look for.
    expect((await depositOf(withoutTicket.estimate.id)).postNextAt).toBeNull();
    expect((await depositOf(withoutCustomer.estimate.id)).postNextAt).toBeNull();

    // The next runs within 15 minutes ask RepairDesk nothing more about them.
    tick(60_000);
    await runJob();
    tick(13 * 60_000);
    await runJob();
    expect(strangerLookups()).toBe(1);
    expect(invoiceLookups(refundedOwner)).toBe(1);

    // Reading the refunded invoice matches nothing and asks nothing more.
    const user = await signedInUser(app(), db(), { email: refundedOwner.email, repairCustomerId: refundedOwner.id });
    expect(await accountInvoice(refundedInvoice, user.headers)).toMatchObject({ status: 'Refunded', amount_due: 0 });
    expect(invoiceLookups(refundedOwner)).toBe(1);
    expect(await depositOf(refunded.estimate.id)).toMatchObject({ invoiceId: null, postStatus: 'none' });
    expect(postsTo(refundedInvoice)).toHaveLength(0);

    // Looked at again once the 15 minutes have passed.
    tick(2 * 60_000);
    await runJob();
    expect(strangerLookups()).toBe(2);
  });

  it('with our own tables, nothing changes: no matching, no posting job (the invoice takes the deposit when it is issued)', async () => {
    const local = createLocalRepairBackend(db());
    const owner = repairDeskCustomer();
    const { estimate } = await paidDeposit({ customerId: owner.id, ticketId: owner.ticketId, email: owner.email, depositCents: 1_000 });
    const record = await backend().getInvoice(rdInvoice({ owner, ticketId: owner.ticketId, totalCents: 5_000 }));
    if (!record) throw new Error('invoice');
    expect(await matchDepositsOf({ db: db(), backend: local }, [record])).toBe(0);
    const records = [record];
    expect(await withOnlinePayments({ db: db(), backend: local }, records)).toBe(records);
    expect(await postRepairDeskPayments(db(), local, { log, now })).toEqual({ posted: 0, retried: 0, failed: 0 });
    expect(await depositOf(estimate.id)).toMatchObject({ invoiceId: null, postStatus: 'none', postNextAt: null });
  });
});
