import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Backup files in BACKUP_DIR: `erepare-20261201-030000Z-auto.backup` (UTC time of the snapshot,
 * `auto` for the daily job, `manual` otherwise; `-2`… when two fall in the same second). Only files
 * named so are listed and pruned: whatever else an operator keeps there is left alone.
 */

export type BackupKind = 'auto' | 'manual';

const NAME = /^erepare-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})Z-(auto|manual)(?:-(\d{1,3}))?\.backup$/;
/** Temporary files of a backup being written (archive.ts), hidden. */
const TEMPORARY = /^\.erepare-.*\.(?:payload|tmp)$/;

const DAY_MS = 24 * 60 * 60 * 1000;

export function backupFileName(at: Date, kind: BackupKind, attempt = 1): string {
  const stamp = at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '').replace('T', '-');
  return `erepare-${stamp}-${kind}${attempt > 1 ? `-${attempt}` : ''}.backup`;
}

export function parseBackupFileName(name: string): { at: Date; kind: BackupKind; attempt: number } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, kind, attempt] = match;
  const at = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  if (Number.isNaN(at.getTime())) return null;
  return { at, kind: kind as BackupKind, attempt: attempt ? Number(attempt) : 1 };
}

export type BackupEntry = { name: string; path: string; at: Date; kind: BackupKind; attempt: number; bytes: number };

/** The backup files of `directory`, newest first; none when the directory does not exist yet. */
export async function listBackups(directory: string): Promise<BackupEntry[]> {
  let names: string[];
  try {
    names = await fs.readdir(directory);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
  const entries: BackupEntry[] = [];
  for (const name of names) {
    const parsed = parseBackupFileName(name);
    if (!parsed) continue;
    const file = path.join(directory, name);
    try {
      const stat = await fs.stat(file);
      if (stat.isFile()) entries.push({ name, path: file, ...parsed, bytes: stat.size });
    } catch {
      // Deleted meanwhile (pruned by another instance sharing the directory).
    }
  }
  // Newest first; within one second, the later attempt (`-2`…) was written last.
  return entries.sort((a, b) => b.at.getTime() - a.at.getTime() || b.attempt - a.attempt);
}

/** A free name for a backup taken at `at` (the same second may already have one). */
export async function freeBackupPath(directory: string, at: Date, kind: BackupKind): Promise<string> {
  for (let attempt = 1; attempt < 1000; attempt++) {
    const candidate = path.join(directory, backupFileName(at, kind, attempt));
    try {
      await fs.access(candidate);
    } catch {
      return candidate;
    }
  }
  throw new Error('no free backup file name');
}

/**
 * Retention: deletes the backups taken more than `keepDays` days before `now` (by the time in
 * their name, not the file's mtime, which a copy changes), but never the newest one: when backups
 * have been failing for longer than the retention, the last good one stays. Also removes temporary
 * files left by a backup interrupted more than a day ago. Returns the names deleted.
 */
export async function pruneBackups(directory: string, keepDays: number, now: Date): Promise<string[]> {
  const entries = await listBackups(directory);
  const limit = now.getTime() - keepDays * DAY_MS;
  const deleted: string[] = [];
  for (const entry of entries.slice(1)) {
    if (entry.at.getTime() >= limit) continue;
    await fs.rm(entry.path, { force: true });
    deleted.push(entry.name);
  }
  let names: string[] = [];
  try {
    names = await fs.readdir(directory);
  } catch {
    return deleted;
  }
  for (const name of names.filter((candidate) => TEMPORARY.test(candidate))) {
    const file = path.join(directory, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && stat.mtime.getTime() < now.getTime() - DAY_MS) {
      await fs.rm(file, { force: true });
      deleted.push(name);
    }
  }
  return deleted;
}
