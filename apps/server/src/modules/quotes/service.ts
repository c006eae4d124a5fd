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
import { QUOTE_MAX_PHOTO_BYTES, quoteReference } from '@erepare/shared/schemas/quotes';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { decodeImages } from '../../lib/images.js';
import { paging, type PageQuery } from '../../lib/paging.js';
import { clientAddressKey, hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import type { Mailer } from '../mail/mailer.js';
import { quoteAcknowledgementEmail, quoteShopEmail } from '../mail/templates.js';
import { getStoreProfile } from '../settings/store-profile.js';
import { insertQuoteRequest, nextQuoteId, purgeQuoteRequests, selectQuoteRequests, updateQuoteStatus } from './repository.js';

const DAY = 24 * 60 * 60_000;

/** Requests one address may make per 10 minutes, valid or not (counted before the body is read). */
export const QUOTE_ATTEMPT_LIMIT: RateLimitRule = { name: 'quote-attempt', limit: 10, windowMs: 10 * 60_000 };
/** Requests one address may send per 10 minutes. */
export const QUOTE_IP_RATE_LIMIT: RateLimitRule = { name: 'quote-ip', limit: 5, windowMs: 10 * 60_000 };
/** Requests one address may send per day. */
export const QUOTE_IP_DAILY_LIMIT: RateLimitRule = { name: 'quote-ip-day', limit: 20, windowMs: DAY };
/** Requests the whole site stores per day (a cap on the stored volume, photos included). */
export const QUOTE_GLOBAL_DAILY_LIMIT: RateLimitRule = { name: 'quote-all-day', limit: 500, windowMs: DAY };
/** Requests (so acknowledgements) one mailbox may receive per day, whatever its spelling (see normaliseMailbox). */
export const QUOTE_EMAIL_RATE_LIMIT: RateLimitRule = { name: 'quote-email', limit: 3, windowMs: DAY };
/** Acknowledgements the site sends per day; beyond, requests are still stored and mailed to the shop. */
export const QUOTE_ACK_DAILY_LIMIT: RateLimitRule = { name: 'quote-ack-day', limit: 200, windowMs: DAY };

/** Kept "3 ans après notre dernier échange" (legal notice); the sender's address 12 months. */
export const QUOTE_RETENTION = { keepYears: 3, ipMonths: 12 } as const;

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One key per mailbox for the per-address limit: lower case, without a "+tag", and for Gmail
 * without the dots it ignores (and googlemail.com = gmail.com), so a.b+1@gmail.com and
 * ab@googlemail.com share one allowance.
 */
export function normaliseMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

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
  photos: string[];
  name: string;
  email: string;
  phone: string;
  dropOffDate: string;
  dropOffSlot: DropOffSlot;
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
    faultLabel: fault ? fault.label : `Autre : ${input.faultOther}`,
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
): Promise<{ id: number; reference: string }> {
  if (!isValidDropOffDate(input.dropOffDate, now)) throw new AppError('VALIDATION_FAILED', 400, texts.dropOffDateInvalid);
  const photos = decodeImages(input.photos, { maxBytes: QUOTE_MAX_PHOTO_BYTES, tooLarge: texts.photoTooLarge, invalid: texts.photoInvalid });
  const words = describeQuote(input);
  const address = clientAddressKey(ip);
  await hitRateLimit(db, QUOTE_IP_RATE_LIMIT, address, texts.rateLimited);
  await hitRateLimit(db, QUOTE_IP_DAILY_LIMIT, address, texts.dailyLimit);
  await hitRateLimit(db, QUOTE_EMAIL_RATE_LIMIT, normaliseMailbox(input.email), texts.rateLimited);
  await hitRateLimit(db, QUOTE_GLOBAL_DAILY_LIMIT, 'all', texts.dailyLimit);
  // Past the daily cap of acknowledgements, the request is still taken (and mailed to the shop),
  // but no mail goes to the address typed in the form: the form cannot be used to mail strangers.
  const acknowledge = await hitRateLimit(db, QUOTE_ACK_DAILY_LIMIT, 'all').then(
    () => true,
    (error: unknown) => {
      if (error instanceof AppError && error.httpStatus === 429) return false;
      throw error;
    },
  );
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
        consentAt: now,
        ip,
      },
      photos,
    );
    const profile = await getStoreProfile(tx);
    const shopMail = quoteShopEmail({
      reference: row.reference,
      category: words.category,
      brand: words.brand,
      model: words.model,
      fault: words.faultLabel,
      price: words.price,
      description: input.description,
      photoCount: photos.length,
      name: input.name,
      email: input.email,
      phone: input.phone,
      dropOff: words.dropOff,
      createdAt: row.createdAt,
    }, profile);
    await mailer.enqueue(tx, { kind: 'quote_request', to: profile.email, ...shopMail, dedupeKey: `quote_request:${row.id}` });
    if (acknowledge) {
      const acknowledgement = quoteAcknowledgementEmail({ reference: row.reference, dropOff: words.dropOff }, profile);
      await mailer.enqueue(tx, { kind: 'quote_acknowledgement', to: input.email, ...acknowledgement, dedupeKey: `quote_acknowledgement:${row.id}` });
    }
    return row;
  });
  if (!acknowledge) log?.warn({ quoteId: created.id }, 'daily cap of quote acknowledgements reached: request stored, no acknowledgement sent');
  mailer.kick();
  return { id: created.id, reference: created.reference };
}

/** `search`: part of the sender's name or e-mail (quotes: or the reference), for the staff inbox. */
export type InboxPage = PageQuery & { status?: InboxStatus | undefined; search?: string | undefined };

/** The quote requests for the staff, newest first, optionally by status. */
export async function listQuoteRequests(db: Db, query: InboxPage = {}) {
  const { limit, offset, page, pageSize } = paging(query);
  const { items, total } = await selectQuoteRequests(db, { ...(query.status ? { status: query.status } : {}), ...(query.search ? { search: query.search } : {}), limit, offset });
  return { items, total, page, pageSize };
}

export async function setQuoteStatus(db: Db, id: number, status: InboxStatus): Promise<void> {
  if (!(await updateQuoteStatus(db, id, status))) throw new AppError('QUOTE_NOT_FOUND', 404, texts.notFound);
}

/** The clean-up job's part: old requests (and their photos) deleted, old senders' addresses blanked. */
export async function purgeOldQuoteRequests(db: Db) {
  return purgeQuoteRequests(db, QUOTE_RETENTION);
}
