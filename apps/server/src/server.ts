import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { seed } from './db/seed.js';
import { ensureFirstAdmin, type AdminBootstrap } from './modules/auth/service.js';

export type RunningServer = {
  app: FastifyInstance;
  database: Database;
  url: string;
  admin: AdminBootstrap;
  close: () => Promise<void>;
};

/** Opens and migrates the database, seeds it, creates the first admin, and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase(config.database);
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    await seed(database.db);
    const admin = await ensureFirstAdmin(database.db, config.admin);
    app = await buildApp({ config, database });
    const address = await app.listen({ host: config.host, port: config.port });
    // With PORT=0 (tests, benchmarks) the system picks the port: report the real address.
    const url = config.port === 0 ? address : config.publicUrl;
    let closing: Promise<void> | undefined;
    const running: RunningServer = {
      app,
      database,
      url,
      admin,
      close: () => {
        closing ??= (async () => {
          await app?.close();
          await database.close();
        })();
        return closing;
      },
    };
    return running;
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
