import { z } from '../zod.js';

/**
 * Staff API, backups (issue 23 §3): GET /api/admin/backups (what the admin shows: where backups go,
 * the last one, the last restore check) and POST /api/admin/backups (take one now).
 */

export const adminBackupMessages = {
  created: (file: string, size: string, seconds: string) => `Sauvegarde enregistrée\u00a0: ${file} (${size}) en ${seconds} s.`,
  busy: 'Une sauvegarde est déjà en cours\u00a0: attendez qu’elle se termine.',
  rateLimited: 'Trop de sauvegardes demandées\u00a0: réessayez dans quelques minutes.',
  failed: 'La sauvegarde a échoué\u00a0: voir les journaux du serveur.',
  directoryUnavailable: (directory: string) => `Le dossier des sauvegardes ${directory} n’est pas accessible en écriture (BACKUP_DIR).`,
};

const backupFileSchema = z.object({
  /** File name, inside `directory`. */
  file: z.string(),
  /** When the snapshot was taken (ISO 8601). */
  at: z.string(),
  bytes: z.number().int(),
  /** Time taken to write it. */
  ms: z.number().int(),
  /** `auto`: the daily backup; `manual`: asked by staff or by `npm run backup`. */
  kind: z.enum(['auto', 'manual']),
  rows: z.number().int(),
});

const backupCheckSchema = z.object({
  file: z.string(),
  at: z.string(),
  /** Restored into a throwaway database and every table's row count matched the manifest. */
  ok: z.boolean(),
  /** French sentence: what was checked, or why it failed. */
  detail: z.string(),
});

export const backupStatusSchema = z.object({
  directory: z.string(),
  /** Daily automatic backups on (BACKUP_AUTO). */
  automatic: z.boolean(),
  keepDays: z.number().int(),
  last: backupFileSchema.nullable(),
  lastCheck: backupCheckSchema.nullable(),
  /** The last automatic backup that failed, when no automatic backup succeeded since. */
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** Backup files in `directory`, and their total size. */
  count: z.number().int(),
  totalBytes: z.number().int(),
});

export type BackupFileInfo = z.infer<typeof backupFileSchema>;
export type BackupCheckInfo = z.infer<typeof backupCheckSchema>;
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const backupStatusResponseSchema = z.object({ success: z.literal(true), data: backupStatusSchema });
export const backupCreateResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: backupFileSchema });
