import { count, eq, sql } from 'drizzle-orm';
import { dropOffDates, shopToday } from '@erepare/shared/quote-catalogue';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, quotePhotos, quoteRequests } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { listOutbox } from '../mail/outbox.js';
import { JPEG, PNG, imageOfSize, multipartBody } from '../../lib/test-images.js';
import { normaliseMailbox } from '../../lib/mailbox.js';
import { quoteClock } from './routes.js';
import {
  QUOTE_ACK_DAILY_LIMIT,
  QUOTE_ATTEMPT_LIMIT,
  QUOTE_EMAIL_RATE_LIMIT,
  QUOTE_GLOBAL_DAILY_LIMIT,
  QUOTE_IP_DAILY_LIMIT,
  QUOTE_IP_RATE_LIMIT,
  listQuoteRequests,
  purgeOldQuoteRequests,
  setQuoteStatus,
} from './service.js';

let t: TestApp;
let counter = 0;

/**
 * The route's clock, fixed half an hour after midnight in Paris (Tuesday 24 November 2026, while it
 * is still Monday in UTC): the tests never depend on the real time, nor on the real midnight.
 */
const NOW = new Date('2026-11-23T23:30:00Z');
const realClock = quoteClock.now;

beforeAll(async () => {
  t = await createTestApp();
});

beforeEach(() => {
  quoteClock.now = () => NOW;
});

afterAll(async () => {
  quoteClock.now = realClock;
  await t.close();
});

/** Sets a rate-limit counter (to reach a daily cap without sending hundreds of requests). */
async function fillLimit(key: string, value: number) {
  await t.database.db.execute(sql`insert into rate_limits (key, window_start, count) values (${key}, now(), ${value})
    on conflict (key) do update set window_start = now(), count = excluded.count`);
}

const nextIp = () => `10.1.0.${(counter += 1)}`;
const nextEmail = () => `client-${(counter += 1)}@exemple.fr`;
const firstDay = () => dropOffDates(NOW)[0] ?? '';

const valid = () => ({
  category: 'telephone',
  brand: 'apple',
  model: 'iPhone 13',
  fault: 'ecran',
  description: 'Tombé ce matin,\nl’écran ne réagit plus.',
  photos: [JPEG],
  name: 'Léa M.',
  email: nextEmail(),
  phone: '06 12 34 56 78',
  dropOffDate: firstDay(),
  dropOffSlot: 'matin',
  consent: true,
});

/** The request as the web app sends it: a multipart form, the photos as files. */
async function post(body: Record<string, unknown> & { photos?: Uint8Array[] }, ip = nextIp()) {
  const { photos = [], ...fields } = body;
  const { payload, headers } = multipartBody(fields, photos.map((bytes) => ({ field: 'photos', bytes })));
  return t.app.inject({ method: 'POST', url: '/api/quotes', payload, headers, remoteAddress: ip });
}

async function counts() {
  const db = t.database.db;
  const [quotes] = await db.select({ value: count() }).from(quoteRequests);
  const [photos] = await db.select({ value: count() }).from(quotePhotos);
  const [mails] = await db.select({ value: count() }).from(mailOutbox);
  return { quotes: quotes?.value, photos: photos?.value, mails: mails?.value };
}

describe('POST /api/quotes', () => {
  it('stores the request, mails the shop and acknowledges to the customer with a reference', async () => {
    const body = valid();
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    const { reference } = response.json<{ reference: string }>();
    expect(reference).toMatch(/^D-\d{4}-\d{6}$/);
    expect(reference.slice(2, 6)).toBe('2026');
    expect(body.dropOffDate).toBe('2026-11-25');

    const [row] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.reference, reference));
    expect(row).toMatchObject({
      category: 'telephone',
      brand: 'Apple',
      model: 'iPhone 13',
      fault: 'ecran',
      faultLabel: 'Écran cassé ou tactile défaillant',
      priceFromEuros: 49,
      status: 'new',
      dropOffDate: body.dropOffDate,
      dropOffSlot: 'matin',
    });
    const photos = await t.database.db.select().from(quotePhotos).where(eq(quotePhotos.quoteId, row?.id ?? 0));
    expect(photos.map((photo) => photo.mimeType)).toEqual(['image/jpeg']);

    const shop = (await listOutbox(t.database.db, { kind: 'quote_request' })).at(-1);
    expect(shop?.toAddress).toBe(defaultStoreProfile.email);
    expect(shop?.replyTo).toBe(body.email);
    expect(shop?.subject).toContain(reference);
    expect(shop?.text).toMatch(/Prix indicatif\s: à partir de 49\s€/);
    expect(shop?.text).toContain('l’écran ne réagit plus.');
    const ack = (await listOutbox(t.database.db, { kind: 'quote_acknowledgement' })).at(-1);
    expect(ack?.toAddress).toBe(body.email);
    expect(ack?.text).toContain(reference);
    expect(ack?.text).toMatch(/^Bonjour,$/m);
    expect(ack?.text).not.toContain('Léa');
    expect(ack?.html).not.toContain('Léa');
  });

  it('keeps the customer’s free text out of the acknowledgement and escapes it for the shop', async () => {
    const body = {
      ...valid(),
      brand: 'autre',
      brandOther: '<b>Marque</b>',
      modelOther: 'Visitez https://spam.example',
      fault: 'autre',
      faultOther: '<img src=x onerror=alert(1)>',
      description: '<script>alert(1)</script> Achetez sur https://spam.example',
      name: '<i>Paul</i>',
    };
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    const ack = (await listOutbox(t.database.db, { kind: 'quote_acknowledgement', to: body.email })).at(-1);
    expect(ack?.text).not.toContain('spam.example');
    expect(ack?.text).not.toContain('Marque');
    // No visitor text at all, not even the name: a fixed greeting.
    expect(ack?.html).not.toContain('Paul');
    expect(ack?.html).toContain('Bonjour,');
    const shop = (await listOutbox(t.database.db, { kind: 'quote_request' })).at(-1);
    expect(shop?.html).not.toMatch(/<script|<img src=x|<b>Marque/);
    expect(shop?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(shop?.text).toContain('Autre\u00a0: <img src=x onerror=alert(1)>');
  });

  it.each([
    ['category', { category: 'frigo' }, 'Veuillez choisir le type d’appareil'],
    ['brand', { brand: 'nokia' }, 'Ce choix ne fait pas partie de la liste'],
    ['model', { model: 'iPhone 99' }, 'Ce choix ne fait pas partie de la liste'],
    ['model', { model: 'autre', modelOther: '' }, 'Veuillez choisir ou indiquer le modèle'],
    ['fault', { fault: 'joystick' }, 'Ce choix ne fait pas partie de la liste'],
    ['fault', { fault: 'autre', faultOther: '' }, 'Veuillez choisir la panne ou la décrire'],
    ['consent', { consent: false }, 'Cochez la case pour que nous puissions vous recontacter au sujet de ce devis'],
    ['phone', { phone: '' }, 'Veuillez indiquer un numéro de téléphone pour vous rappeler'],
    ['name', { name: 'Léa\r\nBcc: x@exemple.com' }, 'Ce champ doit tenir sur une seule ligne'],
    ['email', { email: 'x@exemple.fr\nBcc: y@exemple.com' }, 'Adresse e-mail invalide'],
    ['slot', { dropOffSlot: 'soir' }, 'Veuillez choisir un créneau'],
    ['photos', { photos: Array.from({ length: 4 }, () => PNG) }, 'Maximum 3 images autorisées'],
    ['description (NUL)', { description: 'Écran\u0000cassé' }, 'Ce texte contient des caractères non autorisés'],
    ['description (escape)', { description: 'Écran \u001b[2J' }, 'Ce texte contient des caractères non autorisés'],
    ['brandOther (NUL)', { brand: 'autre', brandOther: 'Fair\u0000phone', modelOther: '5' }, 'Ce texte contient des caractères non autorisés'],
    ['brandOther (CR/LF)', { brand: 'autre', brandOther: 'Fairphone\r\nBcc: x@exemple.com', modelOther: '5' }, 'Ce champ doit tenir sur une seule ligne'],
    ['modelOther (LF)', { model: 'autre', modelOther: 'iPhone\n17' }, 'Ce champ doit tenir sur une seule ligne'],
    ['modelOther (U+2028)', { model: 'autre', modelOther: 'iPhone\u202817' }, 'Ce champ doit tenir sur une seule ligne'],
    ['faultOther (CR)', { fault: 'autre', faultOther: 'Bouton\rcassé' }, 'Ce champ doit tenir sur une seule ligne'],
    ['faultOther (NUL)', { fault: 'autre', faultOther: 'Bouton\u0000' }, 'Ce texte contient des caractères non autorisés'],
  ])('refuses a bad %s with a French message and stores nothing', async (_field, change, message) => {
    const before = await counts();
    const response = await post({ ...valid(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('reads “today” in Paris: just after midnight, the new day is today', async () => {
    expect(shopToday(NOW)).toBe('2026-11-24');
    const today = await post({ ...valid(), dropOffDate: '2026-11-24' });
    expect(today.statusCode).toBe(400);
    expect((await post({ ...valid(), dropOffDate: '2026-11-25' })).statusCode).toBe(200);
    // Half an hour earlier it was still Monday: Tuesday was tomorrow.
    quoteClock.now = () => new Date('2026-11-23T22:30:00Z');
    expect((await post({ ...valid(), dropOffDate: '2026-11-24' })).statusCode).toBe(200);
  });

  it('refuses a drop-off today, on a closed day or too far ahead', async () => {
    const today = shopToday(NOW);
    const closed = nextClosedDay(today);
    const before = await counts();
    for (const dropOffDate of [today, closed, '2099-01-06', '2026-02-30']) {
      const response = await post({ ...valid(), dropOffDate });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe('Choisissez un jour d’ouverture (du mardi au samedi) à partir de demain');
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a fake or oversized photo and stores nothing', async () => {
    const before = await counts();
    const fake = await post({ ...valid(), photos: [new TextEncoder().encode('MZ executable')] });
    expect(fake.statusCode).toBe(400);
    expect(fake.json<{ message: string }>().message).toBe('Une des photos n’est pas une image JPEG, PNG ou WebP valide');
    const big = await post({ ...valid(), photos: [imageOfSize(JPEG, 2 * 1024 * 1024 + 1)] });
    expect(big.statusCode).toBe(413);
    expect(big.json<{ message: string }>().message).toContain('Chaque photo doit peser 2 Mo au maximum');
    expect(await counts()).toEqual(before);
  });

  it('rate-limits per address and per e-mail', async () => {
    const ip = nextIp();
    for (let index = 0; index < QUOTE_IP_RATE_LIMIT.limit; index += 1) expect((await post(valid(), ip)).statusCode).toBe(200);
    const before = await counts();
    const limited = await post(valid(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toBe('Vous avez envoyé plusieurs demandes de devis en peu de temps. Veuillez réessayer plus tard ou nous appeler.');
    expect(await counts()).toEqual(before);

    // Per e-mail, nothing is refused (a stranger typing her address must not block its owner):
    // past the cap, the request is taken without acknowledgement.
    const email = nextEmail();
    for (let index = 0; index < QUOTE_EMAIL_RATE_LIMIT.limit; index += 1) expect((await post({ ...valid(), email })).statusCode).toBe(200);
    const again = await post({ ...valid(), email });
    expect(again.statusCode).toBe(200);
    expect((await listOutbox(t.database.db, { kind: 'quote_acknowledgement', to: email })).length).toBe(QUOTE_EMAIL_RATE_LIMIT.limit);
    expect((await listOutbox(t.database.db, { kind: 'quote_request' })).at(-1)?.subject).toContain(again.json<{ reference: string }>().reference);
  });

  it('acknowledges one mailbox a few times a day however it is spelt (+tag, case, Gmail dots)', async () => {
    const spellings = ['Jean.Dupont+devis1@gmail.com', 'jeandupont+2@googlemail.com', 'j.e.a.n.dupont@GMAIL.com', 'jean.dupont+x@gmail.com'];
    for (const email of spellings.slice(0, QUOTE_EMAIL_RATE_LIMIT.limit)) expect((await post({ ...valid(), email })).statusCode).toBe(200);
    const last = spellings[QUOTE_EMAIL_RATE_LIMIT.limit] ?? '';
    const again = await post({ ...valid(), email: last });
    expect(again.statusCode).toBe(200);
    expect(await listOutbox(t.database.db, { kind: 'quote_acknowledgement', to: last })).toEqual([]);
    // Dots matter elsewhere than at Gmail.
    expect(normaliseMailbox('Jean.Dupont+devis@Exemple.fr')).toBe('jean.dupont@exemple.fr');
    expect(normaliseMailbox('jeandupont@exemple.fr')).not.toBe(normaliseMailbox('jean.dupont@exemple.fr'));
    expect(normaliseMailbox('J.D+a@googlemail.com')).toBe('jd@gmail.com');
  });

  it('still takes requests past the daily cap of acknowledgements, without acknowledging them', async () => {
    const key = `${QUOTE_ACK_DAILY_LIMIT.name}:all`;
    await fillLimit(key, QUOTE_ACK_DAILY_LIMIT.limit);
    const body = valid();
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    const { reference } = response.json<{ reference: string }>();
    const shop = (await listOutbox(t.database.db, { kind: 'quote_request' })).at(-1);
    expect(shop?.subject).toContain(reference);
    expect(await listOutbox(t.database.db, { kind: 'quote_acknowledgement', to: body.email })).toEqual([]);
    await t.database.db.execute(sql`delete from rate_limits where key = ${key}`);
    const next = valid();
    expect((await post(next)).statusCode).toBe(200);
    expect(await listOutbox(t.database.db, { kind: 'quote_acknowledgement', to: next.email })).toHaveLength(1);
  });

  it('counts every attempt, refused ones too, before reading the body', async () => {
    const ip = nextIp();
    for (let index = 0; index < QUOTE_ATTEMPT_LIMIT.limit; index += 1) {
      expect((await post({ ...valid(), consent: false }, ip)).statusCode).toBe(400);
    }
    const before = await counts();
    expect((await post(valid(), ip)).statusCode).toBe(429);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/quotes',
      headers: { 'content-type': 'application/json' },
      payload: '{"category": ',
      remoteAddress: ip,
    });
    expect(broken.statusCode).toBe(429);
    expect(broken.headers['retry-after']).toBeDefined();
    expect(await counts()).toEqual(before);
  });

  it('caps the requests of one address per day; past the site-wide valve, takes them held, same answer', async () => {
    const ip = nextIp();
    await fillLimit(`${QUOTE_IP_DAILY_LIMIT.name}:${ip}`, QUOTE_IP_DAILY_LIMIT.limit);
    const before = await counts();
    const daily = await post(valid(), ip);
    expect(daily.statusCode).toBe(429);
    expect(daily.json<{ message: string }>().message).toBe(
      'Nous avons reçu beaucoup de demandes de devis aujourd’hui. Veuillez réessayer demain ou nous appeler.',
    );
    expect(await counts()).toEqual(before);
    const globalKey = `${QUOTE_GLOBAL_DAILY_LIMIT.name}:all`;
    await fillLimit(globalKey, QUOTE_GLOBAL_DAILY_LIMIT.limit);
    const held = await post(valid());
    expect(held.statusCode).toBe(200);
    const { reference } = held.json<{ reference: string }>();
    expect(held.json()).toEqual({ success: true, message: expect.any(String) as unknown, reference });
    const [row] = await t.database.db.select().from(quoteRequests).where(eq(quoteRequests.reference, reference));
    expect(row?.held).toBe(true);
    expect((await listOutbox(t.database.db, { kind: 'quote_request' })).filter((mail) => mail.subject.includes(reference))).toEqual([]);
    await t.database.db.execute(sql`delete from rate_limits where key = ${globalKey}`);
    const free = await post(valid());
    expect(free.statusCode).toBe(200);
    const freeReference = free.json<{ reference: string }>().reference;
    expect((await listOutbox(t.database.db, { kind: 'quote_request' })).filter((mail) => mail.subject.includes(freeReference))).toHaveLength(1);
  });
});

function nextClosedDay(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (![0, 1].includes(date.getUTCDay()));
  return date.toISOString().slice(0, 10);
}

describe('staff inbox (service)', () => {
  it('lists requests newest first with paging and a status filter, and sets a status', async () => {
    const page = await listQuoteRequests(t.database.db, { pageSize: 3 });
    expect(page.items).toHaveLength(3);
    expect(page.total).toBeGreaterThan(3);
    const [first, second] = page.items;
    expect((first?.id ?? 0) > (second?.id ?? 0)).toBe(true);
    expect(first?.reference).toMatch(/^D-\d{4}-\d{6}$/);

    await setQuoteStatus(t.database.db, second?.id ?? 0, 'in_progress');
    const inProgress = await listQuoteRequests(t.database.db, { status: 'in_progress' });
    expect(inProgress.items.map((item) => item.id)).toEqual([second?.id]);
    expect((await listQuoteRequests(t.database.db, { status: 'new', pageSize: 100 })).items.some((item) => item.id === second?.id)).toBe(false);
    await expect(setQuoteStatus(t.database.db, 999_999, 'handled')).rejects.toMatchObject({ httpStatus: 404, message: 'Demande introuvable' });
  });
});

describe('privacy clean-up', () => {
  it('deletes requests 3 years after the last exchange, with their photos, and blanks addresses after 12 months', async () => {
    const db = t.database.db;
    const send = async () => {
      const response = await post(valid());
      expect(response.statusCode).toBe(200);
      const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.reference, response.json<{ reference: string }>().reference));
      return row?.id ?? 0;
    };
    const old = await send();
    const recentlyHandled = await send();
    const yearOld = await send();
    const fresh = await send();
    await db.execute(sql`update quote_requests set created_at = now() - interval '3 years 2 days', updated_at = now() - interval '3 years 1 day' where id = ${old}`);
    await db.execute(sql`update quote_requests set created_at = now() - interval '4 years', updated_at = now() - interval '2 months' where id = ${recentlyHandled}`);
    await db.execute(sql`update quote_requests set created_at = now() - interval '13 months', updated_at = now() - interval '13 months' where id = ${yearOld}`);

    const result = await purgeOldQuoteRequests(db);
    expect(result.deleted).toBe(1);
    const byId = new Map((await db.select().from(quoteRequests)).map((row) => [row.id, row]));
    expect(byId.has(old)).toBe(false);
    expect(await db.select().from(quotePhotos).where(eq(quotePhotos.quoteId, old))).toEqual([]);
    expect(byId.get(recentlyHandled)?.ip).toBe('');
    expect(byId.get(yearOld)?.ip).toBe('');
    expect(byId.get(fresh)?.ip).toMatch(/^10\.1\.0\./);
    expect(await db.select().from(quotePhotos).where(eq(quotePhotos.quoteId, fresh))).toHaveLength(1);
    expect(await purgeOldQuoteRequests(db)).toEqual({ deleted: 0, ipCleared: 0 });
  });
});
