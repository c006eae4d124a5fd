/**
 * Card, Revolut Pay (Stripe PaymentIntents) and Klarna (Stripe Checkout) for the shop's orders
 * (spec 2 §4, §7, §8). The rules that keep the money and the order in step:
 *
 * - the amount charged is always the order's own total, never a number from the browser;
 * - an intent or session counts for an order only if we recorded it for that order (payments
 *   row) and Stripe's copy names the same order, amount and currency;
 * - an order is paid through markOrderPaid only (idempotent: one event, one mail, coupon once),
 *   whichever of the buyer's confirmation or Stripe's webhook arrives first, however often;
 * - money that arrives for an order that expired meanwhile goes back (refund), once; money of a
 *   payment that did pay the order, which staff closed afterwards, is never moved automatically.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { isKlarnaPlanOffered, klarnaPlans, paymentMessages, type KlarnaPlan } from '@erepare/shared/payments';
import { shopMessages } from '@erepare/shared/shop';
import type { Db, Executor } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Mailer } from '../mail/mailer.js';
import { CLOSED_STATUSES, findOrder, insertOrderEvent, type OrderRow } from '../orders/repository.js';
import { keyMatches, markOrderPaid } from '../orders/service.js';
import { orderNumberOf } from '../orders/views.js';
import { findPaymentByRef, insertPayment, latestPaymentOf, paymentsOf, updatePayment, type PaymentRow } from './repository.js';
import { isStripeError, stripeErrorSummary, stripeFailureKind, type StripeFailureKind, type StripeSettings } from './stripe-client.js';
import { getStoreProfile } from '../settings/store-profile.js';

export type StripeServiceContext = {
  db: Db;
  stripe: Stripe;
  settings: StripeSettings;
  publicUrl: string;
  mailer?: Pick<Mailer, 'kick'> | undefined;
  log: FastifyBaseLogger;
};

/** The Stripe methods (STRIPE_METHODS) and the order payment method each one pays. */
export type StripeMethod = StripeSettings['methods'][number];
type IntentOrderMethod = 'stripe' | 'revolut_pay';

const METHOD_OF_ORDER: Record<string, StripeMethod | undefined> = { stripe: 'card', revolut_pay: 'revolut_pay', klarna: 'klarna' };

/** How the order's history names the payment ("Paiement par carte confirmé par Stripe (pi_…)"). */
const PAYMENT_LABELS: Record<string, string> = { stripe: 'par carte', revolut_pay: 'Revolut Pay', klarna: 'Klarna' };

/** Intents the buyer can still confirm in the browser: reused rather than creating another. */
const CONFIRMABLE = new Set<Stripe.PaymentIntent.Status>(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/** Our payment rows never go back from these (a late "failed" or "canceled" event changes nothing). */
const SETTLED_PAYMENT_STATUSES = ['succeeded', 'refunded'];

/** A Checkout Session must live at least 30 minutes (Stripe's minimum, counted on its side). */
const KLARNA_SESSION_MINUTES = 31;

// ───────────────────────── refusals (French, from paymentMessages) ─────────────────────────

export const stripeErrors = {
  notConfigured: () => new AppError('PAYMENT_NOT_CONFIGURED', 404, paymentMessages.notConfigured),
  orderNotFound: () => new AppError('ORDER_NOT_FOUND', 404, shopMessages.orderNotFound),
  notPayable: () => new AppError('ORDER_NOT_PAYABLE', 409, paymentMessages.orderNotPayable),
  wrongMethod: () => new AppError('WRONG_PAYMENT_METHOD', 409, paymentMessages.wrongPaymentMethod),
  mismatch: () => new AppError('PAYMENT_MISMATCH', 409, paymentMessages.paymentMismatch),
  amountMismatch: () => new AppError('AMOUNT_MISMATCH', 409, paymentMessages.amountMismatch),
  currencyMismatch: () => new AppError('CURRENCY_MISMATCH', 409, paymentMessages.currencyMismatch),
  notCompleted: () => new AppError('PAYMENT_NOT_COMPLETED', 409, paymentMessages.paymentNotCompleted),
  declined: () => new AppError('PAYMENT_DECLINED', 402, paymentMessages.paymentDeclined),
  lateRefunded: () => new AppError('PAYMENT_REFUNDED', 409, paymentMessages.lateRefunded),
  planRequired: () => new AppError('KLARNA_PLAN_REQUIRED', 422, paymentMessages.klarnaPlanRequired),
  klarnaUnavailable: () => new AppError('KLARNA_UNAVAILABLE', 503, paymentMessages.klarnaUnavailable),
  providerUnavailable: () => new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503, paymentMessages.providerUnavailable),
  providerRefused: (message: string) => new AppError('PAYMENT_PROVIDER_ERROR', 502, message),
};

type Problem = 'mismatch' | 'currency' | 'amount';

function problemError(problem: Problem): AppError {
  if (problem === 'currency') return stripeErrors.currencyMismatch();
  if (problem === 'amount') return stripeErrors.amountMismatch();
  return stripeErrors.mismatch();
}

const PROBLEM_TEXT: Record<Problem, string> = {
  mismatch: 'order_mismatch: the Stripe object names another order',
  currency: 'currency_mismatch: not EUR',
  amount: 'amount_mismatch: not the order total',
};

/**
 * One call to Stripe; a failure becomes the French answer of the caller (503 when Stripe did not
 * answer, otherwise the caller's 502) after a log line that carries codes only, never a secret.
 */
async function callStripe<T>(ctx: StripeServiceContext, what: string, call: () => Promise<T>, onFailure: (kind: StripeFailureKind) => AppError): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const kind = stripeFailureKind(error);
    ctx.log.warn({ stripe: stripeErrorSummary(error), call: what, kind }, 'Stripe call failed');
    throw onFailure(kind);
  }
}

const failureAs = (refusedMessage: string) => (kind: StripeFailureKind) =>
  kind === 'unavailable' ? stripeErrors.providerUnavailable() : stripeErrors.providerRefused(refusedMessage);

// ───────────────────────── orders ─────────────────────────

/** "12", 12 or "#12" → 12; anything else → 0 (found by no lookup). */
export function orderIdOf(raw: number | string | undefined): number {
  const id = typeof raw === 'number' ? raw : Number(String(raw ?? '').trim().replace(/^#/, ''));
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** The order proven by its key, or the orders' own 404 whether it exists or not. */
export async function provenOrder(db: Db, rawId: number | string | undefined, key: string | undefined): Promise<OrderRow> {
  const id = orderIdOf(rawId);
  const order = id ? await findOrder(db, id) : null;
  if (!order || !keyMatches(order, key?.trim())) throw stripeErrors.orderNotFound();
  return order;
}

/** The Stripe method that pays this order (card for 'stripe'), or null for another provider. */
export function stripeMethodOf(order: Pick<OrderRow, 'paymentMethod'>): StripeMethod | null {
  return METHOD_OF_ORDER[order.paymentMethod] ?? null;
}

function assertMethodConfigured(settings: StripeSettings | null, method: StripeMethod | null): asserts settings is StripeSettings {
  if (!settings || !method || !settings.methods.includes(method)) throw stripeErrors.notConfigured();
}

/** Only an order waiting for its online payment may be charged. */
function assertPayable(order: OrderRow): void {
  if (order.status !== 'pending') throw stripeErrors.notPayable();
}

/** Paid already, by this very transaction (a double click, a webhook that came first). */
function paidWith(order: OrderRow, transactionId: string): boolean {
  return (order.status === 'processing' || order.status === 'completed') && order.transactionId === transactionId.slice(0, 200);
}

function intentProblem(intent: Stripe.PaymentIntent, order: OrderRow): Problem | null {
  if (intent.metadata?.order_id !== String(order.id)) return 'mismatch';
  if (intent.currency !== 'eur') return 'currency';
  if (intent.amount !== order.totalCents) return 'amount';
  if (intent.status === 'succeeded' && intent.amount_received !== order.totalCents) return 'amount';
  return null;
}

function sessionProblem(session: Stripe.Checkout.Session, order: OrderRow): Problem | null {
  if (session.metadata?.order_id !== String(order.id)) return 'mismatch';
  if (session.client_reference_id !== null && session.client_reference_id !== String(order.id)) return 'mismatch';
  if (session.currency !== 'eur') return 'currency';
  if (session.amount_total !== order.totalCents) return 'amount';
  return null;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function errorTextOf(error: Stripe.PaymentIntent.LastPaymentError | null | undefined): string {
  if (!error) return '';
  return [error.decline_code ?? error.code, error.message].filter(Boolean).join(': ').slice(0, 500);
}

// ───────────────────────── payment rows ─────────────────────────

/** A payment row moves only while unsettled: out-of-order events never downgrade a paid one. */
async function updateUnsettledPayment(db: Db, id: number, changes: Partial<Pick<PaymentRow, 'status' | 'providerStatus' | 'lastError'>>): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(payments.id, id), notInArray(payments.status, SETTLED_PAYMENT_STATUSES)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * The intent is being confirmed by the bank (Stripe "processing"): the attempt is open again
 * ('created', which holds the order past its deadline in lockExpiredOrders) with Stripe's status.
 * Only from `from`: a settled or cancelled attempt never moves back.
 */
async function markProcessing(db: Db, id: number, from: readonly string[]): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'created', providerStatus: 'processing', lastError: '', updatedAt: new Date() })
    .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
    .returning({ id: payments.id });
  return rows.length > 0;
}

type PaidWith = {
  /** What the order records as its transaction: the payment intent (or the session without one). */
  transactionId: string;
  /** The intent to refund if the money arrived too late. */
  intentId: string | null;
  captureRef: string;
  providerStatus: string;
};

export type SettleOutcome = 'paid' | 'already-paid' | 'duplicate' | 'refunded' | 'already-settled';

/**
 * This payment paid the order (it is the order's transaction, or our row says it succeeded): when
 * the order is closed afterwards (staff cancelled or refunded it), its money is staff's business,
 * never an automatic "late payment" refund.
 */
function paidTheOrder(order: Pick<OrderRow, 'transactionId'>, payment: Pick<PaymentRow, 'status'>, transactionId: string): boolean {
  return order.transactionId === transactionId.slice(0, 200) || payment.status === 'succeeded';
}

/**
 * Money confirmed by Stripe for a recorded payment: the order is paid (once, whoever calls), or,
 * when the order was closed before this payment paid it (expired), the money goes back. An order
 * this payment did pay, closed later by staff, is 'already-settled': nothing moves.
 */
async function settle(ctx: StripeServiceContext, payment: PaymentRow, paid: PaidWith): Promise<SettleOutcome> {
  const label = PAYMENT_LABELS[payment.method] ?? 'en ligne';
  const markSucceeded = (executor: Executor = ctx.db) =>
    executor
      .update(payments)
      .set({ status: 'succeeded', providerStatus: paid.providerStatus, captureRef: paid.captureRef.slice(0, 200), lastError: '', updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), notInArray(payments.status, ['refunded'])));
  // The order paid and its payment succeeded in one transaction: a backup or a crash never sees
  // a paid order whose payment still says « created ».
  const result = await markOrderPaid(ctx.db, payment.orderId, {
    transactionId: paid.transactionId,
    note: `Paiement ${label} confirmé par Stripe (${paid.transactionId})`,
    publicUrl: ctx.publicUrl,
    mailer: ctx.mailer,
    inTransaction: async (tx) => {
      await markSucceeded(tx);
    },
  });
  if (result.changed) return 'paid';
  if (result.status !== null && CLOSED_STATUSES.includes(result.status)) {
    const closed = await findOrder(ctx.db, payment.orderId);
    const fresh = (await findPaymentByRef(ctx.db, payment.provider, payment.providerRef)) ?? payment;
    if (closed && paidTheOrder(closed, fresh, paid.transactionId)) {
      ctx.log.info({ orderId: payment.orderId, paymentId: payment.id, status: result.status }, 'Stripe payment of an order closed after it was paid: nothing moved');
      return 'already-settled';
    }
    await refundLatePayment(ctx, fresh, paid);
    return 'refunded';
  }
  const order = await findOrder(ctx.db, payment.orderId);
  if (!order) throw new Error(`order ${payment.orderId} of payment ${payment.id} not found`);
  if (order.transactionId === paid.transactionId.slice(0, 200)) {
    await markSucceeded();
    return 'already-paid';
  }
  // The order was paid by another payment (the buyer paid twice, e.g. in two tabs). Moving money
  // back automatically could be wrong (staff may have marked it paid by hand from this very
  // payment): staff get one note in the order's history and decide.
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(payments)
      .set({ status: 'succeeded', providerStatus: paid.providerStatus, captureRef: paid.captureRef.slice(0, 200), updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), notInArray(payments.status, SETTLED_PAYMENT_STATUSES)))
      .returning({ id: payments.id });
    if (changed.length > 0) {
      await insertOrderEvent(tx, {
        orderId: order.id,
        fromStatus: order.status,
        toStatus: order.status,
        note: `Second paiement reçu pour cette commande déjà payée (${paid.transactionId})\u00a0: à vérifier et rembourser depuis le tableau de bord Stripe`,
      });
    }
  });
  ctx.log.warn({ orderId: order.id, paymentId: payment.id }, 'second Stripe payment for an order already paid');
  return 'duplicate';
}

/** The order expired (stock released) before the money arrived: refunded in full, recorded once. */
async function refundLatePayment(ctx: StripeServiceContext, payment: PaymentRow, paid: PaidWith): Promise<void> {
  const fresh = (await findPaymentByRef(ctx.db, payment.provider, payment.providerRef)) ?? payment;
  if (fresh.status === 'refunded') return;
  if (!paid.intentId) throw new Error(`payment ${payment.id}: no payment intent to refund`);
  const intentId = paid.intentId;
  // One refund per intent whoever asks (the key makes a concurrent second call Stripe's replay).
  const refund = await callStripe(
    ctx,
    'refunds.create',
    () =>
      ctx.stripe.refunds
        .create({ payment_intent: intentId, metadata: { order_id: String(payment.orderId) } }, { idempotencyKey: `erepare-late-refund-${intentId}` })
        // Refunded already (by staff, from Stripe's dashboard): done, not a failure to retry forever.
        .catch((error: unknown) => {
          if (isStripeError(error) && error.code === 'charge_already_refunded') return null;
          throw error;
        }),
    failureAs(paymentMessages.genericFailure),
  );
  const refundRef = refund ? refund.id : 'déjà remboursé sur Stripe';
  await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, payment.orderId, { forUpdate: true });
    const changed = await tx
      .update(payments)
      .set({ status: 'refunded', providerStatus: `refunded ${refund?.id ?? ''}`.trim().slice(0, 200), captureRef: paid.captureRef.slice(0, 200), updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), notInArray(payments.status, ['refunded'])))
      .returning({ id: payments.id });
    if (order && changed.length > 0) {
      await insertOrderEvent(tx, {
        orderId: order.id,
        fromStatus: order.status,
        toStatus: order.status,
        note: `Paiement reçu après expiration de la commande\u00a0: remboursé (${refundRef})`,
      });
    }
  });
  ctx.log.info({ orderId: payment.orderId, refund: refundRef }, 'late Stripe payment refunded');
}

// ───────────────────────── card and Revolut Pay: payment intents ─────────────────────────

export type IntentAnswer = { success: true; client_secret: string; payment_intent_id: string; publishable_key: string };

function intentAnswer(ctx: StripeServiceContext, intent: Stripe.PaymentIntent): IntentAnswer {
  if (!intent.client_secret) throw stripeErrors.providerRefused(paymentMessages.intentCreationFailed);
  return { success: true, client_secret: intent.client_secret, payment_intent_id: intent.id, publishable_key: ctx.settings.publishableKey };
}

/**
 * POST create-payment-intent: the order's intent for its total. The intent already recorded for
 * the order is handed out again while the buyer can still confirm it (no second intent, never a
 * second charge); a new one is created only when there is none or it was cancelled.
 */
export async function createIntentForOrder(
  ctx: StripeServiceContext,
  input: { orderId: number | string; orderKey: string | undefined; paymentMethod?: 'stripe' | 'card' | 'revolut_pay' | undefined },
): Promise<IntentAnswer> {
  const order = await provenOrder(ctx.db, input.orderId, input.orderKey);
  const method = stripeMethodOf(order);
  assertPayable(order);
  if (method !== 'card' && method !== 'revolut_pay') throw stripeErrors.wrongMethod();
  const requested = input.paymentMethod === 'card' ? 'stripe' : input.paymentMethod;
  const orderMethod = order.paymentMethod as IntentOrderMethod;
  if (requested && requested !== orderMethod) throw stripeErrors.wrongMethod();
  assertMethodConfigured(ctx.settings, method);
  const failure = failureAs(paymentMessages.intentCreationFailed);

  const existing = await latestPaymentOf(ctx.db, order.id, 'stripe', orderMethod);
  if (existing && (existing.status === 'created' || existing.status === 'failed') && existing.amountCents === order.totalCents) {
    const intent = await callStripe(ctx, 'paymentIntents.retrieve', () => ctx.stripe.paymentIntents.retrieve(existing.providerRef), failure);
    const sameTerms = intentProblem(intent, order) === null;
    // A succeeded or processing intent is handed back too: creating another could charge twice.
    if (sameTerms && (CONFIRMABLE.has(intent.status) || intent.status === 'processing' || intent.status === 'succeeded')) {
      return intentAnswer(ctx, intent);
    }
    if (intent.status === 'canceled') await updateUnsettledPayment(ctx.db, existing.id, { status: 'canceled', providerStatus: intent.status });
  }

  // Deterministic key: a double click (or the SDK's own retry) gets Stripe's first answer back;
  // the order's creation time keeps two databases (a reset test shop) from sharing keys; the
  // attempt number lets a new intent follow a cancelled one.
  const attempt = (await paymentsOf(ctx.db, order.id)).filter((row) => row.provider === 'stripe').length;
  const idempotencyKey = `erepare-pi-${order.id}-${order.createdAt.getTime()}-${orderMethod}-${order.totalCents}-${attempt}`;
  const number = orderNumberOf(order);
  const shopName = (await getStoreProfile(ctx.db)).name;
  const intent = await callStripe(
    ctx,
    'paymentIntents.create',
    () =>
      ctx.stripe.paymentIntents.create(
        {
          amount: order.totalCents,
          currency: 'eur',
          // API 2026-09-30 and later (the pinned version) name it allowed_payment_method_types
          // (payment_method_types is refused in requests; objects still report both).
          allowed_payment_method_types: [method],
          metadata: { order_id: String(order.id), order_number: number },
          description: `Commande n° ${number} – ${shopName}`,
        },
        { idempotencyKey },
      ),
    failure,
  );
  await insertPayment(ctx.db, {
    orderId: order.id,
    provider: 'stripe',
    method: orderMethod,
    providerRef: intent.id,
    amountCents: order.totalCents,
    currency: 'eur',
    status: 'created',
    providerStatus: intent.status,
  });
  return intentAnswer(ctx, intent);
}

export type ConfirmOutcome = { kind: 'paid'; orderId: number } | { kind: 'pending' };

function paidOfIntent(intent: Stripe.PaymentIntent): PaidWith {
  return { transactionId: intent.id, intentId: intent.id, captureRef: idOf(intent.latest_charge) ?? '', providerStatus: intent.status };
}

/** POST stripe/confirm-payment: Stripe's own word on the intent decides, never the browser's. */
export async function confirmIntentForOrder(
  ctx: StripeServiceContext,
  input: { orderId: number | string; orderKey: string | undefined; paymentIntentId: string },
): Promise<ConfirmOutcome> {
  const order = await provenOrder(ctx.db, input.orderId, input.orderKey);
  const payment = await findPaymentByRef(ctx.db, 'stripe', input.paymentIntentId);
  if (!payment || payment.orderId !== order.id || payment.method === 'klarna') throw stripeErrors.mismatch();
  if (paidWith(order, payment.providerRef)) return { kind: 'paid', orderId: order.id };
  // Paid by this intent, then closed by staff: settled, nothing to ask Stripe, nothing to refund.
  if (CLOSED_STATUSES.includes(order.status) && paidTheOrder(order, payment, payment.providerRef)) throw stripeErrors.notPayable();

  const intent = await callStripe(ctx, 'paymentIntents.retrieve', () => ctx.stripe.paymentIntents.retrieve(payment.providerRef), failureAs(paymentMessages.confirmationFailed));
  const problem = intentProblem(intent, order);
  if (problem) {
    ctx.log.warn({ orderId: order.id, paymentId: payment.id, problem }, 'Stripe intent does not match its order');
    throw problemError(problem);
  }
  switch (intent.status) {
    case 'succeeded': {
      const outcome = await settle(ctx, payment, paidOfIntent(intent));
      if (outcome === 'refunded') throw stripeErrors.lateRefunded();
      if (outcome === 'already-settled') throw stripeErrors.notPayable();
      return { kind: 'paid', orderId: order.id };
    }
    case 'processing':
      // Stripe's live word: an attempt declined before may be processing again (another method).
      await markProcessing(ctx.db, payment.id, ['created', 'failed']);
      return { kind: 'pending' };
    case 'requires_payment_method':
      if (intent.last_payment_error) {
        await updateUnsettledPayment(ctx.db, payment.id, { status: 'failed', providerStatus: intent.status, lastError: errorTextOf(intent.last_payment_error) });
        throw stripeErrors.declined();
      }
      throw stripeErrors.notCompleted();
    case 'canceled':
      await updateUnsettledPayment(ctx.db, payment.id, { status: 'canceled', providerStatus: intent.status });
      throw stripeErrors.notCompleted();
    default:
      throw stripeErrors.notCompleted();
  }
}

// ───────────────────────── Klarna: Stripe Checkout ─────────────────────────

/** The order Klarna may pay: proven, waiting for payment, placed with Klarna. */
async function klarnaOrder(ctx: { db: Db; settings: StripeSettings | null }, orderId: number | string, orderKey: string | undefined): Promise<OrderRow> {
  assertMethodConfigured(ctx.settings, 'klarna');
  const order = await provenOrder(ctx.db, orderId, orderKey);
  assertPayable(order);
  if (order.paymentMethod !== 'klarna') throw stripeErrors.wrongMethod();
  return order;
}

/** POST klarna/create-session: the plans offered for the order's total (no call to Stripe). */
export async function klarnaPlansForOrder(
  ctx: { db: Db; settings: StripeSettings | null },
  input: { orderId: number | string; orderKey: string | undefined; plan?: string | undefined },
): Promise<KlarnaPlan[]> {
  const order = await klarnaOrder(ctx, input.orderId, input.orderKey);
  if (input.plan !== undefined && !isKlarnaPlanOffered(input.plan, order.totalCents)) throw stripeErrors.planRequired();
  return klarnaPlans(order.totalCents);
}

/** Session expiry: at least KLARNA_SESSION_MINUTES ahead, on a 5-minute grid so that a double click sends identical parameters. */
function sessionExpiry(nowMs = Date.now()): number {
  const step = 5 * 60;
  return Math.ceil((Math.floor(nowMs / 1000) + KLARNA_SESSION_MINUTES * 60) / step) * step;
}

export type CheckoutSessionAnswer = { session_id: string; url: string };

/** POST klarna/create-checkout-session: Stripe's hosted Klarna page for the order's total. */
export async function createKlarnaCheckout(
  ctx: StripeServiceContext,
  input: { orderId: number | string; orderKey: string | undefined; plan?: string | undefined },
): Promise<CheckoutSessionAnswer> {
  const order = await klarnaOrder(ctx, input.orderId, input.orderKey);
  const plan = input.plan;
  if (plan === undefined || !isKlarnaPlanOffered(plan, order.totalCents)) throw stripeErrors.planRequired();
  // Whatever goes wrong with Stripe here, the buyer is offered the card instead (spec 2 §8).
  const failure = () => stripeErrors.klarnaUnavailable();

  const existing = await latestPaymentOf(ctx.db, order.id, 'stripe', 'klarna');
  if (existing && existing.status === 'created' && existing.plan === plan && existing.amountCents === order.totalCents) {
    const session = await callStripe(ctx, 'checkout.sessions.retrieve', () => ctx.stripe.checkout.sessions.retrieve(existing.providerRef), failure);
    if (session.status === 'open' && session.url && sessionProblem(session, order) === null) return { session_id: session.id, url: session.url };
    if (session.status === 'expired') await updateUnsettledPayment(ctx.db, existing.id, { status: 'canceled', providerStatus: 'expired' });
    if (session.status === 'complete' && session.payment_status === 'paid') {
      // Paid already (its webhook is late): settle now rather than open a second payment.
      await confirmSession(ctx, existing, order, session);
      throw stripeErrors.notPayable();
    }
  }

  const attempt = (await paymentsOf(ctx.db, order.id)).filter((row) => row.provider === 'stripe').length;
  // The expiry is part of the request, so it is part of the key: a double click (same 5-minute
  // step) gets Stripe's first answer back, while a retry in a later step (after a create that timed
  // out on our side, its session never recorded) is a new request rather than Stripe's 400
  // idempotency_error for the same key with other parameters. The unrecorded session just expires.
  const expiresAt = sessionExpiry();
  const idempotencyKey = `erepare-cs-${order.id}-${order.createdAt.getTime()}-${plan}-${order.totalCents}-${attempt}-${expiresAt}`;
  const number = orderNumberOf(order);
  const publicUrl = ctx.publicUrl.replace(/\/$/, '');
  const session = await callStripe(
    ctx,
    'checkout.sessions.create',
    () =>
      ctx.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          allowed_payment_method_types: ['klarna'],
          line_items: [{ price_data: { currency: 'eur', unit_amount: order.totalCents, product_data: { name: `Commande n° ${number}` } }, quantity: 1 }],
          customer_email: order.email,
          client_reference_id: String(order.id),
          locale: 'fr',
          metadata: { order_id: String(order.id), plan },
          payment_intent_data: { metadata: { order_id: String(order.id) } },
          success_url: `${publicUrl}/payment/success?provider=klarna&order=${order.id}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${publicUrl}/payment/cancel?provider=klarna&order=${order.id}`,
          expires_at: expiresAt,
        },
        { idempotencyKey },
      ),
    failure,
  );
  if (!session.url) {
    ctx.log.warn({ orderId: order.id, session: session.id }, 'Stripe Checkout Session without a URL');
    throw stripeErrors.klarnaUnavailable();
  }
  await insertPayment(ctx.db, {
    orderId: order.id,
    provider: 'stripe',
    method: 'klarna',
    providerRef: session.id,
    amountCents: order.totalCents,
    currency: 'eur',
    status: 'created',
    providerStatus: session.status ?? '',
    plan,
  });
  return { session_id: session.id, url: session.url };
}

function paidOfSession(session: Stripe.Checkout.Session): PaidWith {
  const intentId = idOf(session.payment_intent);
  return { transactionId: intentId ?? session.id, intentId, captureRef: intentId ?? '', providerStatus: `${session.status ?? ''}/${session.payment_status}` };
}

async function confirmSession(ctx: StripeServiceContext, payment: PaymentRow, order: OrderRow, session: Stripe.Checkout.Session): Promise<ConfirmOutcome> {
  const problem = sessionProblem(session, order);
  if (problem) {
    ctx.log.warn({ orderId: order.id, paymentId: payment.id, problem }, 'Stripe Checkout Session does not match its order');
    throw problemError(problem);
  }
  if (session.payment_status === 'paid') {
    const outcome = await settle(ctx, payment, paidOfSession(session));
    if (outcome === 'refunded') throw stripeErrors.lateRefunded();
    if (outcome === 'already-settled') throw stripeErrors.notPayable();
    return { kind: 'paid', orderId: order.id };
  }
  if (session.status === 'expired') {
    await updateUnsettledPayment(ctx.db, payment.id, { status: 'canceled', providerStatus: 'expired' });
    throw stripeErrors.notCompleted();
  }
  return { kind: 'pending' };
}

/**
 * POST klarna/confirm (the return page): the session must be one recorded for the order; the
 * order key is optional there (the buyer may come back in another tab), so this only ever reads
 * Stripe and applies what Stripe says.
 */
export async function confirmKlarnaForOrder(ctx: StripeServiceContext, input: { orderId: number | string; sessionId: string }): Promise<ConfirmOutcome> {
  const orderId = orderIdOf(input.orderId);
  const payment = await findPaymentByRef(ctx.db, 'stripe', input.sessionId);
  if (!payment || payment.orderId !== orderId || payment.method !== 'klarna') throw stripeErrors.mismatch();
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw stripeErrors.mismatch();
  // A second click on the return page: already paid, nothing to ask Stripe.
  if (payment.status === 'succeeded' && (order.status === 'processing' || order.status === 'completed')) return { kind: 'paid', orderId: order.id };
  // Paid by this session, then closed by staff: settled, nothing to ask Stripe, nothing to refund.
  if (payment.status === 'succeeded' && CLOSED_STATUSES.includes(order.status)) throw stripeErrors.notPayable();
  const session = await callStripe(ctx, 'checkout.sessions.retrieve', () => ctx.stripe.checkout.sessions.retrieve(payment.providerRef), failureAs(paymentMessages.confirmationFailed));
  return confirmSession(ctx, payment, order, session);
}

// ───────────────────────── webhooks ─────────────────────────

/** The order an event's object names (metadata.order_id), for the events' audit table. */
export function eventOrderId(event: Stripe.Event): number | null {
  const object = event.data.object as { metadata?: Record<string, string> | null };
  const id = orderIdOf(object.metadata?.order_id);
  return id || null;
}

export function eventObjectId(event: Stripe.Event): string {
  const object = event.data.object as { id?: unknown };
  return typeof object.id === 'string' ? object.id.slice(0, 200) : '';
}

async function recordProblem(ctx: StripeServiceContext, payment: PaymentRow, problem: Problem): Promise<string> {
  ctx.log.warn({ orderId: payment.orderId, paymentId: payment.id, problem }, 'Stripe event does not match its order: ignored');
  await updatePayment(ctx.db, payment.id, { lastError: PROBLEM_TEXT[problem] });
  return `ignored: ${PROBLEM_TEXT[problem]}`;
}

async function onIntentSucceeded(ctx: StripeServiceContext, intent: Stripe.PaymentIntent): Promise<string> {
  const payment = await findPaymentByRef(ctx.db, 'stripe', intent.id);
  // Not ours (a Checkout Session's own intent, another integration on the account).
  if (!payment || payment.method === 'klarna') return 'ignored: unknown payment intent';
  const order = await findOrder(ctx.db, payment.orderId);
  if (!order) return 'ignored: order not found';
  const problem = intentProblem(intent, order);
  if (problem) return recordProblem(ctx, payment, problem);
  return settle(ctx, payment, paidOfIntent(intent));
}

async function onIntentProcessing(ctx: StripeServiceContext, intent: Stripe.PaymentIntent): Promise<string> {
  const payment = await findPaymentByRef(ctx.db, 'stripe', intent.id);
  if (!payment || payment.method === 'klarna') return 'ignored: unknown payment intent';
  const order = await findOrder(ctx.db, payment.orderId);
  if (!order) return 'ignored: order not found';
  const problem = intentProblem(intent, order);
  if (problem) return recordProblem(ctx, payment, problem);
  if (payment.status === 'created') {
    return (await markProcessing(ctx.db, payment.id, ['created'])) ? 'processing' : 'ignored: payment already settled';
  }
  // Declined before: events may arrive out of order (this "processing" could be older than the
  // failure), so Stripe's live status decides whether the attempt is open again.
  if (payment.status === 'failed') {
    const live = await callStripe(ctx, 'paymentIntents.retrieve', () => ctx.stripe.paymentIntents.retrieve(payment.providerRef), failureAs(paymentMessages.genericFailure));
    if (live.status !== 'processing') return `ignored: intent is ${live.status} now`;
    return (await markProcessing(ctx.db, payment.id, ['failed'])) ? 'processing' : 'ignored: payment already settled';
  }
  return 'ignored: payment already settled';
}

async function onIntentFailed(ctx: StripeServiceContext, intent: Stripe.PaymentIntent): Promise<string> {
  const payment = await findPaymentByRef(ctx.db, 'stripe', intent.id);
  if (!payment || payment.method === 'klarna') return 'ignored: unknown payment intent';
  // The order stays pending: the buyer may try another card until it expires.
  const changed = await updateUnsettledPayment(ctx.db, payment.id, { status: 'failed', providerStatus: intent.status, lastError: errorTextOf(intent.last_payment_error) });
  return changed ? 'failed' : 'ignored: payment already settled';
}

async function onIntentCanceled(ctx: StripeServiceContext, intent: Stripe.PaymentIntent): Promise<string> {
  const payment = await findPaymentByRef(ctx.db, 'stripe', intent.id);
  if (!payment || payment.method === 'klarna') return 'ignored: unknown payment intent';
  const changed = await updateUnsettledPayment(ctx.db, payment.id, { status: 'canceled', providerStatus: intent.status });
  return changed ? 'canceled' : 'ignored: payment already settled';
}

async function sessionPayment(ctx: StripeServiceContext, session: Stripe.Checkout.Session): Promise<PaymentRow | null> {
  const payment = await findPaymentByRef(ctx.db, 'stripe', session.id);
  return payment && payment.method === 'klarna' ? payment : null;
}

async function onSessionPaid(ctx: StripeServiceContext, session: Stripe.Checkout.Session): Promise<string> {
  const payment = await sessionPayment(ctx, session);
  if (!payment) return 'ignored: unknown checkout session';
  // Completed but not paid yet (an asynchronous method): async_payment_succeeded will follow.
  if (session.payment_status !== 'paid') return 'pending: session not paid yet';
  const order = await findOrder(ctx.db, payment.orderId);
  if (!order) return 'ignored: order not found';
  const problem = sessionProblem(session, order);
  if (problem) return recordProblem(ctx, payment, problem);
  return settle(ctx, payment, paidOfSession(session));
}

async function onSessionClosed(ctx: StripeServiceContext, session: Stripe.Checkout.Session, status: 'canceled' | 'failed'): Promise<string> {
  const payment = await sessionPayment(ctx, session);
  if (!payment) return 'ignored: unknown checkout session';
  const changed = await updateUnsettledPayment(ctx.db, payment.id, {
    status,
    providerStatus: `${session.status ?? ''}/${session.payment_status}`,
    ...(status === 'failed' ? { lastError: 'async_payment_failed' } : {}),
  });
  return changed ? status : 'ignored: payment already settled';
}

/**
 * Applies one verified event, idempotently (Stripe may deliver it again, even while this handling
 * runs). Returns what was done (kept in payment_events.outcome, recorded by the caller only after
 * this returned); throws only for a genuine failure (database, Stripe unreachable during a
 * refund), so nothing is recorded and Stripe delivers the event again.
 */
export async function handleStripeEvent(ctx: StripeServiceContext, event: Stripe.Event): Promise<string> {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return onIntentSucceeded(ctx, event.data.object);
    case 'payment_intent.processing':
      return onIntentProcessing(ctx, event.data.object);
    case 'payment_intent.payment_failed':
      return onIntentFailed(ctx, event.data.object);
    case 'payment_intent.canceled':
      return onIntentCanceled(ctx, event.data.object);
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return onSessionPaid(ctx, event.data.object);
    case 'checkout.session.expired':
      return onSessionClosed(ctx, event.data.object, 'canceled');
    case 'checkout.session.async_payment_failed':
      return onSessionClosed(ctx, event.data.object, 'failed');
    default:
      return `ignored: ${event.type}`;
  }
}
