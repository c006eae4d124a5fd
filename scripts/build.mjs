// Builds what is needed: the shared package and the server (incremental TypeScript build), and
// the web app when its sources changed since the last build (or always with --force).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsc } from './tsc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webBuild = path.join(root, 'apps/web/build');
const stampFile = path.join(webBuild, '.build-stamp');
const webInputs = ['apps/web/src', 'apps/web/public', 'apps/web/vite.config.ts', 'apps/web/react-router.config.ts', 'apps/web/scripts', 'packages/shared/src', 'package-lock.json'];

function run(command, args, cwd = root, env = process.env) {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit', shell: false });
  if (result.status !== 0) {
    console.error(`Échec de la commande : ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

function hashInputs() {
  const hash = createHash('sha256');
  const visit = (target) => {
    const full = path.join(root, target);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(full).sort()) {
        if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
        visit(path.join(target, entry));
      }
    } else {
      hash.update(target);
      hash.update(fs.readFileSync(full));
    }
  };
  webInputs.forEach(visit);
  return hash.digest('hex');
}

/** Prints a numbered step and returns what prints its end (with its time). */
function step(number, total, label) {
  const started = Date.now();
  console.log(`[${number}/${total}] ${label}…`);
  return () => console.log(`[${number}/${total}] ${label} : fait en ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export function build({ force = false } = {}) {
  const started = Date.now();
  const digest = hashInputs();
  const previous = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
  const web = force || previous !== digest || !fs.existsSync(path.join(webBuild, 'server/index.js')) || !fs.existsSync(path.join(webBuild, 'client/sw.js'));
  const total = web ? 4 : 1;

  let done = step(1, total, 'Compilation du serveur (TypeScript)');
  run(process.execPath, [tsc, '-b', 'packages/shared/tsconfig.build.json', 'apps/server/tsconfig.build.json']);
  done();

  if (web) {
    done = step(2, total, 'Construction de l’application web (une à trois minutes la première fois)');
    // React Router's CLI belongs to the web workspace: resolve it from there, wherever npm installed it.
    const webRequire = createRequire(path.join(root, 'apps/web/package.json'));
    const reactRouterBin = path.join(path.dirname(webRequire.resolve('@react-router/dev/package.json')), 'bin.cjs');
    run(process.execPath, [reactRouterBin, 'build', '--logLevel', 'warn'], path.join(root, 'apps/web'), {
      ...process.env,
      // React's production build (the CLI leaves NODE_ENV as it finds it).
      NODE_ENV: 'production',
    });
    done();
    done = step(3, total, 'Service worker');
    run(process.execPath, ['scripts/build-sw.mjs'], path.join(root, 'apps/web'));
    done();
    done = step(4, total, 'Compression des fichiers statiques');
    run(process.execPath, ['scripts/compress.mjs', 'build/client'], path.join(root, 'apps/web'));
    done();
    fs.writeFileSync(stampFile, digest);
  } else {
    console.log('Application web à jour : pas de reconstruction.');
  }
  console.log(`Build terminé en ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  build({ force: process.argv.includes('--force') });
}
