// @ts-check
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
/**
 * API endpoints measured under load with autocannon.
 *
 * CEILING is measured first: `GET /api/health` does the least work a request can do on this
 * server (routing, hooks, helmet headers, request log, one database ping, JSON serialisation), so
 * its throughput is the ceiling of the framework on this machine. Every other endpoint is reported
 * as a ratio to it, which stays comparable across machines where raw req/s does not.
 *
 * To add an endpoint, append an entry to ENDPOINTS (see docs/bench.md).
 *
 * @typedef {{
 *   minRps?: number,    // average requests per second must be ≥ this
 *   minRatio?: number,  // average req/s divided by the ceiling's must be ≥ this (0-1)
 *   maxP99Ms?: number,  // 99th percentile latency must be ≤ this, in milliseconds
 * }} EndpointBudget
 *
 * @typedef {{
 *   name: string,                       // shown in the table
 *   path: string,                       // path and query, e.g. '/api/shop/products?page=1'
 *   method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
 *   headers?: Record<string, string>,
 *   body?: unknown,                     // sent as JSON
 *   auth?: 'admin',                     // sends `Authorization: Bearer <token>` of the bench admin
 *   budget?: EndpointBudget,
 *   resolve?: (baseUrl: string) => Promise<string>, // the path, found on the running server
 * }} Endpoint
 */

/**
 * The id of the first product of the catalogue (for the product endpoint and page).
 * @param {string} baseUrl
 */
export async function firstProductId(baseUrl) {
  const response = await fetch(`${baseUrl}/api/shop/products?page=1&per_page=1`, { signal: AbortSignal.timeout(10_000) });
  const body = /** @type {{ data?: { id: number }[] }} */ (await response.json());
  const id = body.data?.[0]?.id;
  if (id === undefined) throw new Error('the catalogue is empty: no product to measure');
  return id;
}

/** @type {Endpoint} */
export const CEILING = { name: 'GET /api/health', path: '/api/health' };

const nowSeconds = Math.floor(Date.now() / 1000);
const fourteenDaysAgo = nowSeconds - 14 * 24 * 60 * 60;

/** @type {Endpoint[]} */
export const ENDPOINTS = [
  // Read by every page load (maintenance gate), so it sits on the hot path of every visit.
  { name: 'GET /api/admin/site-settings', path: '/api/admin/site-settings' },
  // The public dashboard's list (spec 3 §7): 14 days, page size 100, on the large data set.
  {
    name: 'GET /api/repairdesk/tickets (14 days)',
    path: `/api/repairdesk/tickets?page=0&pagesize=100&from_date=${fourteenDaysAgo}&to_date=${nowSeconds}`,
  },
  // The public ticket lookup (a typed ticket number).
  { name: 'GET /api/repairdesk/tickets/T-10000', path: '/api/repairdesk/tickets/T-10000' },
  { name: 'GET /api/repairdesk/statuses', path: '/api/repairdesk/statuses' },
  // The inventory read (spec 2 §7: page size 500 by default, ~300 kB). The whole inventory
  // (5,000 items, ~3 MB per answer) is measured by its server-time probe below: under 50
  // connections it measures the loopback's bandwidth, not the server.
  { name: 'GET /api/repairdesk/inventory (500)', path: '/api/repairdesk/inventory' },
  // Issue 10: the shop's catalogue (first page, a search) and a product, on the 5,000 items.
  { name: 'GET /api/shop/products (first page)', path: '/api/shop/products?page=1&per_page=12' },
  { name: 'GET /api/shop/products?search=iphone 13', path: '/api/shop/products?search=iphone%2013&page=1&per_page=12' },
  {
    name: 'GET /api/shop/products/:id (a product)',
    path: '/api/shop/products/:id',
    resolve: async (baseUrl) => `/api/shop/products/${await firstProductId(baseUrl)}`,
  },
  // Issue 21: pages rendered by React Router in the server, ≥ 300 req/s with p95 ≤ 50 ms (read as
  // p99 ≤ 50 ms: autocannon reports p97.5 and p99). The same address is kept 10 s by the server:
  // this is what a crowd on one page gets; a render each time is measured by the probes below.
  {
    name: 'GET /produit/:id (document)',
    path: '/produit/:id',
    resolve: async (baseUrl) => `/produit/${await firstProductId(baseUrl)}`,
    budget: { minRps: 300, maxP99Ms: 50 },
  },
  { name: 'GET /boutique (document)', path: '/boutique', budget: { minRps: 300, maxP99Ms: 50 } },
];

/**
 * Server time, requests one after another (issue 3's budgets). Each ticket-list request moves the
 * window by one second, so every answer misses the 15 s public-list cache and runs the query on
 * the 2,000 tickets; the inventory probe asks the same 5,000 items each time (served from cache).
 * @type {import('./lib/server-time.mjs').ServerTimeProbe[]}
 */
export const SERVER_TIME_PROBES = [
  {
    name: 'public ticket list, 14 days, 2,000 tickets (uncached)',
    path: (index) => `/api/repairdesk/tickets?page=0&pagesize=100&from_date=${fourteenDaysAgo}&to_date=${nowSeconds - 1000 + index}`,
    budgetP95Ms: 30,
  },
  {
    name: 'inventory, 5,000 items (from cache)',
    path: () => '/api/repairdesk/inventory?pagesize=5000',
    budgetP95Ms: 20,
  },
  // Issue 4: a login's whole round trip, argon2id verification included (sequential, so the
  // per-IP failure limits never apply: only failures count).
  {
    name: 'login round trip (argon2id included)',
    path: () => '/api/auth/login',
    method: 'POST',
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    requests: 60,
    measure: 'round-trip',
    budgetP95Ms: 150,
  },
  // Issue 5: the shop's first page and a search, on the 5,000-item inventory (the catalogue's
  // snapshot, rebuilt every 5 minutes; each search runs on it).
  {
    name: 'shop catalogue, first page (5,000 items)',
    path: () => '/api/shop/products?page=1&per_page=12',
    budgetP95Ms: 25,
  },
  // Issue 21: a page rendered each time (a new address each request: nothing kept), round trip.
  {
    name: 'product page rendered each time',
    path: (index, base = '/produit/1') => `${base}?bench=${index}`,
    prepare: async (baseUrl) => `/produit/${await firstProductId(baseUrl)}`,
    measure: 'round-trip',
    budgetP95Ms: 50,
  },
  {
    name: '/boutique rendered each time',
    path: (index) => `/boutique?bench=${index}`,
    measure: 'round-trip',
    budgetP95Ms: 50,
  },
  {
    name: 'shop catalogue, a search (5,000 items)',
    path: (index) => `/api/shop/products?search=${['samsung', 'iphone 13', 'coque', 'chargeur usb-c', 'galaxy'][index % 5]}&page=1&per_page=12`,
    budgetP95Ms: 25,
  },
];
