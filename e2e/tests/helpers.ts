import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { ADMIN } from '../admin-account.js';

export { ADMIN };

/**
 * WCAG 2.2 AA with axe-core: no serious or critical violation allowed. The "best-practice" rules
 * (landmarks, heading order…) can be added for a page; they are moderate at most and double the
 * time of a check, so the route sweep leaves them out.
 */
export async function expectAccessible(page: Page, { bestPractice = false } = {}): Promise<void> {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', ...(bestPractice ? ['best-practice'] : [])];
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}

export type Settings = { title: string; description: string; maintenanceMode: boolean; shopMaintenanceMode: boolean };

let adminToken: string | undefined;

/** Changes the site settings through the real API as the admin (one login per worker). */
export async function saveSettingsAsAdmin(request: APIRequestContext, settings: Partial<Settings>): Promise<Settings> {
  if (!adminToken) {
    const login = await request.post('/api/auth/login', { data: { ...ADMIN, rememberMe: false } });
    expect(login.status()).toBe(200);
    adminToken = ((await login.json()) as { token: string }).token;
  }
  const token = adminToken;
  const current = (await (await request.get('/api/admin/site-settings')).json()) as { data: Settings };
  const response = await request.post('/api/admin/site-settings', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...current.data, ...settings },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Settings }).data;
}
