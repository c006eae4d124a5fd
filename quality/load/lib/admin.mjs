// @ts-check
/** The staff API as the load test's checks use it (an admin session, Authorization: Bearer). */
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.mjs';

const TIMEOUT_MS = 30_000;
const PAGE_SIZE = 100;

/**
 * @typedef {{ id: number, name: string, stock: number }} ProductStock
 * @typedef {{ id: number, number: string, status: string, email: string, totalCents: number, paymentMethod: string, itemCount: number }} OrderSummary
 * @typedef {{ productId: number, quantity: number }} OrderLine
 */

export class AdminApi {
  #baseUrl;
  #token;

  /** @param {string} baseUrl @param {string} token */
  constructor(baseUrl, token) {
    this.#baseUrl = baseUrl;
    this.#token = token;
  }

  /** @param {string} baseUrl */
  static async login(baseUrl) {
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, rememberMe: false }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = /** @type {{ token?: unknown, message?: unknown }} */ (await response.json().catch(() => ({})));
    if (!response.ok || typeof body.token !== 'string') {
      throw new Error(`admin login failed: ${response.status} ${typeof body.message === 'string' ? body.message : ''}`.trim());
    }
    return new AdminApi(baseUrl, body.token);
  }

  /**
   * @param {string} path
   * @returns {Promise<Record<string, unknown>>}
   */
  async get(path) {
    const response = await fetch(`${this.#baseUrl}${path}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${this.#token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`GET ${path} (admin): ${response.status} ${text.slice(0, 300)}`);
    return /** @type {Record<string, unknown>} */ (JSON.parse(text));
  }

  /**
   * Every row of a paged admin list.
   * @param {string} path without page parameters
   * @returns {Promise<Record<string, unknown>[]>}
   */
  async all(path) {
    /** @type {Record<string, unknown>[]} */
    const rows = [];
    const separator = path.includes('?') ? '&' : '?';
    for (let page = 1; page < 10_000; page += 1) {
      const body = await this.get(`${path}${separator}page=${page}&pageSize=${PAGE_SIZE}`);
      const data = Array.isArray(body.data) ? /** @type {Record<string, unknown>[]} */ (body.data) : [];
      rows.push(...data);
      const pagination = /** @type {{ total?: unknown }} */ (body.pagination ?? {});
      const total = typeof pagination.total === 'number' ? pagination.total : 0;
      if (data.length < PAGE_SIZE || rows.length >= total) break;
    }
    return rows;
  }

  /** @returns {Promise<Map<number, ProductStock>>} every product (hidden and parts included) with its stock for sale */
  async productStocks() {
    const rows = await this.all('/api/admin/products?sort=date&order=asc');
    return new Map(
      rows.map((row) => [Number(row.id), { id: Number(row.id), name: String(row.name ?? ''), stock: Number(row.stock) }]),
    );
  }

  /** @param {number} id @returns {Promise<{ stock: number, reservedQuantity: number }>} */
  async product(id) {
    const body = await this.get(`/api/admin/products/${id}`);
    const data = /** @type {Record<string, unknown>} */ (body.data ?? {});
    return { stock: Number(data.stock), reservedQuantity: Number(data.reservedQuantity) };
  }

  /** @returns {Promise<OrderSummary[]>} */
  async orders() {
    const rows = await this.all('/api/admin/orders?sort=date&order=asc');
    return rows.map((row) => ({
      id: Number(row.id),
      number: String(row.number ?? ''),
      status: String(row.status ?? ''),
      email: String(row.email ?? ''),
      totalCents: Number(row.totalCents),
      paymentMethod: String(row.paymentMethod ?? ''),
      itemCount: Number(row.itemCount),
    }));
  }

  /** @param {number} id @returns {Promise<{ status: string, lines: OrderLine[] }>} */
  async orderDetail(id) {
    const body = await this.get(`/api/admin/orders/${id}`);
    const data = /** @type {Record<string, unknown>} */ (body.data ?? {});
    const lines = Array.isArray(data.lines) ? /** @type {Record<string, unknown>[]} */ (data.lines) : [];
    return { status: String(data.status ?? ''), lines: lines.map((line) => ({ productId: Number(line.productId), quantity: Number(line.quantity) })) };
  }

  /**
   * Outbox rows by status (only the totals).
   * @returns {Promise<{ pending: number, sending: number, sent: number, failed: number }>}
   */
  async outboxCounts() {
    /** @param {string} status */
    const count = async (status) => {
      const body = await this.get(`/api/admin/outbox?status=${status}&page=1&pageSize=1`);
      const pagination = /** @type {{ total?: unknown }} */ (body.pagination ?? {});
      return typeof pagination.total === 'number' ? pagination.total : 0;
    };
    const [pending, sending, sent, failed] = await Promise.all([count('pending'), count('sending'), count('sent'), count('failed')]);
    return { pending, sending, sent, failed };
  }
}

/**
 * Runs `task` over `items` with at most `limit` at a time.
 * @template T, R
 * @param {readonly T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<R>} task
 * @returns {Promise<R[]>}
 */
export async function mapLimited(items, limit, task) {
  /** @type {R[]} */
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(/** @type {T} */ (items[index]));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
