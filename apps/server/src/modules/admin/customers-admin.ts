import {
  LOYALTY_BALANCE_MAX_CENTS,
  adminRepairMessages,
  type AdminCustomer,
  type AdminCustomerListItem,
  type AdminCustomerListQuery,
  type CustomerCreate,
  type CustomerPatch,
} from '@erepare/shared/schemas/admin-repair';
import { businessIdMessages, businessIdsDisagree } from '@erepare/shared/business-ids';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { customers, invoices, tickets, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paging } from '../../lib/paging.js';
import { recordAudit, type AuditActor } from './audit.js';
import { customerColumns, insertCustomer } from './customers-admin-repository.js';
import { invoiceSummaries } from './invoices-admin.js';
import { customerTickets } from './tickets-admin.js';
import { changedFields, formatEuros, fullName, likePattern, requireLocalBackend, type BackendKind } from './tickets-admin-shared.js';

/**
 * Repair customers, for staff (issue 9): search, detail (tickets, invoices, linked accounts,
 * loyalty balance), create, edit and loyalty adjustments with a reason (the balance never goes
 * negative). A customer with tickets or invoices is never deleted (history, accounting
 * obligations): 409. Linked accounts are found by `users.repair_customer_id`.
 */

// Qualified by hand: drizzle leaves columns unqualified in a one-table select, and "id" would be the subquery's own.
const ticketCount = sql<number>`(select count(*)::int from ${tickets} t where t.customer_id = "customers"."id")`;
const invoiceCount = sql<number>`(select count(*)::int from ${invoices} i where i.customer_id = "customers"."id")`;

type CustomerRow = typeof customers.$inferSelect;

function toListItem(row: CustomerRow, counts: { tickets: number; invoices: number }): AdminCustomerListItem {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullName(row),
    email: row.email,
    phone: row.phone,
    mobile: row.mobile,
    city: row.city,
    loyaltyBalanceCents: row.loyaltyBalanceCents,
    ticketCount: Number(counts.tickets),
    invoiceCount: Number(counts.invoices),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAdminCustomers(db: Db, query: AdminCustomerListQuery) {
  const { limit, offset, page, pageSize } = paging(query);
  let where: SQL | undefined;
  if (query.q) {
    const pattern = likePattern(query.q);
    const digits = query.q.replace(/[^0-9]/g, '');
    where = or(
      sql`(${customers.firstName} || ' ' || ${customers.lastName}) ilike ${pattern}`,
      sql`(${customers.lastName} || ' ' || ${customers.firstName}) ilike ${pattern}`,
      ilike(customers.email, pattern),
      sql`${customers.emails}::text ilike ${pattern}`,
      ilike(customers.organization, pattern),
      digits.length >= 4
        ? sql`(regexp_replace(${customers.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`} or regexp_replace(${customers.mobile}, '[^0-9]', '', 'g') like ${`%${digits}%`})`
        : undefined,
    );
  }
  const direction = query.order === 'desc' ? desc : asc;
  const order =
    query.sort === 'created'
      ? [direction(customers.createdAt), direction(customers.id)]
      : query.sort === 'email'
        ? [direction(sql`coalesce(${customers.email}, '')`), direction(customers.id)]
        : [direction(sql`lower(${customers.lastName})`), direction(sql`lower(${customers.firstName})`), direction(customers.id)];
  const [rows, totals] = await Promise.all([
    db.select({ customer: customers, tickets: ticketCount, invoices: invoiceCount }).from(customers).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(customers).where(where),
  ]);
  return { items: rows.map((row) => toListItem(row.customer, row)), page, pageSize, total: Number(totals[0]?.total ?? 0) };
}

export async function getAdminCustomer(db: Executor, id: number): Promise<AdminCustomer> {
  const [row] = await db.select({ customer: customers, tickets: ticketCount, invoices: invoiceCount }).from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND', 404, adminRepairMessages.customerNotFound);
  const [accounts, ticketList, invoiceList] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.repairCustomerId, id))
      .orderBy(asc(users.id)),
    customerTickets(db, id),
    invoiceSummaries(db, eq(invoices.customerId, id)),
  ]);
  const customer = row.customer;
  return {
    ...toListItem(customer, row),
    emails: customer.emails,
    address1: customer.address1,
    address2: customer.address2,
    postcode: customer.postcode,
    country: customer.country,
    organization: customer.organization,
    siren: customer.siren,
    vatNumber: customer.vatNumber,
    emailOptIn: customer.emailOptIn,
    smsOptIn: customer.smsOptIn,
    updatedAt: customer.updatedAt.toISOString(),
    accounts: accounts.map((account) => ({ id: account.id, email: account.email, verified: account.verifiedAt !== null, createdAt: account.createdAt.toISOString() })),
    tickets: ticketList,
    invoices: invoiceList,
  };
}

export async function createCustomer(db: Db, kind: BackendKind, body: CustomerCreate, actor: AuditActor): Promise<AdminCustomer> {
  requireLocalBackend(kind, 'la création d’un client');
  return db.transaction(async (tx) => {
    const row = await insertCustomer(tx, body, actor);
    return getAdminCustomer(tx, row.id);
  });
}

export async function updateCustomer(db: Db, kind: BackendKind, id: number, patch: CustomerPatch, actor: AuditActor): Promise<AdminCustomer> {
  requireLocalBackend(kind, 'la modification d’un client');
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!current) throw new AppError('CUSTOMER_NOT_FOUND', 404, adminRepairMessages.customerNotFound);
    const { loyaltyAdjustment, ...contact } = patch;
    const values = customerColumns(contact);
    if (values.firstName !== undefined || values.lastName !== undefined) {
      const first = values.firstName ?? current.firstName;
      const last = values.lastName ?? current.lastName;
      if (!first.trim() && !last.trim()) throw new AppError('CUSTOMER_NAME_REQUIRED', 400, 'Indiquez au moins le nom ou le prénom du client');
    }
    // A French VAT number holds a SIREN: the one on the record, when only one of them changes.
    if (values.siren !== undefined || values.vatNumber !== undefined) {
      if (businessIdsDisagree(values.siren ?? current.siren, values.vatNumber ?? current.vatNumber)) {
        throw new AppError('BUSINESS_IDS_MISMATCH', 400, businessIdMessages.mismatch);
      }
    }
    const changes = changedFields(current, values);
    if (changes) {
      await tx.update(customers).set({ ...changes.after, updatedAt: new Date() }).where(eq(customers.id, id));
      await recordAudit(tx, actor, { action: 'customer.update', entity: 'customer', entityId: id, before: changes.before, after: changes.after });
    }
    if (loyaltyAdjustment) {
      const balance = current.loyaltyBalanceCents + loyaltyAdjustment.deltaCents;
      if (balance < 0) throw new AppError('LOYALTY_NEGATIVE', 400, adminRepairMessages.loyaltyNegative(formatEuros(current.loyaltyBalanceCents)));
      // Stored as a 32-bit integer: an increase beyond 1 000 000 € is refused (a 500 otherwise).
      if (loyaltyAdjustment.deltaCents > 0 && balance > LOYALTY_BALANCE_MAX_CENTS) throw new AppError('LOYALTY_TOO_HIGH', 400, adminRepairMessages.loyaltyTooHigh(formatEuros(current.loyaltyBalanceCents)));
      await tx.update(customers).set({ loyaltyBalanceCents: balance, updatedAt: new Date() }).where(eq(customers.id, id));
      await recordAudit(tx, actor, {
        action: 'customer.loyalty',
        entity: 'customer',
        entityId: id,
        before: { loyaltyBalanceCents: current.loyaltyBalanceCents },
        after: { loyaltyBalanceCents: balance, deltaCents: loyaltyAdjustment.deltaCents, reason: loyaltyAdjustment.reason },
      });
    }
    return getAdminCustomer(tx, id);
  });
}

export async function deleteCustomer(db: Db, kind: BackendKind, id: number, actor: AuditActor): Promise<{ id: number }> {
  requireLocalBackend(kind, 'la suppression d’un client');
  return db.transaction(async (tx) => {
    // The row locked first, then counted in a new statement: its snapshot sees a ticket or invoice
    // committed while the lock was awaited (one statement would count with the older snapshot).
    const [locked] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).for('update');
    if (!locked) throw new AppError('CUSTOMER_NOT_FOUND', 404, adminRepairMessages.customerNotFound);
    const [current] = await tx.select({ customer: customers, tickets: ticketCount, invoices: invoiceCount }).from(customers).where(eq(customers.id, id));
    if (!current) throw new AppError('CUSTOMER_NOT_FOUND', 404, adminRepairMessages.customerNotFound);
    const ticketsCount = Number(current.tickets);
    const invoicesCount = Number(current.invoices);
    if (ticketsCount > 0 || invoicesCount > 0) throw new AppError('CUSTOMER_HAS_RECORDS', 409, adminRepairMessages.customerHasRecords(ticketsCount, invoicesCount));
    // Accounts linked to the record lose the link (they own nothing any more), not their login.
    const unlinked = await tx.update(users).set({ repairCustomerId: null, updatedAt: new Date() }).where(and(eq(users.repairCustomerId, id))).returning({ id: users.id });
    await tx.delete(customers).where(eq(customers.id, id));
    const { customer } = current;
    await recordAudit(tx, actor, {
      action: 'customer.delete',
      entity: 'customer',
      entityId: id,
      before: { firstName: customer.firstName, lastName: customer.lastName, email: customer.email, loyaltyBalanceCents: customer.loyaltyBalanceCents, linkedAccounts: unlinked.map((user) => user.id) },
    });
    return { id };
  });
}
