/**
 * The local fakes of the payment and relay-point providers for the end-to-end tests: Stripe
 * (card intents, Klarna's hosted checkout page, signed webhooks to the app), PayPal and
 * Colissimo, each on its own port of 127.0.0.1, speaking the real wire formats
 * (../shared/reference/external-apis.md). Started by Playwright as a web server before the app:
 *   tsx --conditions=source e2e/fake-providers.ts
 * Ports and secrets come from the environment (see playwright.config.ts).
 */
import { startColissimoFake } from '../apps/server/src/test/fakes/colissimo-fake.js';
import { startPaypalFake } from '../apps/server/src/test/fakes/paypal-fake.js';
import { startStripeFake } from '../apps/server/src/test/fakes/stripe-fake.js';

function port(name: string): number {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} is required`);
  return value;
}

const appUrl = process.env.E2E_APP_URL;
if (!appUrl) throw new Error('E2E_APP_URL is required');

const stripe = await startStripeFake({
  port: port('E2E_STRIPE_PORT'),
  secretKey: process.env.E2E_STRIPE_SECRET_KEY,
  webhookSecret: process.env.E2E_STRIPE_WEBHOOK_SECRET,
  webhookUrl: `${appUrl}/api/woocommerce-payments/stripe/webhook`,
});
const paypal = await startPaypalFake({
  port: port('E2E_PAYPAL_PORT'),
  clientId: process.env.E2E_PAYPAL_CLIENT_ID,
  clientSecret: process.env.E2E_PAYPAL_CLIENT_SECRET,
});
const colissimo = await startColissimoFake({
  port: port('E2E_COLISSIMO_PORT'),
  accountNumber: process.env.E2E_COLISSIMO_ACCOUNT,
  password: process.env.E2E_COLISSIMO_PASSWORD,
});
console.log(`fake providers: stripe ${stripe.url}, paypal ${paypal.url}, colissimo ${colissimo.url}`);

// Playwright stops its web servers with a signal at the end of the run.
const stop = async () => {
  await Promise.allSettled([stripe.close(), paypal.close(), colissimo.close()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
