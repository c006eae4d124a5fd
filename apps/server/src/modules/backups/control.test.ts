/**
 * The control socket through which `npm run backup` asks the server running on a PGlite DATA_DIR
 * for a backup (and `npm run restore` learns it must not restore): owner-only, found from
 * DATA_DIR alone, a stale socket file replaced, gone when the server stops.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupThroughServer, controlSocketPath, runningServer, startBackupControl, type BackupSummary } from './control.js';

let dataDir: string;
const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'erepare-ctl-'));
});

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('backup control socket', () => {
  it('answers from DATA_DIR, owner only, takes the backup asked, and disappears when stopped', async () => {
    expect(await runningServer(dataDir)).toBeNull();
    // A socket file left by a server killed abruptly.
    await fs.writeFile(controlSocketPath(dataDir), '');
    const asked: Array<string | null> = [];
    const summary: BackupSummary = { file: 'erepare-20261201-030000Z-manual.backup', path: '/x', bytes: 10, ms: 5, rows: 3, tables: 2 };
    const stop = await startBackupControl({
      dataDir,
      log: quiet,
      backup: async (output) => {
        asked.push(output);
        if (output === '/refuse') throw new Error('Disque plein');
        return summary;
      },
    });
    try {
      const socket = controlSocketPath(dataDir);
      expect(path.dirname(socket)).toBe(dataDir);
      expect((await fs.stat(socket)).mode & 0o777).toBe(0o600);
      expect(await runningServer(dataDir)).toEqual({ pid: process.pid });
      expect(await backupThroughServer(dataDir)).toEqual(summary);
      expect(await backupThroughServer(dataDir, '/tmp/copie.backup')).toEqual(summary);
      await expect(backupThroughServer(dataDir, '/refuse')).rejects.toThrow('Disque plein');
      expect(asked).toEqual([null, '/tmp/copie.backup', '/refuse']);
    } finally {
      await stop();
    }
    expect(await runningServer(dataDir)).toBeNull();
    await expect(fs.access(controlSocketPath(dataDir))).rejects.toThrow();
  });

  it('a DATA_DIR too long for a Unix socket path gets one named after it in the temporary directory', () => {
    const long = path.join('/srv', 'd'.repeat(120));
    const socket = controlSocketPath(long);
    expect(path.dirname(socket)).toBe(os.tmpdir());
    expect(socket).toBe(controlSocketPath(long));
    expect(socket).not.toBe(controlSocketPath(`${long}x`));
  });
});
