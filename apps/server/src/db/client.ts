import fs from 'node:fs/promises';
import path from 'node:path';
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

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed SQL migrations (idempotent; serialised across instances on PostgreSQL). */
  migrate: () => Promise<void>;
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
  /** PGlite only: a tarball of the data directory (used to build test templates). */
  dump?: () => Promise<Blob>;
};

// Resolves to apps/server/drizzle from both src/db (tsx, tests) and dist/db (built server).
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Any constant works: it only has to be the same for every instance of this application.
const MIGRATION_LOCK_KEY = 724_031_2026;

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
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        const lockClient = await pool.connect();
        try {
          await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          lockClient.release();
        }
      },
      ping: () => ping(db),
      close: () => pool.end(),
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
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    ping: () => ping(db),
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

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
