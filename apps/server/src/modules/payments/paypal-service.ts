import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { paymentMessages } from '@erepare/shared/payments';
import { MINIMUM_ONLINE_TOTAL_CENTS, centsToDecimal, decimalToCents, shopMessages } from '@erepare/shared/shop';
import type { Order } from '@erepare/shared/schemas/shop';
import type { Db, Executor } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Mailer } from '../mail/mailer.js';
import { findOrder, insertOrderEvent, linesOf, type OrderLineRow, type OrderRow } from '../orders/repository.js';
import { getOrder, keyMatches, markOrderPaid } from '../orders/service.js';
import {
  PaypalApiError,
  PaypalUnavailableError,
  approveUrlOf,
  firstCaptureOf,
  type PaypalClient,
  type PaypalCreateOrderBody,
  type PaypalMoney,
  type PaypalOrder,
  type PaypalRefund,
} from './paypal-client.js';
import { findPaymentByRef, insertPayment, paymentsOf, updatePayment, type PaymentRow } from './repository.js';
import { getStoreProfile } from '../settings/store-profile.js';

/**
 * PayPal Orders v2, server side (spec 2 §4, §5, §8): the server creates the PayPal order from
 * the order's own amounts (never the browser's), the buyer approves it at PayPal, and the server
 * captures it and checks the capture itself (status, amount, currency) before the order is paid.
 */

export type PaypalContext = {
  db: Db;
  client: PaypalClient;
  publicUrl: string;
  mailer?: Pick<Mailer, 'kick'> | undefined;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

const CURRENCY = 'EUR';
/** PayPal's limit on an item's name and sku, and on a purchase unit's description. */
const PAYPAL_TEXT_MAX = 127;

// ───────────────────────── amounts ─────────────────────────

type AmountSource = Pick<OrderRow, 'subtotalCents' | 'discountCents' | 'loyaltyCents' | 'shippingCents' | 'totalCents'>;
type LineSource = Pick<OrderLineRow, 'name' | 'sku' | 'quantity' | 'unitPriceCents'>;

export type PaypalPurchaseAmount = {
  /** What the buyer is asked to pay, in cents: the order's total, never below 0.01 €. */
  amountCents: number;
  amount: PaypalCreateOrderBody['purchase_units'][number]['amount'];
  items?: PaypalCreateOrderBody['purchase_units'][number]['items'];
};

const money = (cents: number): PaypalMoney => ({ currency_code: CURRENCY, value: centsToDecimal(cents) });

/** At most `max` characters (code points, so an emoji is never cut in half). */
function clip(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length > max ? characters.slice(0, max).join('') : text;
}

/**
 * The amount of the PayPal order. The value is the order's total, clamped to 0.01 € (PayPal
 * refuses 0; spec 2 §5). The breakdown (item total, shipping, discount = coupon + loyalty) and the
 * items are sent only when they add up exactly to that value, as PayPal checks (AMOUNT_MISMATCH,
 * ITEM_TOTAL_MISMATCH): after the clamp they would not, and the value alone is then sent.
 */
export function paypalAmountOf(order: AmountSource, lines: readonly LineSource[]): PaypalPurchaseAmount {
  const amountCents = Math.max(MINIMUM_ONLINE_TOTAL_CENTS, order.totalCents);
  const itemTotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discountCents = order.discountCents + order.loyaltyCents;
  const linesValid = lines.length > 0 && lines.every((line) => Number.isSafeInteger(line.quantity) && line.quantity >= 1 && line.unitPriceCents >= 0);
  const sums = linesValid && itemTotalCents - discountCents + order.shippingCents === amountCents && discountCents <= itemTotalCents;
  if (!sums) return { amountCents, amount: money(amountCents) };
  return {
    amountCents,
    amount: {
      ...money(amountCents),
      breakdown: {
        item_total: money(itemTotalCents),
        shipping: money(order.shippingCents),
        ...(discountCents > 0 ? { discount: money(discountCents) } : {}),
      },
    },
    items: lines.map((line) => ({
      name: clip(line.name.trim() || 'Article', PAYPAL_TEXT_MAX),
      quantity: String(line.quantity),
      unit_amount: money(line.unitPriceCents),
      sku: clip(line.sku, PAYPAL_TEXT_MAX),
      category: 'PHYSICAL_GOODS' as const,
    })),
  };
}

/**
 * The whole create-order body of an order (one attempt: `invoiceId` is unique per attempt);
 * reference_id and custom_id carry the order's identity (paypalIdentityOf).
 */
export function paypalOrderBody(
  order: OrderRow,
  lines: readonly LineSource[],
  options: { publicUrl: string; invoiceId: string; identity: Pick<PaypalOrderIdentity, 'referenceId' | 'customId'>; shopName: string },
): { body: PaypalCreateOrderBody; amountCents: number } {
  const { amountCents, amount, items } = paypalAmountOf(order, lines);
  const back = (page: 'success' | 'cancel') => `${options.publicUrl}/payment/${page}?provider=paypal&order=${order.id}`;
  return {
    amountCents,
    body: {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: options.identity.referenceId,
          custom_id: options.identity.customId,
          invoice_id: options.invoiceId,
          description: clip(`Commande n° ${order.id} – ${options.shopName}`, PAYPAL_TEXT_MAX),
          amount,
          ...(items ? { items } : {}),
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: clip(options.shopName, PAYPAL_TEXT_MAX),
            locale: 'fr-FR',
            // Our checkout already has the delivery address (or the relay, or a pickup).
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            return_url: back('success'),
            cancel_url: back('cancel'),
          },
        },
      },
    },
  };
}

// ───────────────────────── errors ─────────────────────────

const orderNotFound = () => new AppError('ORDER_NOT_FOUND', 404, shopMessages.orderNotFound);
const conflict = (code: string, message: string) => new AppError(code, 409, message);

/**
 * A failed PayPal call as the buyer sees it (nothing was changed on our side): PayPal unreachable
 * or failing (5xx) → 503 "try again"; our credentials refused → 502 with the configuration text
 * (and an error log for staff); any other refusal → 502 "Erreur PayPal: <PayPal's message>".
 */
function providerFailure(ctx: PaypalContext, error: unknown, context: Record<string, unknown>): unknown {
  if (error instanceof PaypalUnavailableError) {
    ctx.log.warn({ ...context, reason: error.message }, 'PayPal unavailable');
    return new AppError('PAYPAL_UNAVAILABLE', 503, paymentMessages.providerUnavailable, {}, error);
  }
  if (error instanceof PaypalApiError) {
    const facts = { ...context, paypalStatus: error.status, paypalName: error.errorName, issue: error.issue, debugId: error.debugId };
    if (error.status >= 500) {
      ctx.log.warn(facts, 'PayPal failed');
      return new AppError('PAYPAL_UNAVAILABLE', 503, paymentMessages.providerUnavailable, {}, error);
    }
    if (error.status === 401 || error.status === 403) {
      ctx.log.error(facts, 'PayPal refused our credentials: check PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET');
      return new AppError('PAYPAL_AUTH', 502, paymentMessages.paypalError(paymentMessages.configurationError), {}, error);
    }
    ctx.log.warn(facts, 'PayPal refused a request');
    return new AppError('PAYPAL_ERROR', 502, paymentMessages.paypalError(error.description ?? error.message), {}, error);
  }
  return error;
}

async function provenOrder(db: Db, id: number, key: string): Promise<OrderRow> {
  const order = await findOrder(db, id);
  if (!order || !keyMatches(order, key)) throw orderNotFound();
  return order;
}

// ───────────────────────── whose PayPal order ─────────────────────────

/**
 * What ties a PayPal order to one order row of one database. The order id alone is not unique:
 * two databases sharing a PayPal account (a restored backup, a reset demo, a staging copy) each
 * have an order 1, and PayPal replays a PayPal-Request-Id for 6 hours, so the second one's order 1
 * would get the first one's PayPal order and its capture. The tag is derived from what only this
 * row has (its creation time to the millisecond and its order key's hash, itself random), one-way:
 * nothing of the key reaches PayPal. It is in every PayPal-Request-Id we send for the order
 * (create, capture) and in its reference_id, custom_id and invoice_id, which PayPal sends back and
 * we check.
 */
export type PaypalOrderIdentity = { tag: string; referenceId: string; customId: string };

export function paypalIdentityOf(order: Pick<OrderRow, 'id' | 'createdAt' | 'orderKeyHash'>): PaypalOrderIdentity {
  const tag = createHash('sha256').update(`erepare-paypal:${order.id}:${order.createdAt.getTime()}:${order.orderKeyHash}`).digest('hex').slice(0, 16);
  return { tag, referenceId: `order-${order.id}-${tag}`, customId: `${order.id}-${tag}` };
}

const invoiceIdOf = (identity: PaypalOrderIdentity, attempt: number) => `${identity.customId}-${attempt}`;

/**
 * True when PayPal's answer is this order's PayPal order: every identifier it sent back
 * (reference_id, custom_id and invoice_id of purchase_units[0] and of its capture) is ours, and
 * it sent back at least one. Anything else (another database's order replayed to us) is refused.
 */
export function isOwnPaypalOrder(paypalOrder: PaypalOrder, identity: PaypalOrderIdentity): boolean {
  const unit = paypalOrder.purchase_units?.[0];
  if (!unit) return false;
  const capture = unit.payments?.captures?.[0];
  const invoicePrefix = `${identity.customId}-`;
  const invoiceOk = (value: string | undefined) => value === undefined || (value.startsWith(invoicePrefix) && /^\d{1,9}$/.test(value.slice(invoicePrefix.length)));
  const customOk = (value: string | undefined) => value === undefined || value === identity.customId;
  const sent = [unit.reference_id, unit.custom_id, unit.invoice_id, capture?.custom_id, capture?.invoice_id].some((value) => value !== undefined);
  return (
    sent &&
    (unit.reference_id === undefined || unit.reference_id === identity.referenceId) &&
    customOk(unit.custom_id) &&
    customOk(capture?.custom_id) &&
    invoiceOk(unit.invoice_id) &&
    invoiceOk(capture?.invoice_id)
  );
}

function foreignPaypalOrder(ctx: PaypalContext, order: OrderRow, paypalOrder: PaypalOrder, step: string): AppError {
  const unit = paypalOrder.purchase_units?.[0];
  ctx.log.error(
    { orderId: order.id, paypalOrderId: paypalOrder.id, step, referenceId: unit?.reference_id, customId: unit?.custom_id, invoiceId: unit?.invoice_id },
    'PayPal answered with a PayPal order that is not this order’s (another database sharing the PayPal account?): refused, nothing changed',
  );
  return conflict('PAYMENT_MISMATCH', paymentMessages.paymentMismatch);
}

// ───────────────────────── create ─────────────────────────

export type PaypalCreateResult = { id: string; status: string; approve_url: string };

/**
 * Creates the PayPal order of a pending PayPal order of ours and records the attempt. Each call is
 * a new attempt (the buyer may come back after a declined payment); its PayPal-Request-Id is made
 * of the order id, the order's tag (paypalIdentityOf) and the attempt number, so a retry after a
 * timeout gets the order PayPal may already have created rather than a second one, and no other
 * database's order ever gets it. The answer is checked to be this order's before it is recorded.
 */
export async function createPaypalCheckout(ctx: PaypalContext, input: { orderId: number; orderKey: string }): Promise<PaypalCreateResult> {
  const order = await provenOrder(ctx.db, input.orderId, input.orderKey);
  if (order.status !== 'pending') throw conflict('ORDER_NOT_PAYABLE', paymentMessages.orderNotPayable);
  if (order.paymentMethod !== 'paypal') throw conflict('WRONG_PAYMENT_METHOD', paymentMessages.wrongPaymentMethod);
  const lines = (await linesOf(ctx.db, [order.id])).get(order.id) ?? [];
  const attempt = (await paymentsOf(ctx.db, order.id)).length + 1;
  const identity = paypalIdentityOf(order);
  const { body, amountCents } = paypalOrderBody(order, lines, {
    publicUrl: ctx.publicUrl,
    invoiceId: invoiceIdOf(identity, attempt),
    identity,
    shopName: (await getStoreProfile(ctx.db)).name,
  });

  let created: PaypalOrder;
  let checked: PaypalOrder;
  try {
    created = await ctx.client.createOrder(body, `erepare-order-${order.id}-${identity.tag}-${attempt}`);
    // We ask for the whole order (Prefer: return=representation); a minimal answer is read back.
    checked = created.purchase_units ? created : await ctx.client.getOrder(created.id);
  } catch (error) {
    throw providerFailure(ctx, error, { orderId: order.id, step: 'create' });
  }
  if (checked.id !== created.id || !isOwnPaypalOrder(checked, identity)) throw foreignPaypalOrder(ctx, order, checked, 'create');
  const approveUrl = approveUrlOf(created);
  if (!approveUrl || (created.status !== 'CREATED' && created.status !== 'PAYER_ACTION_REQUIRED')) {
    ctx.log.warn({ orderId: order.id, paypalOrderId: created.id, paypalStatus: created.status }, 'PayPal order without an approval link');
    throw new AppError('PAYPAL_ERROR', 502, paymentMessages.paypalError(paymentMessages.genericFailure));
  }
  await insertPayment(ctx.db, {
    orderId: order.id,
    provider: 'paypal',
    method: 'paypal',
    providerRef: created.id,
    amountCents,
    currency: 'eur',
    status: 'created',
    providerStatus: created.status,
  });
  return { id: created.id, status: created.status, approve_url: approveUrl };
}

// ───────────────────────── capture ─────────────────────────

export type PaypalCaptureResult = { kind: 'paid'; order: Order } | { kind: 'pending' };

/**
 * What a capture did to its order:
 * - paid: the order is paid by this capture (now, or earlier);
 * - refunded: this capture never paid the order (closed before it completed, or paid by another
 *   payment) and was given back;
 * - closed: this capture paid the order, which was closed since (cancelled or refunded by staff):
 *   nothing moves, the money is staff's business;
 * - pending: PayPal has not completed the capture yet;
 * - declined: the capture was declined (the payment row is failed).
 */
export type PaypalSettlement = { kind: 'paid' | 'refunded' | 'closed' | 'pending' | 'declined' };

/** Marks the payment row refunded; true only for the call that did it (one order event). */
async function claimRefunded(tx: Executor, paymentId: number, providerStatus: string): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ status: 'refunded', providerStatus, lastError: '', updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), ne(payments.status, 'refunded')))
    .returning({ id: payments.id });
  return rows.length === 1;
}

/**
 * Gives a capture back (the order cannot take it: cancelled, or already paid by another
 * attempt) and notes it on the order. The refund's PayPal-Request-Id is derived from the capture:
 * a retry never refunds twice.
 */
async function refundCapture(ctx: PaypalContext, order: OrderRow, payment: PaymentRow, captureId: string, note: (refundId: string) => string): Promise<void> {
  let refund: PaypalRefund;
  try {
    refund = await ctx.client.refundCapture(captureId, `refund-${captureId}`, `Commande n° ${order.id} – ${(await getStoreProfile(ctx.db)).name}`);
  } catch (error) {
    // The money is ours and the order cannot take it: staff must know if nobody retries.
    ctx.log.error({ orderId: order.id, paymentId: payment.id, captureId }, 'PayPal refund of a capture the order cannot take failed: refund it by hand if the buyer does not retry');
    await updatePayment(ctx.db, payment.id, { lastError: `refund failed: ${error instanceof Error ? error.message : 'unknown'}`.slice(0, 500) });
    throw providerFailure(ctx, error, { orderId: order.id, step: 'refund' });
  }
  await ctx.db.transaction(async (tx) => {
    if (await claimRefunded(tx, payment.id, refund.status)) {
      await insertOrderEvent(tx, { orderId: order.id, fromStatus: order.status, toStatus: order.status, note: note(refund.id) });
    }
  });
}

const isPaidStatus = (status: string | null) => status === 'processing' || status === 'completed';

/**
 * A verified COMPLETED capture is applied to the order: markOrderPaid (idempotent: a replay
 * changes nothing). Money is given back only when this capture never paid the order (the order
 * does not carry it as its transaction): an order closed before the capture completed (expired),
 * or already paid by another attempt (two tabs capturing two PayPal orders at once). An order
 * this capture paid and that staff closed since is left alone: no automatic refund.
 */
async function applyCapture(ctx: PaypalContext, order: OrderRow, payment: PaymentRow, captureId: string): Promise<PaypalSettlement> {
  const result = await markOrderPaid(ctx.db, order.id, {
    transactionId: captureId,
    note: `Paiement PayPal capturé (${captureId})`,
    publicUrl: ctx.publicUrl,
    mailer: ctx.mailer,
  });
  if (result.status === null) throw orderNotFound();
  if (result.changed) return { kind: 'paid' };
  const current = (await findOrder(ctx.db, order.id)) ?? order;
  const paidByThis = current.transactionId === captureId && current.paidAt !== null;
  if (paidByThis) return { kind: isPaidStatus(result.status) ? 'paid' : 'closed' };
  if (current.paidAt !== null || isPaidStatus(result.status)) {
    ctx.log.warn({ orderId: order.id, paymentId: payment.id, captureId, status: result.status }, 'PayPal capture of an order already paid by another payment: refunding');
    await refundCapture(ctx, current, payment, captureId, (refundId) => `Paiement PayPal en double (${captureId})\u00a0: remboursé (${refundId})`);
    return { kind: 'refunded' };
  }
  ctx.log.warn({ orderId: order.id, paymentId: payment.id, captureId, status: result.status }, 'PayPal capture of an order no longer payable: refunding');
  await refundCapture(ctx, current, payment, captureId, (refundId) => `Paiement PayPal reçu après expiration de la commande\u00a0: remboursé (${refundId})`);
  return { kind: 'refunded' };
}

/**
 * Settles a PayPal order we read back (capture answer, or GET): refused unless it is this order's
 * (409 paymentMismatch, nothing changed); then the capture itself decides. PayPal's docs: a
 * COMPLETED order may carry a declined payment. PENDING: recorded (once: the expiry hold counts
 * from then). DECLINED/FAILED: the payment row is failed. COMPLETED for the amount and currency
 * recorded at creation: applied to the order (applyCapture); any other amount is left unpaid for
 * staff (409). Used by capture-order and by the job re-reading pending captures.
 */
export async function settlePaypalOrder(ctx: PaypalContext, order: OrderRow, payment: PaymentRow, paypalOrder: PaypalOrder): Promise<PaypalSettlement> {
  if (paypalOrder.id !== payment.providerRef || !isOwnPaypalOrder(paypalOrder, paypalIdentityOf(order))) {
    throw foreignPaypalOrder(ctx, order, paypalOrder, 'capture');
  }
  const capture = firstCaptureOf(paypalOrder);
  if (!capture) {
    await updatePayment(ctx.db, payment.id, { providerStatus: paypalOrder.status, lastError: 'capture answer without a capture' });
    ctx.log.warn({ orderId: order.id, paypalOrderId: payment.providerRef, paypalStatus: paypalOrder.status }, 'PayPal capture answer without a capture');
    throw new AppError('PAYPAL_ERROR', 502, paymentMessages.paypalError(paymentMessages.paypalCaptureFailed));
  }
  if (capture.status === 'PENDING') {
    if (payment.providerStatus !== 'PENDING' || payment.captureRef !== capture.id) {
      await updatePayment(ctx.db, payment.id, { providerStatus: 'PENDING', captureRef: capture.id });
    }
    return { kind: 'pending' };
  }
  if (capture.status !== 'COMPLETED') {
    await updatePayment(ctx.db, payment.id, { status: 'failed', providerStatus: capture.status, captureRef: capture.id, lastError: `capture ${capture.status}` });
    return { kind: 'declined' };
  }

  const currency = capture.amount?.currency_code ?? '';
  const capturedCents = capture.amount ? decimalToCents(capture.amount.value) : null;
  if (currency !== CURRENCY || capturedCents !== payment.amountCents) {
    const facts = {
      orderId: order.id,
      paymentId: payment.id,
      paypalOrderId: payment.providerRef,
      captureId: capture.id,
      expected: `${centsToDecimal(payment.amountCents)} ${CURRENCY}`,
      captured: capture.amount ? `${capture.amount.value} ${currency}` : 'none',
    };
    // Money was taken but not what the order asked: the order stays unpaid; staff decide.
    ctx.log.warn(facts, 'PayPal capture amount or currency differs from the order: left unpaid, staff must check');
    await updatePayment(ctx.db, payment.id, { providerStatus: capture.status, captureRef: capture.id, lastError: `captured ${facts.captured}, expected ${facts.expected}` });
    throw currency !== CURRENCY
      ? conflict('CURRENCY_MISMATCH', paymentMessages.currencyMismatch)
      : conflict('AMOUNT_MISMATCH', paymentMessages.amountMismatch);
  }

  await updatePayment(ctx.db, payment.id, { status: 'succeeded', providerStatus: 'COMPLETED', captureRef: capture.id, lastError: '' });
  return applyCapture(ctx, order, { ...payment, status: 'succeeded', captureRef: capture.id }, capture.id);
}

/** Reads the PayPal order (GET). */
async function readPaypalOrder(ctx: PaypalContext, order: OrderRow, paypalOrderId: string): Promise<PaypalOrder> {
  try {
    return await ctx.client.getOrder(paypalOrderId);
  } catch (error) {
    throw providerFailure(ctx, error, { orderId: order.id, paypalOrderId, step: 'read' });
  }
}

/**
 * Captures the PayPal order, or reads it when it is captured already: a capture we recorded as
 * pending (a capture call with the same PayPal-Request-Id would only replay the first answer), or
 * PayPal says ORDER_ALREADY_CAPTURED (a previous call whose answer was lost).
 */
async function captureOrRead(ctx: PaypalContext, order: OrderRow, payment: PaymentRow): Promise<PaypalOrder> {
  const paypalOrderId = payment.providerRef;
  if (!payment.captureRef) {
    try {
      return await ctx.client.captureOrder(paypalOrderId, `capture-${paypalOrderId}-${paypalIdentityOf(order).tag}`);
    } catch (error) {
      if (error instanceof PaypalApiError && error.issue === 'ORDER_NOT_APPROVED') {
        throw conflict('PAYPAL_NOT_APPROVED', paymentMessages.paypalNotApproved);
      }
      if (error instanceof PaypalApiError && error.issue === 'INSTRUMENT_DECLINED') {
        await updatePayment(ctx.db, payment.id, { status: 'failed', providerStatus: 'INSTRUMENT_DECLINED', lastError: (error.description ?? error.message).slice(0, 500) });
        throw new AppError('PAYPAL_DECLINED', 402, paymentMessages.paypalCaptureFailed);
      }
      if (!(error instanceof PaypalApiError && error.issue === 'ORDER_ALREADY_CAPTURED')) {
        throw providerFailure(ctx, error, { orderId: order.id, paypalOrderId, step: 'capture' });
      }
    }
  }
  return readPaypalOrder(ctx, order, paypalOrderId);
}

/**
 * Captures the PayPal order `paypalOrderId` of an order and, when the capture itself is
 * COMPLETED for the amount and currency recorded at creation, marks the order paid. PENDING:
 * nothing paid yet (the buyer calls again later; the pending-capture job settles it otherwise).
 * DECLINED/FAILED: the order stays pending and can be paid with a new PayPal order. An order no
 * longer payable is never captured; if a capture of this payment was left pending, it is read
 * and, completed, given back. Every refusal leaves the order as it was.
 */
export async function capturePaypalCheckout(
  ctx: PaypalContext,
  input: { orderId: number; orderKey: string; paypalOrderId: string },
): Promise<PaypalCaptureResult> {
  const order = await provenOrder(ctx.db, input.orderId, input.orderKey);
  const payment = await findPaymentByRef(ctx.db, 'paypal', input.paypalOrderId);
  if (!payment || payment.orderId !== order.id) throw conflict('PAYMENT_MISMATCH', paymentMessages.paymentMismatch);
  const paidAnswer = async (): Promise<PaypalCaptureResult> => ({ kind: 'paid', order: await getOrder(ctx, { kind: 'anonymous' }, order.id, input.orderKey) });

  // Already settled attempts answer as they did, without calling PayPal again.
  if (payment.status === 'refunded') {
    if (isPaidStatus(order.status)) return paidAnswer();
    throw conflict('PAYMENT_LATE_REFUNDED', paymentMessages.lateRefunded);
  }
  if (payment.status === 'failed') throw new AppError('PAYPAL_DECLINED', 402, paymentMessages.paypalCaptureFailed);

  let settlement: PaypalSettlement;
  if (payment.status === 'succeeded' && payment.captureRef) {
    settlement = await applyCapture(ctx, order, payment, payment.captureRef);
  } else if (order.status !== 'pending') {
    // Paid by another attempt, or cancelled: the buyer's approval is not captured (no money
    // moves). A capture of ours left pending is read: completed, the order cannot take it.
    if (!payment.captureRef) throw conflict('ORDER_NOT_PAYABLE', paymentMessages.orderNotPayable);
    settlement = await settlePaypalOrder(ctx, order, payment, await readPaypalOrder(ctx, order, payment.providerRef));
    if (settlement.kind === 'pending') throw conflict('ORDER_NOT_PAYABLE', paymentMessages.orderNotPayable);
  } else {
    settlement = await settlePaypalOrder(ctx, order, payment, await captureOrRead(ctx, order, payment));
  }

  switch (settlement.kind) {
    case 'paid':
      return paidAnswer();
    case 'pending':
      return { kind: 'pending' };
    case 'declined':
      throw new AppError('PAYPAL_DECLINED', 402, paymentMessages.paypalCaptureFailed);
    case 'closed':
      throw conflict('ORDER_NOT_PAYABLE', paymentMessages.orderNotPayable);
    case 'refunded': {
      const current = await findOrder(ctx.db, order.id);
      if (current && isPaidStatus(current.status)) return paidAnswer();
      throw conflict('PAYMENT_LATE_REFUNDED', paymentMessages.lateRefunded);
    }
  }
}
