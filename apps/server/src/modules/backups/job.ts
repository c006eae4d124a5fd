import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { rowsOf, type Database } from '../../db/client.js';
import { appMeta } from '../../db/schema.js';
import { timeJobRun, type OnJobRun } from '../../jobs/job-runs.js';
import { startBackupControl } from './control.js';
import { pruneBackups } from './files.js';
import { takeBackup, type BackupOptions, type BackupResult } from './snapshot.js';
import { DAILY_META_KEY, type DailyClaim } from './status.js';

/**
 * The daily automatic backup (BACKUP_AUTO): from 3 a.m. (Paris time) the first tick of the day
 * takes a backup into BACKUP_DIR, deletes those older than BACKUP_KEEP_DAYS, then checks the new
 * one by restoring it into a throwaway database in a child process (`npm run restore -- --check`),
 * so the server's event loop never runs that restore. Several instances on one PostgreSQL claim
 * the day in app_meta first: one of them backs up. A claim whose instance died, or whose backup
 * failed, is taken again an hour later.
 */

export const BACKUP_HOUR = 3;
const SHOP_TIME_ZONE = 'Europe/Paris';
const HOUR_MS = 60 * 60 * 1000;

/** One backup at a time per database, whoever asks (the daily job, staff, `npm run backup`). */
const running = new WeakMap<object, Promise<BackupResult>>();

export class BackupBusyError extends Error {
  constructor() {
    super('a backup is already running');
    this.name = 'BackupBusyError';
  }
}

export function backupNow(database: Pick<Database, 'db' | 'kind'>, options: BackupOptions): Promise<BackupResult> {
  if (running.has(database.db)) return Promise.reject(new BackupBusyError());
  const taking = takeBackup(database, options).finally(() => running.delete(database.db));
  running.set(database.db, taking);
  return taking;
}

/** The shop's calendar day (YYYY-MM-DD) and hour at `now`. */
export function shopDayAndHour(now: Date): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/** Claims today's backup for this instance; false when another one holds it (or made it). */
async function claimDay(database: Pick<Database, 'db'>, day: string, now: Date): Promise<boolean> {
  const claim: DailyClaim = { day, state: 'running', at: now.toISOString() };
  const staleBefore = new Date(now.getTime() - HOUR_MS).toISOString();
  const result = await database.db.execute(sql`
    insert into app_meta (key, value, updated_at) values (${DAILY_META_KEY}, ${JSON.stringify(claim)}::jsonb, ${now.toISOString()}::timestamptz)
    on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
    where app_meta.value->>'day' is null
       or app_meta.value->>'day' < excluded.value->>'day'
       or (app_meta.value->>'day' = excluded.value->>'day' and app_meta.value->>'state' <> 'done' and app_meta.updated_at < ${staleBefore}::timestamptz)
    returning key
  `);
  return rowsOf(result).length > 0;
}

async function settleClaim(database: Pick<Database, 'db'>, claim: DailyClaim, now: Date): Promise<void> {
  await database.db.update(appMeta).set({ value: claim, updatedAt: now }).where(eq(appMeta.key, DAILY_META_KEY));
}

export type DailyBackupOptions = {
  config: Config['backups'];
  database: Pick<Database, 'db' | 'kind'>;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Restore check of the new file; by default a child process runs `restore --check` (see checkInChildProcess). */
  check?: (file: string) => Promise<void>;
};

export type DailyOutcome =
  | { outcome: 'off' | 'not-due' | 'claimed-elsewhere' | 'busy' }
  | { outcome: 'done'; backup: BackupResult; deleted: string[] }
  | { outcome: 'failed'; error: string };

/** One tick of the daily job (exported for the tests, with their clock). */
export async function runDailyBackup(options: DailyBackupOptions): Promise<DailyOutcome> {
  const now = options.now ?? (() => new Date());
  if (!options.config.automatic) return { outcome: 'off' };
  const started = now();
  const { day, hour } = shopDayAndHour(started);
  if (hour < BACKUP_HOUR) return { outcome: 'not-due' };
  if (!(await claimDay(options.database, day, started))) return { outcome: 'claimed-elsewhere' };
  let backup: BackupResult;
  try {
    backup = await backupNow(options.database, { directory: options.config.directory, kind: 'auto', now });
  } catch (error) {
    const busy = error instanceof BackupBusyError;
    const message = error instanceof Error ? error.message : String(error);
    // Busy: a manual backup is running; the claim stays "running" and is taken again within the hour.
    if (!busy) {
      options.log.error({ err: error }, 'daily backup failed; it will be tried again in an hour');
      await settleClaim(options.database, { day, state: 'failed', at: now().toISOString(), error: message }, now()).catch(() => undefined);
    }
    return busy ? { outcome: 'busy' } : { outcome: 'failed', error: message };
  }
  await settleClaim(options.database, { day, state: 'done', at: now().toISOString(), file: backup.file }, now()).catch((error: unknown) => {
    options.log.warn({ err: error }, 'daily backup written but its claim could not be updated');
  });
  let deleted: string[] = [];
  try {
    deleted = await pruneBackups(options.config.directory, options.config.keepDays, now());
  } catch (error) {
    options.log.warn({ err: error }, 'old backups could not be deleted');
  }
  options.log.info({ file: backup.file, bytes: backup.bytes, ms: backup.ms, deleted: deleted.length }, 'daily backup written');
  if (options.check) {
    await options.check(backup.path).catch((error: unknown) => options.log.warn({ err: error }, 'restore check of the daily backup failed to run'));
  }
  return { outcome: 'done', backup, deleted };
}

/** The compiled restore CLI beside this module (dist), or its source under tsx (development). */
function restoreCli(): string | null {
  for (const candidate of ['../../cli/restore.js', '../../cli/restore.ts']) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  return null;
}

/**
 * Runs `restore --check FILE` in a child process: it restores into a throwaway PGlite and records
 * the result beside the backups (last-check.json), which the admin shows.
 */
export function checkInChildProcess(config: Config['backups'], log: FastifyBaseLogger): (file: string) => Promise<void> {
  return async (file) => {
    const cli = restoreCli();
    if (!cli) {
      log.warn('restore CLI not found: the daily backup was not checked');
      return;
    }
    const child = fork(cli, ['--check', file], { stdio: 'ignore', env: { ...process.env, BACKUP_DIR: config.directory } });
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) log.warn({ code, file }, 'restore check of the daily backup failed (see last-check.json)');
  };
}

export type BackupJobOptions = DailyBackupOptions & { onRun?: OnJobRun; intervalMs?: number; firstDelayMs?: number };

/** The backup running on `database`, if any, to be waited for before closing it. */
export async function backupsIdle(database: Pick<Database, 'db'>): Promise<void> {
  await running.get(database.db)?.catch(() => undefined);
}

/**
 * Starts the daily job: a tick two minutes after start, then every ten minutes. Returns its stop,
 * which waits for a backup under way (the database must not close under it).
 */
export function startBackupJob(options: BackupJobOptions): () => Promise<void> {
  const { intervalMs = 10 * 60 * 1000, firstDelayMs = 2 * 60 * 1000, onRun } = options;
  let ticking = false;
  const tick = async () => {
    if (ticking) return;
    ticking = true;
    const finish = timeJobRun(onRun);
    let failed = false;
    try {
      const result = await runDailyBackup(options);
      failed = result.outcome === 'failed';
    } catch (error) {
      failed = true;
      options.log.warn({ err: error }, 'backup job failed; it will run again');
    } finally {
      ticking = false;
    }
    finish(failed);
  };
  const first = setTimeout(() => void tick(), firstDelayMs);
  const timer = setInterval(() => void tick(), intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await backupsIdle(options.database);
  };
}

/**
 * What a listening server runs for backups (server.ts): the daily job, and on PGlite the control
 * socket through which `npm run backup` asks it for one. Returns their stop.
 */
export async function startBackups({
  config,
  database,
  log,
  onRun,
}: {
  config: Pick<Config, 'backups' | 'dataDir' | 'database'>;
  database: Pick<Database, 'db' | 'kind'>;
  log: FastifyBaseLogger;
  onRun?: OnJobRun;
}): Promise<() => Promise<void>> {
  const stopJob = startBackupJob({ config: config.backups, database, log, ...(onRun ? { onRun } : {}), check: checkInChildProcess(config.backups, log) });
  let stopControl: () => Promise<void> = async () => undefined;
  if (config.database.kind === 'pglite') {
    try {
      stopControl = await startBackupControl({
        dataDir: config.dataDir,
        log,
        backup: async (output) => {
          const backup = await backupNow(database, { directory: config.backups.directory, kind: 'manual', ...(output ? { output } : {}) });
          return { file: backup.file, path: backup.path, bytes: backup.bytes, ms: backup.ms, rows: backup.manifest.rows, tables: backup.manifest.tables.length };
        },
      });
    } catch (error) {
      log.warn({ err: error }, 'backup control socket not started: npm run backup cannot reach this server');
    }
  }
  return async () => {
    await stopControl();
    await stopJob();
  };
}
