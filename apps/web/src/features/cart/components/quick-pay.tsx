import type { PaymentRequest, PaymentRequestPaymentMethodEvent, Stripe } from '@stripe/stripe-js';
import { ExternalLink, Store, Zap } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCents } from '@erepare/shared/format';
import { clearCart } from '../../../lib/cart-store';
import { usePricingRefresh } from '../../../lib/use-pricing-refresh';
import { rememberOrder } from '../../../lib/order-reference';
import { loadStripeOnce } from '../../../lib/load-stripe';
import { useStoreProfile } from '../../../lib/store-profile';
import {
  buildQuickPayOrderRequest,
  QUICK_PAY_TERMS_REQUIRED,
  quickPayAmountCents,
  quickPayLabel,
  quickPayLandingPath,
  quickPayPickupNotice,
} from '../lib/quick-pay-order';
import { payWithQuickPay } from '../lib/quick-pay-payment';
import { readQuickPaySupport, rememberQuickPaySupport, walletOf, whenIdle, type QuickPayWallet } from '../lib/quick-pay-support';
import type { QuickPaySlotProps } from './quick-pay-slot';

export type QuickPayProps = Omit<QuickPaySlotProps, 'cartTotalCents'> & { publishableKey: string };

type Phase = { kind: 'waiting' } | { kind: 'hidden' } | { kind: 'ready'; stripe: Stripe; request: PaymentRequest; wallet: QuickPayWallet };

export const COUPON_PENDING_MESSAGE = 'Le code promo est en cours de vérification. Réessayez dans un instant.';

const buttonLabels: Record<QuickPayWallet, string> = {
  'Apple Pay': 'Payer avec Apple Pay',
  'Google Pay': 'Payer avec Google Pay',
  Link: 'Payer avec Link',
  carte: 'Payer avec ma carte enregistrée',
};

/**
 * The express payment of the cart (spec 2 §2, §4, §7): Stripe's payment request (Apple Pay, Google
 * Pay, Link), for an order picked up in the shop. Stripe.js is loaded once the page is idle, unless
 * this browser is known (7 days) to have no wallet; without a wallet, or when Stripe cannot be
 * loaded, nothing is shown and the normal checkout stays.
 *
 * Our own button opens the sheet (`paymentRequest.show()`): the Payment Request Button Element is
 * gone from the Stripe.js release this app loads (Endive throws on `elements.create('paymentRequestButton')`),
 * and a button of ours lets the terms checkbox block the sheet before it opens.
 *
 * French law (Code de la consommation L221-5, L221-14): the contract is concluded online, so the
 * way of delivery, the total and the terms of sale are shown, and the terms must be accepted, next
 * to the button.
 */
export function QuickPay({ publishableKey, items, subtotalCents, coupon, loyaltyBalanceCents }: QuickPayProps) {
  const id = useId();
  const navigate = useNavigate();
  const pricing = usePricingRefresh();
  const storeProfile = useStoreProfile();
  const label = quickPayLabel(storeProfile);
  const checkboxRef = useRef<HTMLInputElement>(null);
  // Read once: the cached answer decides whether Stripe.js is loaded at all on this visit.
  const [cachedSupport] = useState(() => readQuickPaySupport());
  const [phase, setPhase] = useState<Phase>(() => (cachedSupport === 'unsupported' ? { kind: 'hidden' } : { kind: 'waiting' }));
  const [accepted, setAccepted] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const amountCents = quickPayAmountCents({
    subtotalCents,
    couponDiscountCents: coupon && !coupon.pending ? coupon.discountCents : 0,
    loyaltyBalanceCents,
  });
  const total = { label, amount: amountCents };
  const currentTotal = useEffectEvent(() => total);

  useEffect(() => {
    if (cachedSupport === 'unsupported') return;
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      loadStripeOnce(publishableKey)
        .then(async (stripe) => {
          const request = stripe.paymentRequest({
            country: 'FR',
            currency: 'eur',
            total: currentTotal(),
            requestPayerName: true,
            requestPayerEmail: true,
            requestPayerPhone: true,
            requestShipping: false,
          });
          const wallet = walletOf(await request.canMakePayment());
          if (cancelled) return;
          rememberQuickPaySupport(wallet ? 'supported' : 'unsupported');
          setPhase(wallet ? { kind: 'ready', stripe, request, wallet } : { kind: 'hidden' });
        })
        .catch(() => {
          // Stripe.js did not load (offline, blocked): nothing is known about the wallet, nothing is cached.
          if (!cancelled) setPhase({ kind: 'hidden' });
        });
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [cachedSupport, publishableKey]);

  // The sheet shows the cart's current total (it cannot be changed while the sheet is open).
  useEffect(() => {
    if (phase.kind === 'ready' && !phase.request.isShowing()) phase.request.update({ total: { label, amount: amountCents } });
  }, [phase, label, amountCents]);

  const onPaymentMethod = useEffectEvent((stripe: Stripe, event: PaymentRequestPaymentMethodEvent) => {
    const request = buildQuickPayOrderRequest({
      payer: { name: event.payerName, email: event.payerEmail, phone: event.payerPhone },
      items,
      couponCode: coupon?.code ?? null,
      useLoyalty: loyaltyBalanceCents > 0,
      amountCents,
    });
    setBusy(true);
    setMessage('');
    void payWithQuickPay(stripe, event, request).then(async (outcome) => {
      if (outcome.status === 'failed') {
        setBusy(false);
        setMessage(outcome.message);
        // The total changed (prices, code, points): the cart shows the server's figures again.
        if (outcome.stale) await pricing.refresh({ code: outcome.stale, items, coupon });
        return;
      }
      // Leave the cart first (it would show "panier vide" meanwhile), then empty it once paid; a
      // payment the bank has not confirmed yet keeps the cart until the landing sees the order paid.
      await navigate(quickPayLandingPath(outcome.reference));
      if (outcome.status === 'paid') {
        clearCart();
        rememberOrder({ ...outcome.reference, cartCleared: true });
      }
    });
  });

  useEffect(() => {
    if (phase.kind !== 'ready') return;
    const { stripe, request } = phase;
    const handlePaymentMethod = (event: PaymentRequestPaymentMethodEvent) => onPaymentMethod(stripe, event);
    request.on('paymentmethod', handlePaymentMethod);
    return () => {
      request.off('paymentmethod', handlePaymentMethod);
    };
  }, [phase]);

  if (phase.kind === 'hidden') return null;
  if (phase.kind === 'waiting') {
    // A browser known to have a wallet keeps the block's room while Stripe.js loads (no layout shift).
    return cachedSupport === 'supported' ? <div aria-hidden="true" className="mt-4 h-52 animate-pulse rounded-xl bg-slate-100 dark:bg-ink-800" /> : null;
  }

  const onPay = () => {
    if (busy) return;
    if (!accepted) {
      setMessage(QUICK_PAY_TERMS_REQUIRED);
      checkboxRef.current?.focus();
      return;
    }
    if (coupon?.pending) {
      setMessage(COUPON_PENDING_MESSAGE);
      return;
    }
    setMessage('');
    // Must stay synchronous: the browser opens the sheet only from the click itself.
    if (!phase.request.isShowing()) phase.request.update({ total });
    phase.request.show();
  };

  const termsMissing = message === QUICK_PAY_TERMS_REQUIRED;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-bold">
        <Zap aria-hidden="true" className="size-4" />
        Paiement express
      </h2>
      <p className="mt-2 flex items-start gap-2 text-sm">
        <Store aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {quickPayPickupNotice(storeProfile)}
      </p>
      <p className="mt-1 flex items-baseline justify-between gap-3 text-sm">
        <span>Total à payer (TTC)</span>
        <strong className="text-base tabular-nums">{formatCents(amountCents)}</strong>
      </p>
      <div className="mt-2 flex min-h-11 items-start gap-3">
        <input
          ref={checkboxRef}
          id={`${id}-terms`}
          type="checkbox"
          required
          checked={accepted}
          onChange={(event) => {
            setAccepted(event.target.checked);
            if (event.target.checked && termsMissing) setMessage('');
          }}
          aria-invalid={termsMissing || undefined}
          aria-describedby={termsMissing ? `${id}-message` : undefined}
          className="mt-1 size-5 shrink-0 cursor-pointer accent-brand-700 dark:accent-brand-400"
        />
        <label htmlFor={`${id}-terms`} className="cursor-pointer text-sm">
          {"J'accepte les "}
          <a
            href="/cgv"
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300"
          >
            conditions générales de vente
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only"> (nouvel onglet)</span>
          </a>
        </label>
      </div>
      <button
        type="button"
        onClick={onPay}
        aria-disabled={busy || undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        className="mt-2 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-black px-4 py-2 text-base font-semibold text-white transition-colors hover:bg-slate-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 dark:bg-white dark:text-black dark:hover:bg-slate-200"
      >
        {busy ? 'Paiement en cours…' : buttonLabels[phase.wallet]}
      </button>
      <p role="status" className="sr-only">
        {busy ? 'Paiement en cours…' : ''}
      </p>
      <p id={`${id}-message`} role="alert" className="mt-2 text-sm font-medium text-red-700 empty:hidden dark:text-red-300">
        {message}
      </p>
    </section>
  );
}
