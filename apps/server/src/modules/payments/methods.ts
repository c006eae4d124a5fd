import { PAYMENT_METHOD_TITLES } from '@erepare/shared/shop';
import type { PaymentsPublicConfig } from '@erepare/shared/payments';
import type { StoreProfile } from '@erepare/shared/store-profile';
import type { Config } from '../../config.js';
import { offlinePaymentMethods, type PaymentMethodAdapter } from '../shop/payment-methods.js';

/**
 * The online payment methods configured: Stripe's card, Klarna and Revolut Pay (STRIPE_METHODS)
 * and PayPal. A provider without configuration is simply not offered.
 */
export function onlinePaymentMethods(config: Pick<Config, 'payments'>): PaymentMethodAdapter[] {
  const methods: PaymentMethodAdapter[] = [];
  const online = (id: PaymentMethodAdapter['id'], description: string, order: number): PaymentMethodAdapter => ({
    id,
    kind: 'online',
    title: PAYMENT_METHOD_TITLES[id],
    description,
    order,
    shippingMethods: null,
    initialStatus: 'pending',
  });
  const stripe = config.payments.stripe;
  if (stripe?.methods.includes('card')) {
    methods.push(online('stripe', 'Visa, Mastercard, CB\u00a0: paiement sécurisé (3D Secure) par Stripe, débité à la commande.', 1));
  }
  if (stripe?.methods.includes('klarna')) {
    methods.push(online('klarna', 'Payez en 3 ou 4 fois sans frais ou dans 30 jours\u00a0; financement possible au-delà de 200\u00a0€.', 2));
  }
  if (stripe?.methods.includes('revolut_pay')) {
    methods.push(online('revolut_pay', 'Payez depuis votre application Revolut, en quelques secondes.', 3));
  }
  if (config.payments.paypal) {
    methods.push(online('paypal', 'Payez avec votre compte PayPal ou une carte via PayPal.', 4));
  }
  return methods;
}

/** Every method the checkout offers now (given the saved store profile): the online ones first, then transfer and pay-in-store. */
export function paymentMethodsOf(config: Pick<Config, 'payments' | 'publicUrl'>, profile: StoreProfile): PaymentMethodAdapter[] {
  return [...onlinePaymentMethods(config), ...offlinePaymentMethods(profile, config.publicUrl)].sort((a, b) => a.order - b.order);
}

/** The public values the browser needs to load a provider's script (never a secret). */
export function publicPaymentsConfig(config: Pick<Config, 'payments' | 'colissimo'>): PaymentsPublicConfig {
  const { stripe, paypal } = config.payments;
  return {
    stripe: stripe ? { publishable_key: stripe.publishableKey, methods: stripe.methods } : null,
    paypal: paypal ? { client_id: paypal.clientId, currency: 'EUR' } : null,
    colissimo: config.colissimo !== null,
  };
}
