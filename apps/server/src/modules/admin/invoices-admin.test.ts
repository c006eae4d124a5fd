/**
 * Staff invoices (issue 9): gapless numbers even under concurrency and failed transactions,
 * VAT per line (20/10/5.5/0 or the margin scheme, "TVA sur la marge" without a VAT breakdown),
 * payments with the status computed on the server and no over-payment, credit notes in their
 * own AV- series, issued invoices never edited nor deleted; admins only; every change audited.
 */
import { adminRepairMessages, type AdminInvoice, type AdminInvoiceSummary } from '@erepare/shared/schemas/admin-repair';
import { MARGIN_SCHEME_MENTION } from '@erepare/shared/invoice-vat';
import type { Invoice } from '@erepare/shared/schemas/repair';
import { asc, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditNotes, customers, documentCounters, invoiceLines, invoicePayments, invoices, tickets } from '../../db/schema.js';
import { parisYear } from '../../db/demo-data/calendar.js';
import { signedInUser } from '../../test/users.js';
import { adminTestBed, type AdminTestBed, type Envelope } from '../../test/admin.js';
import { nextDocumentNumber } from './invoices-admin-numbers.js';
import { createInvoice, recordInvoicePayment, refundInvoice } from './invoices-admin.js';


let h: AdminTestBed;
const db = () => h.t.database.db;
const YEAR = parisYear(new Date());
let customerId: number;
let otherCustomerId: number;
let ticketNumber: string;

const invoiceRows = () => db().select().from(invoices).orderBy(asc(invoices.id));
const create = (body: unknown, who: 'admin' | 'customer' | 'none' = 'admin') => h.call('POST', '/api/admin/invoices', body, who);
const line = (overrides: Record<string, unknown> = {}) => ({ name: 'Remplacement écran', quantity: 1, unitPriceCents: 12000, vatRate: 20, ...overrides });
const numberOf = (value: string) => Number(value.split('-').at(-1));

async function highestSeedNumber(): Promise<number> {
  const rows = await db().select({ n: invoices.invoiceNumber }).from(invoices).where(like(invoices.invoiceNumber, `F-${YEAR}-%`));
  return Math.max(0, ...rows.map((row) => numberOf(row.n)));
}

beforeAll(async () => {
  h = await adminTestBed();
  const [a, b] = await db()
    .insert(customers)
    .values([
      { firstName: 'Léa', lastName: 'Facture', email: 'lea.facture@exemple.fr' },
      { firstName: 'Hugo', lastName: 'Autre', email: 'hugo.autre@exemple.fr' },
    ])
    .returning();
  customerId = a?.id ?? 0;
  otherCustomerId = b?.id ?? 0;
  const [ticket] = await db().insert(tickets).values({ ticketNumber: 'T-770001', customerId, status: 'In Progress' }).returning();
  ticketNumber = ticket?.ticketNumber ?? '';
});
afterAll(async () => {
  await h?.t.close();
});

describe('/api/admin/invoices access', () => {
  it('answers 401 without a session and 403 to a customer on every route, before the body, changing nothing', async () => {
    const before = await invoiceRows();
    for (const [method, url] of [
      ['GET', '/api/admin/invoices'],
      ['GET', '/api/admin/invoices/1'],
      ['POST', '/api/admin/invoices'],
      ['POST', '/api/admin/invoices/1/payments'],
      ['POST', '/api/admin/invoices/1/refund'],
      ['PATCH', '/api/admin/invoices/1'],
      ['PUT', '/api/admin/invoices/1'],
      ['DELETE', '/api/admin/invoices/1'],
    ] as const) {
      expect((await h.call(method, url, { bad: true }, 'none')).statusCode, `${method} ${url}`).toBe(401);
      expect((await h.call(method, url, { bad: true }, 'customer')).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await invoiceRows()).toEqual(before);
  });
});

describe('POST /api/admin/invoices', () => {
  it('refuses bad input with a French message, takes no number and changes nothing', async () => {
    const before = await invoiceRows();
    const cases: [unknown, string][] = [
      [{ customerId, lines: [] }, 'Ajoutez au moins une ligne'],
      [{ customerId, lines: [line({ quantity: 0 })] }, 'La quantité doit être supérieure à 0'],
      [{ customerId, lines: [line({ quantity: 1.5 })] }, 'Quantité entière attendue'],
      [{ customerId, lines: [line({ unitPriceCents: -1 })] }, 'montant négatif refusé'],
      [{ customerId, lines: [line({ unitPriceCents: 12.5 })] }, 'montant en centimes entier attendu'],
      [{ customerId, lines: [line({ vatRate: 7 })] }, 'Taux de TVA invalide'],
      [{ customerId, lines: [line({ name: '' })] }, 'Désignation\u00a0: champ obligatoire'],
      [{ lines: [line()] }, 'Identifiant client invalide'],
      [{ customerId, lines: [line()], ticket: 'abc' }, 'Numéro de ticket invalide'],
      [{ customerId, lines: [line()], total: 1 }, 'Champ inconnu'],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    // Checks of the database: the customer must exist, the ticket must be the customer's.
    const unknownCustomer = await create({ customerId: 999_999, lines: [line()] });
    expect(unknownCustomer.statusCode).toBe(400);
    expect(unknownCustomer.json<{ message: string }>().message).toBe(adminRepairMessages.customerNotFound);
    const foreign = await create({ customerId: otherCustomerId, ticket: ticketNumber, lines: [line()] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ message: string }>().message).toBe(adminRepairMessages.ticketOfOtherCustomer);
    expect(await invoiceRows()).toEqual(before);
    // A failed creation gave its number back: the counter is where it was (or not created yet).
    const counter = await db().select().from(documentCounters).where(eq(documentCounters.key, `F-${YEAR}`));
    expect(counter).toHaveLength(0);
    expect(await db().select().from(auditLog).where(eq(auditLog.entity, 'invoice'))).toHaveLength(0);
  });

  it('continues after the seed’s highest number, computes VAT per rate and records the creation', async () => {
    const highest = await highestSeedNumber();
    const response = await create({
      customerId,
      ticket: ticketNumber.replace('T-', ''),
      lines: [line(), line({ name: 'Coque', sku: 'ACC-1', quantity: 2, unitPriceCents: 1055, vatRate: 5.5 }), line({ name: 'Port', unitPriceCents: 500, vatRate: '0' })],
      notes: 'Garantie 6 mois',
      dueOn: '2026-12-31',
    });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json<Envelope<AdminInvoice>>().data;
    expect(invoice.invoiceNumber).toBe(`F-${YEAR}-${String(highest + 1).padStart(5, '0')}`);
    expect(response.json<{ message: string }>().message).toBe(adminRepairMessages.created.invoice(invoice.invoiceNumber));
    // 120 € at 20 % (HT 100, TVA 20) + 2 × 10,55 € at 5,5 % (HT 20, TVA 1,10) + 5 € at 0 %.
    expect(invoice).toMatchObject({
      status: 'Unpaid',
      customerId,
      ticketNumber,
      totalCents: 12000 + 2110 + 500,
      taxCents: 2000 + 110,
      subtotalCents: 10000 + 2000 + 500,
      amountDueCents: 14610,
      marginScheme: false,
      mentions: [],
      vatBreakdown: [
        { rate: '20', baseCents: 10000, taxCents: 2000 },
        { rate: '5.5', baseCents: 2000, taxCents: 110 },
        { rate: '0', baseCents: 500, taxCents: 0 },
      ],
      ticket: { ticketNumber },
    });
    expect(invoice.lines.map((entry) => entry.vatRate)).toEqual(['20', '5.5', '0']);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'invoice.create'));
    expect(audit).toMatchObject({ actorId: h.admin.id, entity: 'invoice', entityId: invoice.invoiceNumber, after: { totalCents: 14610, customerId, ticket: ticketNumber } });
    // The ticket's detail lists it.
    const ticket = await h.call('GET', `/api/admin/tickets/${ticketNumber}`);
    expect(ticket.json<Envelope<{ invoices: AdminInvoiceSummary[] }>>().data.invoices.map((entry) => entry.invoiceNumber)).toEqual([invoice.invoiceNumber]);
  });

  it('margin-scheme lines carry no VAT: the invoice says "TVA sur la marge", and so does the customer’s view', async () => {
    const response = await create({ customerId, lines: [line({ name: 'iPhone 12 reconditionné – Très bon état', unitPriceCents: 34900, vatRate: 'margin' }), line({ name: 'Verre trempé', unitPriceCents: 1200 })] });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json<Envelope<AdminInvoice>>().data;
    expect(invoice).toMatchObject({
      marginScheme: true,
      marginTotalCents: 34900,
      mentions: [MARGIN_SCHEME_MENTION],
      totalCents: 36100,
      taxCents: 200,
      vatBreakdown: [{ rate: '20', baseCents: 1000, taxCents: 200 }],
    });
    expect(invoice.lines[0]).toMatchObject({ vatRate: 'margin', taxCents: 0 });
    expect(MARGIN_SCHEME_MENTION).toContain('TVA sur la marge');
    // The customer's invoice (the /api/repairdesk proxy, which the account and its PDF use).
    const owner = await signedInUser(h.t.app, db(), { email: 'lea.compte@exemple.fr', repairCustomerId: customerId });
    const seen = await h.t.app.inject({ method: 'GET', url: `/api/repairdesk/invoices/${invoice.id}`, headers: owner.headers });
    expect(seen.statusCode, seen.body).toBe(200);
    const wire = seen.json<{ data: Invoice }>().data;
    expect(wire.margin_scheme).toBe(true);
    expect(wire.mentions).toEqual([MARGIN_SCHEME_MENTION]);
    expect(wire.line_items.map((item) => item.vat_rate)).toEqual(['margin', '20']);
    expect(wire.vat_breakdown).toEqual([{ rate: '20', base: 10, tax: 2 }]);
  });

  it('deducts the QualiRépar bonus staff ticked from what is owed (VAT on the full price), in the admin, the customer’s view and payments', async () => {
    expect((await create({ customerId, lines: [line()], bonusCategory: 'console' })).statusCode).toBe(400);
    const response = await create({ customerId, lines: [line({ unitPriceCents: 8900 })], bonusCategory: 'smartphone' });
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json<Envelope<AdminInvoice>>().data;
    expect(invoice).toMatchObject({
      totalCents: 8900,
      taxCents: 1483,
      bonusCents: 2500,
      bonusCategory: 'smartphone',
      bonusLabel: 'Bonus réparation QualiRépar (Smartphones)',
      amountDueCents: 6400,
      status: 'Unpaid',
    });
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ bonusCents: 2500, bonusCategory: 'smartphone', totalCents: 8900 });
    const owner = await signedInUser(h.t.app, db(), { email: 'lea.bonus@exemple.fr', repairCustomerId: customerId });
    const seen = await h.t.app.inject({ method: 'GET', url: `/api/repairdesk/invoices/${invoice.id}`, headers: owner.headers });
    expect(seen.json<{ data: Invoice }>().data).toMatchObject({ total_amount: 89, bonus: 25, bonus_label: 'Bonus réparation QualiRépar (Smartphones)', amount_due: 64 });
    // What is left to pay is what the payments are checked against (the payments' audits are tested below: none here).
    const over = await h.call('POST', `/api/admin/invoices/${invoice.id}/payments`, { amountCents: 6401, method: 'Espèces' });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toBe(adminRepairMessages.overPayment('64,00 €'));
    // Without a tick, no bonus.
    const plain = (await create({ customerId, lines: [line({ unitPriceCents: 8900 })] })).json<Envelope<AdminInvoice>>().data;
    expect(plain).toMatchObject({ bonusCents: 0, bonusCategory: null, amountDueCents: 8900 });
  });

  it('10 parallel creations take 10 consecutive numbers, none missing, none twice', async () => {
    const before = await highestSeedNumber();
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => create({ customerId, lines: [line({ name: `Pièce ${i}` })] })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const numbers = responses.map((response) => numberOf(response.json<Envelope<AdminInvoice>>().data.invoiceNumber)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => before + 1 + i));
  });

  it('a transaction that fails after taking a number gives it back: the next invoice has no gap', async () => {
    const before = await highestSeedNumber();
    await expect(
      db().transaction(async (tx) => {
        await nextDocumentNumber(tx, 'invoice');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const response = await create({ customerId, lines: [line()] });
    expect(numberOf(response.json<Envelope<AdminInvoice>>().data.invoiceNumber)).toBe(before + 1);
  });
});

describe('payments, credit notes and the law', () => {
  let invoice: AdminInvoice;
  const pay = (body: unknown) => h.call('POST', `/api/admin/invoices/${invoice.id}/payments`, body);
  const refund = (body: unknown) => h.call('POST', `/api/admin/invoices/${invoice.id}/refund`, body);

  beforeAll(async () => {
    const response = await create({ customerId, lines: [line({ unitPriceCents: 10000 })] });
    invoice = response.json<Envelope<AdminInvoice>>().data;
  });

  it('refuses bad payments and over-payment, changing nothing', async () => {
    const before = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    for (const body of [{}, { amountCents: 0, method: 'Espèces' }, { amountCents: -5, method: 'Espèces' }, { amountCents: 10.5, method: 'Espèces' }, { amountCents: 100, method: 'Bitcoin' }]) {
      expect((await pay(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const over = await pay({ amountCents: 10001, method: 'Espèces' });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toBe(adminRepairMessages.overPayment('100,00 €'));
    expect((await h.call('POST', '/api/admin/invoices/999999/payments', { amountCents: 100, method: 'Espèces' })).statusCode).toBe(404);
    expect(await db().select().from(invoices).where(eq(invoices.id, invoice.id))).toEqual(before);
    expect(await db().select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id))).toHaveLength(0);
  });

  it('a deposit makes it Partial, the balance makes it Paid, then nothing more is accepted', async () => {
    const deposit = await pay({ amountCents: 3000, method: 'Carte bancaire', transactionId: 'CB-1' });
    expect(deposit.statusCode, deposit.body).toBe(200);
    expect(deposit.json<Envelope<AdminInvoice>>().data).toMatchObject({ status: 'Partial', amountPaidCents: 3000, amountDueCents: 7000 });
    const balance = await pay({ amountCents: 7000, method: 'Espèces' });
    expect(balance.json<Envelope<AdminInvoice>>().data).toMatchObject({ status: 'Paid', amountPaidCents: 10000, amountDueCents: 0 });
    const again = await pay({ amountCents: 1, method: 'Espèces' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(adminRepairMessages.nothingDue);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'invoice.payment')).orderBy(asc(auditLog.id));
    expect(audits.map((row) => [row.before, row.after])).toEqual([
      [{ status: 'Unpaid', amountPaidCents: 0 }, { status: 'Partial', amountPaidCents: 3000, payment: { amountCents: 3000, method: 'Carte bancaire' } }],
      [{ status: 'Partial', amountPaidCents: 3000 }, { status: 'Paid', amountPaidCents: 10000, payment: { amountCents: 7000, method: 'Espèces' } }],
    ]);
  });

  it('a partial refund issues a credit note AV-{year}-00001 and pays back; the full refund makes it Refunded', async () => {
    for (const body of [{}, { amountCents: 100 }, { amountCents: 100, reason: '' }, { amountCents: 0, reason: 'Geste commercial' }]) {
      expect((await refund(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const tooMuch = await refund({ amountCents: 10001, reason: 'Erreur' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<{ message: string }>().message).toBe(adminRepairMessages.overRefund('100,00 €'));
    expect(await db().select().from(creditNotes)).toHaveLength(0);

    const partial = await refund({ amountCents: 2500, reason: 'Geste commercial : retard' });
    expect(partial.statusCode, partial.body).toBe(200);
    const afterPartial = partial.json<Envelope<AdminInvoice>>();
    expect(afterPartial.message).toBe(adminRepairMessages.creditNoteIssued(`AV-${YEAR}-00001`));
    expect(afterPartial.data).toMatchObject({ status: 'Paid', creditedCents: 2500, amountPaidCents: 7500, amountDueCents: 0 });
    expect(afterPartial.data.creditNotes).toEqual([
      expect.objectContaining({ creditNoteNumber: `AV-${YEAR}-00001`, amountCents: 2500, refundedCents: 2500, method: 'Espèces', reason: 'Geste commercial : retard' }),
    ]);
    expect(afterPartial.data.payments.at(-1)).toMatchObject({ kind: 'refund', amountCents: 2500, transactionId: `AV-${YEAR}-00001` });

    const rest = await refund({ amountCents: 7500, reason: 'Retour du client', method: 'Virement' });
    expect(rest.json<Envelope<AdminInvoice>>().data).toMatchObject({ status: 'Refunded', creditedCents: 10000, amountPaidCents: 0, amountDueCents: 0 });
    expect(rest.json<Envelope<AdminInvoice>>().data.creditNotes.map((note) => note.creditNoteNumber)).toEqual([`AV-${YEAR}-00001`, `AV-${YEAR}-00002`]);
    const done = await refund({ amountCents: 1, reason: 'Encore' });
    expect(done.statusCode).toBe(409);
    expect(done.json<{ message: string }>().message).toBe(adminRepairMessages.fullyRefunded);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'invoice.refund')).orderBy(asc(auditLog.id));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ entityId: invoice.invoiceNumber, before: { status: 'Paid', creditedCents: 0 }, after: { status: 'Paid', creditedCents: 2500, creditNote: { number: `AV-${YEAR}-00001`, refundedCents: 2500 } } });
  });

  it('a credit note on an unpaid invoice cancels what is owed, paying nothing back', async () => {
    const created = await create({ customerId, lines: [line({ unitPriceCents: 5000 })] });
    const unpaid = created.json<Envelope<AdminInvoice>>().data;
    const response = await h.call('POST', `/api/admin/invoices/${unpaid.id}/refund`, { amountCents: 2000, reason: 'Remise oubliée' });
    expect(response.json<Envelope<AdminInvoice>>().data).toMatchObject({ status: 'Unpaid', creditedCents: 2000, amountDueCents: 3000, payments: [] });
    const paid = await h.call('POST', `/api/admin/invoices/${unpaid.id}/payments`, { amountCents: 3000, method: 'Chèque' });
    expect(paid.json<Envelope<AdminInvoice>>().data).toMatchObject({ status: 'Paid', amountDueCents: 0 });
  });

  it('parallel payments never pay more than owed: the invoice row is locked while each is checked', async () => {
    const created = await create({ customerId, lines: [line({ unitPriceCents: 10000 })] });
    const target = created.json<Envelope<AdminInvoice>>().data;
    const attempts = await Promise.all(
      Array.from({ length: 3 }, () => h.call('POST', `/api/admin/invoices/${target.id}/payments`, { amountCents: 4000, method: 'Espèces' })),
    );
    expect(attempts.map((response) => response.statusCode).sort()).toEqual([200, 200, 409]);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, target.id));
    expect(row).toMatchObject({ amountPaidCents: 8000, status: 'Partial' });
    expect(await db().select().from(invoicePayments).where(eq(invoicePayments.invoiceId, target.id))).toHaveLength(2);
  });

  it('an issued invoice is never edited nor deleted (409, and why)', async () => {
    const before = await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      const response = await h.call(method, `/api/admin/invoices/${invoice.id}`, method === 'DELETE' ? undefined : { notes: 'x' });
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(adminRepairMessages.invoiceImmutable);
    }
    expect(await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id))).toEqual(before);
  });

  it('with RepairDesk, invoices are managed there: 409 with the reason', async () => {
    const actor = { user: { id: h.admin.id, email: 'x@exemple.fr' } };
    await expect(createInvoice(db(), 'repairdesk', { customerId, lines: [{ name: 'x', quantity: 1, unitPriceCents: 1, vatRate: '20' }] }, actor)).rejects.toMatchObject({
      httpStatus: 409,
      message: adminRepairMessages.readOnly('l’émission d’une facture'),
    });
    await expect(recordInvoicePayment(db(), 'repairdesk', invoice.id, { amountCents: 1, method: 'Espèces' }, actor)).rejects.toMatchObject({ httpStatus: 409 });
    await expect(refundInvoice(db(), 'repairdesk', invoice.id, { amountCents: 1, reason: 'abc' }, actor)).rejects.toMatchObject({ httpStatus: 409 });
  });
});

describe('GET /api/admin/invoices', () => {
  it('pages on the server, filters by status and searches number, customer and lines', async () => {
    const all = await h.call('GET', '/api/admin/invoices?pageSize=5');
    expect(all.statusCode).toBe(200);
    const body = all.json<Envelope<AdminInvoiceSummary[]>>();
    const [count] = await db().select({ n: sql<number>`count(*)::int` }).from(invoices);
    expect(body.pagination).toEqual({ page: 1, pageSize: 5, total: count?.n });
    expect(body.data).toHaveLength(5);
    const [newest] = await db().select().from(invoices).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(1);
    expect(body.data[0]?.id).toBe(newest?.id);

    const refunded = await h.call('GET', '/api/admin/invoices?status=Refunded&pageSize=100');
    expect(refunded.json<Envelope<AdminInvoiceSummary[]>>().data.every((entry) => entry.status === 'Refunded')).toBe(true);
    expect((await h.call('GET', '/api/admin/invoices?status=Perdu')).statusCode).toBe(400);
    expect((await h.call('GET', '/api/admin/invoices?pageSize=1000')).statusCode).toBe(400);

    const byName = await h.call('GET', `/api/admin/invoices?q=${encodeURIComponent('Léa Facture')}&pageSize=100`);
    const names = byName.json<Envelope<AdminInvoiceSummary[]>>().data;
    expect(names.length).toBeGreaterThan(10);
    expect(names.every((entry) => entry.customerId === customerId)).toBe(true);
    const byLine = await h.call('GET', `/api/admin/invoices?q=${encodeURIComponent('iPhone 12 reconditionné')}`);
    expect(byLine.json<Envelope<AdminInvoiceSummary[]>>().data).toHaveLength(1);
    const byNumber = await h.call('GET', `/api/admin/invoices?q=AV-&sort=number&order=asc`);
    expect(byNumber.statusCode).toBe(200);

    const detail = await h.call('GET', `/api/admin/invoices/${newest?.id}`);
    expect(detail.statusCode).toBe(200);
    expect((await h.call('GET', '/api/admin/invoices/999999')).statusCode).toBe(404);
    expect((await h.call('GET', '/api/admin/invoices/abc')).statusCode).toBe(400);
  });
});
