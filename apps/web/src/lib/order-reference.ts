import { readJson, writeItem } from './storage';

/**
 * The last order placed in this tab: {id, key}. The key proves a guest's order to the server
 * (GET /api/shop/orders/:id?key=…); it lives in session storage only, so it goes with the tab.
 * `cartCleared` makes sure a return from a payment page empties the cart once, not every visit.
 */
export const ORDER_REFERENCE_KEY = 'erepare_last_order';

export type OrderReference = { id: number; key: string; cartCleared?: boolean };

function isReference(value: unknown): value is OrderReference {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'number' && Number.isInteger(record.id) && record.id > 0 && typeof record.key === 'string' && record.key !== '';
}

export function readOrderReference(): OrderReference | null {
  const stored = readJson<unknown>(ORDER_REFERENCE_KEY, 'session');
  return isReference(stored) ? stored : null;
}

export function rememberOrder(reference: OrderReference): void {
  writeItem(ORDER_REFERENCE_KEY, JSON.stringify(reference), 'session');
}

/**
 * ?order=&key= of the address, else the remembered order, else null. An order id without a key is
 * kept (key ''): a signed-in owner may open their own order without it.
 */
export function orderReferenceFrom(params: URLSearchParams): OrderReference | null {
  const remembered = readOrderReference();
  const raw = params.get('order');
  if (raw === null) return remembered;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) return null;
  const key = params.get('key')?.trim() ?? '';
  if (remembered && remembered.id === id && (key === '' || key === remembered.key)) return remembered;
  return { id, key };
}

export function orderPagePath(reference: { id: number; key: string }): string {
  const params = new URLSearchParams({ order: String(reference.id) });
  if (reference.key) params.set('key', reference.key);
  return `/commande?${params.toString()}`;
}
