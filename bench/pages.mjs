// @ts-check
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { firstProductId } from './endpoints.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
/**
 * Pages measured with Lighthouse (mobile) and for the JavaScript they load.
 *
 * To add a page, append an entry to PAGES (see docs/bench.md). Budget keys left out are reported
 * without a budget.
 *
 * @typedef {{
 *   performance?: number,    // Lighthouse performance score ≥ (0-1)
 *   accessibility?: number,  // Lighthouse accessibility score ≥ (0-1)
 *   bestPractices?: number,  // Lighthouse best-practices score ≥ (0-1)
 *   seo?: number,            // Lighthouse SEO score ≥ (0-1)
 *   lcpMs?: number,          // largest contentful paint ≤, milliseconds (simulated mobile)
 *   tbtMs?: number,          // total blocking time ≤, milliseconds
 *   cls?: number,            // cumulative layout shift ≤
 *   jsGzipKb?: number,       // JavaScript loaded by the page ≤, kB gzip (1 kB = 1000 bytes)
 *   routeJsGzipKb?: number,  // the route's own JavaScript ≤, kB gzip: scripts the home page does not load (for the home page itself: scripts the shell page does not load)
 * }} PageBudget
 *
 * @typedef {{ name: string, path: string, budget?: PageBudget, resolve?: (baseUrl: string, server: { dataDir: string }) => Promise<string>, lighthouse?: boolean }} Page
 *   `resolve`, when present, finds the path on the running server (e.g. a product that exists in
 *   the data set) and replaces `path` before the page is measured. `lighthouse: false` measures
 *   only the JavaScript (the shell page).
 */

/**
 * The first product of the catalogue, for the product page.
 * @param {string} baseUrl
 */
async function firstProductPath(baseUrl) {
  return `/produit/${await firstProductId(baseUrl)}`;
}

/**
 * An estimate's page as its customer opens it from the e-mail (issue 24 §1): the bench admin
 * sends an estimate for the first ticket of the data set, and the link is read from the mail the
 * server wrote in its outbox (no SMTP in the bench).
 * @param {string} baseUrl
 * @param {{ dataDir: string }} server
 */
async function estimateLinkPath(baseUrl, { dataDir }) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, rememberMe: false }),
  });
  if (!login.ok) throw new Error(`estimate page: admin login answered ${login.status}`);
  const headers = { authorization: `Bearer ${(/** @type {{ token: string }} */ (await login.json())).token}`, 'content-type': 'application/json' };
  const tickets = await fetch(`${baseUrl}/api/admin/tickets?page=1&pageSize=1`, { headers });
  const ticket = (/** @type {{ data: Array<{ ticketNumber: string }> }} */ (await tickets.json())).data[0];
  if (!ticket) throw new Error('estimate page: no ticket in the data set');
  const created = await fetch(`${baseUrl}/api/admin/estimates`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      ticket: ticket.ticketNumber,
      lines: [
        { kind: 'part', label: 'Écran OLED d’origine', quantity: 1, unitPriceCents: 18_900 },
        { kind: 'labour', label: 'Main-d’œuvre et test complet', quantity: 1, unitPriceCents: 3_000 },
      ],
      leadTimeDays: 2,
      bonus: false,
    }),
  });
  if (created.status !== 201) throw new Error(`estimate page: creating the estimate answered ${created.status}: ${await created.text()}`);
  // The mail job writes the mail shortly after the estimate is saved: wait for it (10 s at most).
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  let file;
  while (!file) {
    file = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('-estimate_sent.eml')).sort().at(-1);
    if (file) break;
    if (Date.now() > deadline) throw new Error('estimate page: no estimate_sent mail in the outbox after 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The body is quoted-printable: undo soft line breaks and =XX escapes before reading the link.
  const text = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = /\/devis\/consulter\?token=([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error('estimate page: no link in the estimate mail');
  return `/devis/consulter?token=${match[1]}`;
}

/**
 * Issue 21: the public pages' Lighthouse budgets (mobile, median of 3): performance ≥ 0.95 on the
 * five marketing pages, ≥ 0.90 on the shop, a product, the tracking dashboard and the account;
 * accessibility ≥ 0.95 and SEO 1.00 on every public page; CLS ≤ 0.02; TBT ≤ 200 ms on the public
 * pages.
 */
const PUBLIC = { accessibility: 0.95, bestPractices: 0.95, seo: 1, cls: 0.02, tbtMs: 200 };
const MARKETING_PAGE = { ...PUBLIC, performance: 0.95 };
const APP_PAGE = { ...PUBLIC, performance: 0.9 };

/** @type {Page[]} */
export const PAGES = [
  // The shell every page shares (React, router, header, footer, settings…), measured on the
  // plainest public page: what the home page loads beyond it is the home route's own JavaScript.
  { name: 'shell', path: '/mentions-legales', lighthouse: false },
  // Issue 21: everything the home page loads, React included, ≤ 150 kB gzip.
  { name: 'home', path: '/', budget: { ...MARKETING_PAGE, jsGzipKb: 150 } },
  { name: 'contact', path: '/contact', budget: MARKETING_PAGE },
  { name: 'faq', path: '/faq', budget: MARKETING_PAGE },
  { name: 'service', path: '/services/picofly-installation', budget: MARKETING_PAGE },
  { name: 'landing', path: '/reparation-smartphone-arcachon', budget: MARKETING_PAGE },
  // Issue 5 also gave the shop's own JavaScript (beyond the shell every page shares) ≤ 120 kB gzip.
  { name: 'shop', path: '/boutique', budget: { ...APP_PAGE, routeJsGzipKb: 120 } },
  { name: 'product', path: '/produit/:id', resolve: firstProductPath, budget: APP_PAGE },
  // The tracking dashboard (2,000 tickets in the large set; the page shows the 14-day list).
  { name: 'tracking', path: '/suivi', budget: APP_PAGE },
  // Issue 24 §3: the drop-off booking calendar (the week's slots load after the first paint).
  { name: 'booking', path: '/rendez-vous', budget: MARKETING_PAGE },
  // Issue 24 §1: the estimate a customer opens from the e-mail (never indexed: no SEO budget).
  {
    name: 'estimate',
    path: '/devis/consulter',
    resolve: estimateLinkPath,
    budget: { performance: 0.95, accessibility: 0.95, bestPractices: 0.95, cls: 0.02, tbtMs: 200 },
  },
  // The account page as a visitor first sees it (the sign-in form): never indexed, so no SEO budget.
  { name: 'account', path: '/compte', budget: { performance: 0.9, accessibility: 0.95, bestPractices: 0.95, cls: 0.02 } },
];
