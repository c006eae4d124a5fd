import { adminBackupMessages as texts, backupCreateResponseSchema, backupStatusResponseSchema } from '@erepare/shared/schemas/admin-backups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.js';
import { requireAdmin } from '../../plugins/auth.js';
import { recordAudit } from '../admin/audit.js';
import { BackupError } from './archive.js';
import { BackupBusyError, backupNow } from './job.js';
import { backupStatus } from './status.js';

/**
 * Staff routes of backups (issue 23 §3): the state shown in the admin, and « Sauvegarder
 * maintenant ». The admin role is checked in `onRequest`, before anything else (401 / 403).
 */

/** A backup reads the whole database: a few per staff member and quarter of an hour. */
export const BACKUP_CREATE_LIMIT: RateLimitRule = { name: 'admin-backup', limit: 3, windowMs: 15 * 60 * 1000 };

const FILE_SYSTEM_ERRORS = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR', 'EDQUOT']);

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-FR')} Ko`;

export const adminBackupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    await requireAdmin(request);
  });

  app.get('/api/admin/backups', { schema: { response: { 200: backupStatusResponseSchema } } }, async (request) => {
    await requireAdmin(request);
    return { success: true as const, data: await backupStatus(app.config, app.db) };
  });

  app.post('/api/admin/backups', { schema: { response: { 200: backupCreateResponseSchema } } }, async (request) => {
    const admin = await requireAdmin(request);
    await hitRateLimit(app.db, BACKUP_CREATE_LIMIT, `user:${admin.user.id}`, texts.rateLimited);
    const { directory } = app.config.backups;
    let backup;
    try {
      backup = await backupNow(app.database, { directory, kind: 'manual' });
    } catch (error) {
      if (error instanceof BackupBusyError) throw new AppError('BACKUP_RUNNING', 409, texts.busy);
      if (error instanceof BackupError) throw new AppError('BACKUP_FAILED', 409, error.message);
      const code = (error as { code?: string }).code;
      if (code && FILE_SYSTEM_ERRORS.has(code)) throw new AppError('BACKUP_DIR_UNAVAILABLE', 503, texts.directoryUnavailable(directory), {}, error);
      throw error;
    }
    const { manifest } = backup;
    await recordAudit(app.db, admin, {
      action: 'backup.create',
      entity: 'backup',
      entityId: backup.file,
      after: { file: backup.file, bytes: backup.bytes, rows: manifest.rows, tables: manifest.tables.length },
    });
    const seconds = (backup.ms / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 });
    return {
      success: true as const,
      message: texts.created(backup.file, sizeOf(backup.bytes), seconds),
      data: { file: backup.file, at: manifest.createdAt, bytes: backup.bytes, ms: backup.ms, kind: manifest.kind, rows: manifest.rows },
    };
  });
};
