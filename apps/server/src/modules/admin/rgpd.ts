import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  bookingSlots,
  bookings,
  contactMessages,
  customerLinks,
  customers,
  estimateLines,
  estimates,
  orders,
  quoteRequests,
  repairPayments,
  smsOutbox,
  users,
} from '../../db/schema.js';
import { smsNumber } from '../sms/outbox.js';
import { AppError } from '../../errors.js';
import type { RepairBackend } from '../../adapters/repair/types.js';
import { rgpdConfirmMismatch } from '@erepare/shared/schemas/admin-rgpd';
import { exportData } from '../accounts/service.js';
import { recordAudit, type AuditActor } from './audit.js';

/**
 * Staff handle a person's RGPD request made by e-mail, phone or at the counter (the person can
 * also do both from their account): everything the site holds about an e-mail address, and its
 * erasure. What the law makes the shop keep (invoices and orders: accounting documents, 10 years,
 * Code de commerce L123-22; RGPD art. 17.3.b) is kept, and the answer says so.
 */

export const rgpdMessages = {
  adminAccount: 'Cette adresse est celle d’un compte administrateur\u00a0: retirez-lui d’abord ce rôle (Équipe).',
  confirmMismatch: rgpdConfirmMismatch,
  nothing: 'Le site ne détient rien sous cette adresse e-mail.',
  erased: 'Données effacées. Les factures, commandes et la fiche client qu’elles citent sont conservées (obligation comptable de 10 ans).',
} as const;

type EmailColumn =
  | typeof contactMessages.email
  | typeof quoteRequests.email
  | typeof orders.email
  | typeof estimates.email
  | typeof bookings.email
  | typeof repairPayments.email;
const same = (column: EmailColumn, email: string) => sql`lower(${column}) = ${email}`;

/** Everything held under one e-mail address (RGPD art. 15 and 20). */
export async function exportByEmail(db: Db, backend: RepairBackend, email: string): Promise<Record<string, unknown>> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  const [accountData, storeCustomers, orderRows, messages, quotes, estimateRows, bookingRows, paymentRows] = await Promise.all([
    account ? exportData(db, backend, account.id) : Promise.resolve(null),
    backend.kind === 'local' ? db.select().from(customers).where(eq(customers.email, email)) : Promise.resolve([]),
    db.select().from(orders).where(same(orders.email, email)),
    db.select().from(contactMessages).where(same(contactMessages.email, email)),
    db.select().from(quoteRequests).where(same(quoteRequests.email, email)),
    db.select().from(estimates).where(same(estimates.email, email)),
    db.select().from(bookings).where(same(bookings.email, email)),
    db.select().from(repairPayments).where(same(repairPayments.email, email)),
  ]);
  const lines = estimateRows.length
    ? await db.select().from(estimateLines).where(inArray(estimateLines.estimateId, estimateRows.map((row) => row.id)))
    : [];
  const held = [storeCustomers, orderRows, messages, quotes, estimateRows, bookingRows, paymentRows].some((rows) => rows.length > 0);
  if (!accountData && !held) {
    throw new AppError('RGPD_NOTHING', 404, rgpdMessages.nothing);
  }
  return {
    exportedAt: new Date().toISOString(),
    email,
    account: accountData,
    storeCustomers,
    // The key proving an order to its guest is a secret of the site, not personal data.
    orders: orderRows.map(({ orderKeyHash: _secret, createdIpKey: _key, ...order }) => order),
    contactMessages: messages,
    quoteRequests: quotes,
    estimates: estimateRows.map(({ decidedIp: _ip, ...estimate }) => ({ ...estimate, lines: lines.filter((line) => line.estimateId === estimate.id) })),
    bookings: bookingRows.map(({ ipKey: _key, ...booking }) => booking),
    // Online payments of repair invoices: accounting records, kept; the provider's references are the site's.
    repairPayments: paymentRows.map(({ postLockedBy: _owner, postLockedUntil: _lease, returnKeyHash: _returnKey, ...payment }) => payment),
  };
}

export type ErasureResult = {
  accounts: number;
  contactMessages: number;
  quoteRequests: number;
  ordersMinimised: number;
  customersOptedOut: number;
  estimates: number;
  bookings: number;
  smsMessages: number;
};

/**
 * Erases what the shop need not keep under an e-mail address, in one transaction: the login (its
 * sessions, notifications, push subscriptions and follows go with it), contact messages and quote
 * requests (their photos too); the IP address recorded with orders; marketing consent on the store
 * customer records; estimates not accepted (an accepted one is the repair contract's proof, kept
 * like the invoice), drop-off bookings (a future one frees its place), the links mailed for them,
 * and the SMS sent to the numbers they gave. Orders, invoices, online payments and the customer
 * records they cite stay.
 */
export async function eraseByEmail(db: Db, actor: AuditActor, email: string): Promise<ErasureResult> {
  return db.transaction(async (tx) => {
    const accounts = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email)).for('update');
    if (accounts.some((account) => account.role === 'admin')) throw new AppError('RGPD_ADMIN', 409, rgpdMessages.adminAccount);
    const deletedAccounts = accounts.length
      ? await tx.delete(users).where(and(inArray(users.id, accounts.map((account) => account.id)), ne(users.role, 'admin'))).returning({ id: users.id })
      : [];
    const deletedMessages = await tx.delete(contactMessages).where(same(contactMessages.email, email)).returning({ id: contactMessages.id });
    const deletedQuotes = await tx
      .delete(quoteRequests)
      .where(same(quoteRequests.email, email))
      .returning({ id: quoteRequests.id, phone: quoteRequests.phone });
    const deletedEstimates = await tx
      .delete(estimates)
      .where(and(same(estimates.email, email), ne(estimates.status, 'accepted')))
      .returning({ id: estimates.id, phone: estimates.phone });
    const deletedBookings = await tx
      .delete(bookings)
      .where(same(bookings.email, email))
      .returning({ id: bookings.id, phone: bookings.phone, slotStart: bookings.slotStart, status: bookings.status });
    // A confirmed booking still to come held a place in its slot: give it back.
    for (const booking of deletedBookings) {
      if (booking.status !== 'confirmed' || booking.slotStart.getTime() <= Date.now()) continue;
      await tx
        .update(bookingSlots)
        .set({ booked: sql`${bookingSlots.booked} - 1`, updatedAt: new Date() })
        .where(and(eq(bookingSlots.slotStart, booking.slotStart), sql`${bookingSlots.booked} > 0`));
    }
    if (deletedEstimates.length) {
      await tx
        .delete(customerLinks)
        .where(and(eq(customerLinks.purpose, 'estimate'), inArray(customerLinks.subjectId, deletedEstimates.map((row) => row.id))));
    }
    if (deletedBookings.length) {
      await tx
        .delete(customerLinks)
        .where(and(eq(customerLinks.purpose, 'booking'), inArray(customerLinks.subjectId, deletedBookings.map((row) => row.id))));
    }
    const numbers = [...new Set([...deletedQuotes, ...deletedEstimates, ...deletedBookings].map((row) => smsNumber(row.phone)).filter((n): n is string => n !== null))];
    const deletedSms = numbers.length
      ? await tx.delete(smsOutbox).where(inArray(smsOutbox.toNumber, numbers)).returning({ id: smsOutbox.id })
      : [];
    const minimised = await tx
      .update(orders)
      .set({ createdIp: '', createdIpKey: '' })
      .where(and(same(orders.email, email), sql`(${orders.createdIp} <> '' or ${orders.createdIpKey} <> '')`))
      .returning({ id: orders.id });
    const optedOut = await tx
      .update(customers)
      .set({ emailOptIn: false, smsOptIn: false })
      .where(and(eq(customers.email, email), sql`(${customers.emailOptIn} or ${customers.smsOptIn})`))
      .returning({ id: customers.id });
    const result: ErasureResult = {
      accounts: deletedAccounts.length,
      contactMessages: deletedMessages.length,
      quoteRequests: deletedQuotes.length,
      ordersMinimised: minimised.length,
      customersOptedOut: optedOut.length,
      estimates: deletedEstimates.length,
      bookings: deletedBookings.length,
      smsMessages: deletedSms.length,
    };
    // The log keeps that an erasure happened and its counts, not the erased data (nor the address).
    await recordAudit(tx, actor, { action: 'rgpd.erase', entity: 'person', after: result });
    return result;
  });
}
