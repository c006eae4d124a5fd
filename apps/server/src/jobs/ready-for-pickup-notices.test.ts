/**
 * « Prêt à récupérer » for tickets kept in RepairDesk (issue 24 §4, §5): the tracking job reads the
 * newest tickets from the fake RepairDesk (real HTTP, its wire format) and, for a ticket that became
 * ready, queues the same e-mail as a local status change — with « Payer en ligne » only when an
 * invoice of the ticket is left to pay — and the SMS when the customer agreed to it for this repair.
 * Never twice for one ticket: later rounds, two instances at once, a restart, the status going back
 * and forth. Nothing for a ticket ready long ago, nor for a customer nobody can reach.
 */
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerRecord, InvoiceRecord, TicketRecord } from '../adapters/repair/types.js';
import { rowsOf } from '../db/client.js';
import { estimates, mailOutbox, rateLimits, smsOutbox, trackedTickets } from '../db/schema.js';
import { FAKE_BREVO_API_KEY } from '../test/fakes/sms-fake.js';
import { fromRecords, startFakeRepairDesk, type FakeRepairDesk } from '../test/fakes/repairdesk-fake.js';
import { customerToRd, invoiceToRd, ticketToRd } from '../test/fakes/repairdesk-store.js';
import { signal, until } from '../test/signals.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signedInUser } from '../test/users.js';
import { READY_NOTICE_WINDOW_MS, readyNoticeKeys, type ReadyNoticeOptions } from './ready-for-pickup-notices.js';
import { runTicketTracking, startTicketTrackingJob } from './ticket-tracking.js';

const KEY = 'rd-ready-notices-key-7c1d';
let fake: FakeRepairDesk;
let t: TestApp;
let next = 0;
const db = () => t.database.db;

beforeAll(async () => {
  fake = await startFakeRepairDesk({ apiKey: KEY, rateLimit: false });
  Object.assign(fake.store, fromRecords({}));
  t = await createTestApp({
    REPAIRDESK_API_KEY: KEY,
    REPAIRDESK_BASE_URL: fake.url,
    PUBLIC_URL: 'http://boutique.test',
    SMS_PROVIDER: 'brevo',
    BREVO_API_KEY: FAKE_BREVO_API_KEY,
    BREVO_BASE_URL: 'http://127.0.0.1:9',
  });
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

beforeEach(async () => {
  await db().delete(rateLimits);
  fake.controls.reset();
});

function customer(id: number, email: string | null): CustomerRecord {
  return {
    id,
    firstName: 'Noémie',
    lastName: 'Prête',
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

/** A customer and a ticket of theirs in RepairDesk, at `status`, last modified `modifiedAt`; with an invoice when asked. */
function repairDeskTicket(options: { status: string; email?: string | null; modifiedAt?: Date; invoice?: { totalCents: number; amountPaidCents: number } }) {
  next += 1;
  const customerId = 7_000 + next;
  const ticketId = 42_000 + next;
  const ticketNumber = `T-${770_000 + next}`;
  const email = options.email === undefined ? `noemie.${next}.${Date.now()}@exemple.fr` : options.email;
  const owner = customer(customerId, email);
  const ticket: TicketRecord = {
    id: ticketId,
    ticketNumber,
    status: options.status,
    customerId,
    description: '',
    totalCents: 8_900,
    createdAt: new Date(Date.now() - 10 * 86_400_000),
    updatedAt: options.modifiedAt ?? new Date(),
    devices: [{ category: 'Téléphone', brand: 'Apple', name: 'iPhone 13', model: '', fault: 'Écran', status: options.status, imei: '', serial: '', priceCents: 8_900, repairItems: [] }],
  };
  fake.store.customers.push(customerToRd(owner));
  fake.store.tickets.push(ticketToRd(ticket, owner));
  let invoice: InvoiceRecord | null = null;
  if (options.invoice) {
    invoice = {
      id: 91_000 + next,
      invoiceNumber: `RD-F-${next}-${Date.now()}`,
      customerId,
      ticketId,
      ticketNumber,
      status: options.invoice.amountPaidCents >= options.invoice.totalCents ? 'Paid' : options.invoice.amountPaidCents > 0 ? 'Partial' : 'Unpaid',
      subtotalCents: Math.round(options.invoice.totalCents / 1.2),
      taxCents: options.invoice.totalCents - Math.round(options.invoice.totalCents / 1.2),
      totalCents: options.invoice.totalCents,
      amountPaidCents: options.invoice.amountPaidCents,
      notes: '',
      dueOn: null,
      createdAt: new Date(Date.now() - 86_400_000),
      lines: [{ name: 'Écran iPhone 13', sku: 'ECR-13', quantity: 1, unitPriceCents: options.invoice.totalCents, taxCents: 0, totalCents: options.invoice.totalCents }],
      payments: [],
    };
    fake.store.invoices.push(invoiceToRd(invoice, owner));
  }
  return { ticketId, ticketNumber, customerId, email, invoice };
}

/** RepairDesk's staff change the ticket's status (and RepairDesk its modification time). */
function setStatus(ticketId: number, status: string): void {
  const ticket = fake.store.tickets.find((entry) => Number(entry.summary.id) === ticketId);
  if (!ticket) throw new Error(`no ticket ${ticketId}`);
  for (const device of ticket.devices) device.status = { name: status };
  // RepairDesk counts in seconds: a change within the same second still moves it on.
  ticket.summary.modified_on = Math.max(Math.floor(Date.now() / 1000), Number(ticket.summary.modified_on) + 1);
}

async function smsConsent(ticketId: number, ticketNumber: string, customerId: number, phone: string): Promise<void> {
  await db()
    .insert(estimates)
    .values({
      estimateNumber: `DV-2026-${String(880_000 + next)}`,
      ticketId,
      ticketNumber,
      customerId,
      customerName: 'Noémie Prête',
      email: 'noemie@exemple.fr',
      phone,
      smsConsent: true,
      deviceCategory: 'telephone',
      vatRegime: 'standard',
      subtotalCents: 7_417,
      taxCents: 1_483,
      totalCents: 8_900,
      leadTimeDays: 2,
      validUntil: '2099-12-31',
    });
}

let kicks = 0;
const notices = (extra: Partial<ReadyNoticeOptions> = {}): ReadyNoticeOptions => ({ publicUrl: 'http://boutique.test', sms: t.app.sms, kick: () => (kicks += 1), ...extra });
const round = (options: ReadyNoticeOptions = notices(), sharedBudget: { name: string; limit: number; windowMs: number } | null = null) =>
  runTicketTracking(db(), { backend: t.app.repair.backend, readyNotices: options, sharedBudget });

const mailsOf = (ticketId: number) => db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, readyNoticeKeys(ticketId).mail));
const smsOf = (ticketId: number) => db().select().from(smsOutbox).where(eq(smsOutbox.dedupeKey, readyNoticeKeys(ticketId).sms));
const customerReads = (customerId: number) => fake.count({ method: 'GET', path: `customers/${customerId}` });
/** The subject of the local status e-mail for « Prêt à récupérer » (a space or a no-break space before the colon). */
const readySubject = (ticketNumber: string) => new RegExp(`^Votre réparation ${ticketNumber}[\\s\u00a0]: Prêt à récupérer$`);

describe('RepairDesk tickets becoming « prêt à récupérer »', () => {
  it('one e-mail with « Payer en ligne » for the unpaid invoice (its link opens it), and the SMS the customer agreed to', async () => {
    const ticket = repairDeskTicket({ status: 'In Progress', invoice: { totalCents: 12_900, amountPaidCents: 3_900 } });
    await smsConsent(ticket.ticketId, ticket.ticketNumber, ticket.customerId, '06 12 34 56 78');
    // Still being repaired: nothing.
    await round();
    expect(await mailsOf(ticket.ticketId)).toHaveLength(0);

    setStatus(ticket.ticketId, 'Ready for Pickup');
    const kicked = kicks;
    const result = await round();
    expect(result.notices).toBeGreaterThanOrEqual(1);
    expect(kicks).toBeGreaterThan(kicked);
    const [mail] = await mailsOf(ticket.ticketId);
    expect(mail).toMatchObject({ kind: 'ticket_status', toAddress: ticket.email });
    expect(mail?.subject).toMatch(readySubject(ticket.ticketNumber));
    expect(mail?.text).toContain('Bonjour Noémie,');
    expect(mail?.text).toContain(`Reste à payer sur la facture ${ticket.invoice?.invoiceNumber}\u00a0: 90,00\u00a0€`);
    expect(mail?.html).toContain('>Payer en ligne</a>');
    const token = /http:\/\/boutique\.test\/payer-facture\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const view = await t.app.inject({ method: 'POST', url: '/api/invoice-links/view', payload: { token }, remoteAddress: '10.88.0.1' });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<{ data: unknown }>().data).toMatchObject({ invoiceNumber: ticket.invoice?.invoiceNumber, status: 'Partial', amountDueCents: 9_000 });

    const [sms] = await smsOf(ticket.ticketId);
    expect(sms).toMatchObject({ kind: 'ready_for_pickup', toNumber: '+33612345678' });
    expect(sms?.body).toContain(`votre appareil (${ticket.ticketNumber}) est disponible au retrait en boutique`);
  });

  it('never twice for one ticket: next rounds, two instances at once, a restart, the status going back and forth', async () => {
    const ticket = repairDeskTicket({ status: 'Ready for Pickup', invoice: { totalCents: 5_000, amountPaidCents: 0 } });
    await smsConsent(ticket.ticketId, ticket.ticketNumber, ticket.customerId, '07 11 22 33 44');
    // Two instances at the same moment.
    await Promise.all([round(), round(), round()]);
    expect(await mailsOf(ticket.ticketId)).toHaveLength(1);
    expect(await smsOf(ticket.ticketId)).toHaveLength(1);
    const links = async () => rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from customer_links where purpose = 'invoice-payment' and subject_id = ${ticket.invoice?.id ?? 0}`))[0]?.n;
    // The losers' transactions were rolled back: one link, the one in the e-mail.
    expect(await links()).toBe(1);

    // Later rounds, and a restart (this instance's memory gone): asked nothing of RepairDesk about the customer, nothing sent.
    const reads = customerReads(ticket.customerId);
    t.app.repair.backend.invalidate?.();
    await round();
    await round(notices({ unreachable: new Map() }));
    expect(customerReads(ticket.customerId)).toBe(reads);

    // Back in repair, then ready again the same day.
    setStatus(ticket.ticketId, 'In Progress');
    await round();
    setStatus(ticket.ticketId, 'Prêt à récupérer');
    await round();
    expect(await mailsOf(ticket.ticketId)).toHaveLength(1);
    expect(await smsOf(ticket.ticketId)).toHaveLength(1);
    expect(await links()).toBe(1);
  });

  it('nothing left to pay: the same e-mail without « Payer en ligne »; no consent: no SMS', async () => {
    const ticket = repairDeskTicket({ status: 'In Progress', invoice: { totalCents: 6_000, amountPaidCents: 6_000 } });
    setStatus(ticket.ticketId, 'Ready for Pickup');
    await round();
    const [mail] = await mailsOf(ticket.ticketId);
    expect(mail?.subject).toMatch(readySubject(ticket.ticketNumber));
    expect(mail?.text).not.toContain('Payer en ligne');
    expect(mail?.text).not.toContain('/payer-facture');
    expect(await smsOf(ticket.ticketId)).toHaveLength(0);
  });

  it('a ticket ready long before (RepairDesk’s last change outside the window) or in another status: nothing', async () => {
    const old = repairDeskTicket({ status: 'Ready for Pickup', modifiedAt: new Date(Date.now() - READY_NOTICE_WINDOW_MS - 3_600_000), invoice: { totalCents: 4_000, amountPaidCents: 0 } });
    const other = repairDeskTicket({ status: 'Waiting for parts' });
    const reads = customerReads(old.customerId);
    await round();
    expect(await mailsOf(old.ticketId)).toHaveLength(0);
    expect(await mailsOf(other.ticketId)).toHaveLength(0);
    expect(customerReads(old.customerId)).toBe(reads);
  });

  it('a customer with neither an address nor SMS consent: nothing sent, and not asked about again until the ticket changes', async () => {
    const ticket = repairDeskTicket({ status: 'Ready for Pickup', email: null });
    const options = notices({ unreachable: new Map() });
    await round(options);
    const reads = customerReads(ticket.customerId);
    expect(reads).toBe(1);
    // RepairDesk's copies forgotten: only this instance's memory keeps it from asking again.
    t.app.repair.backend.invalidate?.();
    await round(options);
    expect(customerReads(ticket.customerId)).toBe(reads);
    // Modified in RepairDesk (an address may have been added): asked again.
    setStatus(ticket.ticketId, 'Ready for Pickup');
    t.app.repair.backend.invalidate?.();
    await round(options);
    expect(customerReads(ticket.customerId)).toBe(reads + 1);
    expect(await mailsOf(ticket.ticketId)).toHaveLength(0);
    expect(await smsOf(ticket.ticketId)).toHaveLength(0);
  });

  it('within the job’s RepairDesk budget: what does not fit waits for the next round', async () => {
    const ticket = repairDeskTicket({ status: 'Ready for Pickup', invoice: { totalCents: 3_000, amountPaidCents: 0 } });
    // Two requests a minute for the whole round: the newest page and the customer, not the invoices.
    const tight = { name: 'ticket-tracking-ready-test', limit: 2, windowMs: 60_000 };
    const before = fake.requests.length;
    await round(notices(), tight);
    expect(fake.requests.length - before).toBeLessThanOrEqual(2);
    expect(await mailsOf(ticket.ticketId)).toHaveLength(0);
    await db().delete(rateLimits);
    await round();
    expect(await mailsOf(ticket.ticketId)).toHaveLength(1);
  });

  it('a RepairDesk failure sends nothing and breaks nothing; the next round sends', async () => {
    const ticket = repairDeskTicket({ status: 'Ready for Pickup' });
    fake.controls.failNext(20, 503);
    const failed = await round();
    fake.controls.reset();
    expect(failed.failed).toBe(true);
    expect(await mailsOf(ticket.ticketId)).toHaveLength(0);
    await round();
    expect(await mailsOf(ticket.ticketId)).toHaveLength(1);
    expect(await db().select().from(mailOutbox).where(like(mailOutbox.dedupeKey, `ticket_ready:repairdesk:${ticket.ticketId}`))).toHaveLength(1);
  }, 30_000);

  it('the newest tickets are read once per period for all instances together; a tracked ticket is told of at every round', async () => {
    const sweeping = () => notices({ sweepEveryMs: 60_000 });
    // The page of newest tickets (a lookup by number lists tickets too, with a keyword).
    const listReads = () => fake.requests.filter((request) => request.method === 'GET' && request.path === 'tickets' && !request.query.keyword).length;
    let before = listReads();
    await round(sweeping());
    expect(listReads() - before).toBe(1);
    // Another instance, within the period: no page of its own.
    before = listReads();
    await round(sweeping());
    expect(listReads() - before).toBe(0);

    // A ticket someone follows becomes ready: its own read (the tracking) carries the notice, no page needed.
    const ticket = repairDeskTicket({ status: 'In Progress', invoice: { totalCents: 2_500, amountPaidCents: 0 } });
    const follower = await signedInUser(t.app, db(), { email: `suivi.${ticket.ticketNumber.toLowerCase()}@exemple.fr`, repairCustomerId: ticket.customerId });
    await db().insert(trackedTickets).values({ userId: follower.id, ticketNumber: ticket.ticketNumber, lastStatus: 'In Progress', lastCheckedAt: new Date(Date.now() - 120_000) });
    setStatus(ticket.ticketId, 'Ready for Pickup');
    before = listReads();
    const result = await round(sweeping());
    expect(listReads() - before).toBe(0);
    expect(result).toMatchObject({ claimed: 1, changes: 1, notices: 1 });
    expect((await mailsOf(ticket.ticketId))[0]?.text).toContain('Payer en ligne');
  });

  it('runs with the tracking job and kicks the outboxes', async () => {
    const ticket = repairDeskTicket({ status: 'Ready for Pickup' });
    const runs = signal();
    let kicked = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const stop = startTicketTrackingJob(
        db(),
        t.app.log,
        { backend: t.app.repair.backend, sharedBudget: null, readyNotices: notices({ kick: () => (kicked += 1), firstSweepAt: 0, sweepEveryMs: undefined }), onRun: () => runs.fire() },
        100,
      );
      try {
        await until(async () => (await mailsOf(ticket.ticketId)).length === 1, 'the « prêt » e-mail queued by the job', {
          step: () => vi.advanceTimersByTime(100),
          done: runs,
          maxSteps: 10,
        });
      } finally {
        stop();
      }
    } finally {
      vi.useRealTimers();
    }
    expect(kicked).toBeGreaterThanOrEqual(1);
  }, 30_000);
});
