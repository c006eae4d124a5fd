import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, invoice, jsonResponse, shopOrder } from '../components/dashboard/test/fixtures';
import { fetchInvoices, fetchOrders } from './dashboard-api';
import { RequestTimeoutError, withTimeout } from './timeout';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('withTimeout', () => {
  it('aborts the call and raises a RequestTimeoutError after the limit', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(10_000, undefined, (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const expectation = expect(pending).rejects.toBeInstanceOf(RequestTimeoutError);
    await vi.advanceTimersByTimeAsync(10_000);
    await expectation;
  });

  it('passes the caller’s cancellation through as an AbortError', async () => {
    const outer = new AbortController();
    const pending = withTimeout(10_000, outer.signal, (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    outer.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('fetchInvoices', () => {
  it('asks page 0, 100 per page and the status, and keeps the well-formed invoices', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(envelope([invoice({ id: 1 }), { id: 'broken' }])));
    vi.stubGlobal('fetch', fetch);
    const result = await fetchInvoices('Unpaid', undefined, 10_000);
    expect(result.map((item) => item.id)).toEqual([1]);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/repairdesk/invoices?page=0&pagesize=100&status=Unpaid');
  });

  it('reads the data.invoiceData variant of the answer (spec 1 §7)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: true, data: { invoiceData: [invoice({ id: 3 })] } })));
    expect((await fetchInvoices('', undefined, 10_000)).map((item) => item.id)).toEqual([3]);
  });
});

describe('fetchOrders', () => {
  it('asks page 1, 50 per page, with the status filter', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(envelope([shopOrder()])));
    vi.stubGlobal('fetch', fetch);
    await fetchOrders({ status: 'shipped' });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/shop/orders?page=1&per_page=50&status=shipped');
  });

  it('reads WooCommerce-like amounts given as text and missing optional fields', async () => {
    const raw = {
      id: 9,
      order_number: 9,
      status: 'completed',
      date_created: '2026-11-01T10:00:00',
      total: '59.90',
      billing: { first_name: 'Léa', last_name: 'Larrieu' },
      line_items: [{ name: 'Coque', quantity: '2', price: '19.95', total: '39.90' }],
    };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(envelope([raw]))));
    const [order] = await fetchOrders();
    expect(order).toMatchObject({ order_number: '9', total: 59.9, billing: { first_name: 'Léa', city: '' }, shipping: { first_name: '' } });
    expect(order?.line_items[0]).toMatchObject({ quantity: 2, price: 19.95, total: 39.9, sku: '' });
  });

  it('treats a missing endpoint, a server error or a lost connection as an empty list (spec 1 §8)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: false, message: 'Point d’accès API introuvable', statusCode: 404 }, 404)));
    expect(await fetchOrders()).toEqual([]);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ success: false, message: 'Erreur', statusCode: 500 }, 500)));
    expect(await fetchOrders()).toEqual([]);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await fetchOrders()).toEqual([]);
  });
});
