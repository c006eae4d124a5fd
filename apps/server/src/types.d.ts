import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}
