/**
 * « Prêt à récupérer » by SMS (issue 24 §5): staff move a ticket to ready for pickup and the
 * customer who agreed to service SMS for this repair (estimate or booking) gets one, sent to the
 * local Brevo fake; the marketing opt-in of registration is never a consent for it.
 */
import { eq, sql } from 'drizzle-orm';
import { smsSize } from '@erepare/shared/sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { bookings, customers, estimates, statuses, tickets } from '../../db/schema.js';
import { startFakeSms, type FakeSms } from '../../test/fakes/sms-fake.js';
import { signal, until } from '../../test/signals.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { isReadyForPickupStatus } from './ready-for-pickup.js';

let t: TestApp;
let fake: FakeSms;
let admin: { headers: { authorization: string } };
const db = () => t.database.db;

type SmsRow = { kind: string; to_number: string; body: string; status: string };
const smsRows = async () => rowsOf<SmsRow>(await db().execute(sql`select kind, to_number, body, status from sms_outbox order by id`));

const patch = (ticket: string, status: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/tickets/${ticket}/status`, payload: { status }, headers: admin.headers });

async function ticketFor(number: string, customer: { smsOptIn: boolean; phone: string }): Promise<{ ticketId: number; customerId: number }> {
  const [row] = await db().insert(customers).values({ firstName: 'Inès', lastName: 'Atelier', email: `${number.toLowerCase()}@exemple.fr`, phone: customer.phone, smsOptIn: customer.smsOptIn }).returning();
  const [ticket] = await db().insert(tickets).values({ ticketNumber: number, customerId: row?.id ?? 0, status: 'In Progress' }).returning();
  return { ticketId: ticket?.id ?? 0, customerId: row?.id ?? 0 };
}

let estimateCount = 0;
async function estimateFor(ticket: { ticketId: number; customerId: number }, number: string, phone: string, smsConsent: boolean): Promise<number> {
  estimateCount += 1;
  const [row] = await db()
    .insert(estimates)
    .values({
      estimateNumber: `DV-2026-${String(900000 + estimateCount)}`,
      ticketId: ticket.ticketId,
      ticketNumber: number,
      customerId: ticket.customerId,
      customerName: 'Inès Atelier',
      email: 'ines@exemple.fr',
      phone,
      smsConsent,
      deviceCategory: 'telephone',
      vatRegime: 'standard',
      subtotalCents: 5000,
      taxCents: 1000,
      totalCents: 6000,
      leadTimeDays: 3,
      validUntil: '2099-12-31',
    })
    .returning();
  return row?.id ?? 0;
}

beforeAll(async () => {
  fake = await startFakeSms();
  t = await createTestApp({ SMS_PROVIDER: 'brevo', BREVO_API_KEY: fake.apiKey, BREVO_BASE_URL: fake.url });
  await db()
    .insert(statuses)
    .values([
      { name: 'In Progress', color: '#f59e0b', type: 'Open' as const },
      { name: 'Ready for pickup', color: '#16a34a', type: 'Closed' as const },
    ])
    .onConflictDoNothing({ target: statuses.name });
  admin = await signedInUser(t.app, db(), { email: 'staff.sms@exemple.fr', role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('ready for pickup by SMS', () => {
  it('knows the status under its names', () => {
    expect(isReadyForPickupStatus('Ready for pickup')).toBe(true);
    expect(isReadyForPickupStatus('Prêt à récupérer')).toBe(true);
    expect(isReadyForPickupStatus('prêt pour récupération')).toBe(true);
    expect(isReadyForPickupStatus('In Progress')).toBe(false);
    expect(isReadyForPickupStatus('Réparé')).toBe(false);
  });

  it('texts the number of the estimate the customer agreed on, once per change, and the job sends it', async () => {
    const ticket = await ticketFor('T-770001', { smsOptIn: false, phone: '0556000000' });
    await estimateFor(ticket, 'T-770001', '06 11 22 33 44', true);
    const response = await patch('T-770001', 'Ready for pickup');
    expect(response.statusCode, response.body).toBe(200);
    const rows = await smsRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'ready_for_pickup', to_number: '+33611223344', status: 'pending' });
    expect(rows[0]?.body).toMatch(/^E\.repare : votre appareil \(T-770001\) est disponible au retrait en boutique\./);
    expect(smsSize(rows[0]?.body ?? '')).toMatchObject({ encoding: 'gsm7', segments: 1 });
    // The same status again changes nothing, texts nothing.
    expect((await patch('T-770001', 'Ready for pickup')).statusCode).toBe(200);
    expect(await smsRows()).toHaveLength(1);
    // Back to the bench and ready again: a new SMS.
    await patch('T-770001', 'In Progress');
    await patch('T-770001', 'Ready for pickup');
    expect(await smsRows()).toHaveLength(2);
    // The running server's job sends them (made due now: this test may run during the quiet hours).
    await db().execute(sql`update sms_outbox set next_attempt_at = now()`);
    const polls = signal();
    t.app.sms.start({ onPoll: () => polls.fire(), pollIntervalMs: 60_000 });
    await until(() => fake.messages.length === 2, 'two SMS at Brevo', { step: () => t.app.sms.kick(), done: polls });
    expect(fake.messages.map((message) => message.recipient)).toEqual(['33611223344', '33611223344']);
  });

  it('texts nobody whose latest choice for this repair was no, even with the marketing opt-in of registration', async () => {
    await db().execute(sql`delete from sms_outbox`);
    const ticket = await ticketFor('T-770002', { smsOptIn: true, phone: '0612121212' });
    await estimateFor(ticket, 'T-770002', '0612121212', false);
    expect((await patch('T-770002', 'Ready for pickup')).statusCode).toBe(200);
    // No estimate nor booking at all: no SMS either, whatever the customer's sms_opt_in.
    const bare = await ticketFor('T-770003', { smsOptIn: true, phone: '0613131313' });
    expect(bare.ticketId).toBeGreaterThan(0);
    expect((await patch('T-770003', 'Ready for pickup')).statusCode).toBe(200);
    expect(await smsRows()).toHaveLength(0);
  });

  it('uses a later booking’s consent for the same repair', async () => {
    await db().execute(sql`delete from sms_outbox`);
    const ticket = await ticketFor('T-770004', { smsOptIn: false, phone: '' });
    const estimateId = await estimateFor(ticket, 'T-770004', '0614141414', false);
    await db()
      .insert(bookings)
      .values({ reference: 'RDV-2026-990001', slotStart: new Date('2099-01-05T09:00:00Z'), slotEnd: new Date('2099-01-05T09:30:00Z'), name: 'Inès', email: 'ines@exemple.fr', phone: '07 15 15 15 15', smsConsent: true, estimateId });
    expect((await patch('T-770004', 'Ready for pickup')).statusCode).toBe(200);
    const rows = await smsRows();
    expect(rows.map((row) => row.to_number)).toEqual(['+33715151515']);
    await db().delete(bookings).where(eq(bookings.reference, 'RDV-2026-990001'));
  });
});
