import type { FastifyInstance } from 'fastify';
import { messages } from '@erepare/shared/messages';
import type { HealthResponse, ReadinessResponse } from '@erepare/shared/schemas/common';

export async function healthReport(app: FastifyInstance): Promise<HealthResponse> {
  const connected = await app.database.ping();
  return {
    success: connected,
    database: connected ? 'connected' : 'disconnected',
    timestamp: new Date().toISOString(),
  };
}

/**
 * Whether this instance can serve requests: the database answers and no migration is running
 * (this process's, or another instance's holding the migration lock on PostgreSQL: the schema
 * may be changing under the running code).
 */
export async function readinessReport(app: FastifyInstance): Promise<ReadinessResponse> {
  const timestamp = new Date().toISOString();
  if (!(await app.database.ping())) {
    return { success: false, status: 'not_ready', database: 'disconnected', migrations: 'unknown', message: messages.health.databaseUnreachable, timestamp };
  }
  let running: boolean;
  try {
    running = await app.database.migrationsRunning();
  } catch {
    return { success: false, status: 'not_ready', database: 'disconnected', migrations: 'unknown', message: messages.health.databaseUnreachable, timestamp };
  }
  if (running) {
    return { success: false, status: 'not_ready', database: 'connected', migrations: 'running', message: messages.health.migrationsRunning, timestamp };
  }
  return { success: true, status: 'ready', database: 'connected', migrations: 'done', message: messages.health.ready, timestamp };
}
