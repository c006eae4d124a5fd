// @ts-check
/**
 * A simulated shopper: visits the shop as the web app does (site settings, catalogue page, a
 * search, product pages), fills a cart (client-side: the server only sees the order) and checks
 * out by bank transfer through POST /api/shop/orders, then opens the order as the confirmation
 * step does. A share of the shoppers also keep the tracking page open, which polls the public
 * ticket list and looks a ticket up.
 */
import { performance } from 'node:perf_hooks';
import { centsToDecimal, computeTotals, decimalToCents, toShippingDefinition } from '@erepare/shared/shop';
import { VisitorClient } from './client.mjs';

/**
 * @typedef {import('./client.mjs').Anomalies} Anomalies
 * @typedef {import('./stats.mjs').Recorder} Recorder
 * @typedef {import('@erepare/shared/schemas/shop').ShippingMethod} ShippingMethod
 * @typedef {{ id: number, name: string, priceCents: number, stock: number }} KnownProduct
 * @typedef {{ product_id: number, quantity: number }} Line
 * @typedef {{
 *   id: number, number: string, key: string, email: string, shopper: number, ip: string,
 *   totalCents: number, lines: Line[], createdAt: number,
 * }} CreatedOrder
 * @typedef {{
 *   index: number, ip: string, tracker: boolean, visits: number, orderAttempts: number,
 *   ordersCreated: number, stockRefusals: number, unpaidLimitHit: boolean, limitedEarly: boolean,
 * }} ShopperState
 * @typedef {{
 *   baseUrl: string,
 *   recorder: Recorder,
 *   anomalies: Anomalies,
 *   deadline: number,
 *   seed: number,
 *   runId: string,
 *   ipPrefix: string,
 *   catalogue: { products: KnownProduct[], hot: KnownProduct[], totalPages: number, searchTerms: string[] },
 *   tickets: string[],
 *   settings: {
 *     thinkMs: number, checkoutShare: number, hotShare: number, staleShare: number,
 *     pollMs: number, unpaidLimit: number, rampMs: number, shoppers: number,
 *   },
 *   orders: CreatedOrder[],
 *   answerProblems: string[],
 *   shoppers: ShopperState[],
 * }} World
 */

const PAGE_SIZE = 12;
const OK = [200];

/**
 * Small deterministic PRNG (mulberry32): each shopper gets its own sequence from the run's seed.
 * @param {number} seed
 */
export function randomSource(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** @param {number} probability */
    chance: (probability) => next() < probability,
    /** @param {number} min @param {number} max inclusive */
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    /** @template T @param {readonly T[]} items @returns {T} */
    pick: (items) => /** @type {T} */ (items[Math.floor(next() * items.length)]),
  };
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The address of shopper `index`: unique within the run, and the run's prefix keeps two runs on
 * the same database (PostgreSQL) from sharing a visitor's unpaid-order count.
 * @param {string} prefix e.g. "10.37"
 * @param {number} index
 */
export function shopperIp(prefix, index) {
  return `${prefix}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

/**
 * Runs one shopper until the deadline.
 * @param {World} world
 * @param {number} index
 * @param {boolean} tracker
 */
export async function runShopper(world, index, tracker) {
  const random = randomSource(world.seed * 7919 + index);
  const ip = shopperIp(world.ipPrefix, index);
  const client = new VisitorClient({ baseUrl: world.baseUrl, ip, recorder: world.recorder, anomalies: world.anomalies });
  /** @type {ShopperState} */
  const state = { index, ip, tracker, visits: 0, orderAttempts: 0, ordersCreated: 0, stockRefusals: 0, unpaidLimitHit: false, limitedEarly: false };
  world.shoppers.push(state);
  const running = () => performance.now() < world.deadline;
  const think = async () => {
    const { thinkMs } = world.settings;
    if (thinkMs > 0) await sleep(thinkMs * (0.5 + random.next()));
  };

  // Arrivals spread over the ramp-up (shopper i after i/N of it), not all in the same second.
  await sleep(world.settings.rampMs * (index / Math.max(1, world.settings.shoppers)) + random.int(0, 250));
  const tasks = [shop()];
  if (tracker) tasks.push(track());
  await Promise.all(tasks);

  async function shop() {
    /** @type {ShippingMethod[] | null} */
    let shippingMethods = null;
    let firstVisit = true;
    while (running()) {
      state.visits += 1;
      // Every page reads the site settings (maintenance gate).
      await client.request('page.site-settings', '/api/admin/site-settings', { allow: OK });
      if (firstVisit) {
        // The shop page's side data, cached by the web app for minutes.
        await client.request('catalogue.categories', '/api/shop/products/categories', { allow: OK });
        await client.request('catalogue.coupons', '/api/woocommerce/coupons', { allow: OK });
        firstVisit = false;
      }
      const page = random.int(1, Math.max(1, world.catalogue.totalPages));
      const list = await client.request('catalogue.list', `/api/shop/products?page=${page}&per_page=${PAGE_SIZE}`, { allow: OK });
      /** @type {KnownProduct[]} */
      const seen = productsOf(list?.body);
      await think();
      if (!running()) break;
      if (random.chance(0.6)) {
        const term = random.pick(world.catalogue.searchTerms);
        const found = await client.request('catalogue.search', `/api/shop/products?page=1&per_page=${PAGE_SIZE}&search=${encodeURIComponent(term)}`, { allow: OK });
        seen.push(...productsOf(found?.body));
        await think();
      }
      if (!running()) break;

      /** @type {Map<number, { product: KnownProduct, quantity: number }>} */
      const cart = new Map();
      // A regular product from what was listed, looked at first.
      if (seen.length > 0 && random.chance(0.7)) {
        const product = await viewProduct(random.pick(seen).id);
        if (product && product.stock > 0) cart.set(product.id, { product, quantity: 1 });
        await think();
      }
      // A product with little stock (1-5): what many shoppers want at once.
      if (world.catalogue.hot.length > 0 && random.chance(world.settings.hotShare)) {
        const known = random.pick(world.catalogue.hot);
        const product = await viewProduct(known.id);
        if (product && product.stock > 0) {
          cart.set(product.id, { product, quantity: product.stock >= 2 && random.chance(0.25) ? 2 : 1 });
        } else if (random.chance(world.settings.staleShare)) {
          // Put in the cart on an earlier visit (the cart lives in the browser): ordered anyway.
          cart.set(known.id, { product: known, quantity: 1 });
        }
        await think();
      }
      if (!running()) break;

      const wantsToOrder = cart.size > 0 && !state.unpaidLimitHit && random.chance(world.settings.checkoutShare);
      if (wantsToOrder) {
        if (!shippingMethods) {
          const methods = await client.request('checkout.shipping-methods', '/api/shop/shipping-methods', { allow: OK });
          const gateways = await client.request('checkout.payment-gateways', '/api/shop/payment-gateways', { allow: OK });
          const data = /** @type {ShippingMethod[]} */ (Array.isArray(methods?.body.data) ? methods.body.data : []);
          shippingMethods = data.filter((method) => method.enabled && !method.needs_relay);
          const offered = Array.isArray(gateways?.body.data) ? /** @type {{ id: string }[]} */ (gateways.body.data).map((gateway) => gateway.id) : [];
          if (gateways?.status === 200 && !offered.includes('bacs')) world.answerProblems.push(`shopper ${index}: bank transfer (bacs) not offered by /api/shop/payment-gateways (${offered.join(', ')})`);
        }
        if (shippingMethods.length > 0) await checkout([...cart.values()], random.pick(shippingMethods));
      }
      await think();
    }
  }

  /**
   * @param {number} id
   * @returns {Promise<KnownProduct | null>}
   */
  async function viewProduct(id) {
    // A product sold out meanwhile may be gone from the shop (404).
    const answer = await client.request('catalogue.product', `/api/shop/products/${id}`, { allow: [200, 404] });
    if (!answer || answer.status !== 200) return null;
    const data = /** @type {Record<string, unknown>} */ (answer.body.data ?? {});
    return knownProductOf(data);
  }

  /**
   * @param {{ product: KnownProduct, quantity: number }[]} items
   * @param {ShippingMethod} method
   */
  async function checkout(items, method) {
    const subtotalCents = items.reduce((sum, item) => sum + item.product.priceCents * item.quantity, 0);
    const totals = computeTotals({ subtotalCents, couponDiscountCents: 0, loyaltyBalanceCents: 0, shippingMethod: toShippingDefinition(method) });
    const email = `client.${world.runId}.${index}.${state.orderAttempts}@exemple.fr`;
    const address = method.needs_address
      ? { address_1: `${1 + (index % 90)} rue des Pins`, address_2: '', city: 'Gujan-Mestras', postcode: '33470', country: 'FR' }
      : { address_1: '', address_2: '', city: '', postcode: '', country: 'FR' };
    const lines = items.map((item) => ({ product_id: item.product.id, quantity: item.quantity }));
    /** @type {Record<string, unknown>} */
    const body = {
      payment_method: 'bacs',
      billing: { first_name: 'Camille', last_name: `Charge${index}`, email, phone: '0612345678', company: '', ...address },
      line_items: lines,
      shipping_lines: [{ method_id: method.id }],
      coupon_lines: [],
      use_loyalty: false,
      customer_note: '',
      expected_total: centsToDecimal(totals.totalCents),
      terms_accepted: true,
    };
    if (method.needs_address) body.shipping = { first_name: 'Camille', last_name: `Charge${index}`, company: '', ...address };
    state.orderAttempts += 1;
    const answer = await client.request('checkout.order', '/api/shop/orders', {
      method: 'POST',
      body,
      allow: [201, 409, 429],
      // Expected refusals: stock taken by another shopper, the visitor's unpaid orders or its
      // order-creation rate. Anything else (TOTAL_CHANGED, 400, 422) is an anomaly.
      allowCodes: { 409: ['INSUFFICIENT_STOCK'], 429: ['TOO_MANY_UNPAID_ORDERS', 'RATE_LIMITED'] },
    });
    if (!answer) return;
    if (answer.status === 409) state.stockRefusals += 1;
    if (answer.status === 429 && answer.body.code === 'TOO_MANY_UNPAID_ORDERS') {
      state.unpaidLimitHit = true;
      if (state.ordersCreated < world.settings.unpaidLimit) state.limitedEarly = true;
    }
    if (answer.status !== 201) return;
    const order = /** @type {Record<string, unknown>} */ (answer.body.data ?? {});
    const id = typeof order.id === 'number' ? order.id : 0;
    const key = typeof order.order_key === 'string' ? order.order_key : '';
    const number = typeof order.number === 'string' ? order.number : '';
    state.ordersCreated += 1;
    world.orders.push({ id, number, key, email, shopper: index, ip, totalCents: totals.totalCents, lines, createdAt: Date.now() });
    const problems = orderAnswerProblems(order, { email, totalCents: totals.totalCents, lines });
    for (const problem of problems) world.answerProblems.push(`order ${id || '?'} (shopper ${index}): ${problem}`);
    if (id > 0 && key) {
      // The confirmation step shows the order (guest: proven by its key).
      await client.request('checkout.order-view', `/api/shop/orders/${id}?key=${encodeURIComponent(key)}`, { allow: OK });
    }
  }

  async function track() {
    if (world.tickets.length === 0) return;
    const own = random.pick(world.tickets);
    await client.request('tracking.statuses', '/api/repairdesk/statuses', { allow: OK });
    while (running()) {
      await client.request('tracking.list', ticketListPath(Date.now()), { allow: OK });
      // Mostly the visitor's own ticket; now and then a mistyped number (404 « Ticket introuvable »).
      const typo = random.chance(0.1);
      const number = typo ? `T-${random.int(900000, 999999)}` : own;
      await client.request('tracking.lookup', `/api/repairdesk/tickets/${encodeURIComponent(number)}`, { allow: typo ? [404] : OK });
      const pause = world.settings.pollMs * (0.8 + 0.4 * random.next());
      const left = world.deadline - performance.now();
      if (left <= 0) break;
      await sleep(Math.min(pause, left));
    }
  }
}

/**
 * The public dashboard's list, as the web app asks it (14 days, rounded up to the minute).
 * @param {number} now
 */
export function ticketListPath(now) {
  const toDate = Math.ceil(now / 60_000) * 60;
  const fromDate = toDate - 14 * 86_400;
  return `/api/repairdesk/tickets?page=0&pagesize=100&from_date=${fromDate}&to_date=${toDate}`;
}

/**
 * @param {Record<string, unknown>} data a product of the shop API
 * @returns {KnownProduct | null}
 */
export function knownProductOf(data) {
  if (typeof data.id !== 'number' || typeof data.price !== 'string') return null;
  const priceCents = decimalToCents(data.price);
  if (priceCents === null) return null;
  return {
    id: data.id,
    name: typeof data.name === 'string' ? data.name : '',
    priceCents,
    stock: typeof data.stock_quantity === 'number' && data.in_stock !== false ? data.stock_quantity : 0,
  };
}

/**
 * @param {Record<string, unknown> | undefined} body a product list answer
 * @returns {KnownProduct[]}
 */
function productsOf(body) {
  const data = Array.isArray(body?.data) ? /** @type {Record<string, unknown>[]} */ (body.data) : [];
  return data.map(knownProductOf).filter((product) => product !== null);
}

/**
 * What a 201 answer must say of the order just placed by bank transfer.
 * @param {Record<string, unknown>} order
 * @param {{ email: string, totalCents: number, lines: Line[] }} sent
 * @returns {string[]}
 */
export function orderAnswerProblems(order, sent) {
  /** @type {string[]} */
  const problems = [];
  if (typeof order.id !== 'number' || order.id <= 0) problems.push('no order id');
  if (typeof order.order_key !== 'string' || order.order_key === '') problems.push('no order_key');
  if (order.status !== 'on-hold') problems.push(`status ${String(order.status)} instead of on-hold`);
  if (order.payment_method !== 'bacs') problems.push(`payment_method ${String(order.payment_method)}`);
  if (!order.bank_details) problems.push('no bank_details');
  if (order.total !== centsToDecimal(sent.totalCents)) problems.push(`total ${String(order.total)} instead of ${centsToDecimal(sent.totalCents)}`);
  const billing = /** @type {Record<string, unknown>} */ (order.billing ?? {});
  if (billing.email !== sent.email) problems.push(`billing e-mail ${String(billing.email)}`);
  const lines = Array.isArray(order.line_items) ? /** @type {Record<string, unknown>[]} */ (order.line_items) : [];
  const got = lines.map((line) => `${String(line.product_id)}x${String(line.quantity)}`).sort().join(',');
  const want = sent.lines.map((line) => `${line.product_id}x${line.quantity}`).sort().join(',');
  if (got !== want) problems.push(`lines ${got} instead of ${want}`);
  return problems;
}
