/**
 * The fault suite's fake providers in a child process (run with `tsx --conditions=source`, as
 * e2e/fake-providers.ts is): RepairDesk, Stripe and PayPal fakes of apps/server/src/test/fakes,
 * each on its own port of 127.0.0.1, plus a small control server so the runner (plain .mjs) can
 * drive their test controls: POST /call `{ fake, path, args }` calls `fake.<path>(...args)` (or
 * reads the property) and answers `{ result }` as JSON.
 *
 * Prints one JSON line on stdout when ready: `{ control, repairdesk: { url, apiKey }, stripe:
 * { url, secretKey, webhookSecret }, paypal: { url } }`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_CLIENT_SECRET, startPaypalFake } from '../../../apps/server/src/test/fakes/paypal-fake.js';
import { startFakeRepairDesk } from '../../../apps/server/src/test/fakes/repairdesk-fake.js';
import type { RdTicket } from '../../../apps/server/src/test/fakes/repairdesk-store.js';
import { FAKE_STRIPE_PUBLISHABLE_KEY, FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startStripeFake } from '../../../apps/server/src/test/fakes/stripe-fake.js';

const now = Math.floor(Date.now() / 1000);

/** A RepairDesk ticket as the fake serves it (reference §1.4). */
function ticket(id: number, number: string, status: string, model: string): RdTicket {
  return {
    summary: {
      id,
      order_id: number,
      created_date: now - 3600 * id,
      modified_on: now - 600,
      customer: { cid: 500 + id, first_name: 'Camille', last_name: 'Panne', email: `camille.${id}@exemple.fr`, mobile: '0612345678', phone: '' },
      total: '89.90',
      subtotal: '89.90',
      total_tax: '0.00',
      description: 'Écran cassé',
    },
    devices: [
      {
        id: id * 10,
        device: { id: 1000 + id, name: `Apple ${model}`, device_type: 'Smartphone', manufacturer: 'Apple' },
        model,
        problem: 'Écran cassé',
        status: { name: status },
        imei: '',
        serial: '',
        security_code: '',
        price: '89.90',
        total: '89.90',
        task_type: 1,
        additional_notes: '',
        repairProdItems: [{ id: 1, name: 'Remplacement écran' }],
        parts: [],
      },
    ],
    notes: [],
    hostory: [{ description: `Status changed from "En attente" to "${status}"`, creationdate: now - 1200 }],
    accessory: [],
  };
}

const repairdesk = await startFakeRepairDesk({
  rateLimit: false,
  store: {
    tickets: [ticket(1, 'T-4521', 'En cours de réparation', 'iPhone 13'), ticket(2, 'T-4522', 'Prêt à récupérer', 'iPhone 12'), ticket(3, 'T-4523', 'En attente de pièces', 'iPhone 11')],
    statuses: [
      { id: 1, name: 'En attente', type: 'Open' },
      { id: 2, name: 'En cours de réparation', type: 'Open' },
      { id: 3, name: 'En attente de pièces', type: 'Open' },
      { id: 4, name: 'Prêt à récupérer', type: 'Closed' },
    ],
  },
});
const stripe = await startStripeFake({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET });
const paypal = await startPaypalFake({ clientId: FAKE_PAYPAL_CLIENT_ID, clientSecret: FAKE_PAYPAL_CLIENT_SECRET });

const fakes: Record<string, unknown> = { repairdesk, stripe, paypal };

function resolve(root: unknown, path: string): { owner: unknown; value: unknown } {
  let owner: unknown = null;
  let value: unknown = root;
  for (const part of path.split('.')) {
    owner = value;
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  }
  return { owner, value };
}

const control = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    void (async () => {
      try {
        const { fake, path, args = [] } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { fake: string; path: string; args?: unknown[] };
        const { owner, value } = resolve(fakes[fake], path);
        const result = typeof value === 'function' ? await (value as (...rest: unknown[]) => unknown).apply(owner, args) : value;
        const body = JSON.stringify({ result: result instanceof Map ? (Object.fromEntries(result as Map<string, unknown>) as Record<string, unknown>) : (result ?? null) });
        response.writeHead(200, { 'content-type': 'application/json' }).end(body);
      } catch (error) {
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      }
    })();
  });
});
await new Promise<void>((resolveListen) => control.listen(0, '127.0.0.1', () => resolveListen()));
const { port } = control.address() as AddressInfo;

console.log(
  JSON.stringify({
    control: `http://127.0.0.1:${port}`,
    repairdesk: { url: repairdesk.url, apiKey: repairdesk.apiKey },
    stripe: { url: stripe.url, secretKey: FAKE_STRIPE_SECRET_KEY, publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET },
    paypal: { url: paypal.url, clientId: FAKE_PAYPAL_CLIENT_ID, clientSecret: FAKE_PAYPAL_CLIENT_SECRET },
  }),
);

const stop = async () => {
  control.close();
  await Promise.allSettled([repairdesk.close(), stripe.close(), paypal.close()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
