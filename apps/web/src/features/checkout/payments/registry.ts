import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Order } from '@erepare/shared/schemas/shop';

/**
 * The seam between checkout and the online payment providers.
 *
 * Checkout creates the order (POST /api/shop/orders) and, when the chosen gateway is `online`,
 * shows step 5 "Commande en attente de paiement" with the widget registered here under the
 * gateway's id (the `payment_method` of the order). Offline methods (bacs, cod) never reach step 5.
 *
 * To add a provider (payments issue: stripe, klarna, paypal, revolut_pay):
 *   1. write `payments/<provider>-widget.tsx` exporting a component that takes PaymentWidgetProps;
 *      it loads its SDK itself (only when rendered: the widget is a lazy chunk), talks to our
 *      server with the order id and order key, and never decides an amount (the server does);
 *   2. register it below: `stripe: lazy(() => import('./stripe-widget').then((m) => ({ default: m.StripeWidget })))`;
 *   3. have the server list the gateway as `online` in GET /api/shop/payment-gateways.
 * Nothing else in checkout changes. A gateway listed by the server without a widget here shows
 * "Mode de paiement en cours d'intégration" at step 5 instead of a broken form.
 */
export type PaymentWidgetProps = {
  /** The order as created (status pending, totals computed by the server). */
  order: Order;
  /** Proves the order to the server for a guest (creation answer only). */
  orderKey: string;
  /**
   * The payment is confirmed (by the server's answer, not by the provider's browser callback alone):
   * checkout empties the cart and opens /commande. Pass the refreshed order when you have it.
   */
  onPaid: (order?: Order) => void;
  /**
   * A failure to show in the page's alert ("Erreur de paiement: {msg}" and its provider variants,
   * spec 2 §8); an empty message clears the alert (a new attempt starts).
   */
  onError: (message: string) => void;
};

export type PaymentWidget = LazyExoticComponent<ComponentType<PaymentWidgetProps>>;

// Each widget is its own chunk, with its provider's SDK: nothing of it loads before step 5.
const paymentWidgets: Readonly<Partial<Record<string, PaymentWidget>>> = {
  stripe: lazy(() => import('./stripe-widget').then((m) => ({ default: m.StripeWidget }))),
  revolut_pay: lazy(() => import('./stripe-widget').then((m) => ({ default: m.RevolutPayWidget }))),
  klarna: lazy(() => import('./klarna-widget').then((m) => ({ default: m.KlarnaWidget }))),
  paypal: lazy(() => import('./paypal-widget').then((m) => ({ default: m.PaypalWidget }))),
};

/** The widget of a payment method id, or null when none is integrated yet. */
export function paymentWidgetFor(paymentMethod: string, widgets: Readonly<Partial<Record<string, PaymentWidget>>> = paymentWidgets): PaymentWidget | null {
  return Object.hasOwn(widgets, paymentMethod) ? (widgets[paymentMethod] ?? null) : null;
}
