/**
 * Issue 24 §1: the one ownership rule (DESIGN §4) for estimates in the account. An estimate is a
 * user's when its customer is the user's linked repair customer, or its address is the user's
 * *verified* address. Typing someone's address into an unverified account proves nothing:
 * - the unverified account lists nothing, opens no PDF and decides nothing (404, nothing changes);
 * - another user's session gets the same 404 as an unknown estimate (existence is not revealed);
 * - the estimate's id in the path is not enough: list, PDF and decision all apply the one rule.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateMessages } from '@erepare/shared/estimates';
import { estimates, quoteRequests } from '../../apps/server/src/db/schema.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { signedInUser } from '../../apps/server/src/test/users.js';
import { frenchMessageProblem, nextAddress } from './helpers.js';

let t: TestApp;
let estimateId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedInUser(t.app, t.database.db, { email: 'atelier.proprietaire@exemple.fr', role: 'admin' });
  const [quote] = await t.database.db
    .insert(quoteRequests)
    .values({
      reference: 'D-SEC-000002',
      category: 'telephone',
      fault: 'ecran',
      faultLabel: 'Écran cassé',
      name: 'Cible Propriétaire',
      email: 'cible.devis@exemple.fr',
      phone: '06 11 22 33 44',
      dropOffDate: '2030-01-10',
      dropOffSlot: 'matin',
      consentAt: new Date(),
    })
    .returning();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/estimates',
    headers: admin.headers,
    payload: { quoteRequestId: quote?.id, lines: [{ kind: 'part', label: 'Écran', quantity: 1, unitPriceCents: 9900 }], leadTimeDays: 1, bonus: false },
  });
  expect(created.statusCode, created.body).toBe(201);
  estimateId = created.json<{ data: { id: number } }>().data.id;
});

afterAll(async () => {
  await t.close();
});

async function attempts(headers: { authorization: string }) {
  const list = await t.app.inject({ method: 'GET', url: '/api/account/estimates', headers, remoteAddress: nextAddress() });
  const pdf = await t.app.inject({ method: 'GET', url: `/api/account/estimates/${estimateId}/pdf`, headers, remoteAddress: nextAddress() });
  const decision = await t.app.inject({ method: 'POST', url: `/api/account/estimates/${estimateId}/decision`, headers, payload: { decision: 'accept' }, remoteAddress: nextAddress() });
  return { list, pdf, decision };
}

describe('estimates in the account', () => {
  it('an unverified account using the estimate’s address owns nothing: empty list, 404 on the PDF and the decision, nothing recorded', async () => {
    const squatter = await signedInUser(t.app, t.database.db, { email: 'cible.devis@exemple.fr', verified: false });
    const { list, pdf, decision } = await attempts(squatter.headers);
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
    expect(pdf.statusCode).toBe(404);
    expect(decision.statusCode).toBe(404);
    expect(decision.json<{ message: string }>().message).toBe(estimateMessages.notFound);
    expect(frenchMessageProblem(decision)).toBeNull();
    const [row] = await t.database.db.select().from(estimates).where(eq(estimates.id, estimateId));
    expect(row).toMatchObject({ status: 'sent', decidedAt: null });
  });

  it('another verified user gets the same 404 as for an estimate that does not exist, and sees nothing of it', async () => {
    const stranger = await signedInUser(t.app, t.database.db, { email: 'curieux.devis@exemple.fr' });
    const { list, pdf, decision } = await attempts(stranger.headers);
    expect(list.body).not.toMatch(/Cible|cible|06 11/);
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
    expect(pdf.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/account/estimates/999999/decision', headers: stranger.headers, payload: { decision: 'accept' }, remoteAddress: nextAddress() });
    expect(decision.statusCode).toBe(404);
    const withoutRequestId = (body: string) => ({ ...JSON.parse(body), requestId: undefined }) as unknown;
    expect(withoutRequestId(decision.body)).toEqual(withoutRequestId(unknown.body));
    const [row] = await t.database.db.select().from(estimates).where(eq(estimates.id, estimateId));
    expect(row?.status).toBe('sent');
  });
});
