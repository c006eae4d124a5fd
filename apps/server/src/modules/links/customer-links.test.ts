/**
 * The secret links mailed to customers: a token opens only its purpose and subject, until it
 * expires or is revoked; only its hash is stored; ended links are purged a month later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerLinks } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findCustomerLink, issueCustomerLink, looksLikeLinkToken, purgeCustomerLinks, revokeCustomerLinks } from './customer-links.js';

let t: TestApp;
const db = () => t.database.db;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('customer links', () => {
  it('opens its own purpose and subject only, and stores only a hash', async () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const { token } = await issueCustomerLink(db(), 'estimate', 41, new Date(now.getTime() + DAY));
    expect(looksLikeLinkToken(token)).toBe(true);
    expect(await findCustomerLink(db(), 'estimate', token, now)).toMatchObject({ state: 'valid', subjectId: 41 });
    expect(await findCustomerLink(db(), 'booking', token, now)).toEqual({ state: 'unknown' });
    // One character changed (whatever the last one is): another token.
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await findCustomerLink(db(), 'estimate', altered, now)).toEqual({ state: 'unknown' });
    expect(await findCustomerLink(db(), 'estimate', 'x'.repeat(5000), now)).toEqual({ state: 'unknown' });
    const stored = await db().select().from(customerLinks);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('says expired after its end and revoked once voided', async () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const expiring = await issueCustomerLink(db(), 'booking', 7, new Date(now.getTime() + 1000));
    expect(await findCustomerLink(db(), 'booking', expiring.token, new Date(now.getTime() + 1000))).toEqual({ state: 'expired', subjectId: 7 });
    const revoked = await issueCustomerLink(db(), 'invoice-payment', 9, new Date(now.getTime() + DAY));
    await revokeCustomerLinks(db(), 'invoice-payment', 9, now);
    expect(await findCustomerLink(db(), 'invoice-payment', revoked.token, now)).toEqual({ state: 'revoked', subjectId: 9 });
  });

  it('purges links a month after they ended, not before', async () => {
    const now = new Date('2027-06-01T10:00:00Z');
    const recent = await issueCustomerLink(db(), 'estimate', 99, new Date(now.getTime() - 10 * DAY));
    const old = await issueCustomerLink(db(), 'estimate', 98, new Date(now.getTime() - 40 * DAY));
    await purgeCustomerLinks(db(), now);
    expect((await findCustomerLink(db(), 'estimate', recent.token, now)).state).toBe('expired');
    expect((await findCustomerLink(db(), 'estimate', old.token, now)).state).toBe('unknown');
  });
});
