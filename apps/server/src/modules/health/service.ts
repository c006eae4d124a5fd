import type { FastifyInstance } from 'fastify';
import type { HealthResponse } from '@erepare/shared/schemas/common';

export async function healthReport(app: FastifyInstance): Promise<HealthResponse> {
  const connected = await app.database.ping();
  return {
    success: connected,
    database: connected ? 'connected' : 'disconnected',
    timestamp: new Date().toISOString(),
  };
}
