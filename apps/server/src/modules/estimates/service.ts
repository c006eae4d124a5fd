import { and, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  addCalendarDays,
  defaultValidUntil,
  endOfParisDay,
  estimateAmounts,
  estimateMessages,
  ESTIMATE_MAX_VALIDITY_DAYS,
  isWithinValidity,
  parisDayOf,
  quoteCategoryOfDevice,
  type EstimateLineInput,
  type EstimateVatRate,
} from '@erepare/shared/estimates';
import { formatDate } from '@erepare/shared/format';
import { findQuoteBrand, findQuoteCategory } from '@erepare/shared/quote-catalogue';
import { bonusCategoryFor, repairBonusLabel } from '@erepare/shared/repair-bonus';
import type {
  AccountEstimate,
  AdminEstimate,
  AdminEstimateSummary,
  EstimateCreate,
  EstimateDraft,
  EstimateLinkView,
  EstimateListQuery,
  EstimateRevise,
  PublicEstimate,
} from '@erepare/shared/schemas/estimates';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import { formatAddress, type StoreProfile } from '@erepare/shared/store-profile';
import { normaliseTicketNumber } from '@erepare/shared/ticket-number';
import type { RepairBackend } from '../../adapters/repair/types.js';
import type { Db, Tx } from '../../db/client.js';
import { estimates, repairPayments, statuses, ticketEvents, tickets, trackedTickets, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paging } from '../../lib/paging.js';
import { recordAudit, type AuditActor } from '../admin/audit.js';
import { changeTicketStatus } from '../admin/ticket-status.js';
import { findCustomerLink, issueCustomerLink, revokeCustomerLinks } from '../links/customer-links.js';
import { enqueueMail } from '../mail/outbox.js';
import { estimateCustomerEmail, estimateDecisionShopEmail } from '../mail/templates.js';
import { notifyUser } from '../notifications/service.js';
import { getStoreProfile } from '../settings/store-profile.js';
import type { SmsService } from '../sms/service.js';
import {
  insertEstimate,
  lockEstimate,
  nextEstimateNumber,
  recordDecision,
  selectEstimate,
  selectEstimateList,
  selectEstimatesWithLines,
  selectQuoteRequestForEstimate,
  type EstimateRow,
  type EstimateWithLines,
} from './repository.js';

/**
 * Repair estimates (issue 24 §1). Staff create one from a quote request or a ticket; the server
 * prices it (shared rule), numbers it without gaps, and in the same transaction mails the
 * customer a secret single-purpose link (customer-links.ts, purpose 'estimate', valid until the
 * end of the validity day in Paris), queues the SMS (with consent) and notifies the owner's
 * account when they follow the ticket. The customer decides once, through the link or their
 * account (one ownership rule): one conditional UPDATE records it, a second click answers what
 * was recorded. A revision supersedes the estimate and voids its link.
 */

export const estimateTexts = {
  created: (number: string) => `Devis ${number} envoyé au client.`,
  revised: (number: string, old: string) => `Devis ${number} envoyé\u00a0: il remplace ${old}.`,
  withdrawn: (number: string) => `Devis ${number} retiré\u00a0: son lien ne fonctionne plus.`,
  quoteNotFound: 'Demande de devis introuvable',
  ticketNotFound: 'Ticket introuvable',
  noEmail: 'Le client n’a pas d’adresse e-mail valide\u00a0: impossible de lui envoyer le devis.',
  depositTooHigh: (max: string) => `L’acompte ne peut pas dépasser le reste à payer (${max}).`,
  validityPast: 'La date de validité ne peut pas être passée.',
  validityTooFar: `La date de validité ne peut pas dépasser ${ESTIMATE_MAX_VALIDITY_DAYS} jours.`,
  bonusCategoryNeeded: 'Choisissez la catégorie de l’appareil pour le bonus réparation (cet appareil n’en a pas d’office).',
  notRevisable: 'Seul un devis en attente de réponse ou refusé peut être révisé.',
  notWithdrawable: 'Seul un devis en attente de réponse peut être retiré.',
  accountNotLinked: 'Votre compte n’est pas encore relié à votre fiche client de l’atelier.',
} as const;

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const VALID_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type EstimateContext = {
  db: Db;
  backend: RepairBackend;
  publicUrl: string;
  sms: Pick<SmsService, 'queue'>;
};

// ─── Mapping ────────────────────────────────────────────────────────────────────────────────────

function amountsOf(row: EstimateWithLines) {
  const lines = row.lines.map((line) => ({
    kind: line.kind,
    label: line.label,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    vatRate: line.vatRate as EstimateVatRate,
    taxCents: line.taxCents,
    totalCents: line.totalCents,
  }));
  // The VAT per rate, recomputed from the stored lines (their own VAT, as stored).
  const byRate = new Map<EstimateVatRate, { rate: EstimateVatRate; baseCents: number; taxCents: number }>();
  if (row.vatRegime === 'standard') {
    for (const line of lines) {
      const entry = byRate.get(line.vatRate) ?? { rate: line.vatRate, baseCents: 0, taxCents: 0 };
      entry.baseCents += line.totalCents - line.taxCents;
      entry.taxCents += line.taxCents;
      byRate.set(line.vatRate, entry);
    }
  }
  return {
    vatRegime: row.vatRegime,
    lines,
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    vatBreakdown: [...byRate.values()].sort((a, b) => Number(b.rate) - Number(a.rate)),
    bonusCategory: row.bonusCents > 0 ? row.bonusCategory : null,
    bonusLabel: row.bonusCents > 0 ? repairBonusLabel(row.bonusCategory) : null,
    bonusCents: row.bonusCents,
    toPayCents: row.totalCents - row.bonusCents,
    depositCents: row.depositCents,
    leadTimeDays: row.leadTimeDays,
    validUntil: row.validUntil,
  };
}

function toSummary(row: EstimateRow): AdminEstimateSummary {
  return {
    id: row.id,
    estimateNumber: row.estimateNumber,
    status: row.status,
    customerName: row.customerName,
    ticketNumber: row.ticketNumber,
    quoteRequestId: row.quoteRequestId,
    totalCents: row.totalCents,
    toPayCents: row.totalCents - row.bonusCents,
    validUntil: row.validUntil,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function toAdmin(db: Db | Tx, row: EstimateWithLines): Promise<AdminEstimate> {
  const related = await db
    .select({ id: estimates.id, estimateNumber: estimates.estimateNumber, supersededById: estimates.supersededById })
    .from(estimates)
    .where(sql`${estimates.id} = ${row.supersededById ?? 0} or ${estimates.supersededById} = ${row.id}`);
  const next = related.find((entry) => entry.id === row.supersededById);
  const previous = related.find((entry) => entry.supersededById === row.id);
  return {
    ...toSummary(row),
    ...amountsOf(row),
    quoteReference: row.quoteReference,
    customerId: row.customerId,
    email: row.email,
    phone: row.phone,
    smsConsent: row.smsConsent,
    deviceCategory: row.deviceCategory,
    deviceLabel: row.deviceLabel,
    note: row.note,
    declineReason: row.declineReason,
    supersededBy: next ? { id: next.id, estimateNumber: next.estimateNumber } : null,
    supersedes: previous ? { id: previous.id, estimateNumber: previous.estimateNumber } : null,
  };
}

function shopOf(profile: StoreProfile): PublicEstimate['shop'] {
  return { name: profile.name, address: formatAddress(profile), phone: profile.phone.display, email: profile.email };
}

/** What the bearer of the link sees: the estimate, never the customer's name, e-mail or phone. */
function toPublic(row: EstimateWithLines, profile: StoreProfile, now: Date): PublicEstimate {
  const status = row.status === 'accepted' || row.status === 'declined' ? row.status : 'sent';
  return {
    ...amountsOf(row),
    estimateNumber: row.estimateNumber,
    status,
    lapsed: status === 'sent' && !isWithinValidity(row.validUntil, now),
    ticketNumber: row.ticketNumber,
    deviceLabel: row.deviceLabel,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    shop: shopOf(profile),
  };
}

// ─── Who the estimate is for ────────────────────────────────────────────────────────────────────

type Subject = {
  quoteRequestId: number | null;
  quoteReference: string | null;
  ticketId: number | null;
  ticketNumber: string | null;
  customerId: number | null;
  customerName: string;
  firstName: string;
  email: string;
  phone: string;
  smsConsent: boolean;
  deviceCategory: string;
  deviceLabel: string;
  suggestedLines: EstimateDraft['suggestedLines'];
};

async function subjectOf(ctx: EstimateContext, source: { quoteRequestId?: number | undefined; ticket?: string | undefined }): Promise<Subject> {
  if (source.quoteRequestId !== undefined) {
    const quote = await selectQuoteRequestForEstimate(ctx.db, source.quoteRequestId);
    if (!quote) throw new AppError('QUOTE_NOT_FOUND', 404, estimateTexts.quoteNotFound);
    const category = findQuoteCategory(quote.category);
    const brand = category ? (findQuoteBrand(category, quote.brand)?.label ?? quote.brand) : quote.brand;
    const deviceLabel = [category?.label, brand, quote.model].filter((part) => part && part !== 'autre').join(' ').trim();
    // The quote request's address is the one the customer typed: the estimate goes there, and
    // proves no account (customer_id stays empty: only a ticket's customer is an owner).
    return {
      quoteRequestId: quote.id,
      quoteReference: quote.reference,
      ticketId: null,
      ticketNumber: null,
      customerId: null,
      customerName: quote.name,
      firstName: quote.name.split(/\s+/)[0] ?? '',
      email: quote.email,
      phone: quote.phone,
      smsConsent: quote.smsConsent,
      deviceCategory: quote.category,
      deviceLabel,
      suggestedLines:
        quote.priceFromEuros !== null ? [{ kind: 'labour', label: quote.faultLabel, quantity: 1, unitPriceCents: quote.priceFromEuros * 100 }] : [{ kind: 'labour', label: quote.faultLabel, quantity: 1, unitPriceCents: 0 }],
    };
  }
  const number = normaliseTicketNumber(source.ticket ?? '');
  const ticket = number ? await ctx.backend.getTicket({ ticketNumber: number }) : null;
  if (!ticket) throw new AppError('TICKET_NOT_FOUND', 404, estimateTexts.ticketNotFound);
  const customer = await ctx.backend.getCustomer(ticket.customerId);
  const device = ticket.devices[0];
  const deviceLabel = device ? [device.brand, device.name || device.model].filter(Boolean).join(' ').trim() : '';
  return {
    quoteRequestId: null,
    quoteReference: null,
    ticketId: ticket.id,
    ticketNumber: ticket.ticketNumber,
    customerId: ticket.customerId,
    customerName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : '',
    firstName: customer?.firstName ?? '',
    email: customer?.email ?? '',
    phone: customer ? customer.mobile || customer.phone : '',
    // The customer record's sms_opt_in is a marketing consent (registration): never a consent to
    // service SMS. A ticket's estimate is texted only when a quote request or booking gave one.
    smsConsent: false,
    deviceCategory: device ? quoteCategoryOfDevice(device.category) : 'autre',
    deviceLabel,
    suggestedLines: (device?.repairItems ?? []).map((label) => ({ kind: 'part' as const, label, quantity: 1, unitPriceCents: 0 })),
  };
}

export async function estimateDraft(ctx: EstimateContext, query: { quoteRequestId?: number | undefined; ticket?: string | undefined }, now = new Date()): Promise<EstimateDraft> {
  const subject = await subjectOf(ctx, query);
  const profile = await getStoreProfile(ctx.db);
  const where = subject.quoteRequestId !== null ? eq(estimates.quoteRequestId, subject.quoteRequestId) : eq(estimates.ticketNumber, subject.ticketNumber ?? '');
  const existing = await ctx.db.select().from(estimates).where(where).orderBy(sql`${estimates.id} desc`).limit(20);
  return {
    quoteRequestId: subject.quoteRequestId,
    quoteReference: subject.quoteReference,
    ticketNumber: subject.ticketNumber,
    customerName: subject.customerName,
    email: subject.email,
    deviceCategory: subject.deviceCategory,
    deviceLabel: subject.deviceLabel,
    vatRegime: profile.vatRegime,
    suggestedBonusCategory: bonusCategoryFor(subject.deviceCategory, { deviceLabel: subject.deviceLabel }),
    suggestedLines: subject.suggestedLines,
    validUntil: defaultValidUntil(now),
    existing: existing.map(toSummary),
  };
}

// ─── Staff: create, revise, withdraw ────────────────────────────────────────────────────────────

async function insertAndSend(
  ctx: EstimateContext,
  tx: Tx,
  subject: Subject,
  body: EstimateRevise,
  actor: AuditActor,
  now: Date,
  replaces: EstimateRow | null,
): Promise<number> {
  if (!VALID_EMAIL.test(subject.email)) throw new AppError('NO_EMAIL', 400, estimateTexts.noEmail);
  const today = parisDayOf(now);
  const validUntil = body.validUntil ?? defaultValidUntil(now);
  if (validUntil < today) throw new AppError('VALIDITY_PAST', 400, estimateTexts.validityPast);
  if (validUntil > addCalendarDays(today, ESTIMATE_MAX_VALIDITY_DAYS)) throw new AppError('VALIDITY_TOO_FAR', 400, estimateTexts.validityTooFar);
  const deviceLabel = body.deviceLabel ?? subject.deviceLabel;
  let bonusCategory: string | null = null;
  if (body.bonus) {
    bonusCategory = body.bonusCategory ?? bonusCategoryFor(subject.deviceCategory, { deviceLabel });
    if (!bonusCategory) throw new AppError('BONUS_CATEGORY_NEEDED', 400, estimateTexts.bonusCategoryNeeded);
  }
  const profile = await getStoreProfile(tx);
  const lines: EstimateLineInput[] = body.lines.map((line) => ({ kind: line.kind, label: line.label, quantity: line.quantity, unitPriceCents: line.unitPriceCents, vatRate: line.vatRate }));
  const amounts = estimateAmounts(lines, profile.vatRegime, bonusCategory, body.depositCents ?? 0);
  if (amounts.depositCents > amounts.toPayCents) throw new AppError('DEPOSIT_TOO_HIGH', 400, estimateTexts.depositTooHigh(euros.format(amounts.toPayCents / 100)));

  const estimateNumber = await nextEstimateNumber(tx, now);
  const id = await insertEstimate(
    tx,
    {
      estimateNumber,
      quoteRequestId: subject.quoteRequestId,
      ticketId: subject.ticketId,
      ticketNumber: subject.ticketNumber,
      customerId: subject.customerId,
      customerName: subject.customerName,
      email: subject.email,
      phone: subject.phone,
      smsConsent: subject.smsConsent,
      deviceCategory: subject.deviceCategory,
      deviceLabel,
      vatRegime: profile.vatRegime,
      subtotalCents: amounts.subtotalCents,
      taxCents: amounts.taxCents,
      totalCents: amounts.totalCents,
      bonusCategory: amounts.bonusCategory,
      bonusCents: amounts.bonusCents,
      depositCents: amounts.depositCents,
      leadTimeDays: body.leadTimeDays,
      validUntil,
      note: body.note ?? '',
      createdBy: actor.user.id,
    },
    amounts.lines,
  );
  if (replaces) {
    await tx.update(estimates).set({ status: 'superseded', supersededById: id, updatedAt: now }).where(eq(estimates.id, replaces.id));
    await revokeCustomerLinks(tx, 'estimate', replaces.id, now);
  }
  const link = await issueCustomerLink(tx, 'estimate', id, endOfParisDay(validUntil));
  const url = `${ctx.publicUrl.replace(/\/+$/, '')}/devis/consulter?${new URLSearchParams({ token: link.token }).toString()}`;
  const validUntilText = formatDate(`${validUntil}T12:00:00Z`);
  const mail = estimateCustomerEmail(
    {
      firstName: subject.firstName,
      estimateNumber,
      ...(replaces ? { replaces: replaces.estimateNumber } : {}),
      deviceLabel,
      toPayCents: amounts.toPayCents,
      bonusCents: amounts.bonusCents,
      depositCents: amounts.depositCents,
      leadTimeDays: body.leadTimeDays,
      validUntil: validUntilText,
      url,
    },
    profile,
  );
  await enqueueMail(tx, { kind: 'estimate_sent', to: subject.email, ...mail, dedupeKey: `estimate-sent:${id}` });
  await ctx.sms.queue(tx, {
    kind: 'estimate_sent',
    to: subject.phone,
    consent: subject.smsConsent,
    body: `${profile.name}\u00a0: votre devis ${estimateNumber} (${euros.format(amounts.toPayCents / 100)}) vous attend. Lien envoyé par e-mail, valable jusqu’au ${validUntilText}.`,
    dedupeKey: `estimate-sent:${id}`,
  });
  await notifyFollowers(tx, subject, estimateNumber, id);
  await recordAudit(tx, actor, {
    action: replaces ? 'estimate.revise' : 'estimate.create',
    entity: 'estimate',
    entityId: estimateNumber,
    ...(replaces ? { before: { estimateNumber: replaces.estimateNumber, status: replaces.status } } : {}),
    after: {
      estimateNumber,
      quoteRequestId: subject.quoteRequestId,
      ticketNumber: subject.ticketNumber,
      totalCents: amounts.totalCents,
      bonusCents: amounts.bonusCents,
      depositCents: amounts.depositCents,
      validUntil,
      lines: amounts.lines.map((line) => ({ kind: line.kind, label: line.label, quantity: line.quantity, unitPriceCents: line.unitPriceCents, vatRate: line.vatRate })),
    },
  });
  return id;
}

/** The ticket's owner, when they follow it from their account, gets a notification (and its push). */
async function notifyFollowers(tx: Tx, subject: Subject, estimateNumber: string, id: number): Promise<void> {
  if (subject.customerId === null || !subject.ticketNumber) return;
  const followers = await tx
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(trackedTickets, and(eq(trackedTickets.userId, users.id), eq(trackedTickets.ticketNumber, subject.ticketNumber)))
    .where(and(eq(users.repairCustomerId, subject.customerId), isNotNull(users.emailVerifiedAt)));
  for (const follower of followers) {
    await notifyUser(tx, follower.id, {
      type: 'ticket',
      title: `Devis ${estimateNumber} disponible`,
      body: `Le devis de la réparation ${subject.ticketNumber} vous attend\u00a0: consultez-le dans votre compte ou par le lien reçu par e-mail.`,
      ticketId: subject.ticketNumber,
      data: { url: '/compte', actionRequired: true },
      dedupeKey: `estimate-sent:${id}:${follower.id}`,
    });
  }
}

export async function createEstimate(ctx: EstimateContext, body: EstimateCreate, actor: AuditActor, now = new Date()): Promise<AdminEstimate> {
  const subject = await subjectOf(ctx, body);
  const id = await ctx.db.transaction((tx) => insertAndSend(ctx, tx, subject, body, actor, now, null));
  return getEstimate(ctx.db, id);
}

export async function reviseEstimate(ctx: EstimateContext, id: number, body: EstimateRevise, actor: AuditActor, now = new Date()): Promise<AdminEstimate> {
  const newId = await ctx.db.transaction(async (tx) => {
    const old = await lockEstimate(tx, id);
    if (!old) throw new AppError('ESTIMATE_NOT_FOUND', 404, estimateMessages.notFound);
    if (old.status !== 'sent' && old.status !== 'declined') throw new AppError('NOT_REVISABLE', 409, estimateTexts.notRevisable);
    const subject: Subject = {
      quoteRequestId: old.quoteRequestId,
      quoteReference: null,
      ticketId: old.ticketId,
      ticketNumber: old.ticketNumber,
      customerId: old.customerId,
      customerName: old.customerName,
      firstName: old.customerName.split(/\s+/)[0] ?? '',
      email: old.email,
      phone: old.phone,
      smsConsent: old.smsConsent,
      deviceCategory: old.deviceCategory,
      deviceLabel: old.deviceLabel,
      suggestedLines: [],
    };
    return insertAndSend(ctx, tx, subject, body, actor, now, old);
  });
  return getEstimate(ctx.db, newId);
}

export async function withdrawEstimate(ctx: EstimateContext, id: number, actor: AuditActor, now = new Date()): Promise<AdminEstimate> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockEstimate(tx, id);
    if (!row) throw new AppError('ESTIMATE_NOT_FOUND', 404, estimateMessages.notFound);
    if (row.status !== 'sent') throw new AppError('NOT_WITHDRAWABLE', 409, estimateTexts.notWithdrawable);
    await tx.update(estimates).set({ status: 'withdrawn', updatedAt: now }).where(eq(estimates.id, id));
    await revokeCustomerLinks(tx, 'estimate', id, now);
    await recordAudit(tx, actor, { action: 'estimate.withdraw', entity: 'estimate', entityId: row.estimateNumber, before: { status: row.status }, after: { status: 'withdrawn' } });
  });
  return getEstimate(ctx.db, id);
}

export async function getEstimate(db: Db, id: number): Promise<AdminEstimate> {
  const row = await selectEstimate(db, id);
  if (!row) throw new AppError('ESTIMATE_NOT_FOUND', 404, estimateMessages.notFound);
  return toAdmin(db, row);
}

export async function listEstimates(db: Db, query: EstimateListQuery) {
  const { limit, offset, page, pageSize } = paging(query);
  const ticketNumber = query.ticket ? (normaliseTicketNumber(query.ticket) ?? query.ticket) : undefined;
  const { rows, total } = await selectEstimateList(db, { status: query.status, quoteRequestId: query.quoteRequestId, ticketNumber, limit, offset });
  return { items: rows.map(toSummary), page, pageSize, total };
}

// ─── The customer's decision ────────────────────────────────────────────────────────────────────

export type DecisionOutcome = { status: 'accepted' | 'declined'; recorded: boolean; decidedAt: string };
export type DecisionEffects = { estimate: EstimateRow; decided: boolean };

/** Records the decision once; answers the recorded one to a replay. Side effects after the commit: see applyDecisionEffects. */
async function decide(ctx: EstimateContext, id: number, decision: 'accept' | 'decline', reason: string, ip: string, now: Date): Promise<DecisionEffects> {
  const status = decision === 'accept' ? 'accepted' : 'declined';
  return ctx.db.transaction(async (tx) => {
    const updated = await recordDecision(tx, id, { status, reason: status === 'declined' ? reason.trim() : '', ip, now, lastValidDay: parisDayOf(now) });
    if (!updated) {
      const [row] = await tx.select().from(estimates).where(eq(estimates.id, id)).limit(1);
      if (!row) throw new AppError('ESTIMATE_NOT_FOUND', 404, estimateMessages.notFound);
      if (row.status === 'accepted' || row.status === 'declined') return { estimate: row, decided: false };
      if (row.status === 'superseded') throw new AppError('ESTIMATE_SUPERSEDED', 409, estimateMessages.superseded);
      if (row.status === 'withdrawn') throw new AppError('ESTIMATE_WITHDRAWN', 409, estimateMessages.withdrawn);
      throw new AppError('ESTIMATE_LAPSED', 410, estimateMessages.pastValidity);
    }
    const profile = await getStoreProfile(tx);
    const mail = estimateDecisionShopEmail(
      {
        estimateNumber: updated.estimateNumber,
        decision: status,
        customerName: updated.customerName,
        email: updated.email,
        phone: updated.phone,
        ticketNumber: updated.ticketNumber,
        toPayCents: updated.totalCents - updated.bonusCents,
        reason: updated.declineReason,
        decidedAt: now,
      },
      profile,
    );
    if (VALID_EMAIL.test(profile.email)) {
      await enqueueMail(tx, { kind: 'estimate_decision', to: profile.email, replyTo: updated.email, ...mail, dedupeKey: `estimate-decision:${id}` });
    }
    return { estimate: updated, decided: true };
  });
}

/** The shop's statuses for a decision: its own « Devis accepté » / « Devis refusé » if it made them. */
async function statusNamed(db: Db, names: string[]): Promise<string | null> {
  const rows = await db
    .select({ name: statuses.name })
    .from(statuses)
    .where(inArray(sql`lower(${statuses.name})`, names.map((name) => name.toLowerCase())));
  return rows[0]?.name ?? null;
}

/**
 * After the decision is committed: the local ticket moves on through the staff's own status rule
 * (changeTicketStatus: history event, followers notified and pushed), to « Devis accepté » when the
 * shop has that status, else « In Progress » (the repair starts); a decline moves it to « Devis
 * refusé » when that status exists, else leaves a note in its history. With RepairDesk, staff
 * change the status there (they are mailed). A failure here never undoes the recorded decision.
 */
export async function applyDecisionEffects(ctx: EstimateContext, effects: DecisionEffects, log?: { warn: (obj: object, msg: string) => void }): Promise<void> {
  const { estimate } = effects;
  if (!effects.decided || !estimate.ticketNumber || ctx.backend.kind !== 'local') return;
  const accepted = estimate.status === 'accepted';
  const actor: AuditActor = { user: { id: null, email: `client (devis ${estimate.estimateNumber})` } };
  try {
    const named = accepted ? await statusNamed(ctx.db, ['Devis accepté', 'Quote approved', 'Estimate approved']) : await statusNamed(ctx.db, ['Devis refusé', 'Quote declined', 'Estimate declined']);
    const target = named ?? (accepted ? 'In Progress' : null);
    if (target) {
      await changeTicketStatus(ctx.db, 'local', estimate.ticketNumber, target, actor, { publicUrl: ctx.publicUrl });
      return;
    }
    const [ticket] = await ctx.db.select({ id: tickets.id, status: tickets.status }).from(tickets).where(eq(tickets.ticketNumber, estimate.ticketNumber)).limit(1);
    if (ticket) {
      await ctx.db.insert(ticketEvents).values({ ticketId: ticket.id, fromStatus: ticket.status, toStatus: ticket.status, note: `Devis ${estimate.estimateNumber} refusé par le client.` });
    }
  } catch (error) {
    log?.warn({ err: error, estimate: estimate.estimateNumber }, 'estimate decision: ticket status not changed');
  }
}

function outcomeOf(effects: DecisionEffects): DecisionOutcome {
  const status = effects.estimate.status === 'declined' ? 'declined' : 'accepted';
  return { status, recorded: effects.decided, decidedAt: (effects.estimate.decidedAt ?? new Date()).toISOString() };
}

// ─── The secret link ────────────────────────────────────────────────────────────────────────────

async function openLink(ctx: EstimateContext, token: string, now: Date) {
  const link = await findCustomerLink(ctx.db, 'estimate', token, now);
  if (link.state === 'unknown') throw new AppError('LINK_UNKNOWN', 404, estimateMessages.unknown);
  if (link.state === 'expired') return { state: 'expired' as const, id: link.subjectId };
  const row = await selectEstimate(ctx.db, link.subjectId);
  if (!row) throw new AppError('LINK_UNKNOWN', 404, estimateMessages.unknown);
  if (link.state === 'revoked' || row.status === 'superseded' || row.status === 'withdrawn') {
    return { state: row.status === 'superseded' ? ('superseded' as const) : ('withdrawn' as const), id: row.id };
  }
  return { state: 'valid' as const, id: row.id, row };
}

const stateMessages = { expired: estimateMessages.expired, superseded: estimateMessages.superseded, withdrawn: estimateMessages.withdrawn } as const;

export async function viewEstimateLink(ctx: EstimateContext, token: string, now = new Date()): Promise<EstimateLinkView> {
  const opened = await openLink(ctx, token, now);
  if (opened.state !== 'valid') return { state: opened.state, message: stateMessages[opened.state], estimate: null };
  const estimate = toPublic(opened.row, await getStoreProfile(ctx.db), now);
  return { state: 'valid', message: null, estimate, depositPaid: estimate.depositCents > 0 && (await depositPaid(ctx.db, opened.id)) };
}

/** Whether the estimate's deposit was paid online (the page then stops offering it). */
async function depositPaid(db: Db, estimateId: number): Promise<boolean> {
  const rows = await db
    .select({ id: repairPayments.id })
    .from(repairPayments)
    .where(and(eq(repairPayments.estimateId, estimateId), eq(repairPayments.purpose, 'deposit'), eq(repairPayments.status, 'succeeded')))
    .limit(1);
  return rows.length > 0;
}

/** The estimate a valid link opens (its PDF); the other states answer their French message. */
export async function estimateForLink(ctx: EstimateContext, token: string, now = new Date()): Promise<PublicEstimate> {
  const opened = await openLink(ctx, token, now);
  if (opened.state === 'expired') throw new AppError('LINK_EXPIRED', 410, estimateMessages.expired);
  if (opened.state !== 'valid') throw new AppError(opened.state === 'superseded' ? 'ESTIMATE_SUPERSEDED' : 'ESTIMATE_WITHDRAWN', 409, stateMessages[opened.state]);
  return toPublic(opened.row, await getStoreProfile(ctx.db), now);
}

export async function decideByLink(
  ctx: EstimateContext,
  input: { token: string; decision: 'accept' | 'decline'; reason?: string | undefined; ip: string },
  now = new Date(),
): Promise<{ outcome: DecisionOutcome; effects: DecisionEffects }> {
  const opened = await openLink(ctx, input.token, now);
  if (opened.state === 'expired') throw new AppError('LINK_EXPIRED', 410, estimateMessages.expired);
  if (opened.state !== 'valid') throw new AppError(opened.state === 'superseded' ? 'ESTIMATE_SUPERSEDED' : 'ESTIMATE_WITHDRAWN', 409, stateMessages[opened.state]);
  const effects = await decide(ctx, opened.id, input.decision, input.reason ?? '', input.ip, now);
  return { outcome: outcomeOf(effects), effects };
}

// ─── The customer's account (one ownership rule) ────────────────────────────────────────────────

/**
 * Who an account is, for the one ownership rule (DESIGN §4), as orders decide it: the repair
 * customer it is linked to, or its e-mail address, each only once the address is proven (verified).
 * An unverified account owns nothing, whatever address it typed.
 */
export type EstimateOwner = { customerId: number | null; email: string | null };

export function estimateOwnerOf(user: Pick<SessionUser, 'email' | 'email_verified' | 'repairdesk_customer_id'>): EstimateOwner {
  if (!user.email_verified) return { customerId: null, email: null };
  const email = user.email.trim().toLowerCase();
  return { customerId: user.repairdesk_customer_id, email: email === '' ? null : email };
}

/** The one rule: the estimate's customer is the owner's linked customer, or its address is the owner's verified one. Null: owns nothing. */
export function ownedEstimatesCondition(owner: EstimateOwner): SQL | null {
  const conditions = [
    owner.customerId !== null ? eq(estimates.customerId, owner.customerId) : undefined,
    owner.email !== null ? sql`lower(trim(${estimates.email})) = ${owner.email}` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return conditions.length === 0 ? null : (or(...conditions) ?? null);
}

export async function accountEstimates(ctx: EstimateContext, owner: EstimateOwner, now = new Date()): Promise<AccountEstimate[]> {
  const owned = ownedEstimatesCondition(owner);
  if (!owned) return [];
  const rows = await selectEstimatesWithLines(ctx.db, and(owned, ne(estimates.status, 'superseded'))!);
  const profile = await getStoreProfile(ctx.db);
  return rows.map((row) => ({ ...toPublic(row, profile, now), id: row.id, status: row.status }));
}

/** One of the owner's estimates (its PDF in the account); someone else's and none answer the same 404. */
export async function accountEstimate(ctx: EstimateContext, owner: EstimateOwner, id: number, now = new Date()): Promise<PublicEstimate> {
  const owned = ownedEstimatesCondition(owner);
  const [row] = owned ? await selectEstimatesWithLines(ctx.db, and(eq(estimates.id, id), owned, ne(estimates.status, 'superseded'))!) : [];
  if (!row) throw new AppError('ESTIMATE_NOT_FOUND', 404, estimateMessages.notFound);
  return toPublic(row, await getStoreProfile(ctx.db), now);
}

export async function decideForAccount(
  ctx: EstimateContext,
  owner: EstimateOwner,
  id: number,
  input: { decision: 'accept' | 'decline'; reason?: string | undefined; ip: string },
  now = new Date(),
): Promise<{ outcome: DecisionOutcome; effects: DecisionEffects }> {
  // Someone else's estimate and no estimate answer the same.
  const owned = ownedEstimatesCondition(owner);
  const [row] = owned ? await ctx.db.select({ id: estimates.id }).from(estimates).where(and(eq(estimates.id, id), owned)).limit(1) : [];
  if (!row) throw new AppError('ESTIMATE_NOT_FOUND', 404, estimateMessages.notFound);
  const effects = await decide(ctx, row.id, input.decision, input.reason ?? '', input.ip, now);
  return { outcome: outcomeOf(effects), effects };
}
