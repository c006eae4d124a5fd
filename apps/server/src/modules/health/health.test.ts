import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('reports the database as connected with an ISO timestamp', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; database: string; timestamp: string }>();
    expect(body.success).toBe(true);
    expect(body.database).toBe('connected');
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers the same shape under /api/auth/health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, database: 'connected' });
  });
});
