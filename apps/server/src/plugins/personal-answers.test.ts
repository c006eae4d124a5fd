import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPersonalAnswers } from './personal-answers.js';

const app = Fastify();

beforeAll(async () => {
  await app.register(fastifyCookie);
  registerPersonalAnswers(app);
  app.get('/api/catalogue', async (_request, reply) => reply.header('cache-control', 'public, max-age=60').send({ ok: true }));
  app.get('/api/settings', async (_request, reply) => reply.header('cache-control', 'no-cache').send({ ok: true }));
  app.get('/api/lookup', { config: { personal: true } }, async () => ({ ok: true }));
  app.post('/api/sign-in', async (_request, reply) => reply.setCookie('erepare_session', 'x', { path: '/' }).send({ ok: true }));
  app.get('/commande', async (_request, reply) => reply.header('cache-control', 'no-cache').send('page'));
  await app.ready();
});
afterAll(() => app.close());

const cacheOf = async (options: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string> }) =>
  (await app.inject({ method: options.method ?? 'GET', url: options.url, headers: options.headers ?? {} })).headers['cache-control'];

describe('personal answers', () => {
  it('an API answer to a caller with a session (bearer or cookie) is never stored, unless the route declared it public', async () => {
    expect(await cacheOf({ url: '/api/settings', headers: { authorization: 'Bearer abc' } })).toBe('private, no-store');
    expect(await cacheOf({ url: '/api/settings', headers: { cookie: 'erepare_session=abc' } })).toBe('private, no-store');
    expect(await cacheOf({ url: '/api/catalogue', headers: { cookie: 'erepare_session=abc' } })).toBe('public, max-age=60');
  });
  it('a route flagged personal, an answer that sets a cookie, an address with an order key', async () => {
    expect(await cacheOf({ url: '/api/lookup' })).toBe('private, no-store');
    expect(await cacheOf({ url: '/api/sign-in', method: 'POST' })).toBe('private, no-store');
    expect(await cacheOf({ url: '/api/catalogue?key=wc_order_x' })).toBe('private, no-store');
    expect(await cacheOf({ url: '/commande?order=1&key=wc_order_x' })).toBe('private, no-store');
  });
  it('public answers to anonymous callers keep their policy; pages keep theirs with a session', async () => {
    expect(await cacheOf({ url: '/api/catalogue' })).toBe('public, max-age=60');
    expect(await cacheOf({ url: '/api/catalogue?keyword=ecran' })).toBe('public, max-age=60');
    expect(await cacheOf({ url: '/api/settings' })).toBe('no-cache');
    expect(await cacheOf({ url: '/commande', headers: { cookie: 'erepare_session=abc' } })).toBe('no-cache');
  });
});
