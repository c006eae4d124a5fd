/**
 * The estimates' demo data (issue 24 §1): every new demo database has the statuses « Devis
 * accepté » and « Devis refusé » after the others, and one estimate awaiting the answer of a demo
 * ticket's customer, numbered by the counter (the next one follows without a gap). Seeding again
 * adds nothing; a real shop (no demo data) gets neither.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateAmounts } from '@erepare/shared/estimates';
import { rowsOf } from '../client.js';
import { appMeta, documentCounters, estimateLines, estimates, statuses, tickets } from '../schema.js';
import { parisYear } from './calendar.js';
import { estimateDemoStatuses } from './estimates.js';
import { seed } from '../seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the estimates’ demo data', () => {
  it('adds « Devis accepté » and « Devis refusé » (open) after the other statuses', async () => {
    const rows = await db().select().from(statuses).orderBy(statuses.sortOrder);
    expect(rows.slice(-2).map(({ name, color, type }) => ({ name, color, type }))).toEqual(estimateDemoStatuses.map(({ name, color, type }) => ({ name, color, type })));
    expect(new Set(rows.map((row) => row.sortOrder)).size).toBe(rows.length);
  });

  it('holds one estimate awaiting its answer, for a demo ticket waiting for its customer, priced by the shared rule', async () => {
    const rows = await db().select().from(estimates);
    expect(rows).toHaveLength(1);
    const [estimate] = rows;
    expect(estimate).toMatchObject({ status: 'sent', depositCents: 0 });
    expect(estimate?.estimateNumber).toMatch(new RegExp(`^DV-${parisYear(estimate?.createdAt ?? new Date())}-000001$`));
    const [ticket] = await db().select().from(tickets).where(eq(tickets.ticketNumber, estimate?.ticketNumber ?? ''));
    expect(ticket).toMatchObject({ status: 'Waiting for customer', customerId: estimate?.customerId, id: estimate?.ticketId });
    const lines = await db().select().from(estimateLines).where(eq(estimateLines.estimateId, estimate?.id ?? 0));
    expect(lines.map((line) => line.kind)).toEqual(['part', 'labour']);
    const amounts = estimateAmounts(
      lines.map((line) => ({ kind: line.kind, label: line.label, quantity: line.quantity, unitPriceCents: line.unitPriceCents, vatRate: '20' as const })),
      estimate?.vatRegime ?? 'standard',
      estimate?.bonusCategory ?? null,
    );
    expect(estimate).toMatchObject({ totalCents: amounts.totalCents, taxCents: amounts.taxCents, bonusCents: amounts.bonusCents });
  });

  it('leaves the counter where the next estimate follows without a gap', async () => {
    const [estimate] = await db().select().from(estimates);
    const year = parisYear(estimate?.createdAt ?? new Date());
    const [counter] = await db().select().from(documentCounters).where(eq(documentCounters.key, `DV-${year}`));
    expect(counter?.value).toBe(1);
    if (year !== parisYear(new Date())) return; // seeded on 31 December, tested on 1 January: a new series.
    const admin = await signedInUser(t.app, db(), { email: 'atelier.demo.devis@exemple.fr', role: 'admin' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/estimates',
      headers: admin.headers,
      payload: { ticket: estimate?.ticketNumber, lines: [{ kind: 'labour', label: 'Diagnostic', quantity: 1, unitPriceCents: 2900 }], leadTimeDays: 1, bonus: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ data: { estimateNumber: string } }>().data.estimateNumber).toBe(`DV-${year}-000002`);
  });

  it('adds nothing when the seed runs again', async () => {
    const before = { statuses: (await db().select().from(statuses)).length, estimates: (await db().select().from(estimates)).length };
    await db().delete(appMeta).where(eq(appMeta.key, 'seed_version'));
    expect(await seed(db())).toEqual({ seeded: true });
    expect((await db().select().from(statuses)).length).toBe(before.statuses);
    expect((await db().select().from(estimates)).length).toBe(before.estimates);
    const [row] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from statuses where name in ('Devis accepté', 'Devis refusé')`));
    expect(Number(row?.n)).toBe(2);
  });
});
