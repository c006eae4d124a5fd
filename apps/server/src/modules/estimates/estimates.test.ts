/**
 * Estimates (issue 24 §1), through HTTP: staff create one from a quote request or a ticket, the
 * customer gets the secret link by e-mail, opens it without an account, decides once (a replay
 * and a concurrent double click record one decision), the local ticket moves on, staff are mailed;
 * revisions supersede, withdrawals void; the account shows its owner's estimates only.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AccountEstimate, AdminEstimate, EstimateDraft, EstimateLinkView } from '@erepare/shared/schemas/estimates';
import { estimateMessages } from '@erepare/shared/estimates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerLinks, customers, documentCounters, estimates, mailOutbox, notifications, quoteRequests, statuses, ticketDevices, ticketEvents, tickets, trackedTickets, users } from '../../db/schema.js';
import { parisYear } from '../../db/demo-data/calendar.js';
import { adminTestBed, type AdminTestBed, type Envelope } from '../../test/admin.js';
import { signedInUser } from '../../test/users.js';
import { issueCustomerLink } from '../links/customer-links.js';

let h: AdminTestBed;
const db = () => h.t.database.db;
const YEAR = parisYear(new Date());
let quoteId: number;
let customerId: number;
let ticketNumber: string;
/** The demo seed holds estimates already (demo-data/estimates.ts): counts and numbers are relative to them. */
let seededEstimates = 0;
let counterBefore = 0;

const line = (overrides: Record<string, unknown> = {}) => ({ kind: 'part', label: 'Écran OLED', quantity: 1, unitPriceCents: 12000, vatRate: '20', ...overrides });
const create = (body: unknown, who: 'admin' | 'customer' | 'none' = 'admin') => h.call('POST', '/api/admin/estimates', body, who);
const view = (token: string) => h.t.app.inject({ method: 'GET', url: `/api/estimate-links/view?token=${encodeURIComponent(token)}`, remoteAddress: nextIp() });
const decide = (body: unknown) => h.t.app.inject({ method: 'POST', url: '/api/estimate-links/decision', payload: body as object, remoteAddress: nextIp() });
let ip = 0;
/** Each public call from its own client: the per-client limit is tested on its own. */
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

/** The token of the last estimate mail to `to` (the link in its text). */
async function mailedToken(to: string): Promise<string> {
  const rows = await db().select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'estimate_sent'), eq(mailOutbox.toAddress, to))).orderBy(asc(mailOutbox.id));
  const text = rows.at(-1)?.text ?? '';
  const match = /\/devis\/consulter\?token=([A-Za-z0-9_-]{43})/.exec(text);
  if (!match?.[1]) throw new Error(`no estimate link mailed to ${to}`);
  return match[1];
}

beforeAll(async () => {
  h = await adminTestBed();
  seededEstimates = (await db().select().from(estimates)).length;
  const [counter] = await db().select().from(documentCounters).where(eq(documentCounters.key, `DV-${YEAR}`));
  counterBefore = counter?.value ?? 0;
  const [quote] = await db()
    .insert(quoteRequests)
    .values({
      reference: 'D-TEST-000001',
      category: 'telephone',
      brand: 'apple',
      model: 'iPhone 13',
      fault: 'ecran',
      faultLabel: 'Écran cassé ou tactile défaillant',
      priceFromEuros: 49,
      name: 'Camille Devis',
      email: 'camille.devis@exemple.fr',
      phone: '06 12 34 56 78',
      dropOffDate: '2030-01-10',
      dropOffSlot: 'matin',
      consentAt: new Date(),
    })
    .returning();
  quoteId = quote?.id ?? 0;
  const [customer] = await db().insert(customers).values({ firstName: 'Léon', lastName: 'Ticket', email: 'leon.ticket@exemple.fr' }).returning();
  customerId = customer?.id ?? 0;
  await db()
    .insert(statuses)
    .values([
      { name: 'Waiting for customer', color: '#f59e0b', type: 'Open' },
      { name: 'In Progress', color: '#f97316', type: 'Open' },
    ])
    .onConflictDoNothing({ target: statuses.name });
  const [ticket] = await db().insert(tickets).values({ ticketNumber: 'T-880001', customerId, status: 'Waiting for customer' }).returning();
  ticketNumber = ticket?.ticketNumber ?? '';
  await db().insert(ticketDevices).values({ ticketId: ticket?.id ?? 0, category: 'Ordinateur', brand: 'Apple', name: 'MacBook Air', status: 'Waiting for customer' });
});
afterAll(async () => {
  await h?.t.close();
});

describe('/api/admin/estimates access and input', () => {
  it('answers 401 without a session and 403 to a customer, before the body, creating nothing', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/estimates'],
      ['GET', '/api/admin/estimates/1'],
      ['GET', `/api/admin/estimates/draft?quoteRequestId=${quoteId}`],
      ['POST', '/api/admin/estimates'],
      ['POST', '/api/admin/estimates/1/revise'],
      ['POST', '/api/admin/estimates/1/withdraw'],
    ] as const) {
      expect((await h.call(method, url, method === 'POST' ? { quoteRequestId: quoteId } : undefined, 'none')).statusCode, url).toBe(401);
      expect((await h.call(method, url, method === 'POST' ? { quoteRequestId: quoteId } : undefined, 'customer')).statusCode, url).toBe(403);
    }
    expect(await db().select().from(estimates)).toHaveLength(seededEstimates);
  });

  it('refuses bad input with a French 400, takes no number and mails nothing', async () => {
    const bad: unknown[] = [
      {},
      { quoteRequestId: quoteId, lines: [], leadTimeDays: 2, bonus: false },
      { quoteRequestId: quoteId, ticket: ticketNumber, lines: [line()], leadTimeDays: 2, bonus: false },
      { quoteRequestId: quoteId, lines: [line({ quantity: 0 })], leadTimeDays: 2, bonus: false },
      { quoteRequestId: quoteId, lines: [line({ unitPriceCents: -1 })], leadTimeDays: 2, bonus: false },
      { quoteRequestId: quoteId, lines: [line({ vatRate: 'margin' })], leadTimeDays: 2, bonus: false },
      { quoteRequestId: quoteId, lines: [line({ kind: 'gift' })], leadTimeDays: 2, bonus: false },
      { quoteRequestId: quoteId, lines: [line()], leadTimeDays: -1, bonus: false },
      { quoteRequestId: quoteId, lines: [line()], leadTimeDays: 2, bonus: false, validUntil: '2026-02-30' },
      { quoteRequestId: quoteId, lines: [line()], leadTimeDays: 2, bonus: false, hack: true },
      { quoteRequestId: quoteId, lines: [line()], leadTimeDays: 2, bonus: 'yes' },
    ];
    for (const body of bad) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/[a-zé]/i);
    }
    const pastValidity = await create({ quoteRequestId: quoteId, lines: [line()], leadTimeDays: 2, bonus: false, validUntil: '2020-01-01' });
    expect(pastValidity.statusCode).toBe(400);
    expect(pastValidity.json<{ message: string }>().message).toBe('La date de validité ne peut pas être passée.');
    const deposit = await create({ quoteRequestId: quoteId, lines: [line()], leadTimeDays: 2, bonus: true, depositCents: 9600 });
    expect(deposit.statusCode).toBe(400);
    expect(deposit.json<{ message: string }>().message).toBe(`L’acompte ne peut pas dépasser le reste à payer (${new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(95)}).`);
    expect((await create({ quoteRequestId: 999999, lines: [line()], leadTimeDays: 2, bonus: false })).statusCode).toBe(404);
    expect(await db().select().from(estimates)).toHaveLength(seededEstimates);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'estimate_sent'))).toHaveLength(0);
  });
});

describe('an estimate from a quote request, decided through the link', () => {
  let estimate: AdminEstimate;
  let token: string;

  it('pre-fills the form from the request: device, bonus proposed, the request’s fault and price', async () => {
    const response = await h.call('GET', `/api/admin/estimates/draft?quoteRequestId=${quoteId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<EstimateDraft>>().data).toMatchObject({
      quoteRequestId: quoteId,
      customerName: 'Camille Devis',
      email: 'camille.devis@exemple.fr',
      deviceCategory: 'telephone',
      deviceLabel: 'Téléphone Apple iPhone 13',
      suggestedBonusCategory: 'smartphone',
      suggestedLines: [{ kind: 'labour', label: 'Écran cassé ou tactile défaillant', quantity: 1, unitPriceCents: 4900 }],
      existing: [],
    });
  });

  it('numbers it DV-{year}-{next} (after the seeded ones, no gap), prices it (VAT on the full price, bonus deducted), mails the secret link and audits', async () => {
    const response = await create({
      quoteRequestId: quoteId,
      lines: [line(), line({ kind: 'labour', label: 'Main-d’œuvre', unitPriceCents: 3000 })],
      leadTimeDays: 2,
      bonus: true,
      depositCents: 3000,
      note: 'Pièce d’origine.',
    });
    expect(response.statusCode, response.body).toBe(201);
    estimate = response.json<Envelope<AdminEstimate>>().data;
    expect(estimate).toMatchObject({
      estimateNumber: `DV-${YEAR}-${String(counterBefore + 1).padStart(6, '0')}`,
      status: 'sent',
      totalCents: 15000,
      taxCents: 2500,
      subtotalCents: 12500,
      bonusCategory: 'smartphone',
      bonusCents: 2500,
      toPayCents: 12500,
      depositCents: 3000,
      customerId: null,
      quoteReference: 'D-TEST-000001',
      vatBreakdown: [{ rate: '20', baseCents: 12500, taxCents: 2500 }],
    });
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'estimate_sent'));
    expect(mail).toMatchObject({ toAddress: 'camille.devis@exemple.fr', subject: `Votre devis de réparation ${estimate.estimateNumber}` });
    expect(mail?.text).toContain('Reste à payer après bonus\u00a0: 125,00');
    token = await mailedToken('camille.devis@exemple.fr');
    // Only the hash is stored, for this purpose and this estimate.
    const links = await db().select().from(customerLinks).where(eq(customerLinks.subjectId, estimate.id));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ purpose: 'estimate' });
    expect(links[0]?.tokenHash).not.toContain(token);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'estimate.create'));
    expect(audit).toMatchObject({ actorId: h.admin.id, entityId: estimate.estimateNumber });
  });

  it('opens the estimate without an account: lines, totals, bonus, shop; no name, e-mail or phone; never cached', async () => {
    const response = await view(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toMatch(/no-store/);
    const data = response.json<Envelope<EstimateLinkView>>().data;
    expect(data).toMatchObject({ state: 'valid', message: null, estimate: { estimateNumber: estimate.estimateNumber, status: 'sent', toPayCents: 12500, bonusLabel: 'Bonus réparation QualiRépar (Smartphones)', depositCents: 3000, lapsed: false } });
    expect(response.body).not.toContain('camille');
    expect(response.body).not.toContain('Camille');
    expect(response.body).not.toContain('06 12');
    const pdf = await h.t.app.inject({ method: 'GET', url: `/api/estimate-links/pdf?token=${token}`, remoteAddress: nextIp() });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`devis-${estimate.estimateNumber}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('records the acceptance once: a second click answers the recorded outcome, a later decline changes nothing; staff are mailed', async () => {
    const first = await decide({ token, decision: 'accept' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Envelope<{ status: string; recorded: boolean }>>()).toMatchObject({ message: estimateMessages.accepted, data: { status: 'accepted', recorded: true } });
    const again = await decide({ token, decision: 'decline', reason: 'Trop cher' });
    expect(again.statusCode).toBe(200);
    expect(again.json<Envelope<{ status: string; recorded: boolean }>>()).toMatchObject({ message: estimateMessages.alreadyAccepted, data: { status: 'accepted', recorded: false } });
    const [row] = await db().select().from(estimates).where(eq(estimates.id, estimate.id));
    expect(row).toMatchObject({ status: 'accepted', declineReason: '' });
    const shopMails = await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'estimate_decision'));
    expect(shopMails).toHaveLength(1);
    expect(shopMails[0]).toMatchObject({ subject: `Devis ${estimate.estimateNumber} accepté par le client`, replyTo: 'camille.devis@exemple.fr' });
    expect((await view(token)).json<Envelope<EstimateLinkView>>().data.estimate).toMatchObject({ status: 'accepted' });
    // Staff see it.
    const admin = await h.call('GET', `/api/admin/estimates/${estimate.id}`);
    expect(admin.json<Envelope<AdminEstimate>>().data).toMatchObject({ status: 'accepted' });
    expect((await h.call('GET', '/api/admin/estimates?status=accepted')).json<Envelope<AdminEstimate[]>>().data.map((entry) => entry.id)).toContain(estimate.id);
  });

  it('refuses malformed decisions with a French 400', async () => {
    for (const body of [{}, { token, decision: 'maybe' }, { token: '', decision: 'accept' }, { token, decision: 'decline', reason: 'x'.repeat(1001) }, { token, decision: 'accept', extra: 1 }]) {
      const response = await decide(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('concurrent decisions, revisions and withdrawals', () => {
  it('of simultaneous clicks (accept and decline), exactly one decision is recorded and mailed', async () => {
    const created = (await create({ quoteRequestId: quoteId, lines: [line()], leadTimeDays: 1, bonus: false })).json<Envelope<AdminEstimate>>().data;
    const token = await mailedToken('camille.devis@exemple.fr');
    const before = (await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'estimate_decision'))).length;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => decide({ token, decision: i % 2 === 0 ? 'accept' : 'decline' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const outcomes = answers.map((answer) => answer.json<Envelope<{ status: string; recorded: boolean }>>().data);
    expect(outcomes.filter((outcome) => outcome.recorded)).toHaveLength(1);
    const recorded = outcomes.find((outcome) => outcome.recorded)?.status;
    expect(new Set(outcomes.map((outcome) => outcome.status))).toEqual(new Set([recorded]));
    const [row] = await db().select().from(estimates).where(eq(estimates.id, created.id));
    expect(row?.status).toBe(recorded);
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'estimate_decision'))).length).toBe(before + 1);
  });

  it('« Réviser » supersedes: the old link says so (and shows no new link), the new one is mailed and works', async () => {
    const first = (await create({ quoteRequestId: quoteId, lines: [line()], leadTimeDays: 3, bonus: false })).json<Envelope<AdminEstimate>>().data;
    const oldToken = await mailedToken('camille.devis@exemple.fr');
    const revised = await h.call('POST', `/api/admin/estimates/${first.id}/revise`, { lines: [line({ unitPriceCents: 9900 })], leadTimeDays: 2, bonus: false });
    expect(revised.statusCode, revised.body).toBe(201);
    const next = revised.json<Envelope<AdminEstimate>>().data;
    expect(next).toMatchObject({ status: 'sent', totalCents: 9900, supersedes: { id: first.id } });
    const newToken = await mailedToken('camille.devis@exemple.fr');
    expect(newToken).not.toBe(oldToken);
    const old = await view(oldToken);
    expect(old.json<Envelope<EstimateLinkView>>().data).toEqual({ state: 'superseded', message: estimateMessages.superseded, estimate: null });
    expect(old.body).not.toContain(newToken);
    expect((await decide({ token: oldToken, decision: 'accept' })).statusCode).toBe(409);
    expect((await view(newToken)).json<Envelope<EstimateLinkView>>().data.state).toBe('valid');
    expect((await h.call('GET', `/api/admin/estimates/${first.id}`)).json<Envelope<AdminEstimate>>().data).toMatchObject({ status: 'superseded', supersededBy: { id: next.id } });
    const [revisedMail] = await db().select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'estimate_sent'), eq(mailOutbox.subject, `Votre devis révisé ${next.estimateNumber}`)));
    expect(revisedMail).toBeDefined();
    // An accepted estimate is not revised.
    expect((await h.call('POST', `/api/admin/estimates/${first.id}/revise`, { lines: [line()], leadTimeDays: 2, bonus: false })).statusCode).toBe(409);
  });

  it('« Retirer » voids the link: the page says the estimate was withdrawn, a decision is refused', async () => {
    const created = (await create({ quoteRequestId: quoteId, lines: [line()], leadTimeDays: 3, bonus: false })).json<Envelope<AdminEstimate>>().data;
    const token = await mailedToken('camille.devis@exemple.fr');
    const withdrawn = await h.call('POST', `/api/admin/estimates/${created.id}/withdraw`);
    expect(withdrawn.json<Envelope<AdminEstimate>>().data.status).toBe('withdrawn');
    expect((await view(token)).json<Envelope<EstimateLinkView>>().data).toEqual({ state: 'withdrawn', message: estimateMessages.withdrawn, estimate: null });
    const refused = await decide({ token, decision: 'accept' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(estimateMessages.withdrawn);
    expect((await h.call('POST', `/api/admin/estimates/${created.id}/withdraw`)).statusCode).toBe(409);
  });

  it('an expired link says so; an unknown or another purpose’s token opens nothing', async () => {
    const created = (await create({ quoteRequestId: quoteId, lines: [line()], leadTimeDays: 3, bonus: false })).json<Envelope<AdminEstimate>>().data;
    const expired = await issueCustomerLink(db(), 'estimate', created.id, new Date(Date.now() - 1000));
    expect((await view(expired.token)).json<Envelope<EstimateLinkView>>().data).toEqual({ state: 'expired', message: estimateMessages.expired, estimate: null });
    const late = await decide({ token: expired.token, decision: 'accept' });
    expect(late.statusCode).toBe(410);
    expect(late.json<{ message: string }>().message).toBe(estimateMessages.expired);
    const booking = await issueCustomerLink(db(), 'booking', created.id, new Date(Date.now() + 86_400_000));
    const other = await view(booking.token);
    expect(other.statusCode).toBe(404);
    expect(other.json<{ message: string }>().message).toBe(estimateMessages.unknown);
    expect((await decide({ token: booking.token, decision: 'accept' })).statusCode).toBe(404);
    expect((await view('x'.repeat(43))).statusCode).toBe(404);
  });
});

describe('an estimate for a ticket, in the customer’s account', () => {
  let estimate: AdminEstimate;

  it('takes the ticket’s customer and device (laptop: bonus proposed), notifies the owner following the ticket', async () => {
    const owner = await signedInUser(h.t.app, db(), { email: 'leon.compte@exemple.fr', repairCustomerId: customerId });
    await db().insert(trackedTickets).values({ userId: owner.id, ticketNumber });
    const draft = (await h.call('GET', `/api/admin/estimates/draft?ticket=${ticketNumber}`)).json<Envelope<EstimateDraft>>().data;
    expect(draft).toMatchObject({ ticketNumber, customerName: 'Léon Ticket', deviceCategory: 'ordinateur', suggestedBonusCategory: 'ordinateur-portable' });
    const response = await create({ ticket: ticketNumber, lines: [line({ label: 'Batterie', unitPriceCents: 8900 })], leadTimeDays: 3, bonus: true });
    expect(response.statusCode, response.body).toBe(201);
    estimate = response.json<Envelope<AdminEstimate>>().data;
    expect(estimate).toMatchObject({ customerId, ticketNumber, bonusCategory: 'ordinateur-portable', bonusCents: 5000, toPayCents: 3900, email: 'leon.ticket@exemple.fr' });
    const notes = await db().select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notes.map((note) => note.title)).toEqual([`Devis ${estimate.estimateNumber} disponible`]);
  });

  it('shows it in its owner’s account only; the owner decides there; the ticket moves to the shop’s « Devis accepté » with a history event', async () => {
    const owner = await signedInUser(h.t.app, db(), { email: 'leon.deux@exemple.fr', repairCustomerId: customerId });
    const stranger = await signedInUser(h.t.app, db(), { email: 'autre.personne@exemple.fr' });
    const mine = await h.t.app.inject({ method: 'GET', url: '/api/account/estimates', headers: owner.headers });
    expect(mine.json<Envelope<AccountEstimate[]>>().data.map((entry) => entry.id)).toEqual([estimate.id]);
    const theirs = await h.t.app.inject({ method: 'GET', url: '/api/account/estimates', headers: stranger.headers });
    expect(theirs.json<Envelope<AccountEstimate[]>>().data).toEqual([]);
    expect((await h.t.app.inject({ method: 'GET', url: '/api/account/estimates' })).statusCode).toBe(401);
    const steal = await h.t.app.inject({ method: 'POST', url: `/api/account/estimates/${estimate.id}/decision`, headers: stranger.headers, payload: { decision: 'decline' } });
    expect(steal.statusCode).toBe(404);
    const accepted = await h.t.app.inject({ method: 'POST', url: `/api/account/estimates/${estimate.id}/decision`, headers: owner.headers, payload: { decision: 'accept' } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [ticket] = await db().select().from(tickets).where(eq(tickets.ticketNumber, ticketNumber));
    expect(ticket?.status).toBe('Devis accepté');
    const events = await db().select().from(ticketEvents).where(eq(ticketEvents.ticketId, ticket?.id ?? 0));
    expect(events.map((event) => [event.fromStatus, event.toStatus])).toContainEqual(['Waiting for customer', 'Devis accepté']);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'ticket.status'), eq(auditLog.entityId, ticketNumber)));
    expect(audit?.actorEmail).toBe(`client (devis ${estimate.estimateNumber})`);
  });
});

describe('the one ownership rule in the account (linked customer, or verified e-mail)', () => {
  let estimate: AdminEstimate;
  const address = 'Prune.Proprietaire@Exemple.fr';

  beforeAll(async () => {
    const [quote] = await db()
      .insert(quoteRequests)
      .values({
        reference: 'D-TEST-000002',
        category: 'tablette',
        brand: 'apple',
        model: 'iPad 9',
        fault: 'batterie',
        faultLabel: 'Batterie',
        priceFromEuros: null,
        name: 'Prune Propriétaire',
        email: address,
        phone: '',
        dropOffDate: '2030-01-10',
        dropOffSlot: 'matin',
        consentAt: new Date(),
      })
      .returning();
    const response = await create({ quoteRequestId: quote?.id, lines: [line({ label: 'Batterie iPad', unitPriceCents: 7900 })], leadTimeDays: 2, bonus: false });
    expect(response.statusCode, response.body).toBe(201);
    estimate = response.json<Envelope<AdminEstimate>>().data;
  });

  const listFor = async (headers: { authorization: string }) =>
    (await h.t.app.inject({ method: 'GET', url: '/api/account/estimates', headers })).json<Envelope<AccountEstimate[]>>().data.map((entry) => entry.id);

  it('an unverified account of that address sees nothing, opens no PDF and cannot decide', async () => {
    const unverified = await signedInUser(h.t.app, db(), { email: 'prune.proprietaire@exemple.fr', verified: false });
    expect(await listFor(unverified.headers)).toEqual([]);
    expect((await h.t.app.inject({ method: 'GET', url: `/api/account/estimates/${estimate.id}/pdf`, headers: unverified.headers })).statusCode).toBe(404);
    const attempt = await h.t.app.inject({ method: 'POST', url: `/api/account/estimates/${estimate.id}/decision`, headers: unverified.headers, payload: { decision: 'accept' } });
    expect(attempt.statusCode).toBe(404);
    expect(attempt.json<{ message: string }>().message).toBe(estimateMessages.notFound);
    const [row] = await db().select().from(estimates).where(eq(estimates.id, estimate.id));
    expect(row?.status).toBe('sent');
    // An address belongs to one account: the unverified one makes way for the verified owner below.
    await db().delete(users).where(eq(users.id, unverified.id));
  });

  it('the verified owner of the address (any case) sees it, opens its PDF, and decides; another user gets 404', async () => {
    const owner = await signedInUser(h.t.app, db(), { email: 'prune.proprietaire@exemple.fr' });
    const stranger = await signedInUser(h.t.app, db(), { email: 'quelquun.dautre@exemple.fr' });
    expect(await listFor(owner.headers)).toEqual([estimate.id]);
    expect(await listFor(stranger.headers)).not.toContain(estimate.id);
    const pdf = await h.t.app.inject({ method: 'GET', url: `/api/account/estimates/${estimate.id}/pdf`, headers: owner.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['cache-control']).toMatch(/no-store/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await h.t.app.inject({ method: 'GET', url: `/api/account/estimates/${estimate.id}/pdf`, headers: stranger.headers })).statusCode).toBe(404);
    const steal = await h.t.app.inject({ method: 'POST', url: `/api/account/estimates/${estimate.id}/decision`, headers: stranger.headers, payload: { decision: 'decline' } });
    expect(steal.statusCode).toBe(404);
    const declined = await h.t.app.inject({ method: 'POST', url: `/api/account/estimates/${estimate.id}/decision`, headers: owner.headers, payload: { decision: 'decline', reason: 'Je préfère attendre' } });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<Envelope<{ status: string; recorded: boolean }>>().data).toMatchObject({ status: 'declined', recorded: true });
    const [row] = await db().select().from(estimates).where(eq(estimates.id, estimate.id));
    expect(row).toMatchObject({ status: 'declined', declineReason: 'Je préfère attendre' });
  });
});

describe('the ticket’s status after a decision (the shop’s own statuses, else « In Progress »)', () => {
  async function ticketEstimate(number: string, email: string) {
    const [customer] = await db().insert(customers).values({ firstName: 'Iris', lastName: 'Statut', email }).returning();
    await db().insert(tickets).values({ ticketNumber: number, customerId: customer?.id ?? 0, status: 'Waiting for customer' });
    const created = await create({ ticket: number, lines: [line()], leadTimeDays: 1, bonus: false });
    expect(created.statusCode, created.body).toBe(201);
    return mailedToken(email);
  }
  const statusOf = async (number: string) => (await db().select().from(tickets).where(eq(tickets.ticketNumber, number)))[0]?.status;

  it('a decline moves the ticket to « Devis refusé » (seeded with the demo data)', async () => {
    const token = await ticketEstimate('T-880101', 'iris.refus@exemple.fr');
    expect((await decide({ token, decision: 'decline', reason: 'Je le garde tel quel' })).statusCode).toBe(200);
    expect(await statusOf('T-880101')).toBe('Devis refusé');
  });

  it('without the shop’s « Devis accepté », an acceptance moves the ticket to « In Progress »', async () => {
    const token = await ticketEstimate('T-880102', 'iris.accord@exemple.fr');
    await db().delete(statuses).where(eq(statuses.name, 'Devis accepté'));
    expect((await decide({ token, decision: 'accept' })).statusCode).toBe(200);
    expect(await statusOf('T-880102')).toBe('In Progress');
  });
});
