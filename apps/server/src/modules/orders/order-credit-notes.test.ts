/**
 * A refund of an invoiced web order is a credit note (avoir, issue 22 §1): the next number of the
 * series AB-{year}-{000001}, taken in the refund's transaction, one per refund row, none for an
 * order never invoiced, with no gap (concurrent refunds take consecutive numbers, a refused refund
 * takes none). Its PDF says what French law asks (invoice referred to, seller, customer, HT, VAT
 * per rate, TTC, date, reason), is valid and tagged with embedded fonts, and goes to whoever may
 * read the order (owner, staff, the guest with the order's key), nobody else.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidTaggedPdf, pdfText, pdfTool, savePdf } from '../../test/pdf-checks.js';
import { orderCreditNoteFigures } from '@erepare/shared/invoice-document';
import { MARGIN_SCHEME_MENTION } from '@erepare/shared/invoice-vat';
import type { AdminOrderDetail } from '@erepare/shared/schemas/admin-shop';
import type { Order } from '@erepare/shared/schemas/shop';
import { defaultStoreProfile, type StoreProfile } from '@erepare/shared/store-profile';
import { parisYear } from '../../db/demo-data/calendar.js';
import { auditLog, orderLines, orderRefunds, orders, storeProfileTable } from '../../db/schema.js';
import { placeOrder, type TestOrder } from '../../test/stripe-test-bed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';
import { ordersAdminMessages } from '../admin/orders-admin.js';

let t: TestApp;
let dir: string;
type Headers = { authorization: string };
let admin: Headers;
let other: Headers;
const YEAR = parisYear(new Date());
const PREFIX = `AB-${YEAR}-`;
const numberOf = (creditNote: string) => Number(creditNote.slice(PREFIX.length));
const creditNote = (n: number) => `${PREFIX}${String(n).padStart(6, '0')}`;

const shop: StoreProfile = {
  ...defaultStoreProfile,
  legalName: 'Réparations Œdipe SARL',
  siret: '732 829 320 00074',
  company: { ...defaultStoreProfile.company, legalForm: 'SARL', shareCapital: '5 000 €', rcsCity: 'Bordeaux', vatNumber: 'FR44 732829320' },
};

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erepare-avoir-'));
  await t.database.db.insert(storeProfileTable).values({ id: 1, profile: shop }).onConflictDoUpdate({ target: storeProfileTable.id, set: { profile: shop } });
  admin = (await signedInUser(t.app, t.database.db, { email: 'atelier.avoirs@exemple.fr', role: 'admin' })).headers;
  other = (await signedInUser(t.app, t.database.db, { email: 'autre.avoirs@exemple.fr' })).headers;
});

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The highest AB number of this year stored so far (0: none). */
async function highestNumber(): Promise<number> {
  const rows = await t.database.db.select({ n: orderRefunds.creditNoteNumber }).from(orderRefunds).where(like(orderRefunds.creditNoteNumber, `${PREFIX}%`));
  return Math.max(0, ...rows.map((row) => numberOf(row.n)));
}

/** A bank-transfer order, paid (« Virement reçu »): invoiced in the FB series. */
async function invoicedOrder(options: { priceCents?: number; quantity?: number } = {}): Promise<TestOrder> {
  const order = await placeOrder(t, { paymentMethod: 'bacs', ...options });
  const received = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/bank-transfer-received`, payload: {}, headers: admin });
  expect(received.statusCode, received.body).toBe(200);
  return order;
}

const refund = (id: number, amountCents: number, reason = 'Geste commercial') =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/refund`, payload: { amountCents, reason }, headers: admin });

async function adminOrder(id: number): Promise<AdminOrderDetail> {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AdminOrderDetail }>().data;
}

async function buyerView(id: number, key: string): Promise<Order> {
  const response = await t.app.inject({ method: 'GET', url: `/api/shop/orders/${id}?key=${key}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Order }>().data;
}

const pdfOf = (url: string, headers: Partial<Headers> = {}) => t.app.inject({ method: 'GET', url, headers });
const notePdfUrl = (id: number, number: string, key?: string) => `/api/shop/orders/${id}/credit-notes/${number}/pdf${key ? `?key=${key}` : ''}`;

/** « 1 234,56 » → 123456. */
const euroCents = (text: string) => Math.round(Number(text.replace(/\s/g, '').replace(',', '.')) * 100);

const today = () => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

describe('numbering', () => {
  it('gives each refund of an invoiced order the next AB number, named in the answer, the views and the audit', async () => {
    const order = await invoicedOrder();
    const before = await highestNumber();

    const first = await refund(order.id, 1000, 'Rayure « légère » sur l’écran');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ message: string }>().message).toBe(`${ordersAdminMessages.refunded(1000, false, creditNote(before + 1))}${ordersAdminMessages.manualOffline}`);
    expect(first.json<{ message: string }>().message).toContain(`avoir ${creditNote(before + 1)} émis`);
    const second = await refund(order.id, order.totalCents - 1000, 'Rétractation');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<{ message: string }>().message).toBe(`${ordersAdminMessages.refunded(order.totalCents - 1000, true, creditNote(before + 2))}${ordersAdminMessages.manualOffline}`);
    expect(second.json<{ message: string }>().message).toContain(`avoir ${creditNote(before + 2)} émis`);

    const rows = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)).orderBy(asc(orderRefunds.id));
    expect(rows.map((row) => [row.creditNoteNumber, row.amountCents])).toEqual([
      [creditNote(before + 1), 1000],
      [creditNote(before + 2), order.totalCents - 1000],
    ]);
    expect((await adminOrder(order.id)).refunds.map((row) => row.creditNoteNumber)).toEqual([creditNote(before + 1), creditNote(before + 2)]);
    const view = await buyerView(order.id, order.key);
    expect(view.credit_notes).toEqual([
      { number: creditNote(before + 1), date: rows[0]?.createdAt.toISOString(), amount: '10.00' },
      { number: creditNote(before + 2), date: rows[1]?.createdAt.toISOString(), amount: ((order.totalCents - 1000) / 100).toFixed(2) },
    ]);
    const audit = await t.database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.entityId, String(order.id))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((row) => (row.after as { creditNoteNumber?: string }).creditNoteNumber)).toEqual([creditNote(before + 1), creditNote(before + 2)]);
  });

  it('gives none to an order paid before invoices were numbered', async () => {
    const order = await placeOrder(t, { paymentMethod: 'bacs' });
    // As the code before numbering left a paid order: processing, paid, no invoice number.
    await t.database.db.update(orders).set({ status: 'processing', paidAt: new Date(Date.now() - 86_400_000), expiresAt: null }).where(eq(orders.id, order.id));
    const before = await highestNumber();
    const response = await refund(order.id, 500);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe(`${ordersAdminMessages.refunded(500, false)}${ordersAdminMessages.manualOffline}`);
    expect(response.json<{ message: string }>().message).not.toContain('avoir');
    const [row] = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(row?.creditNoteNumber).toBe('');
    expect((await adminOrder(order.id)).refunds[0]?.creditNoteNumber).toBeNull();
    expect((await buyerView(order.id, order.key)).credit_notes).toEqual([]);
    expect(await highestNumber()).toBe(before);
  });

  it('a refused refund (more than what is left) takes no number: the next one takes it', async () => {
    const order = await invoicedOrder();
    const before = await highestNumber();
    const tooMuch = await refund(order.id, order.totalCents + 1);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<{ message: string }>().message).toBe(ordersAdminMessages.tooMuch(order.totalCents));
    expect(await highestNumber()).toBe(before);
    expect((await refund(order.id, 100)).statusCode).toBe(200);
    expect(await highestNumber()).toBe(before + 1);
  });

  it('10 partial refunds at once (two orders, five each) take 10 consecutive numbers, none twice, dated in their order', async () => {
    const [a, b] = [await invoicedOrder({ priceCents: 9000 }), await invoicedOrder({ priceCents: 9000 })] as [TestOrder, TestOrder];
    const before = await highestNumber();
    const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => refund(index % 2 === 0 ? a.id : b.id, 100 + index, `Partiel ${index}`)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const rows = await t.database.db
      .select({ number: orderRefunds.creditNoteNumber, createdAt: orderRefunds.createdAt, orderId: orderRefunds.orderId })
      .from(orderRefunds)
      .where(like(orderRefunds.creditNoteNumber, `${PREFIX}%`))
      .orderBy(asc(orderRefunds.creditNoteNumber));
    const taken = rows.filter((row) => numberOf(row.number) > before);
    expect(taken.map((row) => numberOf(row.number))).toEqual(Array.from({ length: 10 }, (_, index) => before + 1 + index));
    expect(taken.filter((row) => row.orderId === a.id)).toHaveLength(5);
    // Chronological: a higher number is never dated before a lower one.
    const dates = taken.map((row) => row.createdAt.getTime());
    expect(dates).toEqual([...dates].sort((x, y) => x - y));
    expect((await adminOrder(a.id)).refundedCents).toBe(100 + 102 + 104 + 106 + 108);
  });
});

describe('GET /api/shop/orders/:id/credit-notes/:number/pdf', () => {
  let order: TestOrder;
  let invoiceNumber = '';
  let number = '';
  let owner: Headers;

  beforeAll(async () => {
    order = await invoicedOrder({ priceCents: 2990, quantity: 2 });
    owner = (await signedInUser(t.app, t.database.db, { email: order.email })).headers;
    invoiceNumber = (await buyerView(order.id, order.key)).invoice_number ?? '';
    expect(invoiceNumber).toMatch(/^FB-\d{4}-\d{6}$/);
    const response = await refund(order.id, 1000, 'Coque « abîmée » à la réception');
    expect(response.statusCode, response.body).toBe(200);
    number = (await buyerView(order.id, order.key)).credit_notes?.[0]?.number ?? '';
    expect(number).toMatch(/^AB-\d{4}-\d{6}$/);
  });

  it('is the credit note: its number and date, the invoice it corrects, seller, customer, HT, VAT, TTC, reason', async () => {
    const response = await pdfOf(notePdfUrl(order.id, number, order.key));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="avoir-${number}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const file = savePdf(dir, 'avoir.pdf', response.rawPayload);
    expectValidTaggedPdf(file);
    const info = pdfTool('pdfinfo', [file]);
    expect(info.stdout).toMatch(new RegExp(`Title:\\s+Avoir ${number}`));
    const text = pdfText(file);
    const flat = text.replace(/\s+/g, ' ');
    expect(text).toContain('Avoir');
    expect(text).toContain(`N° ${number}`);
    expect(text).not.toContain('Facture acquittée');
    // The invoice it refers to, by number and date; its own date; the reason.
    expect(flat).toContain(`Avoir sur la facture ${invoiceNumber} du ${today()}`);
    expect(text).toMatch(new RegExp(`Date :\\s+${today()}`));
    expect(text).toMatch(new RegExp(`Facture :\\s+${invoiceNumber}`));
    expect(flat).toContain('Coque « abîmée » à la réception');
    // Seller and customer, as on the invoice.
    expect(text).toContain('Réparations Œdipe SARL');
    expect(text).toContain('SARL · capital social : 5 000 €');
    expect(text).toContain('SIREN 732829320 · SIRET 732 829 320 00074');
    expect(text).toContain('N° TVA intracommunautaire : FR44 732829320');
    expect(text).toMatch(/FACTURÉ À/i);
    expect(text).toContain('Léa Martin');
    expect(text).toContain('5 rue des Mouettes');
    expect(text).toContain('33470 Gujan-Mestras');
    // 10,00 € at 20 %: 8,33 € HT, 1,67 € VAT.
    expect(text).toMatch(/Remboursement\s+1\s+8,33 €\s+20 %\s+—\s+8,33 €/);
    expect(text).toMatch(/Total HT\s+8,33 €/);
    expect(text).toMatch(/TVA 20 %\s+1,67 €/);
    expect(text).toMatch(/Total TTC\s+10,00 €/);
    expect(text).toMatch(/Montant remboursé\s+10,00 €/);
    expect(text).not.toContain('TVA non applicable');
  });

  it('a full refund gives back the invoice’s own HT and VAT', async () => {
    const full = await invoicedOrder({ priceCents: 4590 });
    expect((await refund(full.id, full.totalCents, 'Rétractation')).statusCode).toBe(200);
    const view = await buyerView(full.id, full.key);
    const invoiceText = pdfText(savePdf(dir, 'facture-pleine.pdf', (await pdfOf(`/api/shop/orders/${full.id}/pdf?key=${full.key}`)).rawPayload));
    const noteText = pdfText(savePdf(dir, 'avoir-plein.pdf', (await pdfOf(notePdfUrl(full.id, view.credit_notes?.[0]?.number ?? '', full.key))).rawPayload));
    const figure = (text: string, label: RegExp) => text.match(new RegExp(`${label.source}\\s+(-?[\\d ]+,\\d\\d €)`))?.[1];
    expect(figure(noteText, /Total HT/)).toBeDefined();
    expect(figure(noteText, /Total HT/)).toBe(figure(invoiceText, /Total HT/));
    expect(figure(noteText, /TVA 20 %/)).toBe(figure(invoiceText, /TVA 20 %/));
    expect(figure(noteText, /Total TTC/)).toBe(figure(invoiceText, /Total TTC/));
  });

  it('three partial refunds adding up to the order: their VAT per rate adds up to the invoice’s, and each PDF stays as issued', async () => {
    // 2 × 29,90 € at 20 % and 1 × 29,90 € at 5,5 % (the line split as if two products), shipped free.
    const placed = await placeOrder(t, { paymentMethod: 'bacs', priceCents: 2990, quantity: 3 });
    expect(placed.totalCents).toBe(8970);
    const [line] = await t.database.db.update(orderLines).set({ quantity: 2, totalCents: 5980 }).where(eq(orderLines.orderId, placed.id)).returning();
    if (!line) throw new Error('no order line');
    const { id: _id, ...copy } = line;
    await t.database.db.insert(orderLines).values({ ...copy, quantity: 1, totalCents: 2990, vatRate: '5.5' });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${placed.id}/bank-transfer-received`, payload: {}, headers: admin })).statusCode).toBe(200);
    const amounts = [1234, 4321, placed.totalCents - 1234 - 4321];
    // Each credit note split on its own would give back 1,55 € of the invoice's 1,56 € of VAT at 5,5 %.
    const view = await buyerView(placed.id, placed.key);
    const onTheirOwn = amounts.flatMap((amount) => orderCreditNoteFigures(view, amount, 'standard', 0).parts);
    expect(['20', '5.5'].map((rate) => onTheirOwn.filter((part) => part.rate === rate).reduce((sum, part) => sum + part.taxCents, 0))).toEqual([997, 155]);

    const figures = (text: string) => ({
      vat: Object.fromEntries([...text.matchAll(/TVA (\d+(?:,\d+)?) %(?: sur [\d ]+,\d\d €)?\s+([\d ]+,\d\d) €/g)].map((match): [string, number] => [match[1] ?? '', euroCents(match[2] ?? '')])),
      ht: euroCents(text.match(/Total HT\s+([\d ]+,\d\d) €/)?.[1] ?? ''),
    });
    const invoice = figures(pdfText(savePdf(dir, 'facture-trois-avoirs.pdf', (await pdfOf(`/api/shop/orders/${placed.id}/pdf?key=${placed.key}`)).rawPayload)));
    expect(invoice).toEqual({ vat: { '20': 997, '5,5': 156 }, ht: 7817 });

    const texts: string[] = [];
    for (const [index, amount] of amounts.entries()) {
      expect((await refund(placed.id, amount, `Retour partiel ${index + 1}`)).statusCode).toBe(200);
      const number = (await buyerView(placed.id, placed.key)).credit_notes?.[index]?.number ?? '';
      const response = await pdfOf(notePdfUrl(placed.id, number, placed.key));
      expect(response.statusCode, response.body).toBe(200);
      texts.push(pdfText(savePdf(dir, `avoir-partiel-${index + 1}.pdf`, response.rawPayload)));
    }
    const notes = texts.map(figures);
    expect(notes.map((note) => note.vat)).toEqual([
      { '20': 137, '5,5': 21 },
      { '20': 480, '5,5': 76 },
      { '20': 380, '5,5': 59 },
    ]);
    for (const rate of ['20', '5,5']) expect(notes.reduce((sum, note) => sum + (note.vat[rate] ?? 0), 0), rate).toBe(invoice.vat[rate]);
    expect(notes.reduce((sum, note) => sum + note.ht, 0)).toBe(invoice.ht);
    texts.forEach((text, index) => expect(text).toMatch(new RegExp(`Montant remboursé\\s+${((amounts[index] ?? 0) / 100).toFixed(2).replace('.', ',')} €`)));

    // Drawn again after the later refunds, each credit note says what it said when issued.
    const issued = (await buyerView(placed.id, placed.key)).credit_notes ?? [];
    expect(issued).toHaveLength(3);
    for (const [index, note] of issued.entries()) {
      const again = pdfText(savePdf(dir, `avoir-partiel-${index + 1}-plus-tard.pdf`, (await pdfOf(notePdfUrl(placed.id, note.number, placed.key))).rawPayload));
      expect(again, note.number).toBe(texts[index]);
    }
  });

  it('carries the margin scheme’s mention for second-hand goods, and the franchise’s with no VAT', async () => {
    const placed = await placeOrder(t, { paymentMethod: 'bacs', priceCents: 25000 });
    // A refurbished article sold under the margin scheme (the rate copied onto the line when placed).
    await t.database.db.update(orderLines).set({ vatRate: 'margin' }).where(eq(orderLines.orderId, placed.id));
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${placed.id}/bank-transfer-received`, payload: {}, headers: admin })).statusCode).toBe(200);
    expect((await refund(placed.id, 5000, 'Batterie à 85 %')).statusCode).toBe(200);
    const marginNumber = (await buyerView(placed.id, placed.key)).credit_notes?.[0]?.number ?? '';
    const margin = pdfText(savePdf(dir, 'avoir-marge.pdf', (await pdfOf(notePdfUrl(placed.id, marginNumber, placed.key))).rawPayload));
    expect(margin).toMatch(/Biens d’occasion \(TVA sur la marge\)\s+50,00 €/);
    expect(margin.replace(/\s+/g, ' ')).toContain(MARGIN_SCHEME_MENTION.replace(/[\u00a0\u202f]/g, ' '));
    expect(margin).not.toMatch(/TVA 20 %/);

    await t.database.db.update(storeProfileTable).set({ profile: { ...shop, vatRegime: 'franchise' } });
    try {
      const franchise = pdfText(savePdf(dir, 'avoir-franchise.pdf', (await pdfOf(notePdfUrl(order.id, number, order.key))).rawPayload));
      expect(franchise).toContain('TVA non applicable, art. 293 B du CGI');
      expect(franchise).toMatch(/Total HT \(TVA non applicable\)\s+10,00 €/);
      expect(franchise).toMatch(/Montant remboursé\s+10,00 €/);
      expect(franchise).not.toMatch(/TVA 20 %/);
    } finally {
      await t.database.db.update(storeProfileTable).set({ profile: shop });
    }
  });

  it('goes to the owner, staff and the guest with the key; anyone else gets the order’s 404', async () => {
    for (const [headers, key] of [
      [owner, undefined],
      [admin, undefined],
      [{}, order.key],
    ] as const) {
      const response = await pdfOf(notePdfUrl(order.id, number, key), headers);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="avoir-${number}.pdf"`);
    }
    // The owner's list of orders shows it too; another customer's list does not.
    const mine = await t.app.inject({ method: 'GET', url: '/api/shop/orders', headers: owner });
    expect(mine.json<{ data: Order[] }>().data.find((row) => row.id === order.id)?.credit_notes?.map((note) => note.number)).toEqual([number]);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/shop/orders', headers: other });
    expect(theirs.json<{ data: Order[] }>().data.some((row) => row.id === order.id)).toBe(false);

    const refusals = [
      await pdfOf(notePdfUrl(order.id, number), other),
      await pdfOf(notePdfUrl(order.id, number)),
      await pdfOf(notePdfUrl(order.id, number, 'faux')),
      await pdfOf(notePdfUrl(order.id, number, order.key.toUpperCase())),
      await pdfOf(notePdfUrl(order.id + 100_000, number, order.key)),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json<{ message: string }>().message).toBe('Commande introuvable');
    }
  });

  it('answers « Avoir introuvable » for a number this order does not have, and a French 4xx to a hostile one', async () => {
    const another = await invoicedOrder();
    expect((await refund(another.id, 200)).statusCode).toBe(200);
    const anotherNumber = (await buyerView(another.id, another.key)).credit_notes?.[0]?.number ?? '';
    for (const wrong of [anotherNumber, creditNote(999_999), 'AB-1999-000001', invoiceNumber, '%20', 'x']) {
      const response = await pdfOf(notePdfUrl(order.id, wrong, order.key));
      expect(response.statusCode, wrong).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('Avoir introuvable');
    }
    // A guest with this order's key never gets another order's credit note, whichever address they try.
    expect((await pdfOf(notePdfUrl(another.id, anotherNumber, order.key))).statusCode).toBe(404);
    const long = await pdfOf(notePdfUrl(order.id, 'A'.repeat(41), order.key));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/[a-zé]/i);
    // An order never invoiced has no credit note to give.
    const unpaid = await placeOrder(t, { paymentMethod: 'bacs' });
    expect((await pdfOf(notePdfUrl(unpaid.id, number, unpaid.key))).statusCode).toBe(404);
  });
});
