// Type-checks every workspace: first the incremental build of shared and server (their emitted
// declarations are what the server's dist uses), then the no-emit programs, two at a time (this
// machine has two cores; they were the slowest step of `npm test` when run one after the other).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsc } from './tsc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const build = spawnSync(process.execPath, [tsc, '-b', 'packages/shared/tsconfig.build.json', 'apps/server/tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const projects = ['apps/server', 'apps/web', 'apps/web/src/sw', 'packages/shared', 'e2e', 'bench', 'quality', 'quality/load', 'quality/faults', 'quality/deploy', 'tsconfig.json'];
const parallel = Math.max(1, Number(process.env.TYPECHECK_JOBS ?? 2));
let failed = false;

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (code !== 0) {
        failed = true;
        console.error(`✖ tsc -p ${project}\n${output}`);
      } else {
        console.log(`✔ tsc -p ${project}`);
      }
      resolve();
    });
  });
}

const queue = [...projects];
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) await check(project);
  }),
);
process.exit(failed ? 1 : 0);
