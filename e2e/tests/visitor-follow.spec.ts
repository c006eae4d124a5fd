import { expect, request as playwrightRequest, test } from './fixtures.js';
import type { Customer, FullTicket } from '@erepare/shared/schemas/repair';
import { visitorFollowMessages } from '@erepare/shared/notifications';
import { ADMIN } from '../admin-account.js';
import { expectAccessible, stubPushManager } from './helpers.js';

/**
 * A visitor without an account follows one ticket from the public tracking page (issue 7 item 5):
 * the second factor (the last 4 digits of the phone on file) is checked on the server, the follow
 * survives a reload, and stops from the page.
 * (Stopping from the notification is the worker's "Ne plus suivre" action, unit-tested.)
 */

let ticketNumber = '';
/** The last 4 digits of the demo customer's phone: the only proof the server takes. */
let phoneEnd = '';
/** Every 4-digit ending on file for that customer (a wrong guess must miss them all). */
let endings: string[] = [];
let phoneDigits = '';
const lastFour = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 8 ? digits.slice(-4) : '';
};

test.beforeAll(async ({ baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL: baseURL ?? '' });
  const login = await api.post('/api/auth/login', { data: { ...ADMIN, rememberMe: false } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const customers = ((await (await api.get('/api/repairdesk/customers?page=1&pageSize=100', { headers })).json()) as { data: Customer[] }).data;
  for (const customer of customers.filter((candidate) => lastFour(candidate.mobile || candidate.phone) !== '').reverse()) {
    const tickets = ((await (await api.get(`/api/repairdesk/customers/${customer.cid}/tickets?page=1&pagesize=5`, { headers })).json()) as { data: FullTicket[] }).data;
    if (tickets[0]) {
      ticketNumber = tickets[0].ticket_number;
      phoneEnd = lastFour(customer.mobile || customer.phone);
      endings = [customer.phone, customer.mobile].map(lastFour);
      phoneDigits = (customer.mobile || customer.phone).replace(/\D/g, '');
      break;
    }
  }
  expect(ticketNumber, 'a demo ticket whose customer has a phone').not.toBe('');
  await api.dispose();
});

test('a visitor follows one ticket from /suivi after proving it, keeps it across a reload, then stops', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await stubPushManager(context);
  await page.goto(`/suivi?ticket=${encodeURIComponent(ticketNumber)}`);
  const card = page.getByRole('complementary', { name: 'Recevoir une alerte à chaque changement' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  const proof = card.getByLabel('4 derniers chiffres de votre téléphone');
  await expect(card.getByText('Ceux du numéro donné à l’atelier pour ce ticket. 5 essais par jour et par ticket.')).toBeVisible();

  // Too short, or a postal code (no proof): said at once, nothing sent.
  for (const value of ['12', '33470']) {
    await proof.fill(value);
    await card.getByRole('button', { name: 'Recevoir les alertes' }).click();
    await expect(card.getByText('Indiquez les 4 derniers chiffres de votre numéro de téléphone (par exemple 5678).')).toBeVisible();
  }

  // Wrong digits: the server refuses, the page says why (one of the ticket's 5 tries of the day).
  const wrong = [...'0123456789'].map((digit) => digit.repeat(4)).find((candidate) => !endings.includes(candidate)) ?? '0000';
  await proof.fill(wrong);
  await card.getByRole('button', { name: 'Recevoir les alertes' }).click();
  await expect(card.getByRole('alert')).toHaveText(visitorFollowMessages.proofMismatch(ticketNumber), { timeout: 15_000 });

  await proof.fill(phoneEnd);
  const followed = page.waitForResponse((response) => response.url().endsWith('/api/tracking/follow') && response.request().method() === 'POST');
  await card.getByRole('button', { name: 'Recevoir les alertes' }).click();
  const answer = await followed;
  expect(answer.status()).toBe(201);
  const answerText = await answer.text();
  expect(answerText).not.toContain(phoneDigits);
  await expect(card.getByRole('status')).toHaveText(visitorFollowMessages.following(ticketNumber));
  await expect(card.getByText(`Les alertes sont activées pour le ticket ${ticketNumber} sur cet appareil.`)).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(card.getByText(`Les alertes sont activées pour le ticket ${ticketNumber} sur cet appareil.`)).toBeVisible({ timeout: 15_000 });
  // The worker can find the secret for the notification's "Ne plus suivre".
  expect(await page.evaluate(async () => Boolean(await (await caches.open('erepare_visitor_follow')).match('/__visitor-follow')))).toBe(true);

  await card.getByRole('button', { name: 'Arrêter les alertes' }).click();
  await expect(card.getByRole('status')).toHaveText(visitorFollowMessages.stopped(ticketNumber));
  await expect(card.getByRole('button', { name: 'Recevoir les alertes' })).toBeVisible();
  expect(await page.evaluate(async () => Boolean(await (await caches.open('erepare_visitor_follow')).match('/__visitor-follow')))).toBe(false);
});
