/**
 * Deleting a customer while staff issue an invoice or open a ticket for them (issue 9): served
 * one after the other (the customer row is shared-locked by the creation), so either the deletion
 * sees the new record (409) or the creation no longer finds the customer (400) — never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';

let t: TestApp;
let admin: { headers: { authorization: string } };
const db = () => t.database.db;
const ROUNDS = 20;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, db(), { email: 'atelier.suppression@exemple.fr', role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

describe('customer deletion racing a creation for that customer', () => {
  it('answers 409 or 400, never 500, and leaves no record without its customer', async () => {
    const created = await db()
      .insert(customers)
      .values(Array.from({ length: ROUNDS }, (_, index) => ({ firstName: 'Client', lastName: `Course ${index}` })))
      .returning({ id: customers.id });
    const answers = await Promise.all(
      created.flatMap(({ id }, index) => [
        index % 2 === 0
          ? t.app.inject({ method: 'POST', url: '/api/admin/invoices', headers: admin.headers, payload: { customerId: id, lines: [{ name: 'Diagnostic', quantity: 1, unitPriceCents: 2500, vatRate: 20 }] } })
          : t.app.inject({ method: 'POST', url: '/api/admin/tickets', headers: admin.headers, payload: { customerId: id, devices: [{ name: 'iPhone 13', fault: 'Batterie' }] } }),
        t.app.inject({ method: 'DELETE', url: `/api/admin/customers/${id}`, headers: admin.headers }),
      ]),
    );
    expect(answers.filter((answer) => answer.statusCode >= 500).map((answer) => answer.body)).toEqual([]);
  });
});
