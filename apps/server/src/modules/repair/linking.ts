import { eq } from 'drizzle-orm';
import type { CustomerInput, CustomerRecord, RepairBackend } from '../../adapters/repair/types.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

type LinkableUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  emailOptIn: boolean;
  smsOptIn: boolean;
  repairCustomerId: number | null;
};

/**
 * Links a user whose e-mail address is verified to their repair customer (DESIGN.md §4): the
 * existing customer with that address (main or other addresses, case-insensitive) — the user's
 * empty profile fields are then completed from it — or a new customer created from the user's
 * profile (spec 1 §3 external create payload, with the user's own marketing choices). Callers must
 * only call it once the address is proven. Returns the customer and whether it was created.
 */
/** One link at a time per user in this process (two clicks on the e-mailed link, two tabs). */
const linking = new Map<number, Promise<unknown>>();

export async function linkVerifiedUser(
  db: Db,
  backend: RepairBackend,
  user: LinkableUser,
  extra: CustomerInput = {},
): Promise<{ customer: CustomerRecord; created: boolean }> {
  const previous = linking.get(user.id) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(async () => {
    // Re-read: the previous run may have linked this user already.
    const [fresh] = await db.select({ repairCustomerId: users.repairCustomerId }).from(users).where(eq(users.id, user.id));
    return linkOnce(db, backend, { ...user, repairCustomerId: fresh?.repairCustomerId ?? user.repairCustomerId }, extra);
  });
  linking.set(user.id, run);
  try {
    return await run;
  } finally {
    if (linking.get(user.id) === run) linking.delete(user.id);
  }
}

async function linkOnce(
  db: Db,
  backend: RepairBackend,
  user: LinkableUser,
  extra: CustomerInput = {},
): Promise<{ customer: CustomerRecord; created: boolean }> {
  if (user.repairCustomerId !== null) {
    const current = await backend.getCustomer(user.repairCustomerId);
    if (current) return { customer: current, created: false };
  }
  const [existing] = await backend.findCustomersByEmail(user.email);
  const customer =
    existing ??
    (await backend.createCustomer({
      firstName: user.firstName,
      lastName: user.lastName,
      mobile: user.phone,
      address1: user.address,
      city: user.city,
      postcode: user.postalCode,
      country: 'France',
      ...extra,
      email: user.email,
      emailOptIn: user.emailOptIn,
      smsOptIn: user.smsOptIn,
    }));
  await db
    .update(users)
    .set({
      repairCustomerId: customer.id,
      // The profile is completed from the store's record, never overwritten.
      firstName: user.firstName || customer.firstName,
      lastName: user.lastName || customer.lastName,
      phone: user.phone || customer.mobile || customer.phone,
      address: user.address || customer.address1,
      city: user.city || customer.city,
      postalCode: user.postalCode || customer.postcode,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id));
  return { customer, created: !existing };
}
