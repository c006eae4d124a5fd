/**
 * Security suite, issue 20 items 7, 8 and 9: abuse limits that hold per client and cannot be turned
 * against someone else.
 * - 7: no shared daily cap one client can exhaust: past the site's daily volume, contact messages
 *   and quote requests are still taken (same answer), held for staff review; a quote typed with a
 *   stranger's e-mail never blocks that stranger.
 * - 8: the visitor follow's second factor cannot be guessed: the last 4 phone digits (no postal
 *   code), 5 tries a day per ticket whoever makes them, then locked with the answer of a wrong proof.
 * - 9: the unpaid-orders limit counts the client and the account, not the e-mail typed; an address
 *   gets a bounded number of mails from orders that did not prove it.
 * The real application in-process on a copy of the PGlite template; nothing of ours is mocked.
 */
import { eq, sql } from 'drizzle-orm';
import { visitorFollowMessages } from '@erepare/shared/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, customers, inventoryItems, mailOutbox, quoteRequests, rateLimits, tickets } from '../../apps/server/src/db/schema.js';
import { CONTACT_GLOBAL_DAILY_LIMIT } from '../../apps/server/src/modules/contact/service.js';
import { UNPROVEN_ORDER_MAIL_LIMIT } from '../../apps/server/src/modules/orders/service.js';
import { quoteClock } from '../../apps/server/src/modules/quotes/routes.js';
import { QUOTE_EMAIL_RATE_LIMIT, QUOTE_GLOBAL_DAILY_LIMIT } from '../../apps/server/src/modules/quotes/service.js';
import { FOLLOW_TICKET_DAILY_LIMIT } from '../../apps/server/src/modules/tracking/visitor.js';
import { browserSubscription } from '../../apps/server/src/test/fakes/push-service-fake.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { signedInUser } from '../../apps/server/src/test/users.js';
import { dropOffDates } from '@erepare/shared/quote-catalogue';
import { frenchMessageProblem, nextAddress } from './helpers.js';

let t: TestApp;
const db = () => t.database.db;
/** A fixed time clear of midnight, so the drop-off day offered stays valid during the test. */
const NOW = new Date('2026-11-24T10:00:00Z');
const realClock = quoteClock.now;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'false' });
  quoteClock.now = () => NOW;
});
afterAll(async () => {
  quoteClock.now = realClock;
  await t?.close();
});

let subnet = 0;
/** A fresh /64 inside one subscriber's /48 (2001:db8:4848::/48): what one home line may hold. */
function subscriberAddress(): string {
  subnet += 1;
  return `2001:db8:4848:${subnet.toString(16)}::${(subnet % 7) + 1}`;
}

/** Moves the site-wide counter of `rule` to `count` for the current window (as a flood would). */
async function setSiteCount(name: string, count: number) {
  const key = `${name}:all`;
  await db().execute(sql`insert into rate_limits (key, window_start, count) values (${key}, now(), ${count})
    on conflict (key) do update set window_start = now(), count = excluded.count`);
}

const contact = (subject: string, ip: string, email = 'visiteur@exemple.fr') =>
  t.app.inject({
    method: 'POST',
    url: '/api/email-simple/contact',
    remoteAddress: ip,
    payload: { name: 'Jean Visiteur', email, phone: '', subject, message: 'Bonjour, une question sur une réparation.' },
  });

const quote = (email: string, ip: string, name = 'Jeanne Honnête') =>
  t.app.inject({
    method: 'POST',
    url: '/api/quotes',
    remoteAddress: ip,
    payload: {
      category: 'telephone',
      brand: 'apple',
      brandOther: '',
      model: 'iPhone 13',
      modelOther: '',
      fault: 'ecran',
      faultOther: '',
      description: '',
      photos: [],
      name,
      email,
      phone: '06 12 34 56 78',
      dropOffDate: dropOffDates(NOW)[0] ?? '',
      dropOffSlot: 'matin',
      consent: true,
    },
  });

describe('7. no shared daily cap one client can exhaust', () => {
  it('contact: one subscriber fills the site’s day from many /64s; the next honest visitor gets the same answer, held for staff', async () => {
    const honestBefore = await contact('Avant la vague', nextAddress());
    expect(honestBefore.statusCode).toBe(200);
    // The flood: the site's day nearly full, then the subscriber's last messages from fresh /64s.
    await setSiteCount(CONTACT_GLOBAL_DAILY_LIMIT.name, CONTACT_GLOBAL_DAILY_LIMIT.limit - 3);
    for (let index = 0; index < 6; index += 1) expect((await contact(`Vague ${index}`, subscriberAddress())).statusCode).toBe(200);

    const honest = await contact('Visiteur honnête après la vague', nextAddress(), 'honnete@exemple.fr');
    expect(honest.statusCode).toBe(200);
    expect(honest.json()).toEqual(honestBefore.json());
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.subject, 'Visiteur honnête après la vague'));
    expect(row?.held).toBe(true);
    // Held: not mailed to the shop until staff release it; the inbox shows it held.
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `contact_message:${row?.id ?? 0}`))).toEqual([]);
    const admin = await signedInUser(t.app, db(), { email: 'accueil.abus@exemple.fr', role: 'admin' });
    const inbox = await t.app.inject({ method: 'GET', url: '/api/admin/inbox/messages?held=true&pageSize=100', headers: admin.headers });
    expect(inbox.json<{ data: { id: number; held: boolean }[] }>().data.find((item) => item.id === row?.id)).toMatchObject({ held: true });
    const released = await t.app.inject({ method: 'POST', url: `/api/admin/inbox/messages/${row?.id ?? 0}/release`, headers: admin.headers });
    expect(released.statusCode).toBe(200);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `contact_message:${row?.id ?? 0}`))).toHaveLength(1);
    await db().delete(rateLimits);
  });

  it('quotes: the same, the site’s day full; the visitor’s answer and reference as usual, the request held', async () => {
    await setSiteCount(QUOTE_GLOBAL_DAILY_LIMIT.name, QUOTE_GLOBAL_DAILY_LIMIT.limit - 2);
    for (let index = 0; index < 4; index += 1) expect((await quote(`vague${index}@exemple.fr`, subscriberAddress())).statusCode).toBe(200);
    const honest = await quote('jeanne.honnete@exemple.fr', nextAddress());
    expect(honest.statusCode).toBe(200);
    const answer = honest.json<{ success: boolean; message: string; reference: string }>();
    expect(answer).toMatchObject({ success: true, message: expect.any(String) as unknown, reference: expect.stringMatching(/^D-\d{4}-\d+$/) as unknown });
    const [row] = await db().select().from(quoteRequests).where(eq(quoteRequests.reference, answer.reference));
    expect(row?.held).toBe(true);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `quote_request:${row?.id ?? 0}`))).toEqual([]);
    await db().delete(rateLimits);
  });

  it('quotes: requests typed with a stranger’s e-mail never block her own request (only acknowledgements are capped)', async () => {
    const victim = 'camille.devis@exemple.fr';
    for (let index = 0; index < QUOTE_EMAIL_RATE_LIMIT.limit + 2; index += 1) expect((await quote(victim, subscriberAddress(), 'Farceur')).statusCode).toBe(200);
    const own = await quote(victim, nextAddress(), 'Camille');
    expect(own.statusCode).toBe(200);
    const acknowledgements = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'quote_acknowledgement'));
    expect(acknowledgements.filter((mail) => mail.toAddress === victim).length).toBeLessThanOrEqual(QUOTE_EMAIL_RATE_LIMIT.limit);
    await db().delete(rateLimits);
  });
});

describe('8. the visitor follow’s second factor cannot be guessed', () => {
  const TICKET = 'T-881001';
  const OTHER = 'T-881002';
  const RIGHT = '5678';
  const follow = (ticket: string, proof: string, ip = nextAddress(), endpoint = `https://push.exemple.fr/devineur-${ip}`) =>
    t.app.inject({ method: 'POST', url: '/api/tracking/follow', remoteAddress: ip, payload: { ticket, proof, subscription: browserSubscription(endpoint).json } });
  /** Everything but the request id: two answers that say the same. */
  const said = (response: { statusCode: number; json: <T>() => T }) => {
    const { requestId: _requestId, message, ...rest } = response.json<Record<string, unknown>>();
    return { status: response.statusCode, message: String(message).replace(/T-\d+/, 'T-…'), ...rest };
  };

  beforeAll(async () => {
    const [customer] = await db()
      .insert(customers)
      .values({ firstName: 'Suivi', lastName: 'Local', email: 'suivi.local@exemple.fr', mobile: '06 11 22 56 78', phone: '', postcode: '33470', city: 'Gujan-Mestras' })
      .returning();
    await db()
      .insert(tickets)
      .values([
        { ticketNumber: TICKET, customerId: customer?.id ?? 0, status: 'In Progress' },
        { ticketNumber: OTHER, customerId: customer?.id ?? 0, status: 'In Progress' },
      ]);
  });

  it('the postal code (shared by about ten local customers) is no proof', async () => {
    const response = await follow(TICKET, '33470');
    expect(response.statusCode).toBe(400);
    expect(frenchMessageProblem(response)).toBeNull();
    expect(response.json<{ message: string }>().message).toBe(visitorFollowMessages.proofFormat);
    await db().delete(rateLimits);
  });

  it('a guesser from many addresses gets 5 tries a day on a ticket (≤ 0.1 %), then even the right digits get the wrong-proof answer', async () => {
    // 4 digits, up to 2 phones on file: each try hits with probability ≤ 2/10 000.
    expect((FOLLOW_TICKET_DAILY_LIMIT.limit * 2) / 10_000).toBeLessThan(0.01);
    expect(FOLLOW_TICKET_DAILY_LIMIT.windowMs).toBeGreaterThanOrEqual(24 * 60 * 60_000);
    const wrong = [];
    for (let guess = 0; guess < FOLLOW_TICKET_DAILY_LIMIT.limit; guess += 1) wrong.push(said(await follow(TICKET, String(1000 + guess), subscriberAddress())));
    expect(wrong.every((answer) => answer.status === 403)).toBe(true);
    const locked = await follow(TICKET, RIGHT, nextAddress());
    expect(said(locked)).toEqual(wrong[0]);
    // An unknown ticket says the same, too.
    expect(said(await follow('T-889999', RIGHT))).toEqual(wrong[0]);
    // The lock is the ticket's: another ticket of the same customer is followed with the right digits.
    expect((await follow(OTHER, RIGHT)).statusCode).toBe(201);
    await db().delete(rateLimits);
  });
});

describe('9. the unpaid-orders limit cannot be used against someone else', () => {
  const victim = 'lucie.acheteuse@exemple.fr';
  let itemId = 0;
  let counter = 0;
  const order = (email: string, ip: string, headers: Record<string, string> = {}) => {
    counter += 1;
    return t.app.inject({
      method: 'POST',
      url: '/api/shop/orders',
      remoteAddress: ip,
      headers,
      payload: {
        payment_method: 'bacs',
        billing: { first_name: 'Lucie', last_name: 'Acheteuse', email, phone: '0611111111', address_1: `${counter} rue du Port`, city: 'Arcachon', postcode: '33120', country: 'FR' },
        line_items: [{ product_id: itemId, quantity: 1 }],
        shipping_lines: [{ method_id: 'colissimo_no_sign' }],
        terms_accepted: true,
      },
    });
  };
  const confirmationsTo = async (email: string) => (await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'order_confirmation'))).filter((mail) => mail.toAddress.toLowerCase() === email).length;

  beforeAll(async () => {
    const [row] = await db()
      .insert(inventoryItems)
      .values({ name: 'Coque abus', sku: 'TEST-ABUS-1', itemType: 'accessory', priceCents: 1500, quantity: 100 })
      .returning({ id: inventoryItems.id });
    itemId = row?.id ?? 0;
  });

  it('three bank-transfer orders with her e-mail do not block her own checkout, as a guest or signed in', async () => {
    const attacker = nextAddress();
    for (let index = 0; index < 3; index += 1) expect((await order(victim, attacker)).statusCode).toBe(201);
    // The attacker himself is held (his address), whatever e-mail he types next.
    expect((await order('autre.victime@exemple.fr', attacker)).statusCode).toBe(429);
    expect((await order(victim, nextAddress())).statusCode).toBe(201);
    const account = await signedInUser(t.app, db(), { email: victim });
    expect((await order(victim, nextAddress(), account.headers)).statusCode).toBe(201);
  });

  it('an address receives a bounded number of mails from orders that did not prove it', async () => {
    const flooded = 'boite.pleine@exemple.fr';
    for (let index = 0; index < UNPROVEN_ORDER_MAIL_LIMIT.limit + 3; index += 1) expect((await order(flooded, nextAddress())).statusCode).toBe(201);
    expect(await confirmationsTo(flooded)).toBe(UNPROVEN_ORDER_MAIL_LIMIT.limit);
    expect(UNPROVEN_ORDER_MAIL_LIMIT.limit).toBeLessThanOrEqual(3);
  });
});
