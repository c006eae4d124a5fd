import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { seed } from '../db/seed.js';
import { startPostgresRun, type PostgresRun } from './postgres-databases.js';

declare module 'vitest' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresRun: PostgresRun;
  }
}

/**
 * Migrating and seeding a database costs seconds: build one template per run, and let every test
 * file load its own copy of it. PGlite: a dump loaded by each file (~0.5 s). PostgreSQL: a
 * template database copied by the server for each file (see postgres-databases.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'postgres') {
    const baseUrl = project.config.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
    const { run, end } = await startPostgresRun(baseUrl);
    project.provide('postgresRun', run);
    return end;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'erepare-template-'));
  const file = path.join(dir, 'template.tar');
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    await database.migrate();
    await seed(database.db);
    const dump = await database.dump?.();
    if (!dump) throw new Error('PGlite dump unavailable');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
