import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Appearance, Stripe, StripeElements } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, Lock, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { formatCents } from '@erepare/shared/format';
import { paymentMessages } from '@erepare/shared/payments';
import { decimalToCents } from '@erepare/shared/shop';
import type { Order } from '@erepare/shared/schemas/shop';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useStoreProfile } from '../../../lib/store-profile';
import { useTheme } from '../../../lib/use-theme';
import { orderPagePath } from '../../../lib/order-reference';
import { loadStripeOnce } from '../../../lib/load-stripe';
import { paymentErrorMessage } from './payment-errors';
import { PaymentSkeleton } from './payment-skeleton';
import { useLatest } from './use-latest';
import { confirmStripePayment, createPaymentIntent, paymentsConfigQuery } from '../../../lib/payments-api';
import { ensureOrderRemembered, stripeReturnUrl } from './payment-return';
import type { PaymentWidgetProps } from './registry';

type StripeMethod = 'stripe' | 'revolut_pay';
/** The card form's states (spec 2 §4), plus "pending": the bank has not confirmed yet. */
export type CardPaymentState = 'idle' | 'processing' | 'succeeded' | 'pending' | 'error';

/** The shop's light theme (brand cyan, slate text), or its dark one, for Stripe's form. */
function appearanceFor(theme: 'light' | 'dark'): Appearance {
  const dark = theme === 'dark';
  return {
    theme: dark ? 'night' : 'stripe',
    variables: {
      colorPrimary: dark ? '#22d3ee' : '#0e7490',
      colorBackground: dark ? '#111a2e' : '#ffffff',
      colorText: dark ? '#f1f5f9' : '#0f172a',
      colorDanger: dark ? '#fca5a5' : '#b91c1c',
      fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      fontSizeBase: '16px',
      borderRadius: '8px',
      spacingUnit: '4px',
    },
    rules: {
      '.Input': { borderColor: dark ? '#475569' : '#94a3b8', padding: '12px' },
      '.Input:focus': { boxShadow: `0 0 0 2px ${dark ? '#67e8f9' : '#0891b2'}` },
      '.Label': { fontWeight: '500' },
    },
  };
}

type StripePaymentProps = PaymentWidgetProps & { method: StripeMethod };

/** Card payment at step 5 (spec 2 §2 "Card payment"): Stripe's Payment Element on the server's PaymentIntent. */
export function StripeWidget(props: PaymentWidgetProps) {
  return <StripePayment {...props} method="stripe" />;
}

/** Revolut Pay reuses the card widget (spec 2 §7) on a PaymentIntent restricted to Revolut Pay. */
export function RevolutPayWidget(props: PaymentWidgetProps) {
  return <StripePayment {...props} method="revolut_pay" />;
}

function StripePayment({ order, orderKey, onPaid, onError, method }: StripePaymentProps) {
  const { theme } = useTheme();
  const config = useQuery(paymentsConfigQuery);
  // One PaymentIntent per order and method (StrictMode's second mount and a Retour/return to step 5
  // reuse it); a POST is never retried behind the buyer's back. No abort signal: an unmount must
  // not cancel the creation, or the next mount would create a second intent.
  const intent = useQuery({
    queryKey: ['payments', 'intent', order.id, method] as const,
    queryFn: () => createPaymentIntent({ orderId: order.id, orderKey }, method),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const publishableKey = config.data?.stripe?.publishable_key || intent.data?.publishable_key || '';
  // Stripe.js starts loading as soon as a key is known, in parallel with the PaymentIntent.
  const stripe = useQuery({
    queryKey: ['payments', 'stripe-js', publishableKey] as const,
    queryFn: () => loadStripeOnce(publishableKey),
    enabled: publishableKey !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    structuralSharing: false,
  });

  const wanted = method === 'stripe' ? 'card' : 'revolut_pay';
  const notConfigured = config.data !== undefined && (config.data.stripe === null || !config.data.stripe.methods.includes(wanted));
  const loadError = notConfigured
    ? paymentMessages.configurationError
    : intent.isError
      ? paymentErrorMessage(intent.error, 'intent')
      : stripe.isError
        ? paymentMessages.stripeLoadFailed
        : config.isError && intent.isSuccess && !publishableKey
          ? paymentMessages.configurationError
          : null;

  // The page's alert says what failed (once per failure, whatever the parent's callback identity).
  const report = useLatest(onError);
  useEffect(() => {
    if (loadError) report.current(loadError);
  }, [loadError, report]);

  const retry = () => {
    onError('');
    if (config.isError) void config.refetch();
    if (intent.isError) void intent.refetch();
    if (stripe.isError) void stripe.refetch();
  };

  const reservedHeight = method === 'stripe' ? 'min-h-[19rem]' : 'min-h-[11rem]';

  if (loadError) {
    return (
      <div className="grid content-start gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {notConfigured
            ? 'Ce mode de paiement ne peut pas être utilisé pour le moment. Revenez à l’étape précédente pour en choisir un autre.'
            : 'Le formulaire de paiement sécurisé n’a pas pu s’afficher.'}
        </p>
        {notConfigured ? null : (
          <Button variant="secondary" onClick={retry} disabled={intent.isFetching || stripe.isFetching} className="justify-self-start">
            <RotateCcw aria-hidden="true" className="size-4" />
            {paymentMessages.retry}
          </Button>
        )}
      </div>
    );
  }

  if (!intent.data || !stripe.data) {
    return (
      <div className={reservedHeight}>
        <PaymentSkeleton bars={method === 'stripe' ? 3 : 1} />
      </div>
    );
  }

  return (
    <Elements
      stripe={stripe.data}
      // A new client secret (another order) needs a new Elements group.
      key={intent.data.client_secret}
      options={{ clientSecret: intent.data.client_secret, locale: 'fr', appearance: appearanceFor(theme) }}
    >
      <StripeForm
        order={order}
        orderKey={orderKey}
        method={method}
        paymentIntentId={intent.data.payment_intent_id}
        reservedHeight={reservedHeight}
        onPaid={onPaid}
        onError={onError}
      />
    </Elements>
  );
}

type StripeFormProps = {
  order: Order;
  orderKey: string;
  method: StripeMethod;
  paymentIntentId: string;
  reservedHeight: string;
  onPaid: (order?: Order) => void;
  onError: (message: string) => void;
};

function StripeForm({ order, orderKey, method, paymentIntentId, reservedHeight, onPaid, onError }: StripeFormProps) {
  const shopName = useStoreProfile().name;
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<CardPaymentState>('idle');
  const busy = useRef(false);
  const amount = useMemo(() => formatCents(decimalToCents(order.total) ?? 0), [order.total]);

  const fail = (message: string) => {
    setState('error');
    onError(message);
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current || !stripe || !elements || !ready) return;
    busy.current = true;
    setState('processing');
    onError('');
    try {
      // A redirect method (Revolut Pay, some 3-D Secure flows) comes back to /payment/success,
      // which confirms with the key remembered here.
      ensureOrderRemembered(order.id, orderKey);
      const result = await confirmWithStripe(stripe, elements, stripeReturnUrl(order.id));
      if (result.error) {
        // Incomplete fields: Stripe says which one in the form itself, no page alert.
        if (result.error.type === 'validation_error') setState('idle');
        else fail(result.error.message ?? paymentMessages.genericFailure);
        return;
      }
      // The browser's word is not enough: our server asks Stripe, then marks the order paid.
      const answer = await confirmStripePayment({ orderId: order.id, orderKey }, result.paymentIntent.id || paymentIntentId);
      if (answer.success) {
        setState('succeeded');
        onPaid(answer.data);
      } else {
        setState('pending');
      }
    } catch (error) {
      fail(paymentErrorMessage(error, 'confirm'));
    } finally {
      busy.current = false;
    }
  };

  const processing = state === 'processing';
  return (
    <form onSubmit={(event) => void pay(event)} noValidate className="grid gap-4" aria-busy={processing}>
      <div className={`relative ${reservedHeight}`}>
        {ready ? null : <PaymentSkeleton overlay bars={method === 'stripe' ? 3 : 1} />}
        <PaymentElement
          options={{ layout: 'tabs', business: { name: shopName }, terms: { card: 'never' } }}
          onReady={() => setReady(true)}
          onLoadError={() => fail(paymentMessages.stripeLoadFailed)}
        />
      </div>
      <div role="status" aria-live="polite" className="empty:hidden">
        {state === 'pending' ? (
          <div className="grid gap-2 rounded-xl border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
            <p className="flex items-start gap-2 font-medium">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {paymentMessages.returnPending}
            </p>
            <ButtonLink to={orderPagePath({ id: order.id, key: orderKey })} variant="secondary" className="justify-self-start">
              Voir ma commande
            </ButtonLink>
          </div>
        ) : state === 'succeeded' ? (
          <p className="flex items-center gap-2 text-sm font-semibold text-emerald-700 dark:text-emerald-300">
            <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
            Paiement confirmé
          </p>
        ) : null}
      </div>
      {state === 'pending' || state === 'succeeded' ? null : (
        <>
          <Button type="submit" disabled={processing || !ready || !stripe} aria-disabled={processing || !ready} className="w-full sm:w-auto sm:min-w-72 sm:justify-self-end">
            <Lock aria-hidden="true" className="size-4" />
            {processing ? 'Traitement...' : `Payer ${amount}`}
          </Button>
          <p className="text-xs text-slate-600 sm:text-right dark:text-slate-400">
            {method === 'stripe'
              ? 'Paiement sécurisé par Stripe (3D Secure). Vos données de carte ne transitent pas par nos serveurs.'
              : 'Vous validez le paiement dans votre application Revolut, puis revenez sur cette page.'}
          </p>
        </>
      )}
    </form>
  );
}

function confirmWithStripe(stripe: Stripe, elements: StripeElements, returnUrl: string) {
  return stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } });
}
