import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Both drivers share this type: repositories never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either, so services decide the transaction scope. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; dump?: Blob }
  | { kind: 'postgres'; url: string };

/** Told the duration of every query the application runs (metrics); `ok` false when it failed. */
export type QueryObserver = (seconds: number, ok: boolean) => void;

/** The PostgreSQL pool's connections: open, idle among them, and callers waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed SQL migrations (idempotent; serialised across instances on PostgreSQL). */
  migrate: () => Promise<void>;
  /**
   * Whether migrations are running now: this process's, or (PostgreSQL) another instance's,
   * seen by the lock they hold. Throws when the database cannot be asked.
   */
  migrationsRunning: () => Promise<boolean>;
  ping: () => Promise<boolean>;
  /** Adds an observer of the queries run through `db` (not the migrations'); returns its removal. */
  observeQueries: (observer: QueryObserver) => () => void;
  /** PostgreSQL only: the pool's connections now. */
  poolStats?: () => PoolStats;
  close: () => Promise<void>;
  /** PGlite only: a tarball of the data directory (used to build test templates). */
  dump?: () => Promise<Blob>;
};

// Resolves to apps/server/drizzle from both src/db (tsx, tests) and dist/db (built server).
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Any constant works: it only has to be the same for every instance of this application.
export const MIGRATION_LOCK_KEY = 724_031_2026;

/**
 * Whether a session holds the migration lock. PostgreSQL shows a bigint advisory key as its high
 * half in `classid` and its low half in `objid`, with `objsubid` 1.
 */
const migrationLockHeld = sql`
  select exists (
    select 1 from pg_locks
    where locktype = 'advisory' and granted and objsubid = 1
      and classid::text::bigint = ${Math.floor(MIGRATION_LOCK_KEY / 2 ** 32)}
      and objid::text::bigint = ${MIGRATION_LOCK_KEY % 2 ** 32}
  ) as held
`;

/**
 * The queries' observers. The driver's client is handed to drizzle behind a proxy that times its
 * `query` calls, and those of the clients it lends for transactions (a PostgreSQL pool's
 * `connect()`, PGlite's `transaction()`): every query of the application goes through one of these.
 */
function queryTiming() {
  const observers = new Set<QueryObserver>();
  const timed = <T>(run: () => Promise<T>): Promise<T> => {
    if (observers.size === 0) return run();
    const started = performance.now();
    const report = (ok: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      for (const observer of observers) observer(seconds, ok);
    };
    return run().then(
      (result) => {
        report(true);
        return result;
      },
      (error: unknown) => {
        report(false);
        throw error;
      },
    );
  };
  /** `lend` names the method that hands out another client (whose queries are timed too). */
  const wrap = <C extends object>(client: C, lend?: 'connect' | 'transaction'): C =>
    new Proxy(client, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (property === 'query') {
          return (...args: unknown[]) =>
            // A callback-style call (never drizzle's) is passed through untimed.
            typeof args.at(-1) === 'function' ? method.apply(target, args) : timed(() => method.apply(target, args) as Promise<unknown>);
        }
        if (property === 'connect' && lend === 'connect') {
          return async (...args: unknown[]) => wrap((await method.apply(target, args)) as object);
        }
        if (property === 'transaction' && lend === 'transaction') {
          return (callback: (tx: object) => Promise<unknown>, ...rest: unknown[]) =>
            method.apply(target, [(tx: object) => callback(wrap(tx)), ...rest]);
        }
        // Bound to the real client: the drivers keep private state (PGlite's #fields).
        return method.bind(target);
      },
    });
  const observe = (observer: QueryObserver) => {
    observers.add(observer);
    return () => {
      observers.delete(observer);
    };
  };
  return { wrap, observe };
}

/**
 * Opens the database. Each driver is imported only when used, so that start-up does not load
 * the other one (start-up time is a budget: < 3 s).
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const timing = queryTiming();
    const db = drizzlePg(timing.wrap(pool, 'connect'), { schema }) as unknown as Db;
    let migrating = false;
    let ending: Promise<void> | undefined;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        migrating = true;
        const lockClient = await pool.connect().catch((error: unknown) => {
          migrating = false;
          throw error;
        });
        try {
          await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
        } finally {
          migrating = false;
          await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          lockClient.release();
        }
      },
      migrationsRunning: async () => migrating || (await lockHeld(db)),
      ping: () => ping(db),
      observeQueries: timing.observe,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      // Idempotent, as PGlite's: the pool refuses a second end().
      close: () => (ending ??= pool.end()),
    };
  }

  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  if (target.kind === 'pglite') {
    await fs.mkdir(target.dataDir, { recursive: true });
    client = await PGlite.create({ dataDir: target.dataDir });
  } else {
    client = await PGlite.create(target.dump ? { loadDataDir: target.dump } : {});
  }
  const timing = queryTiming();
  const db = drizzlePglite(timing.wrap(client, 'transaction'), { schema }) as unknown as Db;
  let closed = false;
  let migrating = false;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      migrating = true;
      try {
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      } finally {
        migrating = false;
      }
    },
    // One process owns a PGlite directory, so the lock is only ever this process's; asked anyway,
    // so that both drivers answer alike.
    migrationsRunning: async () => migrating || (await lockHeld(db)),
    ping: () => ping(db),
    observeQueries: timing.observe,
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
    dump: async () => {
      const dumped = await client.dumpDataDir('none');
      return dumped;
    },
  };
}

/** Rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function lockHeld(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ held: boolean }>(await db.execute(migrationLockHeld));
  return row?.held === true;
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
