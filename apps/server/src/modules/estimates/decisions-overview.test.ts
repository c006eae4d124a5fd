/**
 * « Devis à traiter » on the staff overview (issue 24 §1): the customers' answers of the last 14
 * days staff still have to act on — acceptances whose ticket has not moved on since (the status
 * the acceptance itself set does not count), and declines — newest first, with their counts.
 * The seeded demo data is there too: counts are checked as differences, entries by number.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminOverview } from '@erepare/shared/schemas/admin-core';
import type { AdminEstimate } from '@erepare/shared/schemas/estimates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, estimates, mailOutbox, quoteRequests, statuses, tickets } from '../../db/schema.js';
import { adminTestBed, type AdminTestBed, type Envelope } from '../../test/admin.js';

let h: AdminTestBed;
const db = () => h.t.database.db;
let quoteId = 0;
let ip = 0;

const line = { kind: 'part', label: 'Écran', quantity: 1, unitPriceCents: 9900 };

async function overview(who: 'admin' | 'customer' = 'admin') {
  const response = await h.call('GET', '/api/admin/overview', undefined, who);
  return response;
}
const estimatesOf = async () => (await overview()).json<Envelope<AdminOverview>>().data.estimates;

async function tokenFor(to: string): Promise<string> {
  const rows = await db().select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'estimate_sent'), eq(mailOutbox.toAddress, to))).orderBy(asc(mailOutbox.id));
  const match = /\/devis\/consulter\?token=([A-Za-z0-9_-]{43})/.exec(rows.at(-1)?.text ?? '');
  if (!match?.[1]) throw new Error(`no estimate link mailed to ${to}`);
  return match[1];
}

/** Staff send an estimate; the customer answers through the mailed link. */
async function decided(source: { quoteRequestId: number } | { ticket: string }, to: string, decision: 'accept' | 'decline' | null): Promise<AdminEstimate> {
  const created = await h.call('POST', '/api/admin/estimates', { ...source, lines: [line], leadTimeDays: 1, bonus: false });
  expect(created.statusCode, created.body).toBe(201);
  const estimate = created.json<Envelope<AdminEstimate>>().data;
  if (decision) {
    const token = await tokenFor(to);
    ip += 1;
    const answer = await h.t.app.inject({ method: 'POST', url: '/api/estimate-links/decision', payload: { token, decision }, remoteAddress: `10.88.0.${ip}` });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  return estimate;
}

beforeAll(async () => {
  h = await adminTestBed();
  const [quote] = await db()
    .insert(quoteRequests)
    .values({
      reference: 'D-TEST-OVERVIEW',
      category: 'telephone',
      fault: 'ecran',
      faultLabel: 'Écran cassé',
      name: 'Anaïs Aperçu',
      email: 'anais.apercu@exemple.fr',
      phone: '',
      dropOffDate: '2030-01-10',
      dropOffSlot: 'matin',
      consentAt: new Date(),
    })
    .returning();
  quoteId = quote?.id ?? 0;
  await db()
    .insert(statuses)
    .values([
      { name: 'Waiting for customer', color: '#f59e0b', type: 'Open' },
      { name: 'In Progress', color: '#f97316', type: 'Open' },
      { name: 'Repaired', color: '#22c55e', type: 'Closed' },
    ])
    .onConflictDoNothing({ target: statuses.name });
});
afterAll(async () => {
  await h?.t.close();
});

describe('the overview’s « Devis à traiter »', () => {
  it('is staff-only', async () => {
    expect((await overview('customer')).statusCode).toBe(403);
  });

  it('lists acceptances and declines, newest first, with their counts; an estimate awaiting an answer is not listed', async () => {
    const before = await estimatesOf();
    const waiting = await decided({ quoteRequestId: quoteId }, 'anais.apercu@exemple.fr', null);
    const accepted = await decided({ quoteRequestId: quoteId }, 'anais.apercu@exemple.fr', 'accept');
    const declined = await decided({ quoteRequestId: quoteId }, 'anais.apercu@exemple.fr', 'decline');
    const after = await estimatesOf();
    expect(after.accepted - before.accepted).toBe(1);
    expect(after.declined - before.declined).toBe(1);
    expect(after.recent.slice(0, 2)).toMatchObject([
      { id: declined.id, estimateNumber: declined.estimateNumber, status: 'declined', customerName: 'Anaïs Aperçu', ticketNumber: null, toPayCents: 9900 },
      { id: accepted.id, status: 'accepted' },
    ]);
    expect(after.recent.map((entry) => entry.id)).not.toContain(waiting.id);
  });

  it('an acceptance leaves the list once its ticket moves on, not for the status the acceptance itself set', async () => {
    const [customer] = await db().insert(customers).values({ firstName: 'Théo', lastName: 'Suivi', email: 'theo.suivi@exemple.fr' }).returning();
    await db().insert(tickets).values({ ticketNumber: 'T-881001', customerId: customer?.id ?? 0, status: 'Waiting for customer' });
    const estimate = await decided({ ticket: 'T-881001' }, 'theo.suivi@exemple.fr', 'accept');
    const [ticket] = await db().select().from(tickets).where(eq(tickets.ticketNumber, 'T-881001'));
    expect(ticket?.status).not.toBe('Waiting for customer');
    expect((await estimatesOf()).recent.map((entry) => entry.id)).toContain(estimate.id);
    const moved = await h.call('PATCH', '/api/admin/tickets/T-881001/status', { status: 'Repaired' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await estimatesOf()).recent.map((entry) => entry.id)).not.toContain(estimate.id);
  });

  it('forgets answers older than 14 days', async () => {
    const old = await decided({ quoteRequestId: quoteId }, 'anais.apercu@exemple.fr', 'decline');
    const before = await estimatesOf();
    expect(before.recent.map((entry) => entry.id)).toContain(old.id);
    await db().update(estimates).set({ decidedAt: sql`now() - interval '15 days'` }).where(eq(estimates.id, old.id));
    const after = await estimatesOf();
    expect(after.recent.map((entry) => entry.id)).not.toContain(old.id);
    expect(before.declined - after.declined).toBe(1);
  });
});
