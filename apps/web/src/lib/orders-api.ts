import { queryOptions } from '@tanstack/react-query';
import { shopMessages } from '@erepare/shared/shop';
import { orderResponseSchema, type Order, type OrderCreateRequest } from '@erepare/shared/schemas/shop';
import { ApiError, apiRequest, NETWORK_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from './api-client';

export type OrderIssue = { path: string; message: string };

/**
 * Refusals that mean the figures the customer saw are out of date (409): the server's total differs
 * from `expected_total`, or the loyalty points are no longer there. Nothing was created.
 */
export const STALE_TOTAL_CODES = ['TOTAL_CHANGED', 'LOYALTY_UNAVAILABLE'] as const;
export type StaleTotalCode = (typeof STALE_TOTAL_CODES)[number];

/** A refused order: the server's French message, its code and, for invalid data, its field issues. */
export class OrderCreationError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issues: OrderIssue[] = [],
    readonly code = '',
  ) {
    super(message);
    this.name = 'OrderCreationError';
  }
}

function issuesOf(payload: Record<string, unknown>): OrderIssue[] {
  if (!Array.isArray(payload.issues)) return [];
  return (payload.issues as unknown[]).flatMap((issue) => {
    if (!issue || typeof issue !== 'object') return [];
    const record = issue as Record<string, unknown>;
    return typeof record.message === 'string' ? [{ path: typeof record.path === 'string' ? record.path : '', message: record.message }] : [];
  });
}

/**
 * POST /api/shop/orders. Not through apiRequest: a refusal carries `issues` (field errors, stock)
 * that the alert shows, and apiRequest keeps only the message.
 */
export async function createOrder(request: OrderCreateRequest, signal?: AbortSignal): Promise<Order> {
  let response: Response;
  try {
    response = await fetch('/api/shop/orders', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(request),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new OrderCreationError(NETWORK_ERROR_MESSAGE, 0);
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new OrderCreationError(UNAVAILABLE_MESSAGE, response.status);
  }
  if (!response.ok) {
    const record = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
    const message = typeof record.message === 'string' && record.message ? record.message : shopMessages.unknownError;
    throw new OrderCreationError(message, response.status, issuesOf(record), typeof record.code === 'string' ? record.code : '');
  }
  const parsed = orderResponseSchema.safeParse(payload);
  if (!parsed.success) throw new OrderCreationError(UNAVAILABLE_MESSAGE, response.status);
  return parsed.data.data;
}

/** The 409 that asks the customer to look at the updated summary before ordering again. */
export function staleTotalCode(error: unknown): StaleTotalCode | null {
  if (!(error instanceof OrderCreationError) || error.status !== 409) return null;
  return (STALE_TOTAL_CODES as readonly string[]).includes(error.code) ? (error.code as StaleTotalCode) : null;
}

export function orderPath(id: number, key: string): string {
  const query = key ? `?${new URLSearchParams({ key }).toString()}` : '';
  return `/api/shop/orders/${encodeURIComponent(String(id))}${query}`;
}

/** GET /api/shop/orders/:id?key=…: the guest proves the order with its key, an owner by the session. */
export async function fetchOrder(id: number, key: string, signal?: AbortSignal): Promise<Order> {
  const response = await apiRequest(orderPath(id, key), { schema: orderResponseSchema, ...(signal ? { signal } : {}) });
  return response.data;
}

export const orderQuery = (id: number, key: string) =>
  queryOptions({
    queryKey: ['checkout', 'order', id, key] as const,
    queryFn: ({ signal }) => fetchOrder(id, key, signal),
    // A missing order (or a wrong key) stays missing; a network failure is tried again.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    staleTime: 30_000,
  });
