import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { NOTIFICATION_HISTORY_LIMIT } from '@erepare/shared/notifications';
import { notificationListResponseSchema } from '@erepare/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences, notifications, pushOutbox, pushSubscriptions } from '../../db/schema.js';
import { browserSubscription } from '../../test/fakes/push-service-fake.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { notifyUser, purgeOldNotifications } from './service.js';
import { MAX_SUBSCRIPTIONS_PER_USER } from './subscriptions.js';

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** A customer; by default one who accepted the shop's offers at sign-up. */
async function user(marketingConsent = true) {
  counter += 1;
  return signedInUser(t.app, t.database.db, { email: `notif-${counter}@exemple.fr`, marketingConsent });
}

const notice = (n: number, type: 'ticket' | 'promo' | 'store' | 'flash' = 'ticket') => ({
  type,
  title: `Notification ${n}`,
  body: `Texte ${n}`,
  ...(type === 'ticket' ? { ticketId: `T-${1000 + n}` } : {}),
  data: type === 'promo' ? { promoCode: 'REPARE10', url: '/boutique?promo=REPARE10' } : { url: '/compte?tab=repairs' },
});

async function notify(userId: number, n: number, type: 'ticket' | 'promo' | 'store' | 'flash' = 'ticket') {
  const result = await t.database.db.transaction((tx) => notifyUser(tx, userId, notice(n, type), { ignorePreferences: type === 'store' }));
  const id = result.notification?.id;
  if (!id) throw new Error('not created');
  return id;
}

const rowsOfUser = (userId: number) => t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
const subscriptionsOf = (userId: number) => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('access', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['POST', '/api/notifications/1/read'],
    ['POST', '/api/notifications/read-all'],
    ['DELETE', '/api/notifications/1'],
    ['DELETE', '/api/notifications'],
    ['GET', '/api/notifications/preferences'],
    ['PUT', '/api/notifications/preferences'],
    ['POST', '/api/notifications/subscribe'],
    ['POST', '/api/notifications/unsubscribe'],
    ['POST', '/api/notifications/test'],
    ['POST', '/api/fcm/subscribe'],
  ] as const)('%s %s needs a session (401 in French)', async (method, url) => {
    const payload = method === 'GET' || method === 'DELETE' ? undefined : url.endsWith('unsubscribe') ? { endpoint: 'https://x.example/1' } : url.includes('fcm') ? { token: 'a'.repeat(40) } : {};
    const response = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, statusCode: 401, message: 'Utilisateur non connecté' });
  });
});

describe('the notification list and its actions', () => {
  it('lists the user’s own notifications, newest first, filtered, with the unread count', async () => {
    const me = await user();
    const other = await user();
    const ids = [await notify(me.id, 1), await notify(me.id, 2, 'promo'), await notify(me.id, 3, 'flash'), await notify(me.id, 4, 'store')];
    await notify(other.id, 9);

    const all = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: me.headers });
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('private, no-store');
    const body = notificationListResponseSchema.parse(all.json());
    expect(body.data.map((item) => item.id)).toEqual([...ids].reverse());
    expect(body).toMatchObject({ unread: 4, total: 4 });
    expect(body.data[3]).toMatchObject({ type: 'ticket', ticketId: 'T-1001', read: false, data: { url: '/compte?tab=repairs' }, requireInteraction: false });
    expect(body.data.find((item) => item.type === 'promo')?.data).toEqual({ promoCode: 'REPARE10', url: '/boutique?promo=REPARE10' });
    expect(Date.parse(body.data[0]?.timestamp ?? '')).not.toBeNaN();

    const filtered = async (filter: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/notifications?filter=${filter}`, headers: me.headers })).json<{ data: { id: number }[] }>().data.map((item) => item.id);
    expect(await filtered('ticket')).toEqual([ids[0]]);
    expect(await filtered('promo')).toEqual([ids[2], ids[1]]);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications?filter=nope', headers: me.headers })).statusCode).toBe(400);

    const read = await t.app.inject({ method: 'POST', url: `/api/notifications/${ids[0]}/read`, headers: me.headers });
    expect(read.json()).toEqual({ success: true, message: 'Notification marquée comme lue', unread: 3 });
    // Reading it again is fine.
    expect((await t.app.inject({ method: 'POST', url: `/api/notifications/${ids[0]}/read`, headers: me.headers })).statusCode).toBe(200);
    expect(await filtered('unread')).toEqual([ids[3], ids[2], ids[1]]);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/notifications/${ids[1]}`, headers: me.headers });
    expect(removed.json()).toEqual({ success: true, message: 'Notification supprimée', unread: 2 });

    const readAll = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: me.headers });
    expect(readAll.json()).toMatchObject({ success: true, unread: 0 });
    expect((await rowsOfUser(me.id)).every((row) => row.readAt !== null)).toBe(true);
    expect((await rowsOfUser(other.id)).every((row) => row.readAt === null)).toBe(true);

    const cleared = await t.app.inject({ method: 'DELETE', url: '/api/notifications', headers: me.headers });
    expect(cleared.json()).toMatchObject({ success: true, unread: 0 });
    expect(await rowsOfUser(me.id)).toEqual([]);
    expect(await rowsOfUser(other.id)).toHaveLength(1);
  });

  it('answers the same 404 for another user’s notification, an unknown id or a malformed one, and changes nothing', async () => {
    const me = await user();
    const other = await user();
    const theirs = await notify(other.id, 1);
    for (const id of [String(theirs), '999999999', 'abc', '-1', '1e3']) {
      for (const [method, url] of [
        ['POST', `/api/notifications/${id}/read`],
        ['DELETE', `/api/notifications/${id}`],
      ] as const) {
        const response = await t.app.inject({ method, url, headers: me.headers });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toMatchObject({ success: false, message: 'Notification introuvable', code: 'NOTIFICATION_NOT_FOUND' });
      }
    }
    expect(await rowsOfUser(other.id)).toMatchObject([{ id: theirs, readAt: null }]);
  });

  it('keeps the 50 newest notifications of a user', async () => {
    const me = await user();
    const ids: number[] = [];
    for (let n = 1; n <= NOTIFICATION_HISTORY_LIMIT + 5; n += 1) ids.push(await notify(me.id, n, 'promo'));
    const rows = await rowsOfUser(me.id);
    expect(rows).toHaveLength(50);
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(ids.slice(5));
    const list = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: me.headers })).json<{ data: unknown[]; total: number }>();
    expect(list.data).toHaveLength(50);
  });

  it('purges notifications older than 30 days', async () => {
    const me = await user();
    const old = await notify(me.id, 1);
    const recent = await notify(me.id, 2);
    await t.database.db.update(notifications).set({ createdAt: sql`now() - interval '31 days'` }).where(eq(notifications.id, old));
    await t.database.db.update(notifications).set({ createdAt: sql`now() - interval '29 days'` }).where(eq(notifications.id, recent));
    expect(await purgeOldNotifications(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await rowsOfUser(me.id)).map((row) => row.id)).toEqual([recent]);
  });
});

describe('preferences', () => {
  it('start with the spec defaults, save a part, and are respected by notifyUser', async () => {
    const me = await user();
    const get = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: me.headers });
    expect(get.json()).toEqual({
      success: true,
      data: { promosCodes: true, ticketUpdates: true, storeNews: false, flashSales: true, realTimeTracking: false },
    });
    const put = await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: me.headers, payload: { ticketUpdates: false } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ success: true, data: { ticketUpdates: false, promosCodes: true, storeNews: false } });
    await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: me.headers, payload: { storeNews: true } });
    const after = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: me.headers });
    expect(after.json()).toMatchObject({ data: { ticketUpdates: false, storeNews: true } });
    expect((await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: me.headers, payload: { ticketUpdates: 'non' } })).statusCode).toBe(400);

    // With a browser subscribed, a ticket update is neither stored nor pushed.
    const browser = browserSubscription('https://push.example/abc');
    await t.app.inject({ method: 'POST', url: '/api/notifications/subscribe', headers: me.headers, payload: browser.json });
    const skipped = await t.database.db.transaction((tx) => notifyUser(tx, me.id, notice(1)));
    expect(skipped).toMatchObject({ notification: null, created: false, pushesQueued: 0, skipped: 'preference' });
    expect(await rowsOfUser(me.id)).toEqual([]);
    const [subscription] = await subscriptionsOf(me.id);
    expect(await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, subscription?.id ?? 0))).toEqual([]);
  });

  it('for someone who declined the shop’s offers at sign-up, promo codes and flash sales start unticked, and none reaches them', async () => {
    const declined = await user(false);
    const get = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: declined.headers });
    expect(get.json()).toEqual({ success: true, data: { promosCodes: false, ticketUpdates: true, storeNews: false, flashSales: false, realTimeTracking: false } });
    // Saving another preference keeps them off.
    const put = await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: declined.headers, payload: { storeNews: true } });
    expect(put.json()).toMatchObject({ data: { promosCodes: false, flashSales: false, storeNews: true, ticketUpdates: true } });
    const promo = await t.database.db.transaction((tx) => notifyUser(tx, declined.id, { type: 'promo', title: 'Code NOEL', body: '-10 %' }));
    expect(promo).toMatchObject({ notification: null, skipped: 'preference' });
    // They may still turn them on themselves.
    await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: declined.headers, payload: { promosCodes: true } });
    const later = await t.database.db.transaction((tx) => notifyUser(tx, declined.id, { type: 'promo', title: 'Code NOEL', body: '-10 %' }));
    expect(later.created).toBe(true);
  });
});

describe('push subscriptions', () => {
  it('stores the session’s subscription (the body’s userId is ignored), saves its preferences, and updates it on re-subscription', async () => {
    const me = await user();
    const other = await user();
    const browser = browserSubscription('https://fcm.googleapis.com/fcm/send/abc:def');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/subscribe',
      headers: { ...me.headers, 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' },
      payload: { ...browser.json, userId: other.id, preferences: { promosCodes: true, ticketUpdates: true, storeNews: true, flashSales: false } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Notifications activées !' });
    const [row] = await subscriptionsOf(me.id);
    expect(row).toMatchObject({ endpoint: browser.json.endpoint, p256dh: browser.json.keys.p256dh, auth: browser.json.keys.auth, deviceType: 'mobile' });
    expect(await subscriptionsOf(other.id)).toEqual([]);
    const [preferences] = await t.database.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, me.id));
    expect(preferences).toMatchObject({ storeNews: true, flashSales: false, realTimeTracking: false });

    // The same browser with new keys: one row, the new keys.
    const renewed = browserSubscription(browser.json.endpoint);
    await t.app.inject({ method: 'POST', url: '/api/notifications/subscribe', headers: me.headers, payload: renewed.json });
    const rows = await subscriptionsOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: row?.id, p256dh: renewed.json.keys.p256dh });
  });

  it('moves a browser to the account that subscribes it last, without the previous owner’s pending pushes', async () => {
    const first = await user();
    const second = await user();
    const browser = browserSubscription('https://updates.push.services.mozilla.com/wpush/v2/shared');
    await t.app.inject({ method: 'POST', url: '/api/notifications/subscribe', headers: first.headers, payload: browser.json });
    await notify(first.id, 1);
    const [before] = await subscriptionsOf(first.id);
    expect(await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, before?.id ?? 0))).toHaveLength(1);

    await t.app.inject({ method: 'POST', url: '/api/notifications/subscribe', headers: second.headers, payload: browser.json });
    expect(await subscriptionsOf(first.id)).toEqual([]);
    const [after] = await subscriptionsOf(second.id);
    expect(after?.id).not.toBe(before?.id);
    expect(await t.database.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, after?.id ?? 0))).toEqual([]);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} browsers per user, dropping the oldest`, async () => {
    const me = await user();
    for (let n = 0; n < MAX_SUBSCRIPTIONS_PER_USER + 2; n += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/notifications/subscribe', headers: me.headers, payload: browserSubscription(`https://push.example/cap/${n}`).json });
      expect(response.statusCode).toBe(200);
    }
    const endpoints = (await subscriptionsOf(me.id)).map((row) => row.endpoint);
    expect(endpoints).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(endpoints).not.toContain('https://push.example/cap/0');
    expect(endpoints).not.toContain('https://push.example/cap/1');
    expect(endpoints).toContain(`https://push.example/cap/${MAX_SUBSCRIPTIONS_PER_USER + 1}`);
  });

  it('refuses bad subscriptions with 400 "Abonnement push invalide" and stores nothing', async () => {
    const me = await user();
    const good = browserSubscription('https://push.example/good').json;
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const bad: unknown[] = [
      {},
      { endpoint: good.endpoint },
      { ...good, endpoint: 'pas une adresse' },
      { ...good, endpoint: 'http://push.example/abc' },
      { ...good, endpoint: 'ftp://push.example/abc' },
      { ...good, endpoint: 'javascript:alert(1)' },
      { ...good, endpoint: 'https://user:secret@push.example/abc' },
      { ...good, endpoint: `https://push.example/${'a'.repeat(5000)}` },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
      { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh}AAAA` } },
      { ...good, keys: { ...good.keys, p256dh: notOnCurve } },
      { ...good, keys: { ...good.keys, p256dh: Buffer.concat([Buffer.from([2]), randomBytes(64)]).toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: 'abc' } },
      // Far over the schema's length, under the 64 KB JSON limit (a larger body is a 413, see app.ts).
      { ...good, keys: { ...good.keys, auth: 'x'.repeat(50_000) } },
      { ...good, keys: { ...good.keys, auth: 'a+b/c=d+e/f=g+h/' } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, keys: 'clés' },
      [good],
      'texte',
    ];
    for (const payload of bad) {
      const response = await t.app.inject({ method: 'POST', url: '/api/notifications/subscribe', headers: { ...me.headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: 'Abonnement push invalide' });
    }
    expect(await subscriptionsOf(me.id)).toEqual([]);
  });

  it('accepts http:// endpoints on this machine only outside production, and in production only https to public host names', async () => {
    const me = await user();
    const local = browserSubscription('http://127.0.0.1:9/push/local').json;
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/subscribe', headers: me.headers, payload: local })).statusCode).toBe(200);
    const production = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://erepare.example' });
    try {
      const someone = await signedInUser(production.app, production.database.db, { email: 'prod@exemple.fr' });
      for (const endpoint of [local.endpoint, 'https://10.0.0.5/push', 'https://[::1]/push', 'https://localhost/push', 'https://printer.local/push', 'https://intranet/push']) {
        const response = await production.app.inject({ method: 'POST', url: '/api/notifications/subscribe', headers: someone.headers, payload: { ...local, endpoint } });
        expect(response.statusCode, endpoint).toBe(400);
      }
      const real = await production.app.inject({
        method: 'POST',
        url: '/api/notifications/subscribe',
        headers: someone.headers,
        payload: { ...local, endpoint: 'https://web.push.apple.com/QGuQyavXutnMH' },
      });
      expect(real.statusCode).toBe(200);
      await production.database.db.delete(pushSubscriptions);
      expect(await production.database.db.select().from(pushSubscriptions)).toEqual([]);
    } finally {
      await production.close();
    }
  });

  it('unsubscribes only the caller’s own subscription, idempotently', async () => {
    const me = await user();
    const other = await user();
    const mine = browserSubscription('https://push.example/mine').json;
    const theirs = browserSubscription('https://push.example/theirs').json;
    await t.app.inject({ method: 'POST', url: '/api/notifications/subscribe', headers: me.headers, payload: mine });
    await t.app.inject({ method: 'POST', url: '/api/notifications/subscribe', headers: other.headers, payload: theirs });
    for (const endpoint of [theirs.endpoint, 'https://push.example/unknown', mine.endpoint, mine.endpoint]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', headers: me.headers, payload: { endpoint } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Notifications désactivées' });
    }
    expect(await subscriptionsOf(me.id)).toEqual([]);
    expect(await subscriptionsOf(other.id)).toHaveLength(1);
  });
});

describe('POST /api/notifications/test', () => {
  it('stores a store-type notification for the caller whatever the storeNews preference, and is rate-limited', async () => {
    const me = await user();
    const first = await t.app.inject({ method: 'POST', url: '/api/notifications/test', headers: me.headers, payload: {} });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      pushesQueued: 0,
      data: { type: 'store', title: 'Notification de test', requireInteraction: false, data: { source: 'test' } },
    });
    expect(await rowsOfUser(me.id)).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/test', headers: me.headers, payload: { title: 'x'.repeat(201) } })).statusCode).toBe(400);
    // A test of another kind is filed under it (issue 22 §3.8): the Tickets or Promos tab shows it.
    const ticket = await t.app.inject({ method: 'POST', url: '/api/notifications/test', headers: me.headers, payload: { type: 'ticket', title: 'Test ticket' } });
    expect(ticket.json()).toMatchObject({ data: { type: 'ticket', title: 'Test ticket' } });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/notifications/test', headers: me.headers, payload: { type: 'spam' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toContain('Type de notification invalide');
    let last = 0;
    for (let n = 0; n < 9; n += 1) last = (await t.app.inject({ method: 'POST', url: '/api/notifications/test', headers: me.headers, payload: { message: `n° ${n}` } })).statusCode;
    expect(last).toBe(429);
    expect(await rowsOfUser(me.id)).toHaveLength(10);
  });
});
