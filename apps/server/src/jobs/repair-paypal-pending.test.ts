/**
 * Repair payments whose PayPal capture was left PENDING (jobs/repair-paypal-pending.ts, run by the
 * shop's PayPal job), through the real app and the local PayPal: completed later settles the
 * invoice once (payment line, receipt); declined fails the payment and the invoice stays payable;
 * still pending leaves the row as it was; another amount is left for staff; a failing read is
 * tried again; two instances read a payment once; after the limit it is no longer read and staff
 * see why on the invoice's online payments.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminRepairPayment } from '@erepare/shared/schemas/repair-payments';
import { customers, invoicePayments, invoices, paymentEvents, repairPayments } from '../db/schema.js';
import { listOutbox } from '../modules/mail/outbox.js';
import { createPaypalClient, type PaypalClient } from '../modules/payments/paypal-client.js';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_CLIENT_SECRET, startPaypalFake, type PaypalFake } from '../test/fakes/paypal-fake.js';
import { signal, until } from '../test/signals.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signedInUser } from '../test/users.js';
import { startPaypalPendingJob } from './paypal-pending.js';
import { REPAIR_PAYPAL_GIVEN_UP, settlePendingRepairPaypalPayments } from './repair-paypal-pending.js';

let fake: PaypalFake;
let t: TestApp;
let client: PaypalClient;
let admin: { headers: { authorization: string } };
let counter = 0;

const nextIp = () => {
  counter += 1;
  return `10.81.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
};
const db = () => t.database.db;

beforeAll(async () => {
  fake = await startPaypalFake();
  t = await createTestApp({ PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CLIENT_SECRET, PAYPAL_API_URL: fake.url, PUBLIC_URL: 'http://boutique.test' });
  client = createPaypalClient({ clientId: FAKE_PAYPAL_CLIENT_ID, clientSecret: FAKE_PAYPAL_CLIENT_SECRET, apiUrl: fake.url });
  admin = await signedInUser(t.app, db(), { email: `atelier.attente.${Date.now()}@exemple.fr`, role: 'admin' });
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
});

/** An unpaid local invoice paid from the account with PayPal, whose capture PayPal left PENDING. */
async function pendingRepairCapture(totalCents = 8_450, captureAmount?: string) {
  counter += 1;
  const email = `attente.reparation.${counter}.${Date.now()}@exemple.fr`;
  const [customer] = await db().insert(customers).values({ firstName: 'Inès', lastName: 'Attente', email }).returning({ id: customers.id });
  if (!customer) throw new Error('customer');
  const [invoice] = await db()
    .insert(invoices)
    .values({ invoiceNumber: `F-ATT-${counter}-${Date.now()}`, customerId: customer.id, status: 'Unpaid', subtotalCents: Math.round(totalCents / 1.2), taxCents: totalCents - Math.round(totalCents / 1.2), totalCents })
    .returning();
  if (!invoice) throw new Error('invoice');
  const user = await signedInUser(t.app, db(), { email, repairCustomerId: customer.id });
  const start = await t.app.inject({ method: 'POST', url: `/api/account/invoices/${invoice.id}/pay`, headers: user.headers, payload: { provider: 'paypal' }, remoteAddress: nextIp() });
  expect(start.statusCode, start.body).toBe(200);
  const [row] = await db().select().from(repairPayments).where(eq(repairPayments.invoiceId, invoice.id));
  if (!row) throw new Error('no repair payment');
  const paypalOrderId = row.providerRef;
  const key = new URL(fake.orders.get(paypalOrderId)?.returnUrl ?? '').searchParams.get('cle') ?? '';
  fake.approve(paypalOrderId);
  fake.nextCaptureStatus('PENDING');
  if (captureAmount) fake.setCaptureAmount(captureAmount);
  const captured = await t.app.inject({ method: 'POST', url: '/api/repair-payments/paypal/capture', payload: { paypalOrderId, cle: key }, remoteAddress: nextIp() });
  expect(captured.statusCode, captured.body).toBe(200);
  expect(captured.json<{ data: { state: string } }>().data.state).toBe('pending');
  return { invoice, email, user, paypalOrderId, paymentId: row.id };
}

async function paymentRow(id: number) {
  const [row] = await db().select().from(repairPayments).where(eq(repairPayments.id, id));
  if (!row) throw new Error('no payment');
  return row;
}

async function invoiceRow(id: number) {
  const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error('no invoice');
  return row;
}

async function checkOf(paymentId: number) {
  const [row] = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, `repair-pending-check:${paymentId}`));
  return row;
}

/** One run, as every instance would run it; `recheckAfterMs` 0: nothing was checked "recently". */
const run = (recheckAfterMs = 0) => settlePendingRepairPaypalPayments({ ...t.app.repairPayments, paypal: client }, { log: t.app.log, recheckAfterMs });
const getsOf = (paypalOrderId: string) => fake.requests.filter((request) => request.method === 'GET' && request.path === `/v2/checkout/orders/${paypalOrderId}`).length;

async function onlinePayments(invoiceId: number): Promise<AdminRepairPayment[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/invoices/${invoiceId}/online-payments`, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AdminRepairPayment[] }>().data;
}

describe('repair payments whose PayPal capture is pending', () => {
  it('still pending: read, left as it was', async () => {
    const { paymentId, paypalOrderId, invoice } = await pendingRepairCapture();
    const before = await paymentRow(paymentId);
    expect(before).toMatchObject({ status: 'created', providerStatus: 'PENDING' });
    const gets = getsOf(paypalOrderId);
    await run();
    expect(getsOf(paypalOrderId)).toBe(gets + 1);
    expect(await paymentRow(paymentId)).toEqual(before);
    expect((await invoiceRow(invoice.id)).status).toBe('Unpaid');
    expect(await checkOf(paymentId)).toMatchObject({ provider: 'paypal', outcome: 'pending', providerRef: paypalOrderId, orderId: null });
  });

  it('completed later at PayPal: the invoice is paid once (one line, one receipt), and the next run leaves it alone', async () => {
    const { paymentId, paypalOrderId, invoice, email } = await pendingRepairCapture(8_450);
    const captureId = fake.orders.get(paypalOrderId)?.capture?.id;
    fake.setCaptureStatus(paypalOrderId, 'COMPLETED');
    const result = await run();
    expect(result.paid).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'succeeded', providerStatus: 'COMPLETED', captureRef: captureId });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Paid', amountPaidCents: 8_450 });
    expect(await db().select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id))).toEqual([
      expect.objectContaining({ kind: 'payment', amountCents: 8_450, method: 'PayPal (en ligne)', transactionId: captureId }),
    ]);
    expect(await listOutbox(db(), { to: email, kind: 'repair_payment_receipt' })).toHaveLength(1);
    expect(await checkOf(paymentId)).toMatchObject({ outcome: 'paid' });
    const gets = getsOf(paypalOrderId);
    await run();
    expect(getsOf(paypalOrderId)).toBe(gets);
    expect(await listOutbox(db(), { to: email, kind: 'repair_payment_receipt' })).toHaveLength(1);
  });

  it('declined later at PayPal: the payment fails and the invoice stays payable (staff see it failed)', async () => {
    const { paymentId, paypalOrderId, invoice, user } = await pendingRepairCapture();
    fake.setCaptureStatus(paypalOrderId, 'DECLINED');
    await run();
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'failed', providerStatus: 'DECLINED' });
    expect((await invoiceRow(invoice.id)).status).toBe('Unpaid');
    expect(await onlinePayments(invoice.id)).toEqual([expect.objectContaining({ id: paymentId, status: 'failed', lastError: 'capture DECLINED' })]);
    const again = await t.app.inject({ method: 'POST', url: `/api/account/invoices/${invoice.id}/pay`, headers: user.headers, payload: { provider: 'paypal' }, remoteAddress: nextIp() });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('completed for another amount than asked: nothing recorded on the invoice, the difference left for staff', async () => {
    // PayPal's capture is for 1,00 € (forged), pending at first.
    const { paymentId, paypalOrderId, invoice } = await pendingRepairCapture(5_000, '1.00');
    fake.setCaptureStatus(paypalOrderId, 'COMPLETED');
    await run();
    const row = await paymentRow(paymentId);
    expect(row.status).toBe('created');
    expect(row.lastError).toContain('expected 50.00 EUR');
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Unpaid', amountPaidCents: 0 });
    // No longer pending: not read again.
    const gets = getsOf(paypalOrderId);
    await run();
    expect(getsOf(paypalOrderId)).toBe(gets);
  });

  it('PayPal failing: the payment is left as it was and read again by a later run', async () => {
    const { paymentId, paypalOrderId, invoice } = await pendingRepairCapture();
    fake.setCaptureStatus(paypalOrderId, 'COMPLETED');
    const failing = await settlePendingRepairPaypalPayments(
      { ...t.app.repairPayments, paypal: { ...client, getOrder: (id) => (id === paypalOrderId ? Promise.reject(new Error('PayPal down')) : client.getOrder(id)) } },
      { log: t.app.log, recheckAfterMs: 0 },
    );
    expect(failing.errors).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(paymentId)).status).toBe('created');
    expect(await checkOf(paymentId)).toMatchObject({ outcome: 'error: PayPal down' });
    await run();
    expect((await invoiceRow(invoice.id)).status).toBe('Paid');
  });

  it('two instances at once: each payment is read once; one read recently is skipped', async () => {
    const { paypalOrderId, paymentId } = await pendingRepairCapture();
    const gets = getsOf(paypalOrderId);
    await Promise.all([run(60_000), run(60_000)]);
    expect(getsOf(paypalOrderId)).toBe(gets + 1);
    await run(60_000);
    expect(getsOf(paypalOrderId)).toBe(gets + 1);
    expect((await paymentRow(paymentId)).status).toBe('created');
  });

  it('pending beyond the limit: no longer read, and staff see why on the invoice (once)', async () => {
    const { paymentId, paypalOrderId, invoice } = await pendingRepairCapture();
    const old = new Date(Date.now() - 31 * 86_400_000);
    await db().update(repairPayments).set({ updatedAt: old }).where(eq(repairPayments.id, paymentId));
    const gets = getsOf(paypalOrderId);
    const first = await run();
    expect(first.givenUp).toBeGreaterThanOrEqual(1);
    expect(getsOf(paypalOrderId)).toBe(gets);
    const row = await paymentRow(paymentId);
    expect(row).toMatchObject({ status: 'created', providerStatus: 'PENDING', lastError: REPAIR_PAYPAL_GIVEN_UP });
    expect(row.updatedAt.getTime()).toBe(old.getTime());
    expect(await onlinePayments(invoice.id)).toEqual([expect.objectContaining({ id: paymentId, status: 'created', lastError: REPAIR_PAYPAL_GIVEN_UP })]);
    // Said once: the next run neither reads it nor notes it again.
    await run();
    expect(getsOf(paypalOrderId)).toBe(gets);
    expect((await paymentRow(paymentId)).updatedAt.getTime()).toBe(old.getTime());
  });

  it('the shop’s PayPal job re-reads them on its interval when given the repair payments', async () => {
    const { paypalOrderId, invoice } = await pendingRepairCapture();
    fake.setCaptureStatus(paypalOrderId, 'COMPLETED');
    const runs = signal();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const stop = startPaypalPendingJob(
        db(),
        t.app.log,
        {
          paypal: { clientId: FAKE_PAYPAL_CLIENT_ID, clientSecret: FAKE_PAYPAL_CLIENT_SECRET, apiUrl: fake.url },
          publicUrl: t.config.publicUrl,
          repairPayments: t.app.repairPayments,
          onRun: () => runs.fire(),
        },
        50,
      );
      try {
        await until(async () => (await invoiceRow(invoice.id)).status === 'Paid', 'repair payment settled by the job', {
          step: () => vi.advanceTimersByTime(50),
          done: runs,
          maxSteps: 5,
        });
      } finally {
        stop();
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
