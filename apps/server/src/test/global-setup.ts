import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { seed } from '../db/seed.js';

declare module 'vitest' {
  // Module augmentation only works with an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite database costs ~3 s: build one migrated and seeded template per run, and let
 * every test file load its own copy of it (~0.5 s).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
