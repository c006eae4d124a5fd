import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { orders, payments } from '../../db/schema.js';
import { startOrderExpiryJob } from '../../jobs/order-expiry.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signedInUser } from '../../test/users.js';

const TOKEN = 'jeton-de-collecte-0123456789abcdef';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (format 0.0.4). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name = '', value = ''] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name] = value;
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample with this name and these labels (undefined when absent). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

let t: TestApp;
let admin: { headers: { authorization: string } };
let customer: { headers: { authorization: string } };

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return { text: response.body, samples: parse(response.body) };
}

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  admin = await signedInUser(t.app, t.database.db, { email: 'atelier.metriques@exemple.fr', role: 'admin' });
  customer = await signedInUser(t.app, t.database.db, { email: 'client.metriques@exemple.fr' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /metrics: who may read it', () => {
  it('takes a METRICS_TOKEN of 16 printable characters at least, or none', () => {
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: 'trop-court' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'trop-court' })).toThrow(/METRICS_TOKEN doit contenir au moins 16 caractères/);
    expect(() => loadConfig({ METRICS_TOKEN: 'un jeton avec des espaces' })).toThrow(/METRICS_TOKEN ne doit contenir que des caractères ASCII imprimables/);
  });

  it('answers the scraper presenting METRICS_TOKEN, in Prometheus text format, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.body).toContain('# TYPE erepare_http_requests_total counter');
  });

  it('refuses a caller without token or session: 401 with the French envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, statusCode: 401, message: 'Utilisateur non connecté' });
    expect(response.body).not.toContain('erepare_');
  });

  it('refuses a wrong token: 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, statusCode: 401 });
  });

  it('refuses a signed-in customer: 403, admins only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: customer.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, statusCode: 403, message: 'Accès réservé aux administrateurs' });
  });

  it('answers an admin session without the token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(parse(response.body).some((sample) => sample.name === 'erepare_database_up')).toBe(true);
  });
});

describe('GET /metrics: what it says', () => {
  it('counts requests per route pattern, never per address', async () => {
    const before = valueOf((await scrape()).samples, 'erepare_http_requests_total', { method: 'GET', route: '/api/shop/orders/:id' }) ?? 0;
    await t.app.inject({ method: 'GET', url: '/api/shop/orders/987654?key=wc_order_secretkey42' });
    await t.app.inject({ method: 'GET', url: '/api/shop/orders/987655?key=wc_order_secretkey42' });
    await t.app.inject({ method: 'GET', url: '/api/inconnu/jean.dupont@exemple.fr' });
    await t.app.inject({ method: 'GET', url: '/api/health' });

    const { text, samples } = await scrape();
    const orderRoute = samples.filter((sample) => sample.name === 'erepare_http_requests_total' && sample.labels.route === '/api/shop/orders/:id');
    expect(orderRoute.reduce((sum, sample) => sum + sample.value, 0) - before).toBe(2);
    expect(valueOf(samples, 'erepare_http_requests_total', { method: 'GET', route: '/api/health', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'erepare_http_requests_total', { method: 'GET', route: 'not_found', status_code: '404' })).toBeGreaterThanOrEqual(1);
    // The latency histogram, by status class.
    expect(valueOf(samples, 'erepare_http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'erepare_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/health', status_class: '2xx', le: '+Inf' })).toBeGreaterThanOrEqual(1);
    // No raw address, id, key or e-mail in any label.
    for (const secret of ['987654', '987655', 'wc_order_secretkey42', 'jean.dupont', '/api/inconnu']) expect(text).not.toContain(secret);
  });

  it('shows the process and the database: event-loop lag, query latency, pool when there is one', async () => {
    const { samples } = await scrape();
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'erepare_database_up')).toBe(1);
    expect(valueOf(samples, 'erepare_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    const pool = valueOf(samples, 'erepare_db_pool_connections', { state: 'total' });
    if (t.database.kind === 'postgres') {
      expect(pool).toBeGreaterThan(0);
      expect(valueOf(samples, 'erepare_db_pool_waiting_clients')).toBe(0);
    } else {
      expect(pool).toBeUndefined();
    }
  });

  it('reports each outbox backlog and the age of its oldest item', async () => {
    const before = await scrape();
    expect(valueOf(before.samples, 'erepare_outbox_backlog', { queue: 'push' })).toBe(0);
    const mailBefore = valueOf(before.samples, 'erepare_outbox_backlog', { queue: 'mail' }) ?? -1;
    expect(mailBefore).toBeGreaterThanOrEqual(0);

    const { id } = await t.app.mail.enqueue(t.database.db, {
      kind: 'contact_message',
      to: 'destinataire.metriques@exemple.fr',
      subject: 'Bonjour',
      html: '<p>Bonjour</p>',
      text: 'Bonjour',
    });
    // Queued two minutes ago (the test app never starts the sending job).
    await t.database.db.execute(sql`update mail_outbox set created_at = now() - interval '120 seconds' where id = ${id}`);

    const { text, samples } = await scrape();
    expect(valueOf(samples, 'erepare_outbox_backlog', { queue: 'mail' })).toBe(mailBefore + 1);
    expect(valueOf(samples, 'erepare_outbox_oldest_age_seconds', { queue: 'mail' })).toBeGreaterThanOrEqual(120);
    expect(valueOf(samples, 'erepare_outbox_oldest_age_seconds', { queue: 'push' })).toBe(0);
    expect(valueOf(samples, 'erepare_outbox_failed', { queue: 'mail' })).toBe(0);
    expect(text).not.toContain('destinataire.metriques');
  });

  it('counts payments and orders by state, without their ids or addresses', async () => {
    const [order] = await t.database.db
      .insert(orders)
      .values({
        orderKeyHash: createHash('sha256').update('wc_order_metriques').digest('hex'),
        status: 'processing',
        paymentMethod: 'stripe',
        paymentMethodTitle: 'Carte bancaire',
        email: 'acheteuse.metriques@exemple.fr',
        billing: { first_name: 'Alice', last_name: 'Métrique', email: 'acheteuse.metriques@exemple.fr' },
        shipping: {},
        shippingMethodId: 'local_pickup',
        shippingMethodTitle: 'Retrait en boutique',
        subtotalCents: 4990,
        totalCents: 4990,
        inventoryBackend: 'local',
      })
      .returning();
    if (!order) throw new Error('order not inserted');
    await t.database.db.insert(payments).values([
      { orderId: order.id, provider: 'stripe', method: 'stripe', providerRef: 'pi_metriques_paid', amountCents: 4990, status: 'succeeded' },
      { orderId: order.id, provider: 'stripe', method: 'stripe', providerRef: 'pi_metriques_declined', amountCents: 4990, status: 'failed' },
      // A status the code never writes is counted, under `other`.
      { orderId: order.id, provider: 'paypal', method: 'paypal', providerRef: 'PAYPAL-METRIQUES', amountCents: 4990, status: 'statut-inconnu' },
    ]);

    const { text, samples } = await scrape();
    expect(valueOf(samples, 'erepare_payments', { provider: 'stripe', status: 'succeeded' })).toBe(1);
    expect(valueOf(samples, 'erepare_payments', { provider: 'stripe', status: 'failed' })).toBe(1);
    expect(valueOf(samples, 'erepare_payments', { provider: 'paypal', status: 'other' })).toBe(1);
    expect(valueOf(samples, 'erepare_orders', { payment_method: 'stripe', status: 'processing' })).toBeGreaterThanOrEqual(1);
    for (const secret of ['pi_metriques', 'PAYPAL-METRIQUES', 'acheteuse.metriques', 'Métrique', 'statut-inconnu']) expect(text).not.toContain(secret);
  });

  it('counts the runs and failures of the background jobs', async () => {
    const { jobRun } = t.app.metrics;
    // A real run of the order-expiry job, observed through its onRun (no sleep), then stopped.
    const recordExpiry = jobRun('order_expiry');
    await new Promise<void>((resolve) => {
      const stop = startOrderExpiryJob(
        t.database.db,
        t.app.log,
        {
          publicUrl: t.config.publicUrl,
          onRun: (run) => {
            stop();
            recordExpiry(run);
            resolve();
          },
        },
        10,
      );
    });
    // A failed run as a job reports it.
    jobRun('cleanup')({ failed: true, durationMs: 12 });

    const { samples } = await scrape();
    expect(valueOf(samples, 'erepare_job_runs_total', { job: 'order_expiry' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'erepare_job_failures_total', { job: 'order_expiry' })).toBe(0);
    expect(valueOf(samples, 'erepare_job_last_success_timestamp_seconds', { job: 'order_expiry' })).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(valueOf(samples, 'erepare_job_runs_total', { job: 'cleanup' })).toBe(1);
    expect(valueOf(samples, 'erepare_job_failures_total', { job: 'cleanup' })).toBe(1);
    expect(valueOf(samples, 'erepare_job_duration_seconds_count', { job: 'cleanup' })).toBe(1);
  });

  it('still answers when the database is down, saying so', async () => {
    await t.database.close();
    const { samples } = await scrape();
    expect(valueOf(samples, 'erepare_database_up')).toBe(0);
    expect(valueOf(samples, 'erepare_outbox_backlog', { queue: 'mail' })).toBeUndefined();
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});
