import fs from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  const dir = process.env.E2E_DATA_DIR;
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}
