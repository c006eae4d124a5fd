import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A PGlite directory is opened by one process only: while the server runs, `npm run backup` cannot
 * open it, so it asks the server to take the backup. They talk over a Unix socket in DATA_DIR
 * (HTTP on it), which only the account owning DATA_DIR can open (mode 0600): nothing listens on
 * the network, and no token is needed. `npm run restore` asks it too, to refuse while the server runs.
 */

export type BackupSummary = { file: string; path: string; bytes: number; ms: number; rows: number; tables: number };

/** Unix socket paths are limited to ~107 bytes: a long DATA_DIR gets a socket named after it in the temp directory. */
export function controlSocketPath(dataDir: string): string {
  const inside = path.join(dataDir, 'backup.sock');
  if (Buffer.byteLength(inside) <= 100) return inside;
  return path.join(os.tmpdir(), `erepare-${createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16)}.sock`);
}

function request<T>(socketPath: string, method: 'GET' | 'POST', route: string, body?: unknown, timeoutMs = 2000): Promise<T> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = http.request(
      { socketPath, method, path: route, headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as T & { ok?: boolean; message?: string };
            if (response.statusCode !== 200) reject(new Error(parsed.message ?? `HTTP ${response.statusCode ?? '?'}`));
            else resolve(parsed);
          } catch (error) {
            reject(error as Error);
          }
        });
        response.on('error', reject);
      },
    );
    // Only the connection is bounded: a backup of a large database may take a while.
    outgoing.setTimeout(timeoutMs, () => {
      if (!outgoing.socket?.connecting) return;
      outgoing.destroy(new Error('timeout'));
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** The server running on `dataDir`, if any (its process id). */
export async function runningServer(dataDir: string): Promise<{ pid: number } | null> {
  try {
    return await request<{ pid: number }>(controlSocketPath(dataDir), 'GET', '/status');
  } catch {
    return null;
  }
}

/** Asks the server running on `dataDir` to take a backup (to `output` when given). */
export function backupThroughServer(dataDir: string, output?: string): Promise<BackupSummary> {
  return request<BackupSummary>(controlSocketPath(dataDir), 'POST', '/backup', { output: output ?? null }, 10_000);
}

async function answer(response: http.ServerResponse, status: number, body: unknown): Promise<void> {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * Listens on DATA_DIR's control socket; returns its closing. A socket another live server answers
 * on is left alone (and said): two servers must never share one PGlite directory.
 */
export async function startBackupControl({
  dataDir,
  backup,
  log,
}: {
  dataDir: string;
  backup: (output: string | null) => Promise<BackupSummary>;
  log: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const socketPath = controlSocketPath(dataDir);
  const other = await runningServer(dataDir);
  if (other && other.pid !== process.pid) {
    log.error({ pid: other.pid, socketPath }, 'another server answers on this DATA_DIR control socket: backups through npm run backup go to it');
    return async () => undefined;
  }
  // A socket file left by a server that stopped abruptly answers nobody: replace it.
  await fs.rm(socketPath, { force: true });
  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (chunks.reduce((sum, part) => sum + part.length, 0) > 64 * 1024) incoming.destroy();
    });
    incoming.on('end', () => {
      void (async () => {
        if (incoming.method === 'GET' && incoming.url === '/status') return answer(response, 200, { pid: process.pid });
        if (incoming.method === 'POST' && incoming.url === '/backup') {
          let output: string | null = null;
          try {
            const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { output?: unknown };
            output = typeof parsed.output === 'string' && parsed.output ? parsed.output : null;
          } catch {
            return answer(response, 400, { message: 'Requête invalide' });
          }
          try {
            return await answer(response, 200, await backup(output));
          } catch (error) {
            log.warn({ err: error }, 'backup asked through the control socket failed');
            return answer(response, 500, { message: error instanceof Error ? error.message : String(error) });
          }
        }
        return answer(response, 404, { message: 'Introuvable' });
      })();
    });
  });
  server.on('error', (error) => log.warn({ err: error, socketPath }, 'backup control socket error'));
  // Owner only from the start (the umask applies when the socket file is created), and again after.
  let previousMask: number | undefined;
  try {
    previousMask = process.umask(0o177);
  } catch {
    // Worker threads cannot change the umask; the chmod below still applies.
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    if (previousMask !== undefined) process.umask(previousMask);
  }
  await fs.chmod(socketPath, 0o600);
  server.unref();
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fs.rm(socketPath, { force: true });
  };
}
