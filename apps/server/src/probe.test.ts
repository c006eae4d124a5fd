import { it } from 'vitest';
import { createTestApp } from './test/test-app.js';
it('probe', async () => {
  const t = await createTestApp();
  for (const opts of [
    { url: '/api/auth/verify-session' },
    { url: '/api/auth/verify-session', payload: {} },
    { url: '/api/auth/logout' },
    { url: '/api/auth/verify-session', headers: { 'content-type': 'application/json' }, payload: '' },
    { url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    { url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{bad' },
    { url: '/api/auth/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=b' },
  ]) {
    const r = await t.app.inject({ method: 'POST', ...opts } as any);
    console.log(opts.url, r.statusCode, r.body);
  }
  await t.close();
});
