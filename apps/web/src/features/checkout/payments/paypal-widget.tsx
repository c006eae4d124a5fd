import { loadScript, type PayPalNamespace } from '@paypal/paypal-js';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, ExternalLink, Info, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { paymentMessages } from '@erepare/shared/payments';
import { Button, ButtonLink } from '../../../components/ui/button';
import { orderPagePath } from '../../../lib/order-reference';
import { paymentErrorMessage } from './payment-errors';
import { ensureOrderRemembered } from './payment-return';
import { PaymentSkeleton } from './payment-skeleton';
import { capturePaypalOrder, createPaypalOrder, paymentsConfigQuery } from '../../../lib/payments-api';
import type { PaymentWidgetProps } from './registry';
import { useLatest } from './use-latest';

export class PaypalLoadError extends Error {
  constructor() {
    super(paymentMessages.paypalSdkFailed);
    this.name = 'PaypalLoadError';
  }
}

/** PayPal's JS SDK (buttons only, in euros, in French), loaded by this widget only. */
async function loadPaypal(clientId: string): Promise<PayPalNamespace> {
  try {
    const paypal = await loadScript({ clientId, currency: 'EUR', intent: 'capture', locale: 'fr_FR', components: 'buttons' });
    if (!paypal?.Buttons) throw new PaypalLoadError();
    return paypal;
  } catch {
    throw new PaypalLoadError();
  }
}

/** A message from what PayPal's SDK hands to onError (an Error, or a plain object). */
function paypalErrorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) return error.message;
  return paymentMessages.genericFailure;
}

type PaypalState = 'idle' | 'processing' | 'succeeded' | 'pending' | 'cancelled';

/** Leaves for PayPal's own site (a seam for tests: jsdom cannot navigate). */
export type Redirect = (url: string) => void;
const assignLocation: Redirect = (url) => window.location.assign(url);

/**
 * PayPal at step 5 (spec 2 §2, §7): PayPal's buttons; the order is created and captured by our
 * server (POST /paypal/create-order, /paypal/capture-order), which charges the order's own total.
 */
export function PaypalWidget({ order, orderKey, onPaid, onError, redirect = assignLocation }: PaymentWidgetProps & { redirect?: Redirect }) {
  const config = useQuery(paymentsConfigQuery);
  const clientId = config.data?.paypal?.client_id ?? '';
  const sdk = useQuery({
    queryKey: ['payments', 'paypal-sdk', clientId] as const,
    queryFn: () => loadPaypal(clientId),
    enabled: clientId !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    structuralSharing: false,
  });
  const container = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);
  const [state, setState] = useState<PaypalState>('idle');
  const report = useLatest(onError);
  const paid = useLatest(onPaid);

  const notConfigured = config.data !== undefined && config.data.paypal === null;
  const loadError = notConfigured
    ? paymentMessages.notConfigured
    : config.isError
      ? paymentErrorMessage(config.error, 'paypal-order')
      : sdk.isError
        ? paymentMessages.paypalSdkFailed
        : null;

  useEffect(() => {
    if (loadError) report.current(loadError);
  }, [loadError, report]);

  const paypal = sdk.data;
  useEffect(() => {
    const target = container.current;
    if (!paypal?.Buttons || !target) return;
    const proof = { orderId: order.id, orderKey };
    // A failure of our own server is said once (PayPal then calls onError with its own words).
    let reported = false;
    let active = true;
    const buttons = paypal.Buttons({
      style: { layout: 'vertical', shape: 'rect', color: 'gold', label: 'pay', height: 48, tagline: false },
      createOrder: async () => {
        report.current('');
        setState('idle');
        try {
          return (await createPaypalOrder(proof)).id;
        } catch (error) {
          reported = true;
          report.current(paymentErrorMessage(error, 'paypal-order'));
          throw error;
        }
      },
      onApprove: async (data) => {
        setState('processing');
        try {
          const answer = await capturePaypalOrder(proof, data.orderID);
          if (!active) return;
          if (answer.success) {
            setState('succeeded');
            paid.current(answer.data);
          } else {
            setState('pending');
          }
        } catch (error) {
          if (!active) return;
          setState('idle');
          report.current(paymentErrorMessage(error, 'capture'));
        }
      },
      onCancel: () => setState('cancelled'),
      onError: (error) => {
        if (reported) {
          reported = false;
          return;
        }
        report.current(paymentMessages.paypalError(paypalErrorText(error)));
      },
    });
    buttons
      .render(target)
      .then(() => {
        if (active) setRendered(true);
      })
      .catch(() => {
        // Closed before it finished (the buyer left the step): nothing to say.
        if (active) report.current(paymentMessages.paypalSdkFailed);
      });
    return () => {
      active = false;
      setRendered(false);
      void buttons.close().catch(() => undefined);
    };
  }, [paypal, order.id, orderKey, report, paid]);

  const retry = () => {
    report.current('');
    if (config.isError) void config.refetch();
    if (sdk.isError) void sdk.refetch();
  };

  // Without PayPal's script (blocked, offline): the same order approved on PayPal's site, then
  // captured by the return page (/payment/success?provider=paypal&order=&token=).
  const [leaving, setLeaving] = useState(false);
  const payOnPaypal = async () => {
    if (leaving) return;
    setLeaving(true);
    report.current('');
    try {
      const created = await createPaypalOrder({ orderId: order.id, orderKey });
      if (!created.approve_url) throw new PaypalLoadError();
      ensureOrderRemembered(order.id, orderKey);
      redirect(created.approve_url);
    } catch (error) {
      setLeaving(false);
      report.current(error instanceof PaypalLoadError ? paymentMessages.paypalSdkFailed : paymentErrorMessage(error, 'paypal-order'));
    }
  };

  if (loadError) {
    return (
      <div className="grid content-start gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {notConfigured
            ? 'Revenez à l’étape précédente pour choisir un autre mode de paiement.'
            : 'Les boutons PayPal n’ont pas pu s’afficher. Vérifiez votre connexion (ou un bloqueur de contenu) puis réessayez.'}
        </p>
        {notConfigured ? null : (
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button variant="secondary" onClick={retry} disabled={config.isFetching || sdk.isFetching}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {paymentMessages.retry}
            </Button>
            {sdk.isError ? (
              <Button variant="secondary" onClick={() => void payOnPaypal()} disabled={leaving} aria-disabled={leaving}>
                <ExternalLink aria-hidden="true" className="size-4" />
                {leaving ? 'Redirection vers PayPal…' : 'Payer sur le site de PayPal'}
              </Button>
            ) : null}
          </div>
        )}
      </div>
    );
  }

  const done = state === 'succeeded' || state === 'pending';
  return (
    <div className="grid gap-4">
      <div className="relative min-h-[11rem]" aria-busy={!rendered || state === 'processing'} hidden={done}>
        {rendered ? null : <PaymentSkeleton overlay bars={2} />}
        {/* PayPal draws its buttons (iframes) in here. */}
        <div ref={container} className="relative z-0 mx-auto w-full max-w-md" />
      </div>
      <div role="status" aria-live="polite" className="empty:hidden">
        {state === 'processing' ? (
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">Traitement...</p>
        ) : state === 'cancelled' ? (
          <p className="flex items-start gap-2 rounded-xl border border-slate-300 bg-slate-50 p-4 text-sm dark:border-slate-600 dark:bg-ink-800">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {paymentMessages.returnCancelled}
          </p>
        ) : state === 'pending' ? (
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
      {done ? null : (
        <p className="text-center text-xs text-slate-600 dark:text-slate-400">
          Vous validez le paiement dans la fenêtre PayPal&nbsp;; la commande est confirmée dès que PayPal nous a versé le montant.
        </p>
      )}
    </div>
  );
}
