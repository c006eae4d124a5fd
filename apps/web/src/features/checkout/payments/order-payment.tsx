import { CreditCard } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import type { Order } from '@erepare/shared/schemas/shop';
import { paymentAlertText } from './payment-errors';
import { PaymentWidgetHost } from './payment-widget-host';
import { paymentWidgetFor } from './registry';

/** An order still waiting for its online payment, with a widget for its method (and its key). */
export function canPayOnline(order: Order, orderKey: string): boolean {
  return order.status === 'pending' && order.needs_payment && orderKey !== '' && paymentWidgetFor(order.payment_method) !== null;
}

type OrderPaymentProps = { order: Order; orderKey: string; onPaid: (order?: Order) => void };

/**
 * "Régler ma commande" on the order page: the way back after a cancelled or refused payment
 * (Klarna, PayPal, a card refused at the bank) without creating a second order.
 */
export function OrderPayment({ order, orderKey, onPaid }: OrderPaymentProps) {
  const [error, setError] = useState<string | null>(null);
  const reportError = useCallback((message: string) => setError(message || null), []);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:p-6 dark:border-slate-700">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <CreditCard aria-hidden="true" className="size-5" />
        {`Régler ma commande\u00a0: ${order.payment_method_title}`}
      </h2>
      <PaymentWidgetHost order={order} orderKey={orderKey} onPaid={onPaid} onError={reportError} />
      {error ? (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {paymentAlertText(order.payment_method, error)}
        </p>
      ) : null}
    </section>
  );
}
