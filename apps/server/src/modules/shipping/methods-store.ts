import { SHIPPING_METHODS, freeShippingThresholdCents, type ShippingMethodDefinition } from '@erepare/shared/shop';
import type { Executor } from '../../db/client.js';
import { shippingMethodSettings } from '../../db/schema.js';

/**
 * The shipping methods with staff's settings (issue 9): price, free-shipping threshold, enabled.
 * A method staff never saved keeps the built-in values (spec 2 §9). Read from the database on
 * each use (one small query): every instance prices an order with the same figures at once.
 */

export type StoredShippingMethod = ShippingMethodDefinition & {
  enabled: boolean;
  /** The threshold in force (the kind's default or staff's), null for pickup or never free. */
  freeThresholdCents: number | null;
};

export async function storedShippingMethods(db: Executor): Promise<StoredShippingMethod[]> {
  const rows = await db.select().from(shippingMethodSettings);
  const byId = new Map(rows.map((row) => [row.methodId, row]));
  return SHIPPING_METHODS.map((method) => {
    const row = byId.get(method.id);
    if (!row) return { ...method, enabled: true, freeThresholdCents: freeShippingThresholdCents(method) };
    // Pickup is always free: only its "enabled" flag is staff's.
    if (method.kind === 'pickup') return { ...method, enabled: row.enabled, freeThresholdCents: null };
    return { ...method, costCents: row.costCents, freeThresholdCents: row.freeThresholdCents, enabled: row.enabled };
  });
}

/** The method a checkout may use: known, enabled, and (relay) offered only with Colissimo configured. */
export async function sellableShippingMethod(db: Executor, id: string, colissimoConfigured: boolean): Promise<StoredShippingMethod | undefined> {
  const methods = await storedShippingMethods(db);
  return methods.find((method) => method.id === id && method.enabled && (!method.needsRelay || colissimoConfigured));
}
