import { expect, request as playwrightRequest, test } from './fixtures.js';
import { browserSubscription, startFakePushService, type FakePushService } from '../../apps/server/src/test/fakes/push-service-fake.js';
import { adminHeaders, signInAs, verifiedDemoCustomer, type DemoCustomer } from './helpers.js';

/**
 * Issue 7 item 8: staff change a ticket's status and the customer who follows it hears about it —
 * a stored notification (the bell's badge, the panel) and a Web Push delivered, encrypted, to a
 * local push service (decrypted here). The e2e server allows push endpoints on this machine
 * (PUSH_ALLOW_LOCAL_ENDPOINTS, tests only).
 */

let demo: DemoCustomer;
let receiver: FakePushService;

test.beforeAll(async ({ baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  demo = await verifiedDemoCustomer(api, 0.25);
  await api.dispose();
  receiver = await startFakePushService();
});
test.afterAll(async () => {
  await receiver?.close();
});

test('staff change a ticket status: the customer’s bell shows the notification and their browser gets the push', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const ticket = demo.ticket.ticket_number;
  await signInAs(page, demo.customer.email ?? '');
  // The customer follows the ticket (its current status is stored as the first seen) on one browser.
  const tracked = await page.request.post('/api/notifications/tracked-tickets', { data: { ticket } });
  expect(tracked.status(), await tracked.text()).toBe(201);
  const browser = browserSubscription(`${receiver.url}/push/${ticket}`);
  const subscribed = await page.request.post('/api/notifications/subscribe', { data: browser.json });
  expect(subscribed.status(), await subscribed.text()).toBe(200);

  await page.goto('/');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  const before = await page.request.get('/api/notifications');
  const unreadBefore = ((await before.json()) as { data: { read: boolean }[] }).data.filter((entry) => !entry.read).length;

  // Staff: a status the ticket does not have.
  const api = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const admin = await adminHeaders(api);
  const statuses = ((await (await api.get('/api/repairdesk/statuses')).json()) as { data: { name: string }[] }).data;
  const next = statuses.find((status) => status.name !== demo.ticket.status && /ready|prêt/i.test(status.name)) ?? statuses.find((status) => status.name !== demo.ticket.status);
  expect(next, 'another status').toBeTruthy();
  const changed = await api.patch(`/api/admin/tickets/${ticket}/status`, { headers: admin, data: { status: next?.name } });
  expect(changed.status(), await changed.text()).toBe(200);
  expect(await changed.json()).toMatchObject({ data: { changed: true, notified: 1 } });
  // A customer session gets 403 on the same endpoint.
  expect((await page.request.patch(`/api/admin/tickets/${ticket}/status`, { data: { status: demo.ticket.status } })).status()).toBe(403);
  await api.dispose();

  // The push reached the local push service, encrypted for this browser.
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const push = receiver.received.at(-1);
  expect(push?.headers['content-encoding']).toBe('aes128gcm');
  expect(push?.headers.authorization).toMatch(/^vapid t=/);
  const payload = browser.decrypt(push?.body ?? Buffer.alloc(0));
  expect(payload).toMatchObject({ title: `Ticket ${ticket} mis à jour`, type: 'ticket', url: '/compte?tab=repairs', ticketId: ticket });

  // The bell (next poll, or at once on reload) counts it; the panel lists it.
  await page.reload();
  await expect(bell).toHaveAccessibleName(`Notifications, ${unreadBefore + 1} non lue${unreadBefore + 1 > 1 ? 's' : ''}`, { timeout: 15_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByTestId('notification-item').first()).toContainText(`Ticket ${ticket} mis à jour`);
});
