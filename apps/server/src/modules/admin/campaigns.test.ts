/**
 * Campaigns: preview (recipients who opted in, the rendered notification), send (the confirmed
 * count must still be right; notifications and pushes in one go; once per content and day),
 * list. The seeded demo accounts may be recipients too: counts are checked as differences.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCoreMessages as texts } from '@erepare/shared/schemas/admin-core';
import { auditLog, campaigns, coupons, notificationPreferences, notifications, pushOutbox, pushSubscriptions, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { insertUser } from '../auth/repository.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';

type Session = { id: number; headers: { authorization: string } };
type Preview = { recipients: number; notification: { type: string; title: string; body: string; url: string; promoCode: string | null } };
type Sent = { id: number; recipients: number; pushesQueued: number; duplicate: boolean; kind: string };

let t: TestApp;
let admin: Session;
let customer: Session;
const db = () => t.database.db;
const people: Record<'both' | 'flashOnly' | 'noConsent' | 'unverified' | 'disabled', number> = { both: 0, flashOnly: 0, noConsent: 0, unverified: 0, disabled: 0 };
let baseline = { promo: 0, flash: 0 };

const post = (url: string, payload: unknown, headers?: Session['headers']) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, ...(headers ? { headers } : {}) });
const promo = { kind: 'promo', title: 'Noël à l’atelier', body: '-10 % sur les coques avec le code NOELCAMP10', code: 'noelcamp10', url: '/boutique?categorie=coques' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, db(), { email: 'marketing@exemple.fr', role: 'admin' });
  customer = await signedInUser(t.app, db(), { email: 'client.campagne@exemple.fr' });
  const preview = async (kind: string) => (await post('/api/admin/campaigns/preview', { kind, title: 'T', body: 'B' }, admin.headers)).json<{ data: Preview }>().data.recipients;
  baseline = { promo: await preview('promo'), flash: await preview('flash') };

  const passwordHash = await hashPassword('Motdepasse1');
  const user = async (email: string, extra: Partial<typeof users.$inferInsert>) =>
    (await insertUser(db(), { email, passwordHash, emailOptIn: true, emailVerifiedAt: new Date(), ...extra })).id;
  people.both = await user('tout@exemple.fr', {});
  people.flashOnly = await user('flash@exemple.fr', {});
  people.noConsent = await user('sans.accord@exemple.fr', { emailOptIn: false });
  people.unverified = await user('non.verifie@exemple.fr', { emailVerifiedAt: null });
  people.disabled = await user('desactive@exemple.fr', { disabledAt: new Date() });
  await db().update(users).set({ emailOptIn: true }).where(eq(users.id, admin.id));
  await db().insert(notificationPreferences).values({ userId: people.flashOnly, promosCodes: false, flashSales: true });
  await db()
    .insert(pushSubscriptions)
    .values([
      { userId: people.both, endpoint: 'https://push.exemple.fr/tout-1', p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      { userId: people.both, endpoint: 'https://push.exemple.fr/tout-2', p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      { userId: people.flashOnly, endpoint: 'https://push.exemple.fr/flash', p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      { userId: people.noConsent, endpoint: 'https://push.exemple.fr/sans', p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
    ]);
  await db()
    .insert(coupons)
    .values([
      { code: 'NOELCAMP10', amount: 1000, discountType: 'percent' as const },
      { code: 'CAMPBROUILLON', amount: 500, status: 'draft' as const },
      { code: 'CAMPVIEUX', amount: 500, expiresAt: new Date(Date.now() - 86_400_000) },
    ]);
});
afterAll(async () => {
  await t?.close();
});

describe('staff only', () => {
  it('preview, send and list are refused without a session (401) and to a customer (403), sending nothing', async () => {
    for (const url of ['/api/admin/campaigns/preview', '/api/admin/campaigns/send']) {
      expect((await post(url, { ...promo, confirmRecipients: 1 })).statusCode).toBe(401);
      expect((await post(url, { ...promo, confirmRecipients: 1 }, customer.headers)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/campaigns' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/campaigns', headers: customer.headers })).statusCode).toBe(403);
    expect(await db().select().from(campaigns)).toHaveLength(0);
  });
});

describe('POST /api/admin/campaigns/preview', () => {
  it('counts the customers who opted in for that kind, and renders the notification', async () => {
    const response = await post('/api/admin/campaigns/preview', promo, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Preview }>().data).toEqual({
      recipients: baseline.promo + 1,
      notification: { type: 'promo', title: 'Noël à l’atelier', body: '-10 % sur les coques avec le code NOELCAMP10', url: '/boutique?categorie=coques', promoCode: 'NOELCAMP10' },
    });
    const flash = await post('/api/admin/campaigns/preview', { kind: 'flash', title: 'Vente flash', body: 'Ce samedi seulement' }, admin.headers);
    expect(flash.json<{ data: Preview }>().data).toMatchObject({ recipients: baseline.flash + 2, notification: { url: '/boutique', promoCode: null } });
  });

  it('refuses bad input and a code that is unknown, unpublished or expired, with French messages', async () => {
    const cases: [unknown, string][] = [
      [{ ...promo, kind: 'newsletter' }, texts.campaignKindInvalid],
      [{ ...promo, title: '  ' }, texts.campaignTitleRequired],
      [{ ...promo, title: 'a'.repeat(101) }, texts.campaignTitleTooLong],
      [{ ...promo, body: '' }, texts.campaignBodyRequired],
      [{ ...promo, url: '//ailleurs.example/piege' }, texts.campaignUrlInvalid],
      [{ ...promo, url: 'https://ailleurs.example' }, texts.campaignUrlInvalid],
      [{ ...promo, code: 'NO EL' }, texts.campaignCodeInvalid],
      [{ ...promo, code: 'INCONNU' }, texts.campaignCouponUnknown('INCONNU')],
      [{ ...promo, code: 'campbrouillon' }, texts.campaignCouponUnpublished('CAMPBROUILLON')],
      [{ ...promo, code: 'CAMPVIEUX' }, texts.campaignCouponExpired('CAMPVIEUX')],
    ];
    for (const [payload, message] of cases) {
      const response = await post('/api/admin/campaigns/preview', payload, admin.headers);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
  });
});

describe('POST /api/admin/campaigns/send', () => {
  it('refuses a count that changed since the preview (409) and bad input (400), sending nothing', async () => {
    const changed = await post('/api/admin/campaigns/send', { ...promo, confirmRecipients: baseline.promo + 5 }, admin.headers);
    expect(changed.statusCode).toBe(409);
    expect(changed.json<{ message: string }>().message).toBe('Le nombre de destinataires a changé\u00a0: vérifiez l’aperçu.');
    expect((await post('/api/admin/campaigns/send', promo, admin.headers)).statusCode).toBe(400);
    expect((await post('/api/admin/campaigns/send', { ...promo, code: 'CAMPVIEUX', confirmRecipients: baseline.promo + 1 }, admin.headers)).statusCode).toBe(400);
    expect(await db().select().from(campaigns)).toHaveLength(0);
    expect(await db().select().from(notifications).where(inArray(notifications.type, ['promo', 'flash']))).toHaveLength(0);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'campaign.send'))).toHaveLength(0);
  });

  it('stores a notification for each recipient and queues their pushes, audited; a double click sends once', async () => {
    const payload = { ...promo, confirmRecipients: baseline.promo + 1 };
    const response = await post('/api/admin/campaigns/send', payload, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json<{ message: string; data: Sent }>();
    expect(sent.data).toMatchObject({ kind: 'promo', recipients: baseline.promo + 1, duplicate: false });
    expect(sent.message).toBe(texts.campaignSent(baseline.promo + 1));

    const stored = await db().select().from(notifications).where(eq(notifications.dedupeKey, `campaign:${sent.data.id}`));
    expect(stored).toHaveLength(baseline.promo + 1);
    const recipients = stored.map((row) => row.userId);
    expect(recipients).toContain(people.both);
    for (const excluded of [people.flashOnly, people.noConsent, people.unverified, people.disabled, admin.id, customer.id]) expect(recipients).not.toContain(excluded);
    const mine = stored.find((row) => row.userId === people.both);
    expect(mine).toMatchObject({ type: 'promo', title: 'Noël à l’atelier', data: { url: '/boutique?categorie=coques', promoCode: 'NOELCAMP10', source: 'campaign' } });
    const pushes = await db().select().from(pushOutbox).where(eq(pushOutbox.notificationId, mine?.id ?? 0));
    expect(pushes).toHaveLength(2);
    expect(pushes[0]?.payload).toMatchObject({ title: 'Noël à l’atelier', type: 'promo', url: '/boutique?categorie=coques' });
    expect(sent.data.pushesQueued).toBeGreaterThanOrEqual(2);

    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'campaign.send'));
    expect(audit).toMatchObject({ actorId: admin.id, entity: 'campaign', entityId: String(sent.data.id), after: { kind: 'promo', code: 'NOELCAMP10', recipients: baseline.promo + 1 } });

    // The same campaign again (a double click): nothing more is sent.
    const again = await post('/api/admin/campaigns/send', payload, admin.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ message: string; data: Sent }>()).toMatchObject({ message: texts.campaignAlreadySent, data: { id: sent.data.id, duplicate: true } });
    expect(await db().select().from(notifications).where(eq(notifications.type, 'promo'))).toHaveLength(baseline.promo + 1);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'campaign.send'))).toHaveLength(1);
  });

  it('sends a flash sale to those who keep flash sales on, even with promos off', async () => {
    const response = await post('/api/admin/campaigns/send', { kind: 'flash', title: 'Vente flash', body: 'Ce samedi seulement', confirmRecipients: baseline.flash + 2 }, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    const stored = await db().select().from(notifications).where(eq(notifications.type, 'flash'));
    expect(stored.map((row) => row.userId)).toEqual(expect.arrayContaining([people.both, people.flashOnly]));
    expect(stored).toHaveLength(baseline.flash + 2);
  });
});

describe('GET /api/admin/campaigns', () => {
  it('lists the campaigns sent, newest first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/campaigns', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: { kind: string; title: string; recipients: number; actorEmail: string; createdAt: string }[]; pagination: { total: number } }>();
    expect(body.pagination.total).toBe(2);
    expect(body.data.map((campaign) => campaign.kind)).toEqual(['flash', 'promo']);
    expect(body.data[1]).toMatchObject({ title: 'Noël à l’atelier', recipients: baseline.promo + 1, actorEmail: 'marketing@exemple.fr' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/campaigns?pageSize=0', headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('sending, edge cases', () => {
  it('keeps each recipient’s 50 newest notifications', async () => {
    const old = Date.now() - 3_600_000;
    await db()
      .insert(notifications)
      .values(Array.from({ length: 50 }, (_, index) => ({ userId: people.both, type: 'store' as const, title: `Ancienne ${index}`, body: 'B', createdAt: new Date(old + index * 1000) })));
    const payload = { kind: 'flash', title: 'Vente flash du dimanche', body: 'Dimanche seulement', confirmRecipients: baseline.flash + 2 };
    expect((await post('/api/admin/campaigns/send', payload, admin.headers)).statusCode).toBe(200);
    const kept = await db().select().from(notifications).where(eq(notifications.userId, people.both));
    expect(kept).toHaveLength(50);
    expect(kept.some((row) => row.title === 'Vente flash du dimanche')).toBe(true);
    expect(kept.some((row) => row.title === 'Ancienne 0')).toBe(false);
  });

  it('sends once when the same campaign is sent twice at the same moment', async () => {
    const payload = { kind: 'promo', title: 'Double clic', body: 'Une seule fois', confirmRecipients: baseline.promo + 1 };
    const [first, second] = await Promise.all([post('/api/admin/campaigns/send', payload, admin.headers), post('/api/admin/campaigns/send', payload, admin.headers)]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    const outcomes = [first, second].map((response) => response?.json<{ data: Sent }>().data);
    expect(outcomes.map((outcome) => outcome?.duplicate).sort()).toEqual([false, true]);
    expect(outcomes[0]?.id).toBe(outcomes[1]?.id);
    expect(await db().select().from(notifications).where(eq(notifications.title, 'Double clic'))).toHaveLength(baseline.promo + 1);
  });

  it('refuses to send to nobody', async () => {
    await db().update(users).set({ emailOptIn: false });
    const preview = await post('/api/admin/campaigns/preview', { kind: 'promo', title: 'Personne', body: 'Rien' }, admin.headers);
    expect(preview.json<{ data: Preview }>().data.recipients).toBe(0);
    const response = await post('/api/admin/campaigns/send', { kind: 'promo', title: 'Personne', body: 'Rien', confirmRecipients: 0 }, admin.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(texts.campaignNoRecipients);
    expect(await db().select().from(campaigns).where(eq(campaigns.title, 'Personne'))).toHaveLength(0);
  });
});
