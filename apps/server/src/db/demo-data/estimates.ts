/**
 * The demo data of online estimates (issue 24 §1): the two statuses a customer's answer moves a
 * ticket to (« Devis accepté », « Devis refusé »: modules/estimates/service.ts looks them up by
 * name), and one estimate awaiting the answer of a demo ticket's customer, so that the admin's
 * « Devis » section shows what an estimate looks like on a fresh start.
 *
 * The estimate is numbered by the estimates' own counter (no gap, no hard-coded number) and priced
 * by the shared rule; no link is issued and nothing is mailed (demo addresses): staff « Réviser »
 * it to send a real one.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { defaultValidUntil, estimateAmounts, quoteCategoryOfDevice } from '@erepare/shared/estimates';
import { bonusCategoryFor } from '@erepare/shared/repair-bonus';
import type { StatusType } from '@erepare/shared/tickets';
import type { Tx } from '../client.js';
import { customers, estimates, statuses, ticketDevices, tickets } from '../schema.js';
import { insertEstimate, nextEstimateNumber } from '../../modules/estimates/repository.js';
import { getStoreProfile } from '../../modules/settings/store-profile.js';

/** Open: after « Devis accepté » the repair starts; after « Devis refusé » the device is to be given back. */
export const estimateDemoStatuses: readonly { name: string; color: string; type: StatusType }[] = [
  // Violet: between « En attente du client » (amber) and « En cours de réparation » (orange), unlike both.
  { name: 'Devis accepté', color: '#8b5cf6', type: 'Open' },
  // Rose: a refusal, but not (yet) a closed failure like « Non réparable » or « Annulé » (reds).
  { name: 'Devis refusé', color: '#e11d48', type: 'Open' },
];

/** The ticket waiting for the customer's go-ahead the demo estimate is made for. */
const DEMO_TICKET_STATUS = 'Waiting for customer';

export type SeedEstimatesResult = { statuses: number; estimates: number };

/**
 * Adds the statuses (after the others, skipping names that exist) and, when `withEstimate` (the
 * demo tickets were seeded in this same run: never a real shop's customer) and no estimate exists
 * yet, the demo estimate. Idempotent; run it in the seed's transaction.
 */
export async function seedEstimatesDemo(tx: Tx, options: { now: Date; withEstimate: boolean }): Promise<SeedEstimatesResult> {
  const [order] = await tx.select({ max: sql<number>`coalesce(max(${statuses.sortOrder}), 0)::int` }).from(statuses);
  const base = Number(order?.max ?? 0);
  const insertedStatuses = await tx
    .insert(statuses)
    .values(estimateDemoStatuses.map((status, index) => ({ ...status, sortOrder: base + index + 1 })))
    .onConflictDoNothing({ target: statuses.name })
    .returning({ id: statuses.id });

  const [existing] = options.withEstimate ? await tx.select({ id: estimates.id }).from(estimates).limit(1) : [{ id: 0 }];
  if (existing) return { statuses: insertedStatuses.length, estimates: 0 };
  const [ticket] = await tx
    .select({ id: tickets.id, ticketNumber: tickets.ticketNumber, customerId: tickets.customerId })
    .from(tickets)
    .where(eq(tickets.status, DEMO_TICKET_STATUS))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(1);
  if (!ticket) return { statuses: insertedStatuses.length, estimates: 0 };
  const [customer] = await tx.select().from(customers).where(eq(customers.id, ticket.customerId)).limit(1);
  const [device] = await tx.select().from(ticketDevices).where(eq(ticketDevices.ticketId, ticket.id)).orderBy(ticketDevices.id).limit(1);
  if (!customer?.email) return { statuses: insertedStatuses.length, estimates: 0 };

  const deviceCategory = quoteCategoryOfDevice(device?.category ?? '');
  const deviceLabel = [device?.brand, device?.name || device?.model].filter(Boolean).join(' ').trim();
  const profile = await getStoreProfile(tx);
  const part = device?.repairItems[0] ?? 'Pièce de remplacement';
  const amounts = estimateAmounts(
    [
      { kind: 'part', label: part, quantity: 1, unitPriceCents: 8900 },
      { kind: 'labour', label: 'Main-d’œuvre (démontage, pose, tests)', quantity: 1, unitPriceCents: 3500 },
    ],
    profile.vatRegime,
    bonusCategoryFor(deviceCategory, { deviceLabel }),
  );
  const estimateNumber = await nextEstimateNumber(tx, options.now);
  await insertEstimate(
    tx,
    {
      estimateNumber,
      ticketId: ticket.id,
      ticketNumber: ticket.ticketNumber,
      customerId: customer.id,
      customerName: `${customer.firstName} ${customer.lastName}`.trim(),
      email: customer.email,
      phone: customer.mobile || customer.phone,
      smsConsent: customer.smsOptIn,
      deviceCategory,
      deviceLabel,
      vatRegime: profile.vatRegime,
      subtotalCents: amounts.subtotalCents,
      taxCents: amounts.taxCents,
      totalCents: amounts.totalCents,
      bonusCategory: amounts.bonusCategory,
      bonusCents: amounts.bonusCents,
      depositCents: 0,
      leadTimeDays: 2,
      validUntil: defaultValidUntil(options.now),
      note: 'Pièce de qualité d’origine, garantie 6 mois. Devis de démonstration.',
      createdAt: options.now,
      updatedAt: options.now,
    },
    amounts.lines,
  );
  return { statuses: insertedStatuses.length, estimates: 1 };
}
