import type { CustomerCreate, CustomerPatch } from '@erepare/shared/schemas/admin-repair';
import type { Executor } from '../../db/client.js';
import { customers } from '../../db/schema.js';
import { recordAudit, type AuditActor } from './audit.js';

/** Contact fields of a customer create or update, as columns (the e-mail lower-cased, '' = none). */
export function customerColumns(input: Omit<CustomerPatch, 'loyaltyAdjustment'>): Partial<typeof customers.$inferInsert> {
  const values: Partial<typeof customers.$inferInsert> = {};
  for (const key of ['firstName', 'lastName', 'phone', 'mobile', 'address1', 'address2', 'city', 'postcode', 'country', 'organization', 'siren', 'vatNumber', 'emailOptIn', 'smsOptIn'] as const) {
    if (input[key] !== undefined) Object.assign(values, { [key]: input[key] });
  }
  if (input.email !== undefined) values.email = input.email ? input.email.trim().toLowerCase() : null;
  return values;
}

/** A new customer, audited in the caller's transaction. */
export async function insertCustomer(tx: Executor, input: CustomerCreate, actor: AuditActor): Promise<typeof customers.$inferSelect> {
  const values = customerColumns(input);
  const [row] = await tx.insert(customers).values(values).returning();
  if (!row) throw new Error('customer insert returned nothing');
  await recordAudit(tx, actor, { action: 'customer.create', entity: 'customer', entityId: row.id, after: values });
  return row;
}
