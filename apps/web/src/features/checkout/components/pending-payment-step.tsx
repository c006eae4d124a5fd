import { ArrowLeft } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { Order } from '@erepare/shared/schemas/shop';
import { Button, ButtonLink } from '../../../components/ui/button';
import { formatDateTime } from '@erepare/shared/format';
import { paymentAlertText } from '../payments/payment-errors';
import { PaymentWidgetHost } from '../payments/payment-widget-host';

type PendingPaymentStepProps = {
  order: Order;
  orderKey: string;
  onPaid: (order?: Order) => void;
  onBack: () => void;
};

/**
 * Step 5 "Commande en attente de paiement" (spec 2 §2): the order exists (pending, stock reserved);
 * the widget of the chosen online method takes the payment. Buttons Retour (step 4) and Continuer
 * les achats (/boutique).
 */
export function PendingPaymentStep({ order, orderKey, onPaid, onBack }: PendingPaymentStepProps) {
  const [error, setError] = useState<string | null>(null);
  // A widget clears the alert with an empty message when a new attempt starts.
  const reportError = useCallback((message: string) => setError(message || null), []);
  return (
    <div className="grid gap-5">
      <dl className="grid gap-1 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-700">
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="font-medium">Commande</dt>
          <dd className="font-semibold">{`n° ${order.number}`}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="font-medium">Statut</dt>
          <dd>{order.status_label}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-2">
          <dt className="font-medium">Mode de paiement</dt>
          <dd>{order.payment_method_title}</dd>
        </div>
        {order.expires_at ? (
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="font-medium">À régler avant</dt>
            <dd>{formatDateTime(order.expires_at)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Vos articles sont réservés. Sans paiement dans les 60 minutes, la commande est annulée automatiquement.
      </p>
      <PaymentWidgetHost order={order} orderKey={orderKey} onPaid={onPaid} onError={reportError} />
      {/* Under the widget, next to its button: where the eyes are after "Payer". */}
      {error ? (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {paymentAlertText(order.payment_method, error)}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Retour
        </Button>
        <ButtonLink to="/boutique" variant="ghost">
          Continuer les achats
        </ButtonLink>
      </div>
    </div>
  );
}
