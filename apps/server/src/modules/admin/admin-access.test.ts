/**
 * Every staff endpoint answers 401 without a session and 403 to a customer (issue 9 item 1),
 * before reading its body. The routes are read from the application's own router
 * (`registeredRoutes`, test/routes.ts), so endpoints added later are covered without listing
 * them. Only the two public compatibility routes are left out, and they are checked to exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registeredRoutes, type RegisteredRoute } from '../../test/routes.js';
import { signedInUser } from '../../test/users.js';

let routes: RegisteredRoute[] = [];

/** Public by design (they grant nothing): the site settings read (and its HEAD) and the spec's capture call. */
const PUBLIC = new Set(['GET /api/admin/site-settings', 'HEAD /api/admin/site-settings', 'POST /api/admin/capture-order']);

let t: TestApp;
let customer: { headers: { authorization: string } };

beforeAll(async () => {
  t = await createTestApp();
  routes = registeredRoutes(t.app);
  customer = await signedInUser(t.app, t.database.db, { email: 'client.acces@exemple.fr' });
});
afterAll(async () => {
  await t?.close();
});

function adminRoutes() {
  const seen = new Set<string>();
  return routes
    .filter((route) => route.url.startsWith('/api/admin/') && route.method !== 'OPTIONS')
    .filter((route) => {
      const key = `${route.method} ${route.url}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .filter((route) => !PUBLIC.has(`${route.method} ${route.url}`));
}

/** `:param` (and a trailing wildcard) filled with 1. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*$/, '1');
}

describe('staff endpoints', () => {
  it('are collected from the application (the public ones included, and left out)', () => {
    const all = new Set(routes.map((route) => `${route.method} ${route.url}`));
    for (const route of PUBLIC) expect(all.has(route), route).toBe(true);
    const found = adminRoutes().map((route) => `${route.method} ${route.url}`);
    // A few known ones: a collection that missed them would prove nothing.
    expect(found).toEqual(expect.arrayContaining(['GET /api/admin/audit', 'GET /api/admin/staff', 'POST /api/admin/campaigns/send', 'PATCH /api/admin/tickets/:ticket/status']));
    expect(found.length).toBeGreaterThan(15);
  });

  it('answer 401 without a session and 403 to a customer, whatever the body', async () => {
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      const withBody = !['GET', 'HEAD'].includes(route.method);
      const request = { method: route.method as 'GET', url: concrete(route.url), ...(withBody ? { payload: {} } : {}) };
      const anonymous = await t.app.inject(request);
      if (anonymous.statusCode !== 401) failures.push(`${route.method} ${route.url} without a session: ${anonymous.statusCode} ${anonymous.body.slice(0, 120)}`);
      const asCustomer = await t.app.inject({ ...request, headers: customer.headers });
      if (asCustomer.statusCode !== 403) failures.push(`${route.method} ${route.url} as a customer: ${asCustomer.statusCode} ${asCustomer.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});
