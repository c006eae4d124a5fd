// `npm test`: lint, typecheck, unit and HTTP tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), production build, the short forms of the security, load and fault suites,
// then end-to-end tests in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Chromium absent : installation du paquet Debian « chromium »…');
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (update.status === 0 && install.status === 0 && fs.existsSync(CHROMIUM)) return;
  }
  console.error(
    `Chromium est introuvable (${CHROMIUM}). Installez-le avec « sudo apt-get install -y chromium » ` +
      'ou indiquez son chemin dans CHROMIUM_PATH. Les tests de bout en bout ne téléchargent aucun navigateur.',
  );
  process.exit(1);
}

const steps = [
  ['Lint (ESLint)', 'npm', ['run', 'lint']],
  ['Vérification des types', 'npm', ['run', 'typecheck']],
  [
    process.env.TEST_DATABASE_URL ? 'Tests unitaires et HTTP (PGlite + PostgreSQL)' : 'Tests unitaires et HTTP (PGlite)',
    'npm',
    ['run', 'test:unit'],
  ],
  ['Build de production', process.execPath, ['scripts/build.mjs']],
  // Short forms of the quality suites (issue 10); the full forms: npm run test:security, test:load, test:faults.
  ['Sécurité, forme courte (npm run test:security)', process.execPath, ['quality/security/run.mjs'], { SECURITY_SHORT: '1' }],
  ['Charge, forme courte (npm run test:load)', process.execPath, ['quality/load/run.mjs', '--skip-build'], { LOAD_SHORT: '1' }],
  ['Pannes, forme courte (npm run test:faults)', process.execPath, ['quality/faults/run.mjs', '--skip-build'], { FAULTS_SHORT: '1' }],
  ['Tests de bout en bout (Chromium)', 'npm', ['run', 'test:e2e']],
];

// Under npm, `node` is the bundled Node 24 (the `node` package, first on PATH). Run another way
// (`node scripts/…`, or installed with --ignore-scripts), the system's Node runs: say so.
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.warn(`Attention : Node ${process.version} (${process.execPath}). Ce projet tourne sur Node 24 : lancez-le par npm (npm ci, puis npm start / npm test).`);
}
console.log(`Node ${process.version} (${process.execPath})`);
const timings = [];
const started = Date.now();
for (const [label, command, args, env = {}] of steps) {
  if (label.startsWith('Tests de bout en bout')) ensureChromium();
  console.log(`\n▶ ${label}`);
  const stepStart = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = (Date.now() - stepStart) / 1000;
  timings.push([label, seconds]);
  if (result.status !== 0) {
    console.error(`\n✖ Échec : ${label} (${seconds.toFixed(1)} s)`);
    process.exit(result.status ?? 1);
  }
}
console.log('\nRésumé :');
for (const [label, seconds] of timings) console.log(`  ✔ ${label.padEnd(48)} ${seconds.toFixed(1).padStart(6)} s`);
console.log(`  Total ${((Date.now() - started) / 1000).toFixed(1)} s`);
