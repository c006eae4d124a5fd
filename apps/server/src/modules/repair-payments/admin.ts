import { asc, eq } from 'drizzle-orm';
import type { AdminRepairPayment } from '@erepare/shared/schemas/repair-payments';
import type { Executor } from '../../db/client.js';
import { repairPayments } from '../../db/schema.js';

/** The online payments of an invoice (the backend's invoice id) and the deposits applied to it, for staff. */
export async function adminRepairPaymentsOf(db: Executor, invoiceId: number): Promise<AdminRepairPayment[]> {
  const rows = await db.select().from(repairPayments).where(eq(repairPayments.invoiceId, invoiceId)).orderBy(asc(repairPayments.id));
  return rows.map((row) => ({
    id: row.id,
    purpose: row.purpose,
    provider: row.provider,
    providerRef: row.providerRef,
    amountCents: row.amountCents,
    status: row.status,
    lastError: row.lastError,
    postStatus: row.postStatus,
    postAttempts: row.postAttempts,
    postError: row.postError,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  }));
}
