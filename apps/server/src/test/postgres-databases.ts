import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/client.js';
import { seed } from '../db/seed.js';

/**
 * Test databases on PostgreSQL. A run (one `vitest` process) migrates and seeds one template,
 * `erepare_tpl_<run>`, and every test file gets its own copy of it (`CREATE DATABASE … TEMPLATE`,
 * a file copy on the server: ~0.1 s instead of ~2 s of migrations and seed), dropped after the file.
 *
 * Several runs may share one server (two engineers, CI): every name carries the run's key, and
 * the run holds a session advisory lock on that key while it lives. A database whose run's lock
 * is free belongs to a run that died (killed, crashed): the next run drops it.
 */

/** First half of the two-key advisory lock of a run (any constant: only the test runs use it). */
const RUN_LOCK_CLASS = 724_032;
/** `erepare_tpl_<run>`, `erepare_t<run>_<file>`, `erepare_t<run>_main_<n>`: lower case, no quoting needed. */
const RUN_DATABASE = /^erepare_(?:tpl_|t)(\d+)(?:_[a-z0-9_]+)?$/;

export type PostgresRun = {
  /** The maintenance database's URL (TEST_DATABASE_URL). */
  baseUrl: string;
  key: number;
  template: string;
};

function urlOf(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient<T>(baseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Drops the databases of runs that are gone (their lock is free); never those of a live run. */
export async function dropLeftovers(client: pg.Client, ownKey: number): Promise<string[]> {
  const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like 'erepare\\_t%'");
  const byRun = new Map<number, string[]>();
  for (const { datname } of rows) {
    const match = RUN_DATABASE.exec(datname);
    const key = Number(match?.[1]);
    if (!match || key === ownKey) continue;
    byRun.set(key, [...(byRun.get(key) ?? []), datname]);
  }
  const dropped: string[] = [];
  for (const [key, names] of byRun) {
    const { rows: locked } = await client.query<{ free: boolean }>('select pg_try_advisory_lock($1, $2) as free', [RUN_LOCK_CLASS, key]);
    if (!locked[0]?.free) continue;
    try {
      for (const name of names) {
        await client.query(`drop database if exists ${name} with (force)`);
        dropped.push(name);
      }
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [RUN_LOCK_CLASS, key]);
    }
  }
  return dropped;
}

/**
 * Starts a run: takes its lock (held by a connection kept open until `end`), drops the leftovers
 * of dead runs, builds the migrated and seeded template. `end` drops the run's databases.
 */
export async function startPostgresRun(baseUrl: string): Promise<{ run: PostgresRun; end: () => Promise<void> }> {
  const holder = new pg.Client({ connectionString: baseUrl });
  await holder.connect();
  // An idle connection that the server closes must not crash the test run.
  holder.on('error', () => undefined);
  let key = 0;
  for (;;) {
    key = randomInt(1, 2 ** 31 - 1);
    const { rows } = await holder.query<{ mine: boolean }>('select pg_try_advisory_lock($1, $2) as mine', [RUN_LOCK_CLASS, key]);
    if (rows[0]?.mine) break;
  }
  const run: PostgresRun = { baseUrl, key, template: `erepare_tpl_${key}` };
  await dropLeftovers(holder, key);

  await holder.query(`create database ${run.template}`);
  const database = await openDatabase({ kind: 'postgres', url: urlOf(baseUrl, run.template) });
  try {
    await database.migrate();
    await seed(database.db);
  } finally {
    await database.close();
  }
  // A copy fails while anyone is connected to its template: nobody may connect to it any more.
  await holder.query(`alter database ${run.template} with allow_connections false`);

  const end = async () => {
    try {
      const { rows } = await holder.query<{ datname: string }>("select datname from pg_database where datname like 'erepare\\_t%'");
      for (const { datname } of rows) {
        if (Number(RUN_DATABASE.exec(datname)?.[1]) === key) await holder.query(`drop database if exists ${datname} with (force)`);
      }
    } finally {
      await holder.end();
    }
  };
  return { run, end };
}

export type TestDatabase = { name: string; url: string; drop: () => Promise<void> };

async function createDatabase(run: PostgresRun, suffix: string, template: string | undefined): Promise<TestDatabase> {
  const name = `erepare_t${run.key}_${suffix}`;
  await withClient(run.baseUrl, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    name,
    url: urlOf(run.baseUrl, name),
    drop: () => withClient(run.baseUrl, async (client) => void (await client.query(`drop database if exists ${name} with (force)`))),
  };
}

/** A copy of the run's template (migrated and seeded), for one test file. */
export function copyOfTemplate(run: PostgresRun): Promise<TestDatabase> {
  return createDatabase(run, randomBytes(6).toString('hex'), run.template);
}

/** An empty database (for tests of migrations and first starts), named after the run. */
export function emptyDatabase(run: PostgresRun): Promise<TestDatabase> {
  return createDatabase(run, `empty_${randomBytes(5).toString('hex')}`, undefined);
}
