import { createHash } from 'node:crypto';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_HISTORY_LIMIT } from '@erepare/shared/notifications';
import { adminCoreMessages as texts, type Campaign, type CampaignKind } from '@erepare/shared/schemas/admin-core';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { campaigns, coupons, notifications, pushOutbox, pushSubscriptions } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paging, type PageQuery } from '../../lib/paging.js';
import type { AuthenticatedSession } from '../auth/service.js';
import { pushPayloadOf } from '../notifications/service.js';
import { getStoreProfile } from '../settings/store-profile.js';
import { recordAudit } from './audit.js';
import { SHOP_TIME_ZONE } from './overview.js';

/**
 * Promo and flash-sale campaigns (issue 9): an in-app notification to every customer who opted
 * in, and a Web Push to each of their browsers through the push outbox (sent and retried by the
 * push job).
 *
 * Recipients ("opted in"): customer accounts, not disabled, with a verified address, that gave
 * their marketing consent (`users.email_opt_in`, unticked by default as the law wants) AND keep
 * the notification preference of the campaign's type on (`promos_codes` for a promo,
 * `flash_sales` for a flash sale; the preference's default when never saved). Either missing:
 * not a recipient.
 *
 * Sending is one transaction (campaign row, notifications, pushes, audit), written in batches. The
 * campaign's `send_key` (hash of its content and the Paris day) is unique: the same campaign sent
 * twice the same day (a double click) is sent once; the second answer says so.
 */

export type CampaignInput = { kind: CampaignKind; title: string; body: string; code?: string | undefined; url?: string | undefined };

/** Where the notification opens when no link is given: the shop for both kinds. */
export const CAMPAIGN_DEFAULT_URL = '/boutique';
const BATCH = 500;

const preferenceColumn: Record<CampaignKind, { column: string; fallback: boolean }> = {
  promo: { column: 'promos_codes', fallback: DEFAULT_NOTIFICATION_PREFERENCES.promosCodes },
  flash: { column: 'flash_sales', fallback: DEFAULT_NOTIFICATION_PREFERENCES.flashSales },
};

function recipientsFilter(kind: CampaignKind) {
  const preference = preferenceColumn[kind];
  return sql`
    from users u left join notification_preferences p on p.user_id = u.id
    where u.role = 'customer' and u.disabled_at is null and u.email_verified_at is not null and u.email_opt_in
      and coalesce(p.${sql.raw(preference.column)}, ${preference.fallback})`;
}

export async function countRecipients(db: Executor, kind: CampaignKind): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as count ${recipientsFilter(kind)}`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

async function recipientIds(db: Executor, kind: CampaignKind): Promise<number[]> {
  const result = await db.execute(sql`select u.id as id ${recipientsFilter(kind)} order by u.id`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

function normalised(input: CampaignInput) {
  return { kind: input.kind, title: input.title.trim(), body: input.body.trim(), code: (input.code ?? '').trim().toUpperCase(), url: (input.url ?? '').trim() };
}

/** The notification each recipient gets. */
export function campaignNotification(input: CampaignInput) {
  const campaign = normalised(input);
  return { type: campaign.kind, title: campaign.title, body: campaign.body, url: campaign.url || CAMPAIGN_DEFAULT_URL, promoCode: campaign.code || null };
}

/** A code announced must be a coupon that exists, is published and has not expired. */
async function checkCoupon(db: Executor, code: string): Promise<void> {
  if (!code) return;
  const [coupon] = await db.select({ status: coupons.status, expiresAt: coupons.expiresAt }).from(coupons).where(eq(coupons.code, code)).limit(1);
  if (!coupon) throw new AppError('CAMPAIGN_COUPON_UNKNOWN', 400, texts.campaignCouponUnknown(code));
  if (coupon.status !== 'publish') throw new AppError('CAMPAIGN_COUPON_UNPUBLISHED', 400, texts.campaignCouponUnpublished(code));
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= Date.now()) throw new AppError('CAMPAIGN_COUPON_EXPIRED', 400, texts.campaignCouponExpired(code));
}

export async function previewCampaign(db: Db, input: CampaignInput) {
  const campaign = normalised(input);
  await checkCoupon(db, campaign.code);
  return { recipients: await countRecipients(db, campaign.kind), notification: campaignNotification(campaign) };
}

function parisDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function campaignSendKey(input: CampaignInput, now = new Date()): string {
  const campaign = normalised(input);
  return createHash('sha256')
    .update(JSON.stringify([campaign.kind, campaign.title, campaign.body, campaign.code, campaign.url, parisDay(now)]))
    .digest('hex');
}

type CampaignRow = typeof campaigns.$inferSelect;

function toCampaign(row: CampaignRow): Campaign {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    code: row.code,
    url: row.url,
    recipients: row.recipients,
    pushesQueued: row.pushesQueued,
    actorEmail: row.actorEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Notifications and pushes for one batch of users; returns how many pushes were queued. */
async function notifyBatch(tx: Executor, campaignId: number, userIds: number[], notification: ReturnType<typeof campaignNotification>): Promise<number> {
  const created = await tx
    .insert(notifications)
    .values(
      userIds.map((userId) => ({
        userId,
        type: notification.type,
        title: notification.title,
        body: notification.body,
        data: { url: notification.url, source: 'campaign', ...(notification.promoCode ? { promoCode: notification.promoCode } : {}) },
        dedupeKey: `campaign:${campaignId}`,
      })),
    )
    .onConflictDoNothing()
    .returning();
  if (created.length === 0) return 0;
  // Each user keeps their 50 newest notifications (as notifyUser does, for the whole batch at once).
  await tx.execute(sql`
    delete from notifications n using (
      select id from (
        select id, row_number() over (partition by user_id order by created_at desc, id desc) as rank
        from notifications where user_id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})
      ) ranked where ranked.rank > ${NOTIFICATION_HISTORY_LIMIT}
    ) old where n.id = old.id`);
  const subscriptions = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  const byUser = new Map(created.map((row) => [row.userId, row]));
  const storeName = subscriptions.length > 0 ? (await getStoreProfile(tx)).name : '';
  const pushes = subscriptions.flatMap((subscription) => {
    const row = subscription.userId === null ? undefined : byUser.get(subscription.userId);
    return row ? [{ subscriptionId: subscription.id, notificationId: row.id, payload: pushPayloadOf(row, storeName) }] : [];
  });
  for (let start = 0; start < pushes.length; start += BATCH) await tx.insert(pushOutbox).values(pushes.slice(start, start + BATCH));
  return pushes.length;
}

export type SendOutcome = { campaign: Campaign; duplicate: boolean };

export async function sendCampaign(db: Db, actor: AuthenticatedSession, input: CampaignInput, confirmRecipients: number, now = new Date()): Promise<SendOutcome> {
  const campaign = normalised(input);
  await checkCoupon(db, campaign.code);
  const sendKey = campaignSendKey(campaign, now);
  const notification = campaignNotification(campaign);
  return db.transaction(async (tx) => {
    // The unique key first: a second identical request waits here for the first one to commit, then finds its row.
    const [row] = await tx
      .insert(campaigns)
      .values({ sendKey, ...campaign, actorId: actor.user.id, actorEmail: actor.user.email })
      .onConflictDoNothing({ target: campaigns.sendKey })
      .returning();
    if (!row) {
      const [existing] = await tx.select().from(campaigns).where(eq(campaigns.sendKey, sendKey)).limit(1);
      if (!existing) throw new AppError('CAMPAIGN_CONFLICT', 409, texts.campaignAlreadySent);
      return { campaign: toCampaign(existing), duplicate: true };
    }
    const ids = await recipientIds(tx, campaign.kind);
    if (ids.length !== confirmRecipients) throw new AppError('CAMPAIGN_RECIPIENTS_CHANGED', 409, texts.campaignRecipientsChanged);
    if (ids.length === 0) throw new AppError('CAMPAIGN_NO_RECIPIENTS', 409, texts.campaignNoRecipients);
    let pushesQueued = 0;
    for (let start = 0; start < ids.length; start += BATCH) pushesQueued += await notifyBatch(tx, row.id, ids.slice(start, start + BATCH), notification);
    const [sent] = await tx.update(campaigns).set({ recipients: ids.length, pushesQueued }).where(eq(campaigns.id, row.id)).returning();
    await recordAudit(tx, actor, {
      action: 'campaign.send',
      entity: 'campaign',
      entityId: row.id,
      after: { ...campaign, recipients: ids.length, pushesQueued },
    });
    return { campaign: toCampaign(sent ?? row), duplicate: false };
  });
}

export async function listCampaigns(db: Db, query: PageQuery) {
  const { limit, offset, page, pageSize } = paging(query);
  const [rows, [total]] = await Promise.all([
    db.select().from(campaigns).orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(campaigns),
  ]);
  return { items: rows.map(toCampaign), total: Number(total?.value ?? 0), page, pageSize };
}
