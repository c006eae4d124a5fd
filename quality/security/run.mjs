#!/usr/bin/env node
// `npm run test:security`: the security suite (quality/security), a Vitest project declared in
// vitest.config.ts only when SECURITY_SUITE is set, so the ordinary `vitest run` never runs it.
// SECURITY_SHORT=1: the short form (30 fuzz payloads per route). SECURITY_SEED=<n>: replay a run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'security', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SECURITY_SUITE: '1' },
});
process.exit(result.status ?? 1);
