/**
 * Ports and credentials of the local provider fakes (Stripe, PayPal, Colissimo) the e2e server is
 * configured with. The ports follow the app's (E2E_PORT is chosen once by playwright.config.ts).
 */
const fakePort = (offset: number) => String(Number(process.env.E2E_PORT) + offset);

export const E2E_PROVIDERS = {
  // Getters: E2E_PORT is set by the configuration after its imports are evaluated.
  get stripePort() {
    return fakePort(1000);
  },
  get paypalPort() {
    return fakePort(1001);
  },
  get colissimoPort() {
    return fakePort(1002);
  },
  stripeSecretKey: 'sk_test_e2e4b1f0c9d2a7',
  stripePublishableKey: 'pk_test_e2e4b1f0c9d2a7',
  stripeWebhookSecret: 'whsec_e2e4b1f0c9d2a7',
  paypalClientId: 'e2e-paypal-client-id',
  paypalClientSecret: 'e2e-paypal-client-secret',
  colissimoAccount: '123456',
  colissimoPassword: 'e2e-colissimo',
} as const;
