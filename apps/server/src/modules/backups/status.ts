import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BackupCheckInfo, BackupStatus } from '@erepare/shared/schemas/admin-backups';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { appMeta } from '../../db/schema.js';
import { readBackupHeader } from './archive.js';
import { listBackups } from './files.js';
import type { CheckResult } from './restore.js';

/**
 * What the admin shows of backups (GET /api/admin/backups, the go-live checklist): where they go,
 * the last one, the last restore check, the last failure of the daily job. Read from the backup
 * directory itself (the files and `last-check.json`) and from the daily job's claim in app_meta.
 */

/** The result of the last restore check, beside the backups (written by `npm run restore -- --check` and the daily job). */
export const CHECK_FILE = 'last-check.json';
/** The daily job's claim (job.ts): which day was taken, by whom, and how it went. */
export const DAILY_META_KEY = 'backup_daily';

export type DailyClaim = { day: string; state: 'running' | 'done' | 'failed'; at: string; file?: string; error?: string };

export async function recordCheck(directory: string, result: CheckResult): Promise<void> {
  await fs.mkdir(directory, { recursive: true, mode: 0o700 });
  const temporary = path.join(directory, `.${CHECK_FILE}.${randomBytes(4).toString('hex')}`);
  await fs.writeFile(temporary, `${JSON.stringify(result, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  await fs.rename(temporary, path.join(directory, CHECK_FILE));
}

async function readCheck(directory: string): Promise<BackupCheckInfo | null> {
  try {
    const parsed = JSON.parse(await fs.readFile(path.join(directory, CHECK_FILE), 'utf8')) as Partial<CheckResult>;
    if (typeof parsed.file !== 'string' || typeof parsed.at !== 'string' || typeof parsed.ok !== 'boolean') return null;
    return { file: parsed.file, at: parsed.at, ok: parsed.ok, detail: typeof parsed.detail === 'string' ? parsed.detail : '' };
  } catch {
    return null;
  }
}

export async function readDailyClaim(db: Db): Promise<DailyClaim | null> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, DAILY_META_KEY)).limit(1);
  return (row?.value as DailyClaim | undefined) ?? null;
}

/**
 * The backups' state for the admin. `config` is the server's (`app.config`), `db` its database.
 */
export async function backupStatus(config: Pick<Config, 'backups'>, db: Db): Promise<BackupStatus> {
  const { directory, automatic, keepDays } = config.backups;
  // A directory that cannot be read (not created yet, wrong permissions) shows no backup; the
  // daily job's failure, below, says why.
  const [entries, lastCheck, claim] = await Promise.all([listBackups(directory).catch(() => []), readCheck(directory), readDailyClaim(db).catch(() => null)]);
  const newest = entries[0];
  let last: BackupStatus['last'] = null;
  if (newest) {
    try {
      const { manifest } = await readBackupHeader(newest.path);
      last = { file: newest.name, at: manifest.createdAt, bytes: newest.bytes, ms: manifest.durationMs, kind: manifest.kind, rows: manifest.rows };
    } catch {
      // An unreadable newest file is still the last one written: shown, its check will say the rest.
      last = { file: newest.name, at: newest.at.toISOString(), bytes: newest.bytes, ms: 0, kind: newest.kind, rows: 0 };
    }
  }
  return {
    directory,
    automatic,
    keepDays,
    last,
    lastCheck,
    lastError: claim?.state === 'failed' ? { at: claim.at, message: claim.error ?? '' } : null,
    count: entries.length,
    totalBytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
  };
}

/** For the go-live checklist (« Sauvegardes automatiques et restauration testée »). */
export function backupReadiness(status: BackupStatus): { done: boolean; detail: string } {
  if (!status.automatic) return { done: false, detail: 'Les sauvegardes automatiques sont désactivées (BACKUP_AUTO=false).' };
  if (!status.last) return { done: false, detail: `Aucune sauvegarde dans ${status.directory} pour l’instant\u00a0: la première est prise dans la nuit (ou «\u00a0Sauvegarder maintenant\u00a0»).` };
  if (!status.lastCheck) return { done: false, detail: 'Aucune restauration testée\u00a0: lancez npm run restore -- --check sur la dernière sauvegarde.' };
  if (!status.lastCheck.ok) return { done: false, detail: `La dernière vérification de restauration a échoué\u00a0: ${status.lastCheck.detail}` };
  return { done: true, detail: `Dernière sauvegarde ${status.last.file}\u00a0; restauration vérifiée (${status.lastCheck.file}).` };
}
