import { eq, sql } from 'drizzle-orm';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appMeta, notifications, pushOutbox, pushSubscriptions } from '../../db/schema.js';
import { encodePayload, pushRetryDelayMs, pushSender } from '../../jobs/push-sender.js';
import { browserSubscription, startFakePushService, type BrowserSubscription, type FakePushService } from '../../test/fakes/push-service-fake.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { createPushService } from './push-service.js';
import { notifyUser } from './service.js';
import { ensureVapidKeys, VAPID_META_KEY } from './vapid.js';

/**
 * The push sender against a local push service speaking plain HTTP: each push is decrypted as a
 * browser would (http_ece, aes128gcm, the subscription's own P-256 key and auth secret).
 */

let t: TestApp;
let push: FakePushService;
let counter = 0;

const silent = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  t = await createTestApp();
  push = await startFakePushService();
});

afterAll(async () => {
  await push.close();
  await t.close();
});

beforeEach(() => {
  push.received.length = 0;
  push.setResponder(() => 201);
});

/** A signed-in user with one browser subscribed through the real route. */
async function subscribedUser(): Promise<{ id: number; headers: { authorization: string }; browser: BrowserSubscription }> {
  counter += 1;
  const n = counter;
  // Accepted the shop's offers at sign-up: promo notifications reach them.
  const user = await signedInUser(t.app, t.database.db, { email: `push-${n}@exemple.fr`, marketingConsent: true });
  const browser = browserSubscription(`${push.url}/push/${n}`);
  const response = await t.app.inject({ method: 'POST', url: '/api/notifications/subscribe', headers: user.headers, payload: browser.json });
  expect(response.statusCode, response.body).toBe(200);
  return { ...user, browser };
}

const ticketNotice = (n = 1) => ({
  type: 'ticket' as const,
  title: `Ticket T-100${n} mis à jour`,
  body: 'Votre appareil est prêt !',
  ticketId: `T-100${n}`,
  data: { url: '/compte?tab=repairs', ticketId: `T-100${n}` },
});

async function outboxOf(userId: number) {
  return t.database.db
    .select({ id: pushOutbox.id, status: pushOutbox.status, attempts: pushOutbox.attempts, lastError: pushOutbox.lastError, nextAttemptAt: pushOutbox.nextAttemptAt, lockedBy: pushOutbox.lockedBy })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
    .where(eq(pushSubscriptions.userId, userId));
}

describe('VAPID keys', () => {
  it('are generated once, stored in app_meta and stable (also across instances and concurrent starts)', async () => {
    const first = await t.app.push.vapidKeys();
    expect(first.subject).toBe(`mailto:${defaultStoreProfile.email}`);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    // Another instance on the same database, and several "first starts" at once: the same pair.
    const other = createPushService({ pushAllowLocalEndpoints: true }, t.database.db, silent);
    const all = await Promise.all([other.vapidKeys(), ensureVapidKeys(t.database.db), ensureVapidKeys(t.database.db)]);
    for (const keys of all) expect(keys).toEqual(first);
    const rows = await t.database.db.select().from(appMeta).where(eq(appMeta.key, VAPID_META_KEY));
    expect(rows).toHaveLength(1);

    const response = await t.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, publicKey: first.publicKey });
  });

  it('when racing from an empty table, every instance ends with the one pair that won; starting the job creates them', async () => {
    const fresh = await createTestApp();
    try {
      const results = await Promise.all(Array.from({ length: 4 }, () => ensureVapidKeys(fresh.database.db)));
      expect(new Set(results.map((keys) => keys.publicKey)).size).toBe(1);
      // A first start (server.ts calls start()): the keys exist without anyone asking for them.
      await fresh.database.db.delete(appMeta).where(eq(appMeta.key, VAPID_META_KEY));
      const service = createPushService({ pushAllowLocalEndpoints: true }, fresh.database.db, silent);
      service.start({ pollIntervalMs: 3_600_000 });
      await expect.poll(async () => (await fresh.database.db.select().from(appMeta).where(eq(appMeta.key, VAPID_META_KEY))).length).toBe(1);
      await service.stop();
    } finally {
      await fresh.close();
    }
  });
});

describe('sending a notification by Web Push', () => {
  it('delivers the encrypted payload with the VAPID, TTL and encoding headers', async () => {
    const user = await subscribedUser();
    const result = await t.database.db.transaction((tx) => notifyUser(tx, user.id, ticketNotice()));
    expect(result.pushesQueued).toBe(1);
    expect(await t.app.push.runOnce()).toBe(1);

    expect(push.received).toHaveLength(1);
    const [received] = push.received;
    if (!received) throw new Error('no push');
    const keys = await t.app.push.vapidKeys();
    expect(received.path).toBe(`/push/${counter}`);
    expect(received.headers.ttl).toBe('86400');
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(received.headers['content-type']).toBe('application/octet-stream');
    expect(received.headers.urgency).toBe('normal');
    expect(received.headers.topic).toBe('ticket-T-1001');
    const authorization = String(received.headers.authorization);
    expect(authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(authorization.endsWith(`k=${keys.publicKey}`)).toBe(true);
    const jwt = /t=([^,]+)/.exec(authorization)?.[1] ?? '';
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { aud: string; sub: string; exp: number };
    expect(claims.aud).toBe(push.url);
    expect(claims.sub).toBe(`mailto:${defaultStoreProfile.email}`);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);

    const payload = user.browser.decrypt(received.body);
    expect(payload).toMatchObject({
      title: 'Ticket T-1001 mis à jour',
      body: 'Votre appareil est prêt !',
      type: 'ticket',
      url: '/compte?tab=repairs',
      ticketId: 'T-1001',
      requireInteraction: false,
      vibrate: [200, 100, 200],
      notificationId: result.notification?.id,
      tag: `notification-${result.notification?.id}`,
    });
    expect(await outboxOf(user.id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    const [subscription] = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(subscription?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('fills the spec defaults (title = store name, body, url) and never links outside the site', async () => {
    const user = await subscribedUser();
    const urls = ['https://ailleurs.example/', '//ailleurs.example/x', '/\\ailleurs.example', 'javascript:alert(1)'];
    await t.database.db.transaction(async (tx) => {
      for (const url of urls) await notifyUser(tx, user.id, { type: 'promo', title: '', body: '', data: { url } });
    });
    await t.app.push.runOnce();
    expect(push.received).toHaveLength(urls.length);
    for (const received of push.received) {
      expect(user.browser.decrypt(received.body)).toMatchObject({ title: defaultStoreProfile.name, body: 'Nouvelle notification', url: '/compte?tab=notifications', vibrate: [200, 100, 200] });
    }
  });

  it('sends the test notification of POST /api/notifications/test at once when the job runs (urgent: high urgency, requireInteraction)', async () => {
    const user = await subscribedUser();
    // A running job: the route kicks it, nobody calls runOnce.
    t.app.push.start({ pollIntervalMs: 3_600_000 });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/test',
        headers: user.headers,
        payload: { title: 'Essai', message: 'Bonjour', urgent: true },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ success: true, pushesQueued: 1, data: { type: 'store', title: 'Essai', requireInteraction: true } });
      await expect.poll(() => push.received.length, { timeout: 5000 }).toBe(1);
    } finally {
      await t.app.push.stop();
    }
    const [received] = push.received;
    expect(received?.headers.urgency).toBe('high');
    expect(received?.headers.topic).toBeUndefined();
    expect(user.browser.decrypt(received?.body ?? Buffer.alloc(0))).toMatchObject({ title: 'Essai', body: 'Bonjour', type: 'store', requireInteraction: true });
  });

  it.each([410, 404])('deletes the subscription (and its pending pushes) when the push service answers %i', async (status) => {
    const user = await subscribedUser();
    push.setResponder(() => status);
    await t.database.db.transaction(async (tx) => {
      await notifyUser(tx, user.id, ticketNotice(1));
      await notifyUser(tx, user.id, ticketNotice(2));
    });
    await pushSender(t.database.db, t.app.push.vapidKeys, silent, { allowLocalEndpoints: true, batchSize: 1 }).runOnce();
    expect(push.received).toHaveLength(1);
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
    expect(await outboxOf(user.id)).toEqual([]);
    // The notifications themselves stay in the user's history.
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(2);
  });

  it('retries a 500 (and a 429) with back-off, then succeeds', async () => {
    const user = await subscribedUser();
    const statuses = [500, 429, 201];
    push.setResponder(() => statuses.shift() ?? 201);
    await t.database.db.transaction((tx) => notifyUser(tx, user.id, ticketNotice()));

    await t.app.push.runOnce();
    let [row] = await outboxOf(user.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 500' });
    const delay = (row?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(delay).toBeGreaterThan(20_000);
    expect(delay).toBeLessThanOrEqual(31_000);
    // Not due yet: nothing is sent.
    expect(await t.app.push.runOnce()).toBe(0);

    await t.database.db.update(pushOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(pushOutbox.id, row?.id ?? 0));
    await t.app.push.runOnce();
    [row] = await outboxOf(user.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: 'HTTP 429' });

    await t.database.db.update(pushOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(pushOutbox.id, row?.id ?? 0));
    await t.app.push.runOnce();
    expect(await outboxOf(user.id)).toMatchObject([{ status: 'sent', attempts: 3 }]);
    expect(push.received).toHaveLength(3);
    // Every attempt carried the same (decryptable) notification.
    for (const received of push.received) expect(user.browser.decrypt(received.body)).toMatchObject({ ticketId: 'T-1001' });
  });

  it('retries a push service that cannot be reached', async () => {
    counter += 1;
    const user = await signedInUser(t.app, t.database.db, { email: `push-${counter}@exemple.fr` });
    // A port nobody listens on (the fake's own port, after closing a second fake).
    const gone = await startFakePushService();
    await gone.close();
    const browser = browserSubscription(`${gone.url}/push/x`);
    await t.app.inject({ method: 'POST', url: '/api/notifications/subscribe', headers: user.headers, payload: browser.json });
    await t.database.db.transaction((tx) => notifyUser(tx, user.id, ticketNotice()));
    await t.app.push.runOnce();
    expect(await outboxOf(user.id)).toMatchObject([{ status: 'pending', attempts: 1, lastError: 'service push injoignable' }]);
  });

  it('gives up on other 4xx at once, and on retryable errors after 24 h', async () => {
    const user = await subscribedUser();
    push.setResponder(() => 400);
    await t.database.db.transaction((tx) => notifyUser(tx, user.id, ticketNotice()));
    await t.app.push.runOnce();
    expect(await outboxOf(user.id)).toMatchObject([{ status: 'failed', attempts: 1, lastError: 'HTTP 400' }]);

    const late = await subscribedUser();
    push.setResponder(() => 503);
    await t.database.db.transaction((tx) => notifyUser(tx, late.id, ticketNotice()));
    const [row] = await outboxOf(late.id);
    await t.database.db.update(pushOutbox).set({ createdAt: new Date(Date.now() - 24 * 3_600_000 + 10_000) }).where(eq(pushOutbox.id, row?.id ?? 0));
    await t.app.push.runOnce();
    expect(await outboxOf(late.id)).toMatchObject([{ status: 'failed', attempts: 1, lastError: 'HTTP 503' }]);
  });

  it('keeps the plaintext under 3 000 bytes (push services guarantee 4 096), shortening the body', () => {
    const long = encodePayload({ title: 'Titre', body: '€'.repeat(1000), url: '/', ticketData: { device: 'x'.repeat(2000) } });
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(3000);
    const parsed = JSON.parse(long) as { title: string; body: string };
    expect(parsed.title).toBe('Titre');
    expect(parsed.body.endsWith('…')).toBe(true);
    const details = JSON.parse(encodePayload({ title: 'T', body: '', ticketData: { device: 'x'.repeat(5000) } })) as Record<string, unknown>;
    expect(details).toEqual({ title: 'T', body: '' });
    expect(Buffer.byteLength(encodePayload({ title: 'é'.repeat(3000), body: 'é'.repeat(3000) }))).toBeLessThanOrEqual(3000);
    const short = { title: 'Titre', body: 'Court', url: '/' };
    expect(encodePayload(short)).toBe(JSON.stringify(short));
  });

  it('backs off from 30 s, doubling, up to 1 h', () => {
    expect([1, 2, 3, 4, 8, 9, 30].map((n) => pushRetryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000]);
  });

  it('takes over a push claimed by a sender that died once its 20 s lease ends, and sends it once', async () => {
    const user = await subscribedUser();
    await t.database.db.transaction((tx) => notifyUser(tx, user.id, ticketNotice()));
    const [row] = await outboxOf(user.id);
    const id = row?.id ?? 0;
    // Claimed a moment ago by a process that has since been killed: its lease still runs.
    await t.database.db.update(pushOutbox).set({ attempts: 1, lockedBy: 'atelier-2:4242:mort', nextAttemptAt: sql`now() + interval '20 seconds'` }).where(eq(pushOutbox.id, id));
    expect(await t.app.push.runOnce()).toBe(0);
    expect(push.received).toHaveLength(0);
    // Nobody extends it (its owner is dead): once it ends, any sender takes the push over.
    await t.database.db.update(pushOutbox).set({ nextAttemptAt: sql`now() - interval '1 millisecond'` }).where(eq(pushOutbox.id, id));
    expect(await t.app.push.runOnce()).toBe(1);
    expect(await outboxOf(user.id)).toMatchObject([{ status: 'sent', attempts: 2, lockedBy: null }]);
    expect(await t.app.push.runOnce()).toBe(0);
    expect(push.received).toHaveLength(1);
  });

  it('never sends a row twice when several senders run at once', async () => {
    const users = await Promise.all([subscribedUser(), subscribedUser(), subscribedUser()]);
    push.setResponder(() => 201);
    await t.database.db.transaction(async (tx) => {
      for (const user of users) for (let n = 1; n <= 8; n += 1) await notifyUser(tx, user.id, ticketNotice(n));
    });
    const senders = Array.from({ length: 4 }, () => pushSender(t.database.db, t.app.push.vapidKeys, silent, { allowLocalEndpoints: true, batchSize: 5 }));
    // Rounds of concurrent polls until the outbox is empty.
    for (let round = 0; round < 10; round += 1) {
      const claimed = await Promise.all(senders.map((sender) => sender.runOnce()));
      if (claimed.every((n) => n === 0)) break;
    }
    expect(push.received).toHaveLength(24);
    const seen = new Set<string>();
    for (const received of push.received) {
      const user = users.find((candidate) => received.path === new URL(candidate.browser.json.endpoint).pathname);
      const payload = user?.browser.decrypt(received.body);
      seen.add(`${received.path}#${String(payload?.notificationId)}`);
    }
    expect(seen.size).toBe(24);
    for (const user of users) {
      const rows = await outboxOf(user.id);
      expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array.from({ length: 8 }, () => ['sent', 1]));
    }
  });
});
