import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, RotateCcw } from 'lucide-react';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { klarnaPlans, paymentMessages, type KlarnaPlanId } from '@erepare/shared/payments';
import { decimalToCents } from '@erepare/shared/shop';
import { Button } from '../../../components/ui/button';
import { RadioCard } from '../components/radio-card';
import { ensureOrderRemembered } from './payment-return';
import { klarnaErrorMessage } from './payment-errors';
import { createKlarnaCheckoutSession, createKlarnaSession, paymentsConfigQuery } from '../../../lib/payments-api';
import type { PaymentWidgetProps } from './registry';

/** Leaves for Stripe's hosted Klarna page (a seam for tests: jsdom cannot navigate). */
export type Redirect = (url: string) => void;
const assignLocation: Redirect = (url) => window.location.assign(url);

/**
 * Klarna at step 5 (spec 2 §4, §5, §9): the buyer picks a plan (none preselected; financing only
 * above 200 €), then leaves for Klarna on Stripe's hosted checkout, and comes back to
 * /payment/success?provider=klarna (confirmed by our server) or /payment/cancel. No Stripe.js here.
 */
export function KlarnaWidget({ order, orderKey, onError, redirect = assignLocation }: PaymentWidgetProps & { redirect?: Redirect }) {
  const queryClient = useQueryClient();
  const totalCents = decimalToCents(order.total) ?? 0;
  const plans = useMemo(() => klarnaPlans(totalCents), [totalCents]);
  const [plan, setPlan] = useState<KlarnaPlanId | null>(null);
  const [planError, setPlanError] = useState(false);
  const [state, setState] = useState<'idle' | 'processing' | 'redirecting' | 'error'>('idle');
  const firstRadio = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const id = useId();
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    if (!plan) {
      setPlanError(true);
      firstRadio.current?.focus();
      return;
    }
    busy.current = true;
    setState('processing');
    onError('');
    const proof = { orderId: order.id, orderKey };
    try {
      const config = await queryClient.fetchQuery(paymentsConfigQuery).catch(() => null);
      if (config && (config.stripe === null || !config.stripe.methods.includes('klarna'))) {
        setState('error');
        onError(paymentMessages.stripeUnavailable);
        return;
      }
      await createKlarnaSession(proof, plan);
      const checkout = await createKlarnaCheckoutSession(proof, plan);
      // The return page confirms with this key (the buyer comes back in this tab).
      ensureOrderRemembered(order.id, orderKey);
      setState('redirecting');
      redirect(checkout.url);
    } catch (error) {
      setState('error');
      onError(klarnaErrorMessage(error));
    } finally {
      busy.current = false;
    }
  };

  const processing = state === 'processing' || state === 'redirecting';
  return (
    <form onSubmit={(event) => void pay(event)} noValidate className="grid gap-4" aria-busy={processing}>
      <div
        role="radiogroup"
        aria-labelledby={legendId}
        aria-required="true"
        aria-invalid={planError || undefined}
        aria-describedby={planError ? errorId : undefined}
        className="grid gap-3"
      >
        <p id={legendId} className="font-semibold">
          Choisissez votre plan de paiement Klarna
        </p>
        {plans.map((candidate, index) => (
          <RadioCard
            key={candidate.id}
            ref={index === 0 ? firstRadio : undefined}
            id={`${id}-${candidate.id}`}
            name={`${id}-plan`}
            value={candidate.id}
            title={candidate.title}
            description={candidate.description}
            checked={plan === candidate.id}
            disabled={processing}
            onChange={() => {
              setPlan(candidate.id);
              setPlanError(false);
            }}
            className={planError ? 'border-red-600! dark:border-red-400!' : ''}
          />
        ))}
        {planError ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {paymentMessages.klarnaPlanRequired}
          </p>
        ) : null}
      </div>
      <div role="status" aria-live="polite" className="text-sm text-slate-700 empty:hidden dark:text-slate-300">
        {state === 'redirecting' ? 'Redirection vers Klarna…' : ''}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
        {state === 'error' ? (
          <Button variant="secondary" type="submit">
            <RotateCcw aria-hidden="true" className="size-4" />
            {paymentMessages.retry}
          </Button>
        ) : null}
        {state === 'error' ? null : (
          <Button type="submit" disabled={processing} aria-disabled={processing} className="sm:min-w-72">
            {processing ? 'Traitement...' : 'Payer avec Klarna'}
            {processing ? null : <ExternalLink aria-hidden="true" className="size-4" />}
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-600 sm:text-right dark:text-slate-400">
        Vous finalisez le paiement sur la page sécurisée de Klarna, puis revenez sur notre site.
      </p>
    </form>
  );
}
