import {
  adminRepairMessages,
  type AdminInvoice,
  type AdminInvoiceListQuery,
  type AdminInvoiceSummary,
  type InvoiceCreate,
  type InvoicePayment,
  type InvoiceRefund,
} from '@erepare/shared/schemas/admin-repair';
import { invoiceAmountDueCents, invoiceOwedCents, invoiceStatusOf } from '@erepare/shared/invoice-amounts';
import { priceLine, summariseVat, type VatRate } from '@erepare/shared/invoice-vat';
import { repairBonusCents, repairBonusLabel } from '@erepare/shared/repair-bonus';
import { normaliseTicketNumber } from '@erepare/shared/ticket-number';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { creditNotes, customers, invoiceLines, invoicePayments, invoices, tickets } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { paging } from '../../lib/paging.js';
import { recordAudit, type AuditActor } from './audit.js';
import { nextDocumentNumber } from './invoices-admin-numbers.js';
import { applyDepositsToNewInvoice } from '../repair-payments/service.js';
import { formatEuros, fullName, iso, likePattern, parseDateInput, requireLocalBackend, type BackendKind } from './tickets-admin-shared.js';

/**
 * Invoices of the embedded repair desk (issue 9). French law: an issued invoice is never edited
 * nor deleted; a correction or a refund is a credit note (avoir) against it. Numbers are
 * sequential without gaps (invoices-admin-numbers.ts). Payments and credit notes decide the
 * status on the server, by the one rule of packages/shared/src/invoice-amounts.ts:
 *   owed = total − credited − QualiRépar bonus; Refunded when everything is credited, Paid when
 *   what was paid covers what is owed, Partial when something was paid, else Unpaid.
 * A credit note first cancels what is still owed; only the part of it the customer had already
 * paid beyond the new amount owed is paid back (a refund payment row, shown to the customer).
 */

const summaryColumns = {
  invoice: invoices,
  firstName: customers.firstName,
  lastName: customers.lastName,
  ticketNumber: tickets.ticketNumber,
};

type SummaryRow = {
  invoice: typeof invoices.$inferSelect;
  firstName: string | null;
  lastName: string | null;
  ticketNumber: string | null;
};

function toSummary(row: SummaryRow): AdminInvoiceSummary {
  const invoice = row.invoice;
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    status: invoice.status,
    customerId: invoice.customerId,
    customerName: fullName({ firstName: row.firstName ?? '', lastName: row.lastName ?? '' }),
    ticketNumber: row.ticketNumber,
    totalCents: invoice.totalCents,
    amountPaidCents: invoice.amountPaidCents,
    creditedCents: invoice.creditedCents,
    bonusCents: invoice.bonusCents,
    amountDueCents: invoiceAmountDueCents(invoice),
    createdAt: invoice.createdAt.toISOString(),
  };
}

function summaryQuery(db: Executor) {
  return db
    .select(summaryColumns)
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(tickets, eq(tickets.id, invoices.ticketId));
}

/** Newest first: the invoices of a customer or of a ticket (details of those). */
export async function invoiceSummaries(db: Executor, where: SQL): Promise<AdminInvoiceSummary[]> {
  const rows = await summaryQuery(db).where(where).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(200);
  return rows.map(toSummary);
}

export async function listAdminInvoices(db: Db, query: AdminInvoiceListQuery) {
  const { limit, offset, page, pageSize } = paging(query);
  const pattern = query.q ? likePattern(query.q) : undefined;
  const conditions = [
    query.status ? eq(invoices.status, query.status) : undefined,
    query.customerId ? eq(invoices.customerId, query.customerId) : undefined,
    pattern
      ? or(
          ilike(invoices.invoiceNumber, pattern),
          sql`(${customers.firstName} || ' ' || ${customers.lastName}) ilike ${pattern}`,
          sql`(${customers.lastName} || ' ' || ${customers.firstName}) ilike ${pattern}`,
          ilike(customers.email, pattern),
          ilike(tickets.ticketNumber, pattern),
          sql`exists (select 1 from ${invoiceLines} l where l.invoice_id = ${invoices.id} and l.name ilike ${pattern})`,
        )
      : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.order === 'asc' ? asc : desc;
  const order =
    query.sort === 'number'
      ? [direction(sql`length(${invoices.invoiceNumber})`), direction(invoices.invoiceNumber)]
      : query.sort === 'total'
        ? [direction(invoices.totalCents), direction(invoices.id)]
        : [direction(invoices.createdAt), direction(invoices.id)];
  const [rows, totals] = await Promise.all([
    summaryQuery(db).where(where).orderBy(...order).limit(limit).offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(invoices)
      .leftJoin(customers, eq(customers.id, invoices.customerId))
      .leftJoin(tickets, eq(tickets.id, invoices.ticketId))
      .where(where),
  ]);
  return { items: rows.map(toSummary), page, pageSize, total: Number(totals[0]?.total ?? 0) };
}

export async function getAdminInvoice(db: Executor, id: number): Promise<AdminInvoice> {
  const [row] = await db
    .select({ ...summaryColumns, email: customers.email, phone: customers.phone, mobile: customers.mobile, organization: customers.organization, siren: customers.siren, vatNumber: customers.vatNumber })
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(tickets, eq(tickets.id, invoices.ticketId))
    .where(eq(invoices.id, id))
    .limit(1);
  if (!row) throw new AppError('INVOICE_NOT_FOUND', 404, adminRepairMessages.invoiceNotFound);
  const [lines, payments, notes] = await Promise.all([
    db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position), asc(invoiceLines.id)),
    db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id)).orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id)),
    db.select().from(creditNotes).where(eq(creditNotes.invoiceId, id)).orderBy(asc(creditNotes.id)),
  ]);
  const vatLines = lines.map((line) => ({ totalCents: line.totalCents, taxCents: line.taxCents, vatRate: line.vatRate as VatRate }));
  const vat = summariseVat(vatLines);
  const summary = toSummary(row);
  return {
    ...summary,
    subtotalCents: row.invoice.subtotalCents,
    taxCents: row.invoice.taxCents,
    bonusCategory: row.invoice.bonusCents > 0 ? row.invoice.bonusCategory : null,
    bonusLabel: row.invoice.bonusCents > 0 ? repairBonusLabel(row.invoice.bonusCategory) : null,
    notes: row.invoice.notes,
    dueOn: iso(row.invoice.dueOn),
    customer: {
      id: row.invoice.customerId,
      fullName: summary.customerName,
      email: row.email,
      phone: row.mobile || row.phone || '',
      organization: row.organization ?? '',
      siren: row.siren ?? '',
      vatNumber: row.vatNumber ?? '',
    },
    ticket: row.invoice.ticketId !== null && row.ticketNumber ? { id: row.invoice.ticketId, ticketNumber: row.ticketNumber } : null,
    lines: lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      vatRate: line.vatRate as VatRate,
      taxCents: line.taxCents,
      totalCents: line.totalCents,
    })),
    vatBreakdown: vat.breakdown,
    marginScheme: vat.marginScheme,
    marginTotalCents: vat.marginTotalCents,
    mentions: vat.mentions,
    payments: payments.map((payment) => ({
      kind: payment.kind,
      amountCents: payment.amountCents,
      method: payment.method,
      transactionId: payment.transactionId,
      paidAt: payment.paidAt.toISOString(),
    })),
    creditNotes: notes.map((note) => ({
      id: note.id,
      creditNoteNumber: note.creditNoteNumber,
      amountCents: note.amountCents,
      refundedCents: note.refundedCents,
      method: note.method,
      reason: note.reason,
      createdAt: note.createdAt.toISOString(),
    })),
  };
}

export async function createInvoice(db: Db, kind: BackendKind, body: InvoiceCreate, actor: AuditActor): Promise<AdminInvoice> {
  requireLocalBackend(kind, 'l’émission d’une facture');
  const priced = body.lines.map((line) => ({ ...line, ...priceLine(line) }));
  const vat = summariseVat(priced);
  return db.transaction(async (tx) => {
    const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, body.customerId)).limit(1).for('key share');
    if (!customer) throw new AppError('CUSTOMER_NOT_FOUND', 400, adminRepairMessages.customerNotFound);
    let ticketId: number | null = null;
    if (body.ticket) {
      const number = normaliseTicketNumber(body.ticket);
      const [ticket] = number ? await tx.select({ id: tickets.id, customerId: tickets.customerId }).from(tickets).where(eq(tickets.ticketNumber, number)).limit(1) : [];
      if (!ticket) throw new AppError('TICKET_NOT_FOUND', 400, adminRepairMessages.ticketNotFound);
      if (ticket.customerId !== body.customerId) throw new AppError('TICKET_OF_OTHER_CUSTOMER', 400, adminRepairMessages.ticketOfOtherCustomer);
      ticketId = ticket.id;
    }
    const invoiceNumber = await nextDocumentNumber(tx, 'invoice');
    // The bonus is deducted from what is owed, never from the price: the VAT stays on the full price.
    const bonusCategory = body.bonusCategory ?? null;
    const bonusCents = repairBonusCents(bonusCategory, vat.totalCents);
    const amounts = { totalCents: vat.totalCents, creditedCents: 0, amountPaidCents: 0, bonusCents };
    const [invoice] = await tx
      .insert(invoices)
      .values({
        invoiceNumber,
        customerId: body.customerId,
        ticketId,
        status: invoiceStatusOf(amounts),
        subtotalCents: vat.subtotalCents,
        taxCents: vat.taxCents,
        totalCents: vat.totalCents,
        bonusCategory: bonusCents > 0 ? bonusCategory : null,
        bonusCents,
        notes: body.notes ?? '',
        dueOn: body.dueOn ? parseDateInput(body.dueOn) : null,
      })
      .returning({ id: invoices.id });
    if (!invoice) throw new Error('invoice insert returned nothing');
    await tx.insert(invoiceLines).values(
      priced.map((line, position) => ({
        invoiceId: invoice.id,
        position,
        name: line.name,
        sku: line.sku ?? '',
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        taxCents: line.taxCents,
        totalCents: line.totalCents,
        vatRate: line.vatRate,
      })),
    );
    // An estimate's deposit paid online for this ticket (issue 24 §4) is a payment of its invoice.
    await applyDepositsToNewInvoice(tx, invoice.id, ticketId);
    await recordAudit(tx, actor, {
      action: 'invoice.create',
      entity: 'invoice',
      entityId: invoiceNumber,
      after: {
        invoiceNumber,
        customerId: body.customerId,
        ticket: body.ticket ? normaliseTicketNumber(body.ticket) : null,
        totalCents: vat.totalCents,
        taxCents: vat.taxCents,
        ...(bonusCents > 0 ? { bonusCategory, bonusCents } : {}),
        lines: priced.map((line) => ({ name: line.name, quantity: line.quantity, unitPriceCents: line.unitPriceCents, vatRate: line.vatRate })),
      },
    });
    return getAdminInvoice(tx, invoice.id);
  });
}

async function lockInvoice(tx: Executor, id: number) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw new AppError('INVOICE_NOT_FOUND', 404, adminRepairMessages.invoiceNotFound);
  return row;
}

export async function recordInvoicePayment(db: Db, kind: BackendKind, id: number, body: InvoicePayment, actor: AuditActor): Promise<AdminInvoice> {
  requireLocalBackend(kind, 'l’enregistrement d’un paiement');
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    const due = invoiceAmountDueCents(invoice);
    if (due <= 0) throw new AppError('NOTHING_DUE', 409, adminRepairMessages.nothingDue);
    if (body.amountCents > due) throw new AppError('OVER_PAYMENT', 409, adminRepairMessages.overPayment(formatEuros(due)));
    const amountPaidCents = invoice.amountPaidCents + body.amountCents;
    const status = invoiceStatusOf({ ...invoice, amountPaidCents });
    await tx.insert(invoicePayments).values({ invoiceId: id, kind: 'payment', amountCents: body.amountCents, method: body.method, transactionId: body.transactionId ?? '' });
    await tx.update(invoices).set({ amountPaidCents, status, updatedAt: new Date() }).where(eq(invoices.id, id));
    await recordAudit(tx, actor, {
      action: 'invoice.payment',
      entity: 'invoice',
      entityId: invoice.invoiceNumber,
      before: { status: invoice.status, amountPaidCents: invoice.amountPaidCents },
      after: { status, amountPaidCents, payment: { amountCents: body.amountCents, method: body.method } },
    });
    return getAdminInvoice(tx, id);
  });
}

export async function refundInvoice(db: Db, kind: BackendKind, id: number, body: InvoiceRefund, actor: AuditActor): Promise<AdminInvoice> {
  requireLocalBackend(kind, 'un remboursement');
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    // Credit notes reduce the price itself, so they may go up to the total (not the bonus-reduced owed).
    const creditable = invoice.status === 'Refunded' ? 0 : invoice.totalCents - invoice.creditedCents;
    if (creditable <= 0) throw new AppError('FULLY_REFUNDED', 409, adminRepairMessages.fullyRefunded);
    if (body.amountCents > creditable) throw new AppError('OVER_REFUND', 409, adminRepairMessages.overRefund(formatEuros(creditable)));
    const creditedCents = invoice.creditedCents + body.amountCents;
    const owed = invoiceOwedCents({ totalCents: invoice.totalCents, creditedCents, amountPaidCents: 0, bonusCents: invoice.bonusCents });
    // What the customer paid beyond what they now owe goes back to them.
    const refundedCents = Math.min(body.amountCents, Math.max(invoice.amountPaidCents - owed, 0));
    const amountPaidCents = invoice.amountPaidCents - refundedCents;
    const status = invoiceStatusOf({ totalCents: invoice.totalCents, creditedCents, amountPaidCents, bonusCents: invoice.bonusCents });
    const number = await nextDocumentNumber(tx, 'credit_note');
    let method = body.method ?? '';
    if (refundedCents > 0 && !method) {
      const [last] = await tx
        .select({ method: invoicePayments.method })
        .from(invoicePayments)
        .where(and(eq(invoicePayments.invoiceId, id), eq(invoicePayments.kind, 'payment')))
        .orderBy(desc(invoicePayments.paidAt), desc(invoicePayments.id))
        .limit(1);
      method = last?.method ?? 'Espèces';
    }
    await tx.insert(creditNotes).values({
      creditNoteNumber: number,
      invoiceId: id,
      customerId: invoice.customerId,
      amountCents: body.amountCents,
      refundedCents,
      method,
      reason: body.reason,
      actorId: actor.user.id,
    });
    if (refundedCents > 0) {
      await tx.insert(invoicePayments).values({ invoiceId: id, kind: 'refund', amountCents: refundedCents, method, transactionId: number });
    }
    await tx.update(invoices).set({ creditedCents, amountPaidCents, status, updatedAt: new Date() }).where(eq(invoices.id, id));
    await recordAudit(tx, actor, {
      action: 'invoice.refund',
      entity: 'invoice',
      entityId: invoice.invoiceNumber,
      before: { status: invoice.status, creditedCents: invoice.creditedCents, amountPaidCents: invoice.amountPaidCents },
      after: { status, creditedCents, amountPaidCents, creditNote: { number, amountCents: body.amountCents, refundedCents, method, reason: body.reason } },
    });
    return getAdminInvoice(tx, id);
  });
}
