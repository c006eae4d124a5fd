// @ts-check
/**
 * HTTP helpers of the fault suite: a JSON request with the visitor's address (x-forwarded-for,
 * TRUST_PROXY) and a timeout, the shop's catalogue, and an order placed exactly as the web app
 * (and quality/load/lib/shopper.mjs) places one: POST /api/shop/orders with the total computed by
 * the shared computeTotals as expected_total.
 */
import { performance } from 'node:perf_hooks';
import { centsToDecimal, computeTotals, toShippingDefinition } from '@erepare/shared/shop';
import { knownProductOf } from '../../load/lib/shopper.mjs';

/**
 * @typedef {import('../../load/lib/shopper.mjs').KnownProduct} KnownProduct
 * @typedef {import('@erepare/shared/schemas/shop').ShippingMethod} ShippingMethod
 * @typedef {{ status: number, body: Record<string, any>, ms: number, error: string | null }} JsonAnswer
 *   status 0: network error or timeout (error says which)
 */

/**
 * @param {string} url
 * @param {{ method?: string, body?: unknown, ip?: string, headers?: Record<string, string>, timeoutMs?: number, raw?: string, browser?: boolean }} [options]
 *   browser (default true): a write carries the site's Origin as the web app's do; false: none,
 *   as a provider's webhook
 * @returns {Promise<JsonAnswer>}
 */
export async function requestJson(url, { method = 'GET', body, ip, headers = {}, timeoutMs = 30_000, raw, browser = true } = {}) {
  /** @type {Record<string, string>} */
  const sent = { accept: 'application/json', ...headers };
  if (ip) sent['x-forwarded-for'] = ip;
  const payload = raw ?? (body !== undefined ? JSON.stringify(body) : undefined);
  if (payload !== undefined) {
    sent['content-type'] ??= 'application/json';
    if (browser) sent.origin ??= new URL(url).origin;
  }
  const started = performance.now();
  try {
    const response = await fetch(url, { method, headers: sent, body: payload, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    /** @type {Record<string, any>} */
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { unparsed: text.slice(0, 300) };
    }
    return { status: response.status, body: parsed ?? {}, ms: Math.round(performance.now() - started), error: null };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return { status: 0, body: {}, ms: Math.round(performance.now() - started), error: name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String(error) };
  }
}

/**
 * The public catalogue's products in stock (first 100) and a shipping method that needs neither a
 * relay point nor a street address when there is one (pick-up), else the first enabled one.
 * @param {string} baseUrl
 * @returns {Promise<{ products: KnownProduct[], method: ShippingMethod }>}
 */
export async function readShop(baseUrl) {
  const list = await requestJson(`${baseUrl}/api/shop/products?page=1&per_page=100`);
  if (list.status !== 200) throw new Error(`GET /api/shop/products: ${list.status} ${list.error ?? ''}`);
  const products = /** @type {Record<string, unknown>[]} */ (list.body.data ?? []).map(knownProductOf).filter((product) => product !== null && product.stock > 0);
  const methods = await requestJson(`${baseUrl}/api/shop/shipping-methods`);
  const usable = /** @type {ShippingMethod[]} */ (methods.body.data ?? []).filter((method) => method.enabled && !method.needs_relay);
  const method = usable.find((entry) => !entry.needs_address) ?? usable[0];
  if (!method) throw new Error('no usable shipping method');
  return { products: /** @type {KnownProduct[]} */ (products), method };
}

/**
 * @typedef {{ product_id: number, quantity: number }} Line
 * @typedef {{ id: number, number: string, key: string, email: string, totalCents: number, lines: Line[], status: string }} PlacedOrder
 */

/**
 * @param {string} baseUrl
 * @param {{ items: { product: KnownProduct, quantity: number }[], method: ShippingMethod, paymentMethod: string, email: string, ip: string, timeoutMs?: number }} input
 * @returns {Promise<{ answer: JsonAnswer, order: PlacedOrder | null, totalCents: number, lines: Line[] }>}
 */
export async function placeOrder(baseUrl, { items, method, paymentMethod, email, ip, timeoutMs }) {
  const subtotalCents = items.reduce((sum, item) => sum + item.product.priceCents * item.quantity, 0);
  const totals = computeTotals({ subtotalCents, couponDiscountCents: 0, loyaltyBalanceCents: 0, shippingMethod: toShippingDefinition(method) });
  const address = method.needs_address
    ? { address_1: '12 rue des Pins', address_2: '', city: 'Gujan-Mestras', postcode: '33470', country: 'FR' }
    : { address_1: '', address_2: '', city: '', postcode: '', country: 'FR' };
  const lines = items.map((item) => ({ product_id: item.product.id, quantity: item.quantity }));
  /** @type {Record<string, unknown>} */
  const body = {
    payment_method: paymentMethod,
    billing: { first_name: 'Camille', last_name: 'Panne', email, phone: '0612345678', company: '', ...address },
    line_items: lines,
    shipping_lines: [{ method_id: method.id }],
    coupon_lines: [],
    use_loyalty: false,
    customer_note: '',
    expected_total: centsToDecimal(totals.totalCents),
    terms_accepted: true,
  };
  if (method.needs_address) body.shipping = { first_name: 'Camille', last_name: 'Panne', company: '', ...address };
  const answer = await requestJson(`${baseUrl}/api/shop/orders`, { method: 'POST', body, ip, ...(timeoutMs ? { timeoutMs } : {}) });
  /** @type {PlacedOrder | null} */
  let order = null;
  if (answer.status === 201) {
    const data = answer.body.data ?? {};
    order = { id: Number(data.id), number: String(data.number ?? ''), key: String(data.order_key ?? ''), email, totalCents: totals.totalCents, lines, status: String(data.status ?? '') };
  }
  return { answer, order, totalCents: totals.totalCents, lines };
}
