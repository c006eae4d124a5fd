import { sql } from 'drizzle-orm';
import { SHIPPING_METHODS, freeShippingThresholdCents } from '@erepare/shared/shop';
import { shippingAdminRuleMessages, type AdminShippingMethod, type AdminShippingMethodsUpdate } from '@erepare/shared/schemas/admin-shop';
import type { Db, Executor } from '../../db/client.js';
import { shippingMethodSettings } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { storedShippingMethods } from '../shipping/methods-store.js';
import { recordAudit, type AuditActor } from './audit.js';

/**
 * Staff shipping methods (issue 9): price, free-shipping threshold and enabled flag, stored in
 * `shipping_method_settings` (the built-in values stay the defaults). Checkout and the shop's
 * list read them from there: the server prices every order with staff's figures.
 */

export const shippingAdminMessages = {
  saved: 'Modes de livraison enregistrés.',
  unchanged: 'Aucune modification\u00a0: les modes de livraison étaient déjà ainsi.',
} as const;

export async function listAdminShippingMethods(db: Executor, colissimoConfigured: boolean): Promise<AdminShippingMethod[]> {
  const methods = await storedShippingMethods(db);
  return methods.map((method) => {
    const builtIn = SHIPPING_METHODS.find((candidate) => candidate.id === method.id) ?? method;
    return {
      id: method.id,
      title: method.title,
      description: method.description,
      kind: method.kind,
      needsRelay: method.needsRelay,
      needsAddress: method.needsAddress,
      costCents: method.costCents,
      freeThresholdCents: method.freeThresholdCents,
      enabled: method.enabled,
      offered: method.enabled && (!method.needsRelay || colissimoConfigured),
      defaults: { costCents: builtIn.costCents, freeThresholdCents: freeShippingThresholdCents(builtIn) },
    };
  });
}

/** PUT: the listed methods take the given values (the others keep theirs); one method at least stays enabled. */
export async function updateAdminShippingMethods(db: Db, actor: AuditActor, body: AdminShippingMethodsUpdate): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    // One change at a time: two staff saving together cannot both leave a method enabled.
    await tx.execute(sql`select pg_advisory_xact_lock(52101::int, 1::int)`);
    const current = await storedShippingMethods(tx);
    const before: Record<string, Record<string, unknown>> = {};
    const after: Record<string, Record<string, unknown>> = {};
    const next = new Map(current.map((method) => [method.id, { ...method }]));
    for (const change of body.methods) {
      const method = next.get(change.id);
      if (!method) continue;
      if (method.kind === 'pickup' && ((change.costCents ?? 0) !== 0 || (change.freeThresholdCents ?? null) !== null)) {
        throw new AppError('SHIPPING_INVALID', 400, shippingAdminRuleMessages.pickupFree);
      }
      const fields = { costCents: change.costCents, freeThresholdCents: change.freeThresholdCents, enabled: change.enabled };
      for (const [key, value] of Object.entries(fields) as Array<[keyof typeof fields, number | boolean | null | undefined]>) {
        if (value === undefined || method[key] === value) continue;
        (before[method.id] ??= {})[key] = method[key];
        (after[method.id] ??= {})[key] = value;
        Object.assign(method, { [key]: value });
      }
    }
    if (![...next.values()].some((method) => method.enabled)) throw new AppError('SHIPPING_INVALID', 400, shippingAdminRuleMessages.oneEnabled);
    if (Object.keys(after).length === 0) return { changed: false };
    for (const id of Object.keys(after)) {
      const method = next.get(id as AdminShippingMethod['id']);
      if (!method) continue;
      const values = {
        costCents: method.kind === 'pickup' ? 0 : method.costCents,
        freeThresholdCents: method.kind === 'pickup' ? null : method.freeThresholdCents,
        enabled: method.enabled,
        updatedAt: new Date(),
        updatedBy: actor.user.id,
      };
      await tx.insert(shippingMethodSettings).values({ methodId: id, ...values }).onConflictDoUpdate({ target: shippingMethodSettings.methodId, set: values });
    }
    await recordAudit(tx, actor, { action: 'shipping.update', entity: 'shipping_method', entityId: Object.keys(after).join(','), before, after });
    return { changed: true };
  });
}
