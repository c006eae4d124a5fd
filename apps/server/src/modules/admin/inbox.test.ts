/**
 * The staff inbox: contact messages and quote requests (paged, filtered, searched), detail, status
 * changes and replies through the outbox (to the sender's stored address only), and the photos
 * served with safe headers. Every change audited; bad input changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCoreMessages as texts } from '@erepare/shared/schemas/admin-core';
import { auditLog, contactAttachments, contactMessages, mailOutbox, quotePhotos, quoteRequests } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';

type Session = { id: number; headers: { authorization: string } };
type Item = { id: number; name: string; email: string; status: string; attachments?: { id: number }[]; photos?: { id: number }[]; reference?: string };
type ListBody = { data: Item[]; pagination: { page: number; pageSize: number; total: number } };

let t: TestApp;
let admin: Session;
let customer: Session;
const db = () => t.database.db;
const ids = { messages: [] as number[], quotes: [] as number[], png: 0, svg: 0, photo: 0, otherPhoto: 0 };
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers?: Session['headers'], payload?: unknown) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, db(), { email: 'accueil@exemple.fr', role: 'admin' });
  customer = await signedInUser(t.app, db(), { email: 'curieux@exemple.fr' });
  const messages = await db()
    .insert(contactMessages)
    .values([
      { name: 'Léa Martin', email: 'lea@exemple.fr', subject: 'Écran cassé', message: 'Bonjour, mon écran est cassé.\nÉcrivez-moi à pirate@exemple.org', createdAt: new Date(Date.now() - 3000) },
      { name: 'Paul 100%_Durand', email: 'paul@exemple.fr', subject: 'Batterie', message: 'Ma batterie ne tient plus.', status: 'in_progress' as const, createdAt: new Date(Date.now() - 2000) },
      { name: 'Zoé', email: 'zoe@exemple.fr', subject: 'Question', message: 'Ouvert le lundi ?', status: 'handled' as const, createdAt: new Date(Date.now() - 1000) },
    ])
    .returning({ id: contactMessages.id });
  ids.messages = messages.map((row) => row.id);
  const files = await db()
    .insert(contactAttachments)
    .values([
      { messageId: ids.messages[0] ?? 0, position: 0, mimeType: 'image/png', sizeBytes: PNG.length, data: PNG },
      { messageId: ids.messages[0] ?? 0, position: 1, mimeType: 'image/svg+xml', sizeBytes: 5, data: Uint8Array.from([60, 115, 118, 103, 62]) },
    ])
    .returning({ id: contactAttachments.id });
  ids.png = files[0]?.id ?? 0;
  ids.svg = files[1]?.id ?? 0;
  const quote = {
    category: 'Smartphone',
    brand: 'Apple',
    model: 'iPhone 12',
    fault: 'ecran',
    faultLabel: 'Écran cassé',
    priceFromEuros: 89,
    phone: '0600000000',
    dropOffDate: '2026-12-01',
    dropOffSlot: 'matin' as const,
    consentAt: new Date(),
  };
  const quotes = await db()
    .insert(quoteRequests)
    .values([
      { ...quote, reference: 'D-2026-000901', name: 'Inès Bernard', email: 'ines@exemple.fr', createdAt: new Date(Date.now() - 2000) },
      { ...quote, reference: 'D-2026-000902', name: 'Hugo Petit', email: 'hugo@exemple.fr', createdAt: new Date(Date.now() - 1000) },
    ])
    .returning({ id: quoteRequests.id });
  ids.quotes = quotes.map((row) => row.id);
  const photos = await db()
    .insert(quotePhotos)
    .values([
      { quoteId: ids.quotes[0] ?? 0, position: 0, mimeType: 'image/webp', sizeBytes: PNG.length, data: PNG },
      { quoteId: ids.quotes[1] ?? 0, position: 0, mimeType: 'image/jpeg', sizeBytes: PNG.length, data: PNG },
    ])
    .returning({ id: quotePhotos.id });
  ids.photo = photos[0]?.id ?? 0;
  ids.otherPhoto = photos[1]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/inbox/messages and /quotes', () => {
  it('are refused without a session (401) and to a customer (403)', async () => {
    for (const url of ['/api/admin/inbox/messages', '/api/admin/inbox/quotes', `/api/admin/inbox/messages/${ids.messages[0]}`, `/api/admin/inbox/quotes/${ids.quotes[0]}`]) {
      expect((await call('GET', url)).statusCode).toBe(401);
      expect((await call('GET', url, customer.headers)).statusCode).toBe(403);
    }
  });

  it('page, filter by status and search by name or e-mail (newest first)', async () => {
    const all = (await call('GET', '/api/admin/inbox/messages?pageSize=2', admin.headers)).json<ListBody>();
    expect(all.pagination).toEqual({ page: 1, pageSize: 2, total: 3 });
    expect(all.data.map((item) => item.name)).toEqual(['Zoé', 'Paul 100%_Durand']);
    const second = (await call('GET', '/api/admin/inbox/messages?pageSize=2&page=2', admin.headers)).json<ListBody>();
    expect(second.data.map((item) => item.name)).toEqual(['Léa Martin']);
    expect(second.data[0]?.attachments).toHaveLength(2);
    const fresh = (await call('GET', '/api/admin/inbox/messages?status=new', admin.headers)).json<ListBody>();
    expect(fresh.data.map((item) => item.email)).toEqual(['lea@exemple.fr']);
    const byMail = (await call('GET', '/api/admin/inbox/messages?q=PAUL%40', admin.headers)).json<ListBody>();
    expect(byMail.data.map((item) => item.email)).toEqual(['paul@exemple.fr']);
    // % and _ are searched as themselves, not as wildcards.
    expect((await call('GET', '/api/admin/inbox/messages?q=100%25_', admin.headers)).json<ListBody>().data).toHaveLength(1);
    expect((await call('GET', '/api/admin/inbox/messages?q=%25', admin.headers)).json<ListBody>().data).toHaveLength(1);
    const quotes = (await call('GET', '/api/admin/inbox/quotes?q=d-2026-000901', admin.headers)).json<ListBody>();
    expect(quotes.data.map((item) => item.name)).toEqual(['Inès Bernard']);
    const byName = (await call('GET', '/api/admin/inbox/quotes?q=hugo&status=new', admin.headers)).json<ListBody>();
    expect(byName.pagination.total).toBe(1);
  });

  it('refuse a bad status, page or search with a French message', async () => {
    const status = await call('GET', '/api/admin/inbox/messages?status=archived', admin.headers);
    expect(status.statusCode).toBe(400);
    expect(status.json<{ message: string }>().message).toContain(texts.statusInvalid);
    expect((await call('GET', '/api/admin/inbox/quotes?page=0', admin.headers)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/inbox/quotes?pageSize=500', admin.headers)).statusCode).toBe(400);
    expect((await call('GET', `/api/admin/inbox/quotes?q=${'a'.repeat(101)}`, admin.headers)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/inbox/messages?q=a%00b', admin.headers)).statusCode).toBe(400);
  });

  it('show one item with its photos’ ids; an unknown id is a 404', async () => {
    const message = await call('GET', `/api/admin/inbox/messages/${ids.messages[0]}`, admin.headers);
    expect(message.statusCode).toBe(200);
    expect(message.json<{ data: Item }>().data).toMatchObject({ name: 'Léa Martin', attachments: [{ id: ids.png }, { id: ids.svg }] });
    const quote = await call('GET', `/api/admin/inbox/quotes/${ids.quotes[0]}`, admin.headers);
    expect(quote.json<{ data: Item }>().data).toMatchObject({ reference: 'D-2026-000901', photos: [{ id: ids.photo }] });
    const missing = await call('GET', '/api/admin/inbox/messages/999999', admin.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe(texts.messageNotFound);
    expect((await call('GET', '/api/admin/inbox/quotes/abc', admin.headers)).statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/inbox/…/:id', () => {
  it('is refused without a session and to a customer, changing nothing', async () => {
    const url = `/api/admin/inbox/messages/${ids.messages[0]}`;
    expect((await call('PATCH', url, undefined, { status: 'handled' })).statusCode).toBe(401);
    expect((await call('PATCH', url, customer.headers, { status: 'handled' })).statusCode).toBe(403);
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, ids.messages[0] ?? 0));
    expect(row?.status).toBe('new');
  });

  it('refuses an unknown status and an unknown id, changing nothing', async () => {
    expect((await call('PATCH', `/api/admin/inbox/messages/${ids.messages[0]}`, admin.headers, { status: 'done' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/inbox/quotes/${ids.quotes[0]}`, admin.headers, {})).statusCode).toBe(400);
    expect((await call('PATCH', '/api/admin/inbox/quotes/999999', admin.headers, { status: 'handled' })).statusCode).toBe(404);
    expect(await db().select().from(auditLog).where(eq(auditLog.entity, 'contact_message'))).toHaveLength(0);
  });

  it('changes the status, audited with before/after; the same status again records nothing', async () => {
    const response = await call('PATCH', `/api/admin/inbox/messages/${ids.messages[0]}`, admin.headers, { status: 'in_progress' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Item; message: string }>()).toMatchObject({ message: texts.statusSaved, data: { status: 'in_progress' } });
    await call('PATCH', `/api/admin/inbox/messages/${ids.messages[0]}`, admin.headers, { status: 'in_progress' });
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'contact.status'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id, entityId: String(ids.messages[0]), before: { status: 'new' }, after: { status: 'in_progress' } });
    const quote = await call('PATCH', `/api/admin/inbox/quotes/${ids.quotes[1]}`, admin.headers, { status: 'handled' });
    expect(quote.json<{ data: Item }>().data.status).toBe('handled');
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'quote.status'))).toHaveLength(1);
  });
});

describe('POST /api/admin/inbox/…/:id/reply', () => {
  it('is refused without a session and to a customer, queuing nothing', async () => {
    const url = `/api/admin/inbox/messages/${ids.messages[0]}/reply`;
    expect((await call('POST', url, undefined, { message: 'Bonjour' })).statusCode).toBe(401);
    expect((await call('POST', url, customer.headers, { message: 'Bonjour' })).statusCode).toBe(403);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'staff_reply'))).toHaveLength(0);
  });

  it('refuses an empty or too long reply, a subject on two lines, an unknown item: nothing queued, nothing changed', async () => {
    const url = `/api/admin/inbox/messages/${ids.messages[0]}/reply`;
    const empty = await call('POST', url, admin.headers, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain(texts.replyRequired);
    expect((await call('POST', url, admin.headers, { message: 'x'.repeat(10_001) })).statusCode).toBe(400);
    expect((await call('POST', url, admin.headers, { message: 'Bonjour', subject: 'Re\r\nBcc: autre@exemple.org' })).statusCode).toBe(400);
    expect((await call('POST', url, admin.headers, { message: 'Bonjour', status: 'new' })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/inbox/quotes/999999/reply', admin.headers, { message: 'Bonjour' })).statusCode).toBe(404);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'staff_reply'))).toHaveLength(0);
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, ids.messages[0] ?? 0));
    expect(row?.status).toBe('in_progress');
  });

  it('queues the reply to the sender’s stored address only, escaped, marks it handled, audited', async () => {
    const response = await call('POST', `/api/admin/inbox/messages/${ids.messages[0]}/reply`, admin.headers, {
      message: 'Bonjour,\n\nVotre écran coûte 89 € <b>posé</b>.\nÀ bientôt',
      // Not part of the schema: ignored, never a recipient.
      to: 'pirate@exemple.org',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; data: { mailId: number; to: string; subject: string; status: string } }>();
    expect(body).toMatchObject({ message: 'Réponse envoyée à lea@exemple.fr', data: { to: 'lea@exemple.fr', subject: 'Re\u00a0: Écran cassé', status: 'handled' } });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'staff_reply'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'lea@exemple.fr', subject: 'Re\u00a0: Écran cassé', status: 'pending' });
    expect(mails[0]?.html).toContain('&lt;b&gt;posé&lt;/b&gt;');
    expect(mails[0]?.html).not.toContain('<b>posé');
    expect(mails[0]?.text).toContain('Votre écran coûte 89 € <b>posé</b>.');
    expect(JSON.stringify(mails)).not.toContain('pirate@exemple.org');
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, ids.messages[0] ?? 0));
    expect(row?.status).toBe('handled');
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'contact.reply'));
    expect(audit).toMatchObject({ actorId: admin.id, before: { status: 'in_progress' }, after: { status: 'handled', mailId: body.data.mailId, to: 'lea@exemple.fr' } });
    // The same reply again (a double click): the mail is queued once, nothing more recorded.
    const again = await call('POST', `/api/admin/inbox/messages/${ids.messages[0]}/reply`, admin.headers, { message: 'Bonjour,\n\nVotre écran coûte 89 € <b>posé</b>.\nÀ bientôt' });
    expect(again.json<{ data: { mailId: number } }>().data.mailId).toBe(body.data.mailId);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'staff_reply'))).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'contact.reply'))).toHaveLength(1);
  });

  it('replies to a quote request with the staff’s subject and keeps it in progress when asked', async () => {
    const response = await call('POST', `/api/admin/inbox/quotes/${ids.quotes[0]}/reply`, admin.headers, {
      subject: 'Votre devis iPhone 12',
      message: 'Le remplacement de l’écran est possible mardi.',
      status: 'in_progress',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await db().select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'staff_reply'), eq(mailOutbox.toAddress, 'ines@exemple.fr')));
    expect(mail?.subject).toBe('Votre devis iPhone 12');
    expect(mail?.text).toContain('En réponse à votre demande de devis D-2026-000901.');
    const [row] = await db().select().from(quoteRequests).where(eq(quoteRequests.id, ids.quotes[0] ?? 0));
    expect(row?.status).toBe('in_progress');
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'quote.reply'))).toHaveLength(1);
  });
});

describe('photos of the inbox', () => {
  it('are refused without a session and to a customer', async () => {
    const url = `/api/admin/inbox/messages/${ids.messages[0]}/attachments/${ids.png}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, customer.headers)).statusCode).toBe(403);
  });

  it('are served with their image type, nosniff, inline, sandboxed and never cached', async () => {
    const response = await call('GET', `/api/admin/inbox/messages/${ids.messages[0]}/attachments/${ids.png}`, admin.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(`inline; filename="message-${ids.messages[0]}-photo-1.png"`);
    expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(new Uint8Array(response.rawPayload)).toEqual(PNG);
    const photo = await call('GET', `/api/admin/inbox/quotes/${ids.quotes[0]}/photos/${ids.photo}`, admin.headers);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['content-disposition']).toBe(`inline; filename="devis-${ids.quotes[0]}-photo-1.webp"`);
  });

  it('never serve another type, another item’s photo or an unknown one', async () => {
    const svg = await call('GET', `/api/admin/inbox/messages/${ids.messages[0]}/attachments/${ids.svg}`, admin.headers);
    expect(svg.statusCode).toBe(404);
    expect(svg.json<{ message: string }>().message).toBe(texts.attachmentNotFound);
    expect((await call('GET', `/api/admin/inbox/quotes/${ids.quotes[0]}/photos/${ids.otherPhoto}`, admin.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/inbox/messages/${ids.messages[1]}/attachments/${ids.png}`, admin.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/inbox/quotes/${ids.quotes[0]}/photos/x`, admin.headers)).statusCode).toBe(400);
  });
});

describe('items held by the site-wide safety valve', () => {
  it('are listed with held: true (filterable), and staff release them: the shop mail leaves once, audited', async () => {
    const [message] = await db()
      .insert(contactMessages)
      .values({ name: 'Retenue', email: 'retenue@exemple.fr', subject: 'Soupape', message: 'Message retenu.', held: true })
      .returning({ id: contactMessages.id });
    const [quote] = await db()
      .insert(quoteRequests)
      .values({
        reference: 'D-2026-000977',
        category: 'telephone',
        brand: 'Apple',
        model: 'iPhone 12',
        fault: 'ecran',
        faultLabel: 'Écran cassé',
        priceFromEuros: 89,
        name: 'Retenu',
        email: 'retenu@exemple.fr',
        phone: '0600000000',
        dropOffDate: '2026-12-01',
        dropOffSlot: 'matin',
        consentAt: new Date(),
        held: true,
      })
      .returning({ id: quoteRequests.id });
    const messageId = message?.id ?? 0;
    const quoteId = quote?.id ?? 0;

    const held = await call('GET', '/api/admin/inbox/messages?held=true', admin.headers);
    expect(held.json<{ data: (Item & { held: boolean })[] }>().data.map((item) => [item.id, item.held])).toEqual([[messageId, true]]);
    expect((await call('GET', '/api/admin/inbox/quotes?held=true', admin.headers)).json<ListBody>().data.map((item) => item.id)).toEqual([quoteId]);
    expect((await call('GET', '/api/admin/inbox/messages?held=peut-etre', admin.headers)).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/inbox/messages/${messageId}/release`)).statusCode).toBe(401);
    expect((await call('POST', `/api/admin/inbox/messages/${messageId}/release`, customer.headers)).statusCode).toBe(403);

    const released = await call('POST', `/api/admin/inbox/messages/${messageId}/release`, admin.headers);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ message: texts.messageReleased, data: { id: messageId, held: false } });
    const again = await call('POST', `/api/admin/inbox/messages/${messageId}/release`, admin.headers);
    expect(again.json()).toMatchObject({ message: texts.notHeld, data: { held: false } });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `contact_message:${messageId}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Message du site\u00a0: Soupape');

    const quoteReleased = await call('POST', `/api/admin/inbox/quotes/${quoteId}/release`, admin.headers);
    expect(quoteReleased.json()).toMatchObject({ message: texts.quoteReleased, data: { id: quoteId, held: false } });
    const quoteMails = await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `quote_request:${quoteId}`));
    expect(quoteMails.map((mail) => mail.subject)).toEqual(['Demande de devis D-2026-000977\u00a0: Téléphone Apple iPhone 12']);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entityId, String(messageId)), eq(auditLog.action, 'contact.release')));
    expect(audits).toHaveLength(1);
    expect((await call('POST', '/api/admin/inbox/quotes/999999/release', admin.headers)).statusCode).toBe(404);
  });
});
