/**
 * Backups that restore (issue 23 §3): a backup taken while orders are being placed restores, on
 * PGlite and on PostgreSQL whichever engine it was taken on, with every order confirmed before the
 * snapshot, its lines, its payments and the state of its mails; and no half of an order.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { asc, inArray, like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../db/client.js';
import { mailOutbox, orderLines, orders, payments } from '../../db/schema.js';
import { emptyDatabase } from '../../test/postgres-databases.js';
import { placeOrder, post, startStripeTestBed, type StripeTestBed } from '../../test/stripe-test-bed.js';
import { readBackupHeader } from './archive.js';
import { restoreBackup } from './restore.js';
import { takeBackup } from './snapshot.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const CREATE = '/api/woocommerce-payments/create-payment-intent';
const CONFIRM = '/api/woocommerce-payments/stripe/confirm-payment';

let bed: StripeTestBed;
let scratch: string;

beforeAll(async () => {
  // A local PUBLIC_URL: the example bank details of a fresh store offer bank transfer only on this machine.
  bed = await startStripeTestBed({ PUBLIC_URL: 'http://localhost:3000' });
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'erepare-backup-test-'));
});

afterAll(async () => {
  await bed?.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

/** A buyer's whole checkout: a bank-transfer order, or a card order paid at Stripe and confirmed. */
async function checkout(kind: 'bacs' | 'stripe'): Promise<number> {
  const order = await placeOrder(bed.t, { paymentMethod: kind });
  if (kind === 'stripe') {
    const intent = await post(bed.t, CREATE, { orderId: order.id, order_key: order.key, currency: 'eur', paymentMethod: 'stripe' });
    expect(intent.statusCode, intent.body).toBe(200);
    const id = intent.json<{ payment_intent_id: string }>().payment_intent_id;
    bed.fake.succeed(id);
    const confirmed = await post(bed.t, CONFIRM, { orderId: order.id, order_key: order.key, paymentIntentId: id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  return order.id;
}

/** Everything of these orders, engine-independent (typed rows: dates as Date, JSON parsed). */
async function ordersState(db: Db, ids: number[]) {
  const mailKeys = ids.flatMap((id) => [like(mailOutbox.dedupeKey, `order\\_%:${id}`)]);
  return {
    orders: await db.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id)),
    lines: await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    payments: await db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.id)),
    mails: await db.select().from(mailOutbox).where(or(...mailKeys)).orderBy(asc(mailOutbox.id)),
  };
}

/**
 * No half order: every order has its lines; a bank-transfer order its two mails (buyer, shop); a
 * paid card order the payment it was paid by and its confirmation mail (a card order still waiting
 * for payment has none yet). The payment row's own `succeeded` is written just after the order's
 * transaction (payments/stripe-service.ts, settle): a snapshot in between may hold it `created`,
 * which the webhook settles later, so only the row is required of orders still in flight.
 */
async function wholeOrders(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const all = await db.select().from(orders);
  const lines = await db.select({ orderId: orderLines.orderId }).from(orderLines);
  const paid = await db.select({ orderId: payments.orderId, ref: payments.providerRef }).from(payments);
  const mails = await db.select({ key: mailOutbox.dedupeKey }).from(mailOutbox);
  for (const order of all) {
    if (!lines.some((line) => line.orderId === order.id)) problems.push(`order ${order.id} without lines`);
    const mailed = (kind: string) => mails.some((mail) => mail.key === `${kind}:${order.id}`);
    if (order.paymentMethod === 'bacs' && !(mailed('order_confirmation') && mailed('order_notification'))) problems.push(`order ${order.id} without its mails`);
    if (order.paymentMethod === 'stripe' && order.status === 'processing') {
      if (!paid.some((payment) => payment.orderId === order.id && payment.ref === order.transactionId)) problems.push(`paid order ${order.id} without its payment`);
      if (!mailed('order_confirmation')) problems.push(`paid order ${order.id} without its confirmation mail`);
    }
  }
  return problems;
}

async function withDatabase<T>(database: Database, use: (database: Database) => Promise<T>): Promise<T> {
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

describe('a backup taken during a burst of orders', () => {
  it('restores every order confirmed before the snapshot with its lines, payments and mails, and no half order', { timeout: 120_000 }, async () => {
    const buyers = 24;
    const confirmedAt = new Map<number, number>();
    const confirmed = { bacs: 0, stripe: 0 };
    let enoughConfirmed: () => void = () => undefined;
    const firstOnes = new Promise<void>((resolve) => {
      enoughConfirmed = resolve;
    });
    const flows = Array.from({ length: buyers }, (_, index) => {
      const kind = index % 2 === 0 ? 'bacs' : 'stripe';
      return checkout(kind).then((id) => {
        confirmedAt.set(id, performance.now());
        confirmed[kind] += 1;
        if (confirmed.bacs >= 3 && confirmed.stripe >= 3) enoughConfirmed();
        return id;
      });
    });
    // The snapshot is taken once a few orders of each kind are confirmed, while the rest of the burst is under way.
    await firstOnes;
    const snapshotStarted = performance.now();
    const backup = await takeBackup(bed.t.database, { directory: path.join(scratch, 'backups'), kind: 'manual' });
    const ids = await Promise.all(flows);
    const before = [...confirmedAt].filter(([, at]) => at < snapshotStarted).map(([id]) => id);
    expect(before.length).toBeGreaterThanOrEqual(6);
    expect(before.length, 'some orders were still being placed during the snapshot').toBeLessThan(ids.length);

    // Owner only, and the header says what it holds.
    expect((await fs.stat(backup.path)).mode & 0o777).toBe(0o600);
    const { manifest } = await readBackupHeader(backup.path);
    expect(manifest).toMatchObject({ engine: onPostgres ? 'postgres' : 'pglite', kind: 'manual' });
    const ordersInBackup = manifest.tables.find((table) => table.name === 'orders')?.rows ?? 0;
    expect(ordersInBackup).toBeGreaterThanOrEqual(before.length);

    const expected = await ordersState(bed.t.database.db, before);
    expect(expected.orders).toHaveLength(before.length);
    expect(expected.payments.length).toBeGreaterThanOrEqual(3);
    expect(expected.mails.length).toBeGreaterThanOrEqual(before.length * 2);

    const checkRestored = async (database: Database) => {
      expect(await ordersState(database.db, before)).toEqual(expected);
      expect(await wholeOrders(database.db)).toEqual([]);
      expect((await database.db.select({ id: orders.id }).from(orders)).length).toBe(ordersInBackup);
    };

    // Into a fresh PGlite data directory (whatever the engine of the source).
    const pgliteDir = path.join(scratch, 'restored', 'pglite');
    const restored = await restoreBackup(backup.path, { kind: 'pglite', directory: pgliteDir });
    expect(restored.rows).toBe(manifest.rows);
    expect(restored.previous).toBeNull();
    await withDatabase(await openDatabase({ kind: 'pglite', dataDir: pgliteDir }), checkRestored);

    if (onPostgres) {
      // Into a fresh PostgreSQL database.
      const target = await emptyDatabase(inject('postgresRun'));
      try {
        await withDatabase(await openDatabase({ kind: 'postgres', url: target.url }), async (database) => {
          await restoreBackup(backup.path, { kind: 'database', database });
          await checkRestored(database);
        });
        // And back: the PGlite copy, backed up, restores into PostgreSQL (PGlite → PostgreSQL migration).
        const fromPglite = await withDatabase(await openDatabase({ kind: 'pglite', dataDir: pgliteDir }), (database) =>
          takeBackup(database, { directory: path.join(scratch, 'backups'), kind: 'manual' }),
        );
        expect(fromPglite.manifest.engine).toBe('pglite');
        const second = await emptyDatabase(inject('postgresRun'));
        try {
          await withDatabase(await openDatabase({ kind: 'postgres', url: second.url }), async (database) => {
            await restoreBackup(fromPglite.path, { kind: 'database', database });
            await checkRestored(database);
          });
        } finally {
          await second.drop();
        }
      } finally {
        await target.drop();
      }
    }
  });
});
