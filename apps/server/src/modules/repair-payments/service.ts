/**
 * A repair invoice (local tables or RepairDesk) or an estimate's deposit paid online (issue 24 §4),
 * on the shop's own Stripe and PayPal clients. The rules:
 *
 * - the amount is always the server's: what the invoice still asks (invoiceAmountDueCents, minus
 *   what was paid online and not yet seen by RepairDesk), or the estimate's deposit;
 * - card payments go through Stripe Checkout (the hosted page the checkout already uses for
 *   Klarna, so the same fake serves the tests); PayPal through Orders v2, captured on return;
 * - one live attempt per invoice is handed out again rather than piling up sessions or orders;
 * - only the provider's word settles a payment (a signed webhook, a capture read back), for the
 *   amount and currency we asked, once (a conditional update), in one transaction with what it
 *   changes: the local invoice's payment and status (never above what is owed: an excess is
 *   recorded and flagged for staff), or the RepairDesk posting queued, the receipt and the
 *   account notification.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { formatCents } from '@erepare/shared/format';
import { invoiceAmountDueCents, invoiceStatusOf } from '@erepare/shared/invoice-amounts';
import { paymentMessages } from '@erepare/shared/payments';
import {
  repairPaymentMessages,
  repairPaymentMethodLabel,
  repairPaymentStateOf,
  type RepairPaymentProvider,
} from '@erepare/shared/repair-payments';
import type { InvoicePaySummary, RepairPaymentStatus } from '@erepare/shared/schemas/repair-payments';
import { centsToDecimal, decimalToCents } from '@erepare/shared/shop';
import type { InvoiceRecord, RepairBackend } from '../../adapters/repair/types.js';
import type { Db, Executor } from '../../db/client.js';
import { estimates, invoicePayments, invoices, repairPayments, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findCustomerLink } from '../links/customer-links.js';
import { enqueueMail } from '../mail/outbox.js';
import { repairPaymentReceiptEmail } from '../mail/templates.js';
import { notifyUser } from '../notifications/service.js';
import { PaypalApiError, PaypalUnavailableError, approveUrlOf, firstCaptureOf, type PaypalClient, type PaypalOrder } from '../payments/paypal-client.js';
import { stripeErrorSummary, stripeFailureKind, type StripeSettings } from '../payments/stripe-client.js';
import { getStoreProfile } from '../settings/store-profile.js';
import { matchDepositsOf, type DepositLog } from './deposits.js';
import { attemptsOf, findRepairPaymentByRef, findRepairPaymentForReturn, insertRepairPayment, unpostedCentsOf, updateRepairPayment, type RepairPaymentRow } from './repository.js';
import { hashReturnKey, returnKeyFor, returnKeyMatches } from './return-key.js';

export type RepairPaymentsContext = {
  db: Db;
  backend: RepairBackend;
  stripe: Stripe | null;
  stripeSettings: StripeSettings | null;
  paypal: PaypalClient | null;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Called after a payment was settled and committed (mail and push outbox kicks). */
  afterSettle?: () => void;
};

/** A Checkout Session must live at least 30 minutes (Stripe's minimum); a reused one at least 10 more. */
const SESSION_MINUTES = 31;
const SESSION_REUSE_MARGIN_MS = 10 * 60_000;

// ───────────────────────── refusals ─────────────────────────

export const repairPaymentErrors = {
  invoiceNotFound: () => new AppError('INVOICE_NOT_FOUND', 404, repairPaymentMessages.invoiceNotFound),
  linkUnknown: () => new AppError('LINK_UNKNOWN', 404, repairPaymentMessages.linkUnknown),
  linkExpired: () => new AppError('LINK_EXPIRED', 410, repairPaymentMessages.linkExpired),
  linkRevoked: () => new AppError('LINK_REVOKED', 410, repairPaymentMessages.linkRevoked),
  alreadyPaid: () => new AppError('INVOICE_PAID', 409, repairPaymentMessages.alreadyPaid),
  refunded: () => new AppError('INVOICE_REFUNDED', 409, repairPaymentMessages.refunded),
  nothingDue: () => new AppError('NOTHING_DUE', 409, repairPaymentMessages.nothingDue),
  notAvailable: () => new AppError('PAYMENT_NOT_CONFIGURED', 404, repairPaymentMessages.providerNotAvailable),
  estimateUnknown: () => new AppError('LINK_UNKNOWN', 404, repairPaymentMessages.estimateUnknown),
  estimateExpired: () => new AppError('LINK_EXPIRED', 410, repairPaymentMessages.estimateExpired),
  estimateRevoked: () => new AppError('LINK_REVOKED', 410, repairPaymentMessages.estimateRevoked),
  noDeposit: () => new AppError('NO_DEPOSIT', 409, repairPaymentMessages.noDeposit),
  depositNotYet: () => new AppError('ESTIMATE_NOT_ACCEPTED', 409, repairPaymentMessages.depositNotYet),
  depositPaid: () => new AppError('DEPOSIT_PAID', 409, repairPaymentMessages.depositPaid),
  paymentUnknown: () => new AppError('PAYMENT_NOT_FOUND', 404, repairPaymentMessages.paymentUnknown),
  declined: () => new AppError('PAYMENT_DECLINED', 402, repairPaymentMessages.declined),
  unavailable: () => new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503, paymentMessages.providerUnavailable),
  refused: () => new AppError('PAYMENT_PROVIDER_ERROR', 502, paymentMessages.genericFailure),
  mismatch: () => new AppError('PAYMENT_MISMATCH', 409, paymentMessages.paymentMismatch),
};

export function availableProviders(ctx: Pick<RepairPaymentsContext, 'stripe' | 'stripeSettings' | 'paypal'>): RepairPaymentProvider[] {
  const providers: RepairPaymentProvider[] = [];
  if (ctx.stripe && ctx.stripeSettings?.methods.includes('card')) providers.push('stripe');
  if (ctx.paypal) providers.push('paypal');
  return providers;
}

// ───────────────────────── what an invoice asks ─────────────────────────

/** The QualiRépar bonus of a record, when the backend gives one (absent: none). */
function bonusOf(record: InvoiceRecord): number {
  const value = (record as { bonusCents?: unknown }).bonusCents;
  return typeof value === 'number' && value > 0 ? value : 0;
}

export type PayableInvoice = { record: InvoiceRecord; summary: Omit<InvoicePaySummary, 'providers'> };

/**
 * The invoice as the payment page shows it. With RepairDesk, payments we took online and have not
 * posted yet count as paid already: nobody is asked to pay twice while the posting job retries.
 * The deposit of the ticket's estimate is matched to the invoice first (deposits.ts), so it counts
 * from the first time the invoice is read.
 */
export async function payableInvoice(ctx: Pick<RepairPaymentsContext, 'db' | 'backend'> & { log?: DepositLog | undefined }, record: InvoiceRecord): Promise<PayableInvoice> {
  let unposted = 0;
  if (ctx.backend.kind !== 'local') {
    await matchDepositsOf(ctx, [record]);
    unposted = await unpostedCentsOf(ctx.db, record.id);
  }
  const amounts = {
    totalCents: record.totalCents,
    creditedCents: record.creditedCents ?? 0,
    amountPaidCents: record.amountPaidCents + unposted,
    bonusCents: bonusOf(record),
  };
  const status = record.status === 'Refunded' ? 'Refunded' : invoiceStatusOf(amounts);
  return {
    record,
    summary: {
      invoiceNumber: record.invoiceNumber,
      issuedAt: record.createdAt.toISOString(),
      status,
      totalCents: amounts.totalCents,
      bonusCents: amounts.bonusCents,
      creditedCents: amounts.creditedCents,
      amountPaidCents: amounts.amountPaidCents,
      amountDueCents: invoiceAmountDueCents({ ...amounts, status }),
    },
  };
}

function assertDue(summary: PayableInvoice['summary']): void {
  if (summary.amountDueCents > 0) return;
  if (summary.status === 'Refunded') throw repairPaymentErrors.refunded();
  if (summary.status === 'Paid') throw repairPaymentErrors.alreadyPaid();
  throw repairPaymentErrors.nothingDue();
}

/** The invoice a payment link opens (purpose 'invoice-payment' only), or the link's French refusal. */
export async function invoiceOfLink(ctx: Pick<RepairPaymentsContext, 'db' | 'backend'>, token: string): Promise<PayableInvoice> {
  const link = await findCustomerLink(ctx.db, 'invoice-payment', token);
  if (link.state === 'unknown') throw repairPaymentErrors.linkUnknown();
  if (link.state === 'expired') throw repairPaymentErrors.linkExpired();
  if (link.state === 'revoked') throw repairPaymentErrors.linkRevoked();
  const record = await ctx.backend.getInvoice(link.subjectId);
  if (!record) throw repairPaymentErrors.linkUnknown();
  return payableInvoice(ctx, record);
}

// ───────────────────────── starting a payment ─────────────────────────

type Attempt = {
  purpose: 'invoice' | 'deposit';
  invoiceId: number | null;
  estimateId: number | null;
  /** Invoice number, or the estimate's number. */
  reference: string;
  customerId: number | null;
  email: string;
  amountCents: number;
  /** Unique per database row of the subject (a restored backup never shares keys with the original). */
  subjectTag: string;
};

function stripeFailure(ctx: RepairPaymentsContext, error: unknown, call: string): AppError {
  const kind = stripeFailureKind(error);
  ctx.log.warn({ stripe: stripeErrorSummary(error), call, kind }, 'Stripe call failed (repair payment)');
  return kind === 'unavailable' ? repairPaymentErrors.unavailable() : repairPaymentErrors.refused();
}

function paypalFailure(ctx: RepairPaymentsContext, error: unknown, step: string): AppError {
  if (error instanceof PaypalUnavailableError || (error instanceof PaypalApiError && error.status >= 500)) {
    ctx.log.warn({ step, reason: error.message }, 'PayPal unavailable (repair payment)');
    return repairPaymentErrors.unavailable();
  }
  if (error instanceof PaypalApiError) {
    ctx.log.warn({ step, paypalStatus: error.status, issue: error.issue, debugId: error.debugId }, 'PayPal refused a request (repair payment)');
    return new AppError('PAYPAL_ERROR', 502, paymentMessages.paypalError(error.description ?? error.message));
  }
  throw error;
}

const subjectLabel = (attempt: Attempt) => (attempt.purpose === 'deposit' ? `Acompte devis ${attempt.reference}` : `Facture ${attempt.reference}`);

/** Stripe's hosted card page for the amount: an open session of the same amount is handed out again. */
async function startStripe(ctx: RepairPaymentsContext, attempt: Attempt, previous: RepairPaymentRow[]): Promise<string> {
  const stripe = ctx.stripe;
  if (!stripe || !availableProviders(ctx).includes('stripe')) throw repairPaymentErrors.notAvailable();
  const live = previous.find((row) => row.provider === 'stripe' && row.status === 'created' && row.amountCents === attempt.amountCents);
  if (live) {
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(live.providerRef);
    } catch (error) {
      throw stripeFailure(ctx, error, 'checkout.sessions.retrieve');
    }
    const fresh = session.expires_at * 1000 > Date.now() + SESSION_REUSE_MARGIN_MS;
    if (session.status === 'open' && session.url && fresh && session.amount_total === attempt.amountCents) return session.url;
    if (session.status === 'expired') await updateRepairPayment(ctx.db, live.id, { status: 'canceled', providerStatus: 'expired' });
    // A completed session whose webhook is late: settled now rather than charging again.
    if (session.status === 'complete' && session.payment_status === 'paid') {
      await settleStripeSession(ctx, live, session);
      throw attempt.purpose === 'deposit' ? repairPaymentErrors.depositPaid() : repairPaymentErrors.alreadyPaid();
    }
  }
  const publicUrl = ctx.publicUrl.replace(/\/+$/, '');
  const step = 5 * 60;
  const expiresAt = Math.ceil((Math.floor(Date.now() / 1000) + SESSION_MINUTES * 60) / step) * step;
  const idempotencyKey = `erepare-rp-${attempt.subjectTag}-${attempt.amountCents}-${previous.length}-${expiresAt}`;
  // The return page's secret, in both addresses; a reused open session keeps its own (its URL has it).
  const returnKey = await returnKeyFor(ctx.db, idempotencyKey);
  const back = new URLSearchParams({ provider: 'stripe', cle: returnKey.key }).toString();
  const metadata = {
    repair_payment: attempt.purpose,
    reference: attempt.reference,
    ...(attempt.invoiceId !== null ? { invoice_id: String(attempt.invoiceId) } : {}),
    ...(attempt.estimateId !== null ? { estimate_id: String(attempt.estimateId) } : {}),
  };
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        allowed_payment_method_types: ['card'],
        line_items: [{ price_data: { currency: 'eur', unit_amount: attempt.amountCents, product_data: { name: subjectLabel(attempt) } }, quantity: 1 }],
        customer_email: attempt.email || undefined,
        client_reference_id: `${attempt.purpose}-${attempt.invoiceId ?? attempt.estimateId ?? 0}`,
        locale: 'fr',
        metadata,
        payment_intent_data: { metadata, description: `${subjectLabel(attempt)} – ${(await getStoreProfile(ctx.db)).name}` },
        // Stripe replaces {CHECKOUT_SESSION_ID} (kept unencoded) with the session's id.
        success_url: `${publicUrl}/payer-facture?${back}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${publicUrl}/payer-facture?${back}&annule=1`,
        expires_at: expiresAt,
      },
      { idempotencyKey },
    );
  } catch (error) {
    throw stripeFailure(ctx, error, 'checkout.sessions.create');
  }
  if (!session.url) throw repairPaymentErrors.refused();
  await insertRepairPayment(ctx.db, {
    purpose: attempt.purpose,
    invoiceId: attempt.invoiceId,
    invoiceNumber: attempt.purpose === 'invoice' ? attempt.reference : '',
    estimateId: attempt.estimateId,
    customerId: attempt.customerId,
    email: attempt.email,
    provider: 'stripe',
    method: 'card',
    providerRef: session.id,
    amountCents: attempt.amountCents,
    currency: 'eur',
    status: 'created',
    providerStatus: session.status ?? 'open',
    returnKeyHash: returnKey.hash,
  });
  return session.url;
}

/** PayPal's approval page for the amount: a PayPal order not approved yet is handed out again. */
async function startPaypal(ctx: RepairPaymentsContext, attempt: Attempt, previous: RepairPaymentRow[]): Promise<string> {
  const paypal = ctx.paypal;
  if (!paypal) throw repairPaymentErrors.notAvailable();
  const live = previous.find((row) => row.provider === 'paypal' && row.status === 'created' && row.amountCents === attempt.amountCents && !row.captureRef);
  if (live && Date.now() - live.createdAt.getTime() < 3 * 3600_000) {
    try {
      const order = await paypal.getOrder(live.providerRef);
      const url = approveUrlOf(order);
      if (url && (order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED')) return url;
    } catch (error) {
      throw paypalFailure(ctx, error, 'read');
    }
  }
  const publicUrl = ctx.publicUrl.replace(/\/+$/, '');
  const shopName = (await getStoreProfile(ctx.db)).name;
  const attemptNumber = previous.length + 1;
  const requestId = `erepare-rp-${attempt.subjectTag}-${attempt.amountCents}-${attemptNumber}`;
  // The return page's secret, in both addresses; a PayPal order handed out again keeps its own.
  const returnKey = await returnKeyFor(ctx.db, requestId);
  const back = new URLSearchParams({ provider: 'paypal', cle: returnKey.key }).toString();
  let order: PaypalOrder;
  try {
    order = await paypal.createOrder(
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: `repair-${attempt.subjectTag}`,
            custom_id: `repair-${attempt.subjectTag}`,
            invoice_id: `repair-${attempt.subjectTag}-${attemptNumber}`,
            description: `${subjectLabel(attempt)} – ${shopName}`.slice(0, 127),
            amount: { currency_code: 'EUR', value: centsToDecimal(attempt.amountCents) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: shopName.slice(0, 127),
              locale: 'fr-FR',
              shipping_preference: 'NO_SHIPPING',
              user_action: 'PAY_NOW',
              // PayPal adds token=<PayPal order id>&PayerID=… to the return address.
              return_url: `${publicUrl}/payer-facture?${back}`,
              cancel_url: `${publicUrl}/payer-facture?${back}&annule=1`,
            },
          },
        },
      },
      requestId,
    );
  } catch (error) {
    throw paypalFailure(ctx, error, 'create');
  }
  const url = approveUrlOf(order);
  if (!url) throw repairPaymentErrors.refused();
  await insertRepairPayment(ctx.db, {
    purpose: attempt.purpose,
    invoiceId: attempt.invoiceId,
    invoiceNumber: attempt.purpose === 'invoice' ? attempt.reference : '',
    estimateId: attempt.estimateId,
    customerId: attempt.customerId,
    email: attempt.email,
    provider: 'paypal',
    method: 'paypal',
    providerRef: order.id,
    amountCents: attempt.amountCents,
    currency: 'eur',
    status: 'created',
    providerStatus: order.status,
    returnKeyHash: returnKey.hash,
  });
  return url;
}

async function start(ctx: RepairPaymentsContext, attempt: Attempt, provider: RepairPaymentProvider): Promise<{ provider: RepairPaymentProvider; url: string }> {
  if (!availableProviders(ctx).includes(provider)) throw repairPaymentErrors.notAvailable();
  const previous = await attemptsOf(ctx.db, attempt.invoiceId !== null ? { invoiceId: attempt.invoiceId } : { estimateId: attempt.estimateId ?? 0 });
  const url = provider === 'stripe' ? await startStripe(ctx, attempt, previous) : await startPaypal(ctx, attempt, previous);
  return { provider, url };
}

/** The address the receipt goes to: the invoice customer's main address. */
async function payerEmailOf(ctx: RepairPaymentsContext, record: InvoiceRecord): Promise<string> {
  const customer = await ctx.backend.getCustomer(record.customerId);
  return customer?.email ?? '';
}

/** Starts paying what an invoice still asks (from the account or a link: the caller proved access). */
export async function startInvoicePayment(ctx: RepairPaymentsContext, payable: PayableInvoice, provider: RepairPaymentProvider, email?: string) {
  assertDue(payable.summary);
  const { record } = payable;
  return start(
    ctx,
    {
      purpose: 'invoice',
      invoiceId: record.id,
      estimateId: null,
      reference: record.invoiceNumber,
      customerId: record.customerId,
      email: email ?? (await payerEmailOf(ctx, record)),
      amountCents: payable.summary.amountDueCents,
      subjectTag: `inv-${ctx.backend.kind}-${record.id}-${record.createdAt.getTime()}`,
    },
    provider,
  );
}

/** POST /api/estimate-links/deposit: the estimate's deposit, once it is accepted and not paid yet. */
export async function startDepositPayment(ctx: RepairPaymentsContext, token: string, provider: RepairPaymentProvider) {
  const link = await findCustomerLink(ctx.db, 'estimate', token);
  if (link.state === 'unknown') throw repairPaymentErrors.estimateUnknown();
  if (link.state === 'expired') throw repairPaymentErrors.estimateExpired();
  if (link.state === 'revoked') throw repairPaymentErrors.estimateRevoked();
  const [estimate] = await ctx.db.select().from(estimates).where(eq(estimates.id, link.subjectId)).limit(1);
  if (!estimate) throw repairPaymentErrors.estimateUnknown();
  if (estimate.status === 'superseded' || estimate.status === 'withdrawn') throw repairPaymentErrors.estimateRevoked();
  if (estimate.depositCents <= 0) throw repairPaymentErrors.noDeposit();
  // "Accepted or being accepted": the estimate page offers the deposit with « Accepter ».
  if (estimate.status === 'declined') throw repairPaymentErrors.depositNotYet();
  const attempts = await attemptsOf(ctx.db, { estimateId: estimate.id });
  if (attempts.some((row) => row.status === 'succeeded')) throw repairPaymentErrors.depositPaid();
  return start(
    ctx,
    {
      purpose: 'deposit',
      invoiceId: null,
      estimateId: estimate.id,
      reference: estimate.estimateNumber,
      customerId: estimate.customerId,
      email: estimate.email,
      amountCents: estimate.depositCents,
      subjectTag: `dep-${estimate.id}-${estimate.createdAt.getTime()}`,
    },
    provider,
  );
}

// ───────────────────────── settling ─────────────────────────

export type SettleOutcome = 'paid' | 'already-paid';

/**
 * The provider confirmed the money of a recorded attempt: applied once (the conditional update of
 * the row is the claim), with everything it changes, in one transaction.
 */
export async function settleRepairPayment(ctx: RepairPaymentsContext, payment: RepairPaymentRow, paid: { captureRef: string; providerStatus: string }): Promise<SettleOutcome> {
  const profile = await getStoreProfile(ctx.db);
  // RepairDesk: what is left once this payment counts, read before (the posting is asynchronous).
  const remoteInvoice = payment.purpose === 'invoice' && ctx.backend.kind !== 'local' && payment.invoiceId !== null ? await ctx.backend.getInvoice(payment.invoiceId).catch(() => null) : null;
  const remoteDue = remoteInvoice ? (await payableInvoice(ctx, remoteInvoice)).summary.amountDueCents : null;

  const outcome = await ctx.db.transaction(async (tx): Promise<SettleOutcome> => {
    const now = new Date();
    const claimed = await tx
      .update(repairPayments)
      .set({ status: 'succeeded', providerStatus: paid.providerStatus.slice(0, 200), captureRef: paid.captureRef.slice(0, 200), lastError: '', paidAt: now, updatedAt: now })
      .where(and(eq(repairPayments.id, payment.id), inArray(repairPayments.status, ['created', 'failed', 'canceled'])))
      .returning();
    const row = claimed[0];
    if (!row) return 'already-paid';
    const method = repairPaymentMethodLabel(row.provider);
    const transactionId = row.captureRef || row.providerRef;
    let amountDueCents: number | null = null;

    if (row.purpose === 'invoice' && row.invoiceId !== null) {
      if (ctx.backend.kind === 'local') {
        amountDueCents = await applyToLocalInvoice(tx, ctx, row, row.invoiceId, method, transactionId);
      } else {
        await tx.update(repairPayments).set({ postStatus: 'pending', postNextAt: now, postAttempts: 0, postError: '' }).where(eq(repairPayments.id, row.id));
        amountDueCents = remoteDue === null ? null : Math.max(remoteDue - row.amountCents, 0);
      }
    }

    const reference = row.purpose === 'invoice' ? row.invoiceNumber : await estimateNumberOf(tx, row.estimateId);
    if (row.email) {
      const mail = repairPaymentReceiptEmail(
        { reference, purpose: row.purpose, amountCents: row.amountCents, method, paidAt: now, amountDueCents: row.purpose === 'deposit' ? null : amountDueCents, providerRef: transactionId },
        profile,
      );
      await enqueueMail(tx, { kind: 'repair_payment_receipt', to: row.email, ...mail, dedupeKey: `repair_payment_receipt:${row.id}` });
    }
    if (row.customerId !== null) {
      const linked = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.repairCustomerId, row.customerId), sql`${users.emailVerifiedAt} is not null`));
      for (const user of linked) {
        await notifyUser(
          tx,
          user.id,
          {
            type: 'ticket',
            title: row.purpose === 'deposit' ? 'Acompte reçu' : 'Paiement reçu',
            body: `Nous avons bien reçu votre paiement de ${formatCents(row.amountCents)} (${row.purpose === 'deposit' ? 'devis' : 'facture'} ${reference}).`,
            data: { url: '/compte' },
            dedupeKey: `repair-payment:${row.id}`,
          },
          { ignorePreferences: true },
        );
      }
    }
    return 'paid';
  });
  if (outcome === 'paid') {
    ctx.log.info({ repairPaymentId: payment.id, purpose: payment.purpose, provider: payment.provider }, 'repair payment settled');
    ctx.afterSettle?.();
  }
  return outcome;
}

async function estimateNumberOf(tx: Executor, estimateId: number | null): Promise<string> {
  if (estimateId === null) return '';
  const [row] = await tx.select({ number: estimates.estimateNumber }).from(estimates).where(eq(estimates.id, estimateId)).limit(1);
  return row?.number ?? '';
}

/**
 * Records the payment on a local invoice, never above what it still asks (locked: two payments
 * settling at once are applied one after the other). What exceeds it (the customer paid twice, in
 * two tabs, or at the counter meanwhile) stays on the repair payment, flagged for staff to refund.
 * Returns what is left to pay.
 */
async function applyToLocalInvoice(tx: Executor, ctx: Pick<RepairPaymentsContext, 'log'>, row: RepairPaymentRow, invoiceId: number, method: string, transactionId: string): Promise<number> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!invoice) {
    await tx.update(repairPayments).set({ lastError: 'Facture introuvable\u00a0: paiement à affecter ou rembourser à la main.' }).where(eq(repairPayments.id, row.id));
    ctx.log.error({ repairPaymentId: row.id, invoiceId }, 'repair payment settled for a local invoice that no longer exists');
    return 0;
  }
  const due = invoiceAmountDueCents(invoice);
  const applied = Math.min(row.amountCents, due);
  const amountPaidCents = invoice.amountPaidCents + applied;
  if (applied > 0) {
    await tx.insert(invoicePayments).values({ invoiceId, kind: 'payment', amountCents: applied, method, transactionId: transactionId.slice(0, 200) });
    await tx
      .update(invoices)
      .set({ amountPaidCents, status: invoice.status === 'Refunded' ? 'Refunded' : invoiceStatusOf({ ...invoice, amountPaidCents }), updatedAt: new Date() })
      .where(eq(invoices.id, invoiceId));
  }
  if (applied < row.amountCents) {
    const excess = row.amountCents - applied;
    await tx
      .update(repairPayments)
      .set({ lastError: `Excédent de ${formatCents(excess)} au-delà de ce que la facture demandait\u00a0: à rembourser au client.` })
      .where(eq(repairPayments.id, row.id));
    ctx.log.warn({ repairPaymentId: row.id, invoiceId, excessCents: excess }, 'online repair payment beyond what the invoice asked: flagged for staff');
  }
  return Math.max(due - applied, 0);
}

/**
 * A local invoice issued for a ticket whose estimate's deposit was paid online: the deposit is a
 * payment of that invoice (called in the invoice's creating transaction). Returns the cents applied.
 */
export async function applyDepositsToNewInvoice(tx: Executor, invoiceId: number, ticketId: number | null): Promise<number> {
  if (ticketId === null) return 0;
  const deposits = await tx
    .select()
    .from(repairPayments)
    .where(
      and(
        eq(repairPayments.purpose, 'deposit'),
        eq(repairPayments.status, 'succeeded'),
        isNull(repairPayments.invoiceId),
        inArray(repairPayments.estimateId, tx.select({ id: estimates.id }).from(estimates).where(eq(estimates.ticketId, ticketId))),
      ),
    )
    .for('update');
  let total = 0;
  for (const deposit of deposits) {
    const [invoice] = await tx.select({ invoiceNumber: invoices.invoiceNumber }).from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
    const before = await tx.select({ paid: invoices.amountPaidCents }).from(invoices).where(eq(invoices.id, invoiceId));
    await applyToLocalInvoice(tx, { log: { info: () => undefined, warn: () => undefined, error: () => undefined } }, deposit, invoiceId, `Acompte ${repairPaymentMethodLabel(deposit.provider)}`, deposit.captureRef || deposit.providerRef);
    const after = await tx.select({ paid: invoices.amountPaidCents }).from(invoices).where(eq(invoices.id, invoiceId));
    total += (after[0]?.paid ?? 0) - (before[0]?.paid ?? 0);
    await tx.update(repairPayments).set({ invoiceId, invoiceNumber: invoice?.invoiceNumber ?? '', updatedAt: new Date() }).where(eq(repairPayments.id, deposit.id));
  }
  return total;
}

// ───────────────────────── Stripe ─────────────────────────

function sessionMatches(session: Stripe.Checkout.Session, payment: RepairPaymentRow): boolean {
  return session.currency === 'eur' && session.amount_total === payment.amountCents;
}

async function settleStripeSession(ctx: RepairPaymentsContext, payment: RepairPaymentRow, session: Stripe.Checkout.Session): Promise<string> {
  if (!sessionMatches(session, payment)) {
    await updateRepairPayment(ctx.db, payment.id, { lastError: `amount_mismatch\u00a0: ${session.amount_total ?? 'none'} ${session.currency ?? ''}, expected ${payment.amountCents} eur` }, false);
    ctx.log.warn({ repairPaymentId: payment.id }, 'Stripe session of a repair payment does not match its amount: ignored, staff must check');
    return 'ignored: amount or currency mismatch';
  }
  if (session.payment_status !== 'paid') return 'pending: session not paid yet';
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? '');
  return settleRepairPayment(ctx, payment, { captureRef: intent, providerStatus: `${session.status ?? ''}/${session.payment_status}` });
}

/**
 * A verified Stripe event, when its Checkout Session is a repair payment's; null when it is not
 * ours (the shop's own handler then takes it). Idempotent: a replay changes nothing.
 */
export async function handleRepairStripeEvent(ctx: RepairPaymentsContext, event: Stripe.Event): Promise<string | null> {
  if (!event.type.startsWith('checkout.session.')) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  const payment = await findRepairPaymentByRef(ctx.db, 'stripe', session.id);
  if (!payment) return null;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return `repair: ${await settleStripeSession(ctx, payment, session)}`;
    case 'checkout.session.expired':
      return (await updateRepairPayment(ctx.db, payment.id, { status: 'canceled', providerStatus: 'expired' })) ? 'repair: canceled' : 'repair: ignored, settled';
    case 'checkout.session.async_payment_failed':
      return (await updateRepairPayment(ctx.db, payment.id, { status: 'failed', providerStatus: 'async_payment_failed', lastError: 'async_payment_failed' })) ? 'repair: failed' : 'repair: ignored, settled';
    default:
      return `repair: ignored ${event.type}`;
  }
}

// ───────────────────────── PayPal ─────────────────────────

/** What a PayPal order read back (by a capture, or a later read) did to its repair payment. */
export type RepairPaypalReading = 'paid' | 'already-paid' | 'pending' | 'declined' | 'amount-mismatch' | 'not-ours' | 'no-capture';

/**
 * Applies what PayPal says of a repair payment's order: COMPLETED for our amount and currency
 * settles it (settleRepairPayment: once, whoever reads it first); PENDING records the capture and
 * leaves the row open (untouched when it already said so: the give-up limit counts from the first
 * PENDING); DECLINED, FAILED and the like fail it; another amount or currency is kept for staff.
 */
export async function applyRepairPaypalOrder(ctx: RepairPaymentsContext, payment: RepairPaymentRow, order: PaypalOrder): Promise<RepairPaypalReading> {
  const unit = order.purchase_units?.[0];
  if (order.id !== payment.providerRef || (unit?.custom_id !== undefined && !unit.custom_id.startsWith('repair-'))) return 'not-ours';
  const capture = firstCaptureOf(order);
  if (!capture) return 'no-capture';
  if (capture.status === 'PENDING') {
    if (payment.providerStatus !== 'PENDING' || payment.captureRef !== capture.id) await updateRepairPayment(ctx.db, payment.id, { providerStatus: 'PENDING', captureRef: capture.id });
    return 'pending';
  }
  if (capture.status !== 'COMPLETED') {
    await updateRepairPayment(ctx.db, payment.id, { status: 'failed', providerStatus: capture.status, captureRef: capture.id, lastError: `capture ${capture.status}` });
    return 'declined';
  }
  const cents = capture.amount ? decimalToCents(capture.amount.value) : null;
  if (capture.amount?.currency_code !== 'EUR' || cents !== payment.amountCents) {
    await updateRepairPayment(ctx.db, payment.id, { providerStatus: capture.status, captureRef: capture.id, lastError: `captured ${capture.amount?.value ?? 'none'} ${capture.amount?.currency_code ?? ''}, expected ${centsToDecimal(payment.amountCents)} EUR` }, false);
    return 'amount-mismatch';
  }
  return settleRepairPayment(ctx, payment, { captureRef: capture.id, providerStatus: 'COMPLETED' });
}

/**
 * Captures the approved PayPal order of a repair payment (on return from PayPal, with the return
 * address's key) and settles it when PayPal says COMPLETED for our amount. A wrong or missing key
 * is an unknown payment: nothing is asked of PayPal, nothing changes.
 */
export async function captureRepairPaypal(ctx: RepairPaymentsContext, paypalOrderId: string, key: string): Promise<RepairPaymentStatus> {
  const paypal = ctx.paypal;
  if (!paypal) throw repairPaymentErrors.notAvailable();
  const payment = await paymentOfReturn(ctx.db, paypalOrderId, key, 'paypal');
  if (payment.status === 'succeeded') return statusOf(ctx, payment);
  let order: PaypalOrder;
  try {
    order = payment.captureRef ? await paypal.getOrder(paypalOrderId) : await paypal.captureOrder(paypalOrderId, `erepare-rp-capture-${paypalOrderId}`);
  } catch (error) {
    if (error instanceof PaypalApiError && error.issue === 'ORDER_ALREADY_CAPTURED') {
      order = await paypal.getOrder(paypalOrderId).catch((inner: unknown) => {
        throw paypalFailure(ctx, inner, 'read');
      });
    } else if (error instanceof PaypalApiError && error.issue === 'ORDER_NOT_APPROVED') {
      throw new AppError('PAYPAL_NOT_APPROVED', 409, paymentMessages.paypalNotApproved);
    } else if (error instanceof PaypalApiError && error.issue === 'INSTRUMENT_DECLINED') {
      await updateRepairPayment(ctx.db, payment.id, { status: 'failed', providerStatus: 'INSTRUMENT_DECLINED', lastError: (error.description ?? error.message).slice(0, 500) });
      throw repairPaymentErrors.declined();
    } else {
      throw paypalFailure(ctx, error, 'capture');
    }
  }
  const reading = await applyRepairPaypalOrder(ctx, payment, order);
  if (reading === 'not-ours') throw repairPaymentErrors.mismatch();
  if (reading === 'no-capture') throw repairPaymentErrors.refused();
  if (reading === 'declined') throw repairPaymentErrors.declined();
  if (reading === 'amount-mismatch') throw new AppError('AMOUNT_MISMATCH', 409, paymentMessages.amountMismatch);
  return statusOf(ctx, (await findRepairPaymentByRef(ctx.db, 'paypal', paypalOrderId)) ?? payment);
}

// ───────────────────────── status (return page) ─────────────────────────

/**
 * The payment a return address names: its provider's id **and** its key. A wrong, missing or
 * another payment's key, a payment made before keys existed and an unknown id all get the same
 * 404 (no oracle): the row is looked up by id and key hash together, then the key compared in
 * constant time.
 */
async function paymentOfReturn(db: Db, ref: string, key: string, provider?: RepairPaymentProvider): Promise<RepairPaymentRow> {
  const payment = await findRepairPaymentForReturn(db, ref, hashReturnKey(key), provider);
  if (!payment || !returnKeyMatches(payment.returnKeyHash, key)) throw repairPaymentErrors.paymentUnknown();
  return payment;
}

async function statusOf(ctx: Pick<RepairPaymentsContext, 'db' | 'backend'>, payment: RepairPaymentRow): Promise<RepairPaymentStatus> {
  let amountDueCents: number | null = null;
  if (payment.purpose === 'invoice' && payment.invoiceId !== null) {
    const record = await ctx.backend.getInvoice(payment.invoiceId).catch(() => null);
    if (record) amountDueCents = (await payableInvoice(ctx, record)).summary.amountDueCents;
  }
  return {
    state: repairPaymentStateOf(payment.status),
    purpose: payment.purpose,
    provider: payment.provider,
    reference: payment.purpose === 'invoice' ? payment.invoiceNumber : await estimateNumberOf(ctx.db, payment.estimateId),
    amountCents: payment.amountCents,
    amountDueCents,
  };
}

/** GET /api/repair-payments/status?ref=&cle=: what the return page shows while the webhook lands. */
export async function repairPaymentStatus(ctx: Pick<RepairPaymentsContext, 'db' | 'backend'>, ref: string, key: string): Promise<RepairPaymentStatus> {
  return statusOf(ctx, await paymentOfReturn(ctx.db, ref, key));
}
