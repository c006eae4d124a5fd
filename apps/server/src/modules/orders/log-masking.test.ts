/**
 * Order keys travel in the URL (GET /api/shop/orders/:id?key=…): the request log never shows them.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../app.js';
import { maskUrl } from '../../lib/mask-url.js';
import { requestLogController } from '../../plugins/request-log.js';

describe('request logs', () => {
  it('mask key=, token= and order_key= values in the logged URL', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions('info'), stream }, logController: requestLogController() });
    app.get('/api/shop/orders/:id', async () => ({ ok: true }));
    await app.ready();
    const secret = 'Zk3v9Q_secret-order-key-0123456789abcdefghi';
    const response = await app.inject({ method: 'GET', url: `/api/shop/orders/12?key=${secret}&x=1&token=tok-secret` });
    expect(response.statusCode).toBe(200);
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('/api/shop/orders/12?key=***&x=1&token=***');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('tok-secret');
    // One line per request, with its route pattern, status and time.
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ msg: 'requête', method: 'GET', route: '/api/shop/orders/:id', statusCode: 200 });
    expect(typeof entries[0]?.ms).toBe('number');
  });

  it('leaves other URLs alone', () => {
    expect(maskUrl('/api/shop/products?search=key&page=2')).toBe('/api/shop/products?search=key&page=2');
    expect(maskUrl('/commande?order=5&key=abc#x')).toBe('/commande?order=5&key=***#x');
    // Stripe's return address carries the intent's client secret.
    expect(maskUrl('/payment/success?provider=stripe&order=5&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_XYZ&redirect_status=succeeded')).toBe(
      '/payment/success?provider=stripe&order=5&payment_intent=pi_1&payment_intent_client_secret=***&redirect_status=succeeded',
    );
    expect(maskUrl('/reset?TOKEN=abc')).toBe('/reset?TOKEN=***');
  });
});
