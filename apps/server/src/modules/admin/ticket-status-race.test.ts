/**
 * A ticket never ends up with a status that no longer exists (issue 9): staff moving a ticket to
 * a status while another deletes (or renames) that status are served one after the other — the
 * status row is shared-locked by the change, so the deletion sees the ticket (409) or the change
 * no longer finds the status (400).
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, statuses, tickets } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';

let t: TestApp;
let admin: { headers: { authorization: string } };
const db = () => t.database.db;
const ROUNDS = 25;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, db(), { email: 'atelier.course@exemple.fr', role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

describe('ticket status change racing the status deletion', () => {
  it('leaves no ticket with a deleted status', async () => {
    const [customer] = await db().insert(customers).values({ firstName: 'Rémi', lastName: 'Course' }).returning({ id: customers.id });
    const numbers = Array.from({ length: ROUNDS }, (_, index) => `T-77${String(index).padStart(4, '0')}`);
    await db().insert(tickets).values(numbers.map((ticketNumber) => ({ ticketNumber, customerId: customer?.id ?? 0, status: 'Course départ' })));
    await db().insert(statuses).values({ name: 'Course départ', color: '#123456', type: 'Open' as const }).onConflictDoNothing({ target: statuses.name });
    const created = await db()
      .insert(statuses)
      .values(numbers.map((_, index) => ({ name: `Course ${index}`, color: '#654321', type: 'Open' as const })))
      .returning({ id: statuses.id, name: statuses.name });
    const answers = await Promise.all(
      created.flatMap((status, index) => [
        t.app.inject({ method: 'PATCH', url: `/api/admin/tickets/${numbers[index]}/status`, headers: admin.headers, payload: { status: status.name } }),
        t.app.inject({ method: 'DELETE', url: `/api/admin/statuses/${status.id}`, headers: admin.headers }),
      ]),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    const rows = await db().select({ number: tickets.ticketNumber, status: tickets.status }).from(tickets).where(inArray(tickets.ticketNumber, numbers));
    const existing = new Set((await db().select({ name: statuses.name }).from(statuses)).map((row) => row.name));
    expect(rows.filter((row) => !existing.has(row.status))).toEqual([]);
  });
});

describe('two statuses renamed (or created) with the same name at the same moment', () => {
  it('one wins, the others get the French 409, never a 500', async () => {
    const made = await db()
      .insert(statuses)
      .values(Array.from({ length: 6 }, (_, index) => ({ name: `Doublon source ${index}`, color: '#111111', type: 'Open' as const })))
      .returning({ id: statuses.id });
    const answers = await Promise.all([
      ...made.map(({ id }) => t.app.inject({ method: 'PATCH', url: `/api/admin/statuses/${id}`, headers: admin.headers, payload: { name: 'Doublon cible' } })),
      ...made.map(() => t.app.inject({ method: 'POST', url: '/api/admin/statuses', headers: admin.headers, payload: { name: 'Doublon cible', color: '#222222', type: 'Open' } })),
    ]);
    expect(answers.filter((answer) => answer.statusCode >= 500).map((answer) => answer.body)).toEqual([]);
    expect(answers.filter((answer) => answer.statusCode < 300)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(answers.length - 1);
  });
});
