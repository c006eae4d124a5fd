/**
 * Online repair payments posted to RepairDesk (issue 24 §4) by the posting job, against the local
 * RepairDesk fake over HTTP: posted once, retried with back-off after a 503, given up after N
 * attempts with RepairDesk's error kept for staff.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepairDeskBackend } from '../adapters/repair/repairdesk.js';
import type { RepairBackend } from '../adapters/repair/types.js';
import { repairPayments } from '../db/schema.js';
import { FAKE_REPAIRDESK_KEY, startFakeRepairDesk, type FakeRepairDesk } from '../test/fakes/repairdesk-fake.js';
import type { RdInvoice } from '../test/fakes/repairdesk-store.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { postBackoffMs, postRepairDeskPayments } from './repairdesk-payments.js';

let t: TestApp;
let fake: FakeRepairDesk;
let backend: RepairBackend;
const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

function rdInvoice(id: number, totalCents: number): RdInvoice {
  const euros = (totalCents / 100).toFixed(2);
  return {
    summary: {
      id,
      order_id: `INV-${id}`,
      created_date: Math.floor(Date.now() / 1000),
      status: 'Unpaid',
      total: euros,
      sub_total: euros,
      total_tax: '0.00',
      amount_paid: '0.00',
      amount_due: euros,
      due_on: 0,
      notes: '',
      customer: { cid: 1, first_name: 'Léa', last_name: 'Martin', email: 'lea@exemple.fr' },
      ticket_id: 0,
      ticket_number: '',
    },
    payments: [],
  };
}

async function pendingPayment(invoiceId: number, amountCents: number) {
  const [row] = await t.database.db
    .insert(repairPayments)
    .values({ purpose: 'invoice', invoiceId, invoiceNumber: `INV-${invoiceId}`, email: 'lea@exemple.fr', provider: 'stripe', method: 'card', providerRef: `cs_test_${invoiceId}_${Date.now()}`, captureRef: `pi_${invoiceId}`, amountCents, status: 'succeeded', postStatus: 'pending', postNextAt: new Date() })
    .returning();
  if (!row) throw new Error('row');
  return row;
}

const rowOf = async (id: number) => (await t.database.db.select().from(repairPayments).where(eq(repairPayments.id, id)))[0];
/** The back-off has passed (the test does not wait for it). */
const due = async (id: number) => t.database.db.update(repairPayments).set({ postNextAt: sql`now() - interval '1 second'` }).where(eq(repairPayments.id, id));

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeRepairDesk({ rateLimit: false });
  backend = createRepairDeskBackend({ apiKey: FAKE_REPAIRDESK_KEY, baseUrl: fake.url, production: true, sleep: async () => undefined });
});

afterAll(async () => {
  await fake?.close();
  await t?.close();
});

describe('posting online payments to RepairDesk', () => {
  it('RepairDesk answers 503 then 200: retried after the back-off, posted once, the invoice paid in RepairDesk', async () => {
    fake.store.invoices.push(rdInvoice(501, 8_900));
    const payment = await pendingPayment(501, 8_900);
    fake.controls.failNext(1, 503);
    expect(await postRepairDeskPayments(t.database.db, backend, { log })).toEqual({ posted: 0, retried: 1, failed: 0 });
    const waiting = await rowOf(payment.id);
    expect(waiting).toMatchObject({ postStatus: 'pending', postAttempts: 1 });
    expect(waiting?.postNextAt?.getTime()).toBeGreaterThan(Date.now() + postBackoffMs(1) - 5_000);
    // Not due yet: nothing is sent.
    expect(await postRepairDeskPayments(t.database.db, backend, { log })).toEqual({ posted: 0, retried: 0, failed: 0 });

    await due(payment.id);
    expect(await postRepairDeskPayments(t.database.db, backend, { log })).toEqual({ posted: 1, retried: 0, failed: 0 });
    expect(await rowOf(payment.id)).toMatchObject({ postStatus: 'posted', postAttempts: 2, postError: '' });
    const posted = fake.requests.filter((request) => request.method === 'POST' && request.path === 'invoice/addpayment' && request.status === 200);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({ invoice_id: 501, amount: 89, payment_method: 'Carte bancaire (en ligne)', transaction_id: 'pi_501', notes: `Paiement en ligne Stripe (${payment.providerRef})` });
    const invoice = fake.store.invoices.find((entry) => entry.summary.id === 501);
    expect(invoice?.summary).toMatchObject({ status: 'Paid', amount_paid: '89.00', amount_due: '0.00' });
    expect((await backend.getInvoice(501))?.amountPaidCents).toBe(8_900);

    await due(payment.id);
    expect(await postRepairDeskPayments(t.database.db, backend, { log })).toEqual({ posted: 0, retried: 0, failed: 0 });
  });

  it('gives up after the last attempt: failed, with the error staff see', async () => {
    fake.store.invoices.push(rdInvoice(502, 4_000));
    const payment = await pendingPayment(502, 4_000);
    fake.controls.failNext(2, 503);
    expect(await postRepairDeskPayments(t.database.db, backend, { log, maxAttempts: 2 })).toMatchObject({ retried: 1 });
    await due(payment.id);
    expect(await postRepairDeskPayments(t.database.db, backend, { log, maxAttempts: 2 })).toMatchObject({ failed: 1 });
    const failed = await rowOf(payment.id);
    expect(failed).toMatchObject({ postStatus: 'failed', postAttempts: 2, postNextAt: null });
    expect(failed?.postError).not.toBe('');
    expect(fake.store.invoices.find((entry) => entry.summary.id === 502)?.summary.status).toBe('Unpaid');
  });
});
