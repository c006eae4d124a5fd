/**
 * Issue 24 §1: the estimate's secret link proves only its purpose and its estimate, until the end
 * of the validity day or a revision or withdrawal voids it; a decision is recorded once.
 * - guessed and malformed tokens get one French 404 (no personal data), and a client is cut off;
 * - a token issued for another purpose (booking, invoice payment) opens nothing here;
 * - an expired or revoked token says so and never decides;
 * - a replayed decision answers the recorded one and changes nothing;
 * - the page never carries the customer's name, e-mail or phone.
 */
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateMessages } from '@erepare/shared/estimates';
import { estimates, quoteRequests } from '../../apps/server/src/db/schema.js';
import { ESTIMATE_LINK_LIMIT } from '../../apps/server/src/modules/estimates/routes.js';
import { issueCustomerLink } from '../../apps/server/src/modules/links/customer-links.js';
import { linksIn, listOutbox } from '../../apps/server/src/modules/mail/outbox.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { signedInUser } from '../../apps/server/src/test/users.js';
import { frenchMessageProblem, nextAddress } from './helpers.js';

let t: TestApp;
let admin: { headers: { authorization: string } };
let estimateId = 0;
let token = '';

function call(method: 'GET' | 'POST', url: string, payload?: unknown, remoteAddress = nextAddress()): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), remoteAddress });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, t.database.db, { email: 'atelier.devis@exemple.fr', role: 'admin' });
  const [quote] = await t.database.db
    .insert(quoteRequests)
    .values({
      reference: 'D-SEC-000001',
      category: 'telephone',
      fault: 'ecran',
      faultLabel: 'Écran cassé',
      name: 'Victime Secrète',
      email: 'victime.devis@exemple.fr',
      phone: '06 99 88 77 66',
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
  const mail = (await listOutbox(t.database.db, { to: 'victime.devis@exemple.fr', kind: 'estimate_sent' })).at(-1);
  const link = linksIn(mail?.text ?? '').find((url) => url.includes('/devis/consulter'));
  token = new URL(link ?? 'http://x').searchParams.get('token') ?? '';
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

afterAll(async () => {
  await t.close();
});

describe('the estimate link', () => {
  it('cannot be guessed: random and malformed tokens get one French 404 without personal data, and a client is cut off after the limit', async () => {
    const client = '10.202.0.1';
    for (let index = 0; index < ESTIMATE_LINK_LIMIT.limit; index += 1) {
      const guess = index % 3 === 0 ? 'court' : Buffer.from(`guess-${index}`.padEnd(32, '.')).toString('base64url').slice(0, 43);
      const response = await call('GET', `/api/estimate-links/view?token=${guess}`, undefined, client);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(estimateMessages.unknown);
      expect(response.body).not.toMatch(/Victime|victime|06 99/);
    }
    const blocked = await call('GET', `/api/estimate-links/view?token=${token}`, undefined, client);
    expect(blocked.statusCode).toBe(429);
    expect(frenchMessageProblem(blocked)).toBeNull();
  });

  it('a token of another purpose for the same id opens nothing, neither the page, the PDF nor a decision', async () => {
    for (const purpose of ['booking', 'invoice-payment'] as const) {
      const other = await issueCustomerLink(t.database.db, purpose, estimateId, new Date(Date.now() + 86_400_000));
      expect((await call('GET', `/api/estimate-links/view?token=${other.token}`)).statusCode).toBe(404);
      expect((await call('GET', `/api/estimate-links/pdf?token=${other.token}`)).statusCode).toBe(404);
      expect((await call('POST', '/api/estimate-links/decision', { token: other.token, decision: 'accept' })).statusCode).toBe(404);
    }
    const [row] = await t.database.db.select().from(estimates).where(eq(estimates.id, estimateId));
    expect(row?.status).toBe('sent');
  });

  it('an expired token says so and never decides', async () => {
    const expired = await issueCustomerLink(t.database.db, 'estimate', estimateId, new Date(Date.now() - 1000));
    const page = await call('GET', `/api/estimate-links/view?token=${expired.token}`);
    expect(page.json<{ data: { state: string; estimate: unknown } }>().data).toMatchObject({ state: 'expired', estimate: null });
    const decision = await call('POST', '/api/estimate-links/decision', { token: expired.token, decision: 'accept' });
    expect(decision.statusCode).toBe(410);
    expect(decision.json<{ message: string }>().message).toBe(estimateMessages.expired);
  });

  it('shows the estimate but never the customer’s name, e-mail or phone; the answer is never cached', async () => {
    const page = await call('GET', `/api/estimate-links/view?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toMatch(/no-store/);
    expect(page.body).not.toMatch(/Victime|victime|06 99/);
  });

  it('a replayed decision answers the recorded one and changes nothing', async () => {
    const first = await call('POST', '/api/estimate-links/decision', { token, decision: 'decline', reason: 'Trop cher' });
    expect(first.json<{ data: { status: string; recorded: boolean } }>().data).toMatchObject({ status: 'declined', recorded: true });
    const [before] = await t.database.db.select().from(estimates).where(eq(estimates.id, estimateId));
    for (const body of [{ token, decision: 'accept' }, { token, decision: 'decline', reason: 'Autre motif' }]) {
      const replay = await call('POST', '/api/estimate-links/decision', body);
      expect(replay.json<{ data: { status: string; recorded: boolean } }>().data).toMatchObject({ status: 'declined', recorded: false });
    }
    const [after] = await t.database.db.select().from(estimates).where(eq(estimates.id, estimateId));
    expect(after).toEqual(before);
  });

  it('a revoked token (withdrawn or superseded) says so and never decides', async () => {
    const revised = await t.app.inject({
      method: 'POST',
      url: `/api/admin/estimates/${estimateId}/revise`,
      headers: admin.headers,
      payload: { lines: [{ kind: 'part', label: 'Écran', quantity: 1, unitPriceCents: 8900 }], leadTimeDays: 1, bonus: false },
    });
    expect(revised.statusCode, revised.body).toBe(201);
    const old = await call('GET', `/api/estimate-links/view?token=${token}`);
    expect(old.json<{ data: { state: string; estimate: unknown } }>().data).toMatchObject({ state: 'superseded', estimate: null });
    const decision = await call('POST', '/api/estimate-links/decision', { token, decision: 'accept' });
    expect(decision.statusCode).toBe(409);
    expect(frenchMessageProblem(decision)).toBeNull();
  });
});
