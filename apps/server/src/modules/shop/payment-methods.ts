import { PAYMENT_METHOD_TITLES, type PaymentMethodId } from '@erepare/shared/shop';
import { bankTransferOffered } from '@erepare/shared/go-live';
import type { StoreProfile } from '@erepare/shared/store-profile';
import type { PaymentGateway } from '@erepare/shared/schemas/shop';

/**
 * Payment methods the shop offers. Bank transfer and pay-in-store need no provider; the online
 * providers of the payments issue (Stripe, Klarna, Revolut Pay, PayPal) register here as adapters
 * when configured, so checkout lists whatever this returns without being reshaped.
 */
export type PaymentMethodAdapter = {
  id: PaymentMethodId;
  kind: 'offline' | 'online';
  title: string;
  description: string;
  order: number;
  /** Shipping methods it may be combined with; null: any. */
  shippingMethods: string[] | null;
  /** Status of a new order paid this way: on-hold (bank transfer), processing (pay in store), pending (online). */
  initialStatus: 'pending' | 'on-hold' | 'processing';
};

/**
 * Bank transfer and pay-in-store. Bank transfer needs an IBAN in the saved profile and, on a site
 * that runs for real (`publicUrl` not on this machine), real bank details: never the example ones
 * (go-live.ts, issue 23 §2).
 */
export function offlinePaymentMethods(profile: StoreProfile, publicUrl: string): PaymentMethodAdapter[] {
  const methods: PaymentMethodAdapter[] = [];
  if (bankTransferOffered(profile, publicUrl)) {
    methods.push({
      id: 'bacs',
      kind: 'offline',
      title: PAYMENT_METHOD_TITLES.bacs,
      description:
        'Effectuez le virement en indiquant votre numéro de commande comme référence. Votre commande est préparée sous 24 à 48 h après réception du paiement.',
      order: 10,
      shippingMethods: null,
      initialStatus: 'on-hold',
    });
  }
  methods.push({
    id: 'cod',
    kind: 'offline',
    title: PAYMENT_METHOD_TITLES.cod,
    description: 'Réglez votre commande en boutique, par carte ou en espèces, au moment du retrait.',
    order: 20,
    shippingMethods: ['local_pickup'],
    initialStatus: 'processing',
  });
  return methods;
}

export function toGatewayView(method: PaymentMethodAdapter): PaymentGateway {
  return {
    id: method.id,
    title: method.title,
    description: method.description,
    enabled: true,
    method_title: method.title,
    order: method.order,
    kind: method.kind,
    shipping_methods: method.shippingMethods,
  };
}
