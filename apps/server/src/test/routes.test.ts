import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registeredRoutes } from './routes.js';

describe('registeredRoutes', () => {
  it('finds every route and method the router holds, as an onRoute hook sees them', async () => {
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    const seen: string[] = [];
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) seen.push(`${method} ${route.url}`);
    });
    const ok = async () => 'ok';
    app.get('/api/admin/tickets', ok);
    app.post('/api/admin/tickets', ok);
    app.patch('/api/admin/tickets/:ticket/status', ok);
    app.get('/api/admin/tickets/:ticket/status', ok);
    app.get('/api/x/a', ok);
    app.post('/api/x/b', ok);
    app.get('/api/files/*', ok);
    app.get('/api/files/list', ok);
    app.get('/api/shop/products/:id(^\\d+)', ok);
    app.get('/api/a/:x/b/:y', ok);
    app.delete('/api/:id', ok);
    app.options('/api/admin/site-settings', ok);
    app.get('/api/admin/site-settings', ok);
    await app.register(async (scoped) => scoped.put('/settings', ok), { prefix: '/api/scoped' });
    await app.ready();

    const found = registeredRoutes(app).map((route) => `${route.method} ${route.url}`);
    expect(found.sort()).toEqual([...new Set(seen)].sort());
    expect(found).toEqual(expect.arrayContaining(['HEAD /api/files/*', 'PATCH /api/admin/tickets/:ticket/status', 'GET /api/shop/products/:id(^\\d+)', 'PUT /api/scoped/settings']));
    await app.close();
  });
});
