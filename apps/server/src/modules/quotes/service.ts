import { quoteMessages as texts } from '@erepare/shared/messages';
import {
  QUOTE_OTHER,
  dropOffSlots,
  faultPriceLabel,
  findQuoteBrand,
  findQuoteCategory,
  findQuoteFault,
  formatDropOffDate,
  isValidDropOffDate,
  shopToday,
  type DropOffSlot,
  type QuoteCategoryId,
} from '@erepare/shared/quote-catalogue';
import type { InboxStatus } from '@erepare/shared/schemas/common';
import { quoteReference } from '@erepare/shared/schemas/quotes';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { DecodedImage } from '../../lib/images.js';
import { paging, type PageQuery } from '../../lib/paging.js';
import { normaliseMailbox } from '../../lib/mailbox.js';
import { clientAddressKey, hitRateLimit, withinRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import type { Mailer } from '../mail/mailer.js';
import { quoteAcknowledgementEmail, quoteShopEmail } from '../mail/templates.js';
import { getStoreProfile } from '../settings/store-profile.js';
import { insertQuoteRequest, nextQuoteId, purgeQuoteRequests, selectQuoteRequest, selectQuoteRequests, updateQuoteStatus } from './repository.js';

const DAY = 24 * 60 * 60_000;

/** Requests one address may make per 10 minutes, valid or not (counted before the body is read). */
export const QUOTE_ATTEMPT_LIMIT: RateLimitRule = { name: 'quote-attempt', limit: 10, windowMs: 10 * 60_000 };
/** Requests one address may send per 10 minutes. */
export const QUOTE_IP_RATE_LIMIT: RateLimitRule = { name: 'quote-ip', limit: 5, windowMs: 10 * 60_000 };
/** Requests one address may send per day. */
export const QUOTE_IP_DAILY_LIMIT: RateLimitRule = { name: 'quote-ip-day', limit: 20, windowMs: DAY };
/**
 * The site-wide safety valve: past this many requests in a day, the next ones are still taken (the
 * visitor gets the same answer) but held for staff review, not mailed to the shop. Never a refusal:
 * a shared cap would let one client close the form for everyone.
 */
export const QUOTE_GLOBAL_DAILY_LIMIT: RateLimitRule = { name: 'quote-all-day', limit: 500, windowMs: DAY };
/**
 * Acknowledgements one mailbox may receive per day, whatever its spelling (see normaliseMailbox).
 * Beyond, the request is still taken, without acknowledgement: the address typed in the form is
 * not proven, so it neither receives a stream of mails nor lets a stranger block its owner.
 */
export const QUOTE_EMAIL_RATE_LIMIT: RateLimitRule = { name: 'quote-email', limit: 3, windowMs: DAY };
/** Acknowledgements the site sends per day; beyond, requests are still stored and mailed to the shop. */
export const QUOTE_ACK_DAILY_LIMIT: RateLimitRule = { name: 'quote-ack-day', limit: 200, windowMs: DAY };

/** Kept "3 ans après notre dernier échange" (legal notice); the sender's address 12 months. */
export const QUOTE_RETENTION = { keepYears: 3, ipMonths: 12 } as const;

/** Where the service logs that an acknowledgement was skipped. */
export type QuoteLog = { warn: (details: object, message: string) => void };

export type QuoteInput = {
  category: QuoteCategoryId;
  brand: string;
  brandOther: string;
  model: string;
  modelOther: string;
  fault: string;
  faultOther: string;
  description: string;
  /** Photos already read and checked (type from their bytes, size): see lib/image-form.ts. */
  photos: DecodedImage[];
  name: string;
  email: string;
  phone: string;
  dropOffDate: string;
  dropOffSlot: DropOffSlot;
  /** Service SMS about this repair agreed (issue 24 §5); false when SMS is not configured. */
  smsConsent?: boolean;
};

/** What the request says in words (catalogue labels, or the customer's "autre" texts). */
export function describeQuote(input: Omit<QuoteInput, 'photos'>) {
  const category = findQuoteCategory(input.category);
  if (!category) throw new AppError('VALIDATION_FAILED', 400, texts.categoryRequired);
  const brand = input.brand === QUOTE_OTHER || category.brands.length === 0 ? input.brandOther : (findQuoteBrand(category, input.brand)?.label ?? '');
  const model = input.model === QUOTE_OTHER || input.brand === QUOTE_OTHER || category.brands.length === 0 ? input.modelOther : input.model;
  const fault = input.fault === QUOTE_OTHER ? undefined : findQuoteFault(category, input.fault);
  const slot = dropOffSlots.find((candidate) => candidate.id === input.dropOffSlot);
  return {
    category: category.label,
    brand,
    model,
    faultLabel: fault ? fault.label : `Autre\u00a0: ${input.faultOther}`,
    priceFromEuros: fault ? fault.fromEuros : null,
    price: fault ? faultPriceLabel(fault) : 'sur diagnostic',
    dropOff: `${formatDropOffDate(input.dropOffDate)}, ${(slot?.label ?? input.dropOffSlot).toLowerCase()}`,
  };
}

/**
 * Stores an online quote request with its photos and queues two mails in one transaction: the
 * request to the shop, and a fixed acknowledgement to the customer. Returns the reference.
 */
export async function submitQuoteRequest(
  db: Db,
  mailer: Pick<Mailer, 'enqueue' | 'kick'>,
  input: QuoteInput,
  { ip, now = new Date(), log }: { ip: string; now?: Date; log?: QuoteLog },
): Promise<{ id: number; reference: string; held: boolean }> {
  if (!isValidDropOffDate(input.dropOffDate, now)) throw new AppError('VALIDATION_FAILED', 400, texts.dropOffDateInvalid);
  const { photos } = input;
  const words = describeQuote(input);
  const address = clientAddressKey(ip);
  await hitRateLimit(db, QUOTE_IP_RATE_LIMIT, address, texts.rateLimited);
  await hitRateLimit(db, QUOTE_IP_DAILY_LIMIT, address, texts.dailyLimit);
  const held = !(await withinRateLimit(db, QUOTE_GLOBAL_DAILY_LIMIT, 'all'));
  // Past either cap of acknowledgements (this mailbox's, the site's), the request is still taken
  // (and mailed to the shop), but no mail goes to the address typed in the form: the form cannot
  // be used to mail strangers, nor to block their own requests.
  const acknowledge = (await withinRateLimit(db, QUOTE_EMAIL_RATE_LIMIT, normaliseMailbox(input.email))) && (await withinRateLimit(db, QUOTE_ACK_DAILY_LIMIT, 'all'));
  const year = Number(shopToday(now).slice(0, 4));

  const created = await db.transaction(async (tx) => {
    const id = await nextQuoteId(tx);
    const row = await insertQuoteRequest(
      tx,
      id,
      {
        reference: quoteReference(year, id),
        category: input.category,
        brand: words.brand,
        model: words.model,
        fault: input.fault,
        faultLabel: words.faultLabel,
        priceFromEuros: words.priceFromEuros,
        description: input.description,
        name: input.name,
        email: input.email,
        phone: input.phone,
        dropOffDate: input.dropOffDate,
        dropOffSlot: input.dropOffSlot,
        smsConsent: input.smsConsent === true,
        consentAt: now,
        held,
        ip,
      },
      photos,
    );
    if (!held) await queueQuoteShopMail(tx, mailer, row.id);
    const profile = await getStoreProfile(tx);
    if (acknowledge) {
      const acknowledgement = quoteAcknowledgementEmail({ reference: row.reference, dropOff: words.dropOff }, profile);
      await mailer.enqueue(tx, { kind: 'quote_acknowledgement', to: input.email, ...acknowledgement, dedupeKey: `quote_acknowledgement:${row.id}` });
    }
    return row;
  });
  if (!acknowledge) log?.warn({ quoteId: created.id }, 'daily cap of quote acknowledgements reached: request stored, no acknowledgement sent');
  if (held) log?.warn({ quoteId: created.id }, 'site-wide daily volume of quote requests passed: request held for staff review');
  mailer.kick();
  return { id: created.id, reference: created.reference, held };
}

/**
 * The request's mail to the shop, written from the stored request (at submission, or when staff
 * release a held one); at most once per request: the outbox's dedupe key.
 */
export async function queueQuoteShopMail(tx: Executor, mailer: Pick<Mailer, 'enqueue'>, id: number): Promise<void> {
  const quote = await selectQuoteRequest(tx, id);
  if (!quote) return;
  const profile = await getStoreProfile(tx);
  const slot = dropOffSlots.find((candidate) => candidate.id === quote.dropOffSlot);
  const shopMail = quoteShopEmail(
    {
      reference: quote.reference,
      category: findQuoteCategory(quote.category as QuoteCategoryId)?.label ?? quote.category,
      brand: quote.brand,
      model: quote.model,
      fault: quote.faultLabel,
      price: quote.priceFromEuros === null ? 'sur diagnostic' : `à partir de ${quote.priceFromEuros}\u00a0€`,
      description: quote.description,
      photoCount: quote.photos.length,
      name: quote.name,
      email: quote.email,
      phone: quote.phone,
      dropOff: `${formatDropOffDate(quote.dropOffDate)}, ${(slot?.label ?? quote.dropOffSlot).toLowerCase()}`,
      createdAt: new Date(quote.createdAt),
    },
    profile,
  );
  // « Répondre » in the shop's mail program answers the visitor.
  await mailer.enqueue(tx, { kind: 'quote_request', to: profile.email, replyTo: quote.email, ...shopMail, dedupeKey: `quote_request:${id}` });
}

/** `search`: part of the sender's name or e-mail (quotes: or the reference), for the staff inbox. */
export type InboxPage = PageQuery & { status?: InboxStatus | undefined; search?: string | undefined; held?: boolean | undefined };

/** The quote requests for the staff, newest first, optionally by status. */
export async function listQuoteRequests(db: Db, query: InboxPage = {}) {
  const { limit, offset, page, pageSize } = paging(query);
  const { items, total } = await selectQuoteRequests(db, {
    ...(query.status ? { status: query.status } : {}),
    ...(query.search ? { search: query.search } : {}),
    ...(query.held !== undefined ? { held: query.held } : {}),
    limit,
    offset,
  });
  return { items, total, page, pageSize };
}

export async function setQuoteStatus(db: Db, id: number, status: InboxStatus): Promise<void> {
  if (!(await updateQuoteStatus(db, id, status))) throw new AppError('QUOTE_NOT_FOUND', 404, texts.notFound);
}

/** The clean-up job's part: old requests (and their photos) deleted, old senders' addresses blanked. */
export async function purgeOldQuoteRequests(db: Db) {
  return purgeQuoteRequests(db, QUOTE_RETENTION);
}
