import { Construction } from 'lucide-react';
import { Component, createElement, Suspense, type ReactNode } from 'react';
import type { Order } from '@erepare/shared/schemas/shop';
import { PaymentSkeleton } from './payment-skeleton';
import { paymentWidgetFor, type PaymentWidget, type PaymentWidgetProps } from './registry';

/** The widget's chunk failed to load (offline, new deployment): say so instead of a blank area. */
class WidgetBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          Le module de paiement n’a pas pu être chargé. Vérifiez votre connexion puis rechargez la page.
        </p>
      );
    }
    return this.props.children;
  }
}

export function PaymentNotIntegrated() {
  return (
    <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <p className="flex items-center gap-2 font-semibold">
        <Construction aria-hidden="true" className="size-4 shrink-0" />
        {"Mode de paiement en cours d'intégration"}
      </p>
      <p className="mt-1">
        Ce moyen de paiement n’est pas encore disponible en ligne. Revenez à l’étape précédente et choisissez le virement bancaire, ou le
        paiement en boutique avec le retrait en boutique.
      </p>
    </div>
  );
}

/** The height each widget takes once loaded (its form, its plans, its buttons), kept while its chunk loads. */
const reservedHeights: Readonly<Partial<Record<string, string>>> = {
  stripe: 'min-h-[19rem]',
  revolut_pay: 'min-h-[11rem]',
  klarna: 'min-h-[24rem]',
  paypal: 'min-h-[11rem]',
};

type PaymentWidgetHostProps = Omit<PaymentWidgetProps, 'order'> & {
  order: Order;
  /** For tests and previews; the registry by default. */
  widget?: PaymentWidget | null;
};

/** Renders the registered widget of the order's payment method, or the "en cours d'intégration" notice. */
export function PaymentWidgetHost({ order, widget, ...props }: PaymentWidgetHostProps) {
  const Widget = widget === undefined ? paymentWidgetFor(order.payment_method) : widget;
  if (!Widget) return <PaymentNotIntegrated />;
  return (
    <WidgetBoundary>
      {/* The widget's own height while its chunk loads: nothing below jumps. */}
      <Suspense
        fallback={
          <div className={reservedHeights[order.payment_method] ?? 'min-h-[11rem]'}>
            <PaymentSkeleton />
          </div>
        }
      >
        {/* The widget comes from the static registry (one lazy component per method), not created here. */}
        {createElement(Widget, { order, ...props })}
      </Suspense>
    </WidgetBoundary>
  );
}
