/**
 * Daily automatic backups (issue 23 §3): taken from 3 a.m. Paris time, once a day even with
 * several instances on one database, retried an hour after a failure; retention by BACKUP_KEEP_DAYS
 * with an injected clock; what the admin shows (GET /api/admin/backups) and « Sauvegarder
 * maintenant » (POST), staff only, rate-limited and audited.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { adminBackupMessages, type BackupStatus } from '@erepare/shared/schemas/admin-backups';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appMeta, auditLog } from '../../db/schema.js';
import { adminTestBed, type AdminTestBed, type Envelope } from '../../test/admin.js';
import { readBackupHeader } from './archive.js';
import { backupFileName, listBackups, pruneBackups } from './files.js';
import { BackupBusyError, backupNow, runDailyBackup, shopDayAndHour, type DailyBackupOptions } from './job.js';
import type { CheckResult } from './restore.js';
import { backupReadiness, backupStatus, DAILY_META_KEY, readDailyClaim, recordCheck } from './status.js';

const DAY = 24 * 60 * 60 * 1000;
let log: DailyBackupOptions['log'];

let bed: AdminTestBed;
let scratch: string;

beforeAll(async () => {
  bed = await adminTestBed();
  log = bed.t.app.log;
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'erepare-daily-test-'));
});

afterAll(async () => {
  await bed?.t.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

let dirCounter = 0;
function newDirectory(): string {
  dirCounter += 1;
  return path.join(scratch, `backups-${dirCounter}`);
}

async function touch(directory: string, name: string): Promise<void> {
  await fs.mkdir(directory, { recursive: true });
  await fs.writeFile(path.join(directory, name), 'x');
}

describe('retention', () => {
  it('deletes only our backup files older than BACKUP_KEEP_DAYS, by the time in their name', async () => {
    const directory = newDirectory();
    const now = new Date('2026-12-15T04:00:00Z');
    const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000);
    const names = {
      fresh: backupFileName(ago(1), 'auto'),
      thirteen: backupFileName(ago(13), 'manual'),
      fourteen: backupFileName(ago(14), 'auto'),
      fourteenAndAnHour: backupFileName(ago(14, 1), 'auto'),
      month: backupFileName(ago(30), 'manual'),
      sameSecond: backupFileName(ago(30), 'manual', 2),
    };
    for (const name of Object.values(names)) await touch(directory, name);
    // Not ours: left alone whatever their age.
    await touch(directory, 'notes.txt');
    await touch(directory, 'erepare-copie.backup');
    // A temporary file of a backup interrupted two days ago, and one being written now.
    await touch(directory, `.${names.month}.abcd1234.payload`);
    await fs.utimes(path.join(directory, `.${names.month}.abcd1234.payload`), ago(2), ago(2));
    await touch(directory, `.${names.fresh}.beef0000.tmp`);
    await fs.utimes(path.join(directory, `.${names.fresh}.beef0000.tmp`), ago(0, 1), ago(0, 1));

    const deleted = await pruneBackups(directory, 14, now);
    expect(deleted.sort()).toEqual([`.${names.month}.abcd1234.payload`, names.fourteenAndAnHour, names.month, names.sameSecond].sort());
    expect((await fs.readdir(directory)).sort()).toEqual(
      [names.fresh, names.thirteen, names.fourteen, 'notes.txt', 'erepare-copie.backup', `.${names.fresh}.beef0000.tmp`].sort(),
    );
  });

  it('never deletes the newest backup, however old', async () => {
    const directory = newDirectory();
    const now = new Date('2026-12-15T04:00:00Z');
    const old = backupFileName(new Date(now.getTime() - 40 * DAY), 'auto');
    const older = backupFileName(new Date(now.getTime() - 41 * DAY), 'auto');
    await touch(directory, old);
    await touch(directory, older);
    expect(await pruneBackups(directory, 14, now)).toEqual([older]);
    expect(await fs.readdir(directory)).toEqual([old]);
  });

  it('a missing directory has nothing to prune', async () => {
    expect(await pruneBackups(path.join(scratch, 'absent'), 14, new Date())).toEqual([]);
  });
});

describe('the daily backup', () => {
  beforeEach(async () => {
    await bed.t.database.db.delete(appMeta).where(eq(appMeta.key, DAILY_META_KEY));
  });

  const options = (directory: string, at: { now: Date }, checked: string[] = []): DailyBackupOptions => ({
    config: { directory, keepDays: 14, automatic: true },
    database: bed.t.database,
    log,
    now: () => at.now,
    check: async (file) => {
      checked.push(file);
    },
  });

  it('uses the shop’s calendar (Paris time)', () => {
    expect(shopDayAndHour(new Date('2026-12-01T01:59:00Z'))).toEqual({ day: '2026-12-01', hour: 2 });
    expect(shopDayAndHour(new Date('2026-07-01T01:00:00Z'))).toEqual({ day: '2026-07-01', hour: 3 });
    expect(shopDayAndHour(new Date('2026-12-01T23:30:00Z'))).toEqual({ day: '2026-12-02', hour: 0 });
  });

  it('waits for 3 a.m., backs up once a day whatever the instances, checks the file, then prunes the old ones', { timeout: 60_000 }, async () => {
    const directory = newDirectory();
    const clock = { now: new Date('2026-12-01T01:30:00Z') }; // 02:30 in Paris
    const checked: string[] = [];
    expect(await runDailyBackup(options(directory, clock, checked))).toEqual({ outcome: 'not-due' });
    expect(await listBackups(directory)).toEqual([]);

    // 03:10: two instances on the same database tick at the same time; one backs up.
    clock.now = new Date('2026-12-01T02:10:00Z');
    const outcomes = await Promise.all([runDailyBackup(options(directory, clock, checked)), runDailyBackup(options(directory, clock, checked))]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['claimed-elsewhere', 'done']);
    const files = await listBackups(directory);
    expect(files.map((file) => file.name)).toEqual(['erepare-20261201-021000Z-auto.backup']);
    expect((await fs.stat(files[0]?.path ?? '')).mode & 0o777).toBe(0o600);
    expect(checked).toEqual([files[0]?.path]);
    expect(await readDailyClaim(bed.t.database.db)).toMatchObject({ day: '2026-12-01', state: 'done', file: 'erepare-20261201-021000Z-auto.backup' });

    // Later the same day: nothing more.
    clock.now = new Date('2026-12-01T18:00:00Z');
    expect(await runDailyBackup(options(directory, clock, checked))).toEqual({ outcome: 'claimed-elsewhere' });

    // Backups of three weeks ago are there; the next day's run deletes them.
    await touch(directory, backupFileName(new Date('2026-11-10T02:10:00Z'), 'auto'));
    await touch(directory, backupFileName(new Date('2026-11-20T02:10:00Z'), 'auto'));
    clock.now = new Date('2026-12-02T02:05:00Z');
    const next = await runDailyBackup(options(directory, clock, checked));
    expect(next).toMatchObject({ outcome: 'done', deleted: ['erepare-20261110-021000Z-auto.backup'] });
    expect((await listBackups(directory)).map((file) => file.name)).toEqual([
      'erepare-20261202-020500Z-auto.backup',
      'erepare-20261201-021000Z-auto.backup',
      'erepare-20261120-021000Z-auto.backup',
    ]);
    expect(checked).toHaveLength(2);
  });

  it('a failed backup is said in the admin and tried again an hour later', { timeout: 60_000 }, async () => {
    // BACKUP_DIR under a regular file: it cannot be created.
    const blocker = path.join(scratch, 'a-file');
    await fs.writeFile(blocker, 'x');
    const directory = path.join(blocker, 'backups');
    const clock = { now: new Date('2026-12-03T05:00:00Z') };
    const failed = await runDailyBackup(options(directory, clock));
    expect(failed).toMatchObject({ outcome: 'failed' });
    const config = { backups: { directory, keepDays: 14, automatic: true } };
    const status = await backupStatus(config, bed.t.database.db);
    expect(status.lastError).toMatchObject({ at: '2026-12-03T05:00:00.000Z' });
    expect(status.lastError?.message).toMatch(/ENOTDIR|EEXIST|not a directory/i);
    expect(backupReadiness(status).done).toBe(false);

    clock.now = new Date('2026-12-03T05:30:00Z');
    expect(await runDailyBackup(options(directory, clock))).toEqual({ outcome: 'claimed-elsewhere' });
    // Fixed meanwhile; an hour after the failure the backup is taken.
    await fs.rm(blocker);
    await fs.mkdir(blocker);
    clock.now = new Date('2026-12-03T06:01:00Z');
    expect(await runDailyBackup(options(directory, clock))).toMatchObject({ outcome: 'done' });
    expect((await backupStatus(config, bed.t.database.db)).lastError).toBeNull();
  });

  it('BACKUP_AUTO=false: no automatic backup', async () => {
    const directory = newDirectory();
    const off = { ...options(directory, { now: new Date('2026-12-04T10:00:00Z') }), config: { directory, keepDays: 14, automatic: false } };
    expect(await runDailyBackup(off)).toEqual({ outcome: 'off' });
    expect(await listBackups(directory)).toEqual([]);
  });

  it('one backup at a time per database', async () => {
    const directory = newDirectory();
    const first = backupNow(bed.t.database, { directory, kind: 'manual' });
    await expect(backupNow(bed.t.database, { directory, kind: 'manual' })).rejects.toBeInstanceOf(BackupBusyError);
    await first;
    await expect(backupNow(bed.t.database, { directory, kind: 'manual' })).resolves.toBeTruthy();
  });
});

describe('GET and POST /api/admin/backups', () => {
  it('staff only: 401 without a session, 403 for a customer, French messages, nothing written', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const anonymous = await bed.call(method, '/api/admin/backups', undefined, 'none');
      expect(anonymous.statusCode).toBe(401);
      const customer = await bed.call(method, '/api/admin/backups', undefined, 'customer');
      expect(customer.statusCode).toBe(403);
      expect(customer.json<{ message: string }>().message).toMatch(/[a-zé]/);
    }
    expect(await listBackups(bed.t.config.backups.directory)).toEqual([]);
  });

  it('shows where backups go, the last one and the last check; takes one now, audited and rate-limited', { timeout: 60_000 }, async () => {
    const { directory } = bed.t.config.backups;
    const empty = await bed.call('GET', '/api/admin/backups');
    expect(empty.statusCode).toBe(200);
    expect(empty.json<Envelope<BackupStatus>>().data).toEqual({
      directory,
      automatic: true,
      keepDays: 14,
      last: null,
      lastCheck: null,
      lastError: null,
      count: 0,
      totalBytes: 0,
    });

    const taken = await bed.call('POST', '/api/admin/backups');
    expect(taken.statusCode, taken.body).toBe(200);
    const body = taken.json<Envelope<NonNullable<BackupStatus['last']>> & { message: string }>();
    expect(body.message).toMatch(/^Sauvegarde enregistrée\u00a0: erepare-\d{8}-\d{6}Z-manual\.backup \([\d\s,]+ [KM]o\) en [\d,]+ s\.$/);
    expect(body.data).toMatchObject({ kind: 'manual' });
    const file = path.join(directory, body.data.file);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(directory)).mode & 0o777).toBe(0o700);
    expect((await readBackupHeader(file)).manifest.rows).toBe(body.data.rows);
    const [audit] = await bed.t.database.db.select().from(auditLog).where(eq(auditLog.action, 'backup.create'));
    expect(audit).toMatchObject({ actorId: bed.admin.id, entity: 'backup', entityId: body.data.file });

    const check: CheckResult = { file: body.data.file, at: '2026-12-05T03:20:00.000Z', ok: true, detail: 'Restaurée dans une base jetable.', ms: 1200 };
    await recordCheck(directory, check);
    const status = (await bed.call('GET', '/api/admin/backups')).json<Envelope<BackupStatus>>().data;
    expect(status).toMatchObject({ count: 1, last: { file: body.data.file, kind: 'manual' }, lastCheck: { file: body.data.file, ok: true, detail: check.detail } });
    expect(status.totalBytes).toBe(body.data.bytes);
    expect(backupReadiness(status)).toMatchObject({ done: true });

    // Three per quarter of an hour and staff member.
    expect((await bed.call('POST', '/api/admin/backups')).statusCode).toBe(200);
    expect((await bed.call('POST', '/api/admin/backups')).statusCode).toBe(200);
    const limited = await bed.call('POST', '/api/admin/backups');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toBe(adminBackupMessages.rateLimited);
    expect(await listBackups(directory)).toHaveLength(3);
  });
});
