// `npm test`: lint, typecheck, unit and HTTP tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), production build, the short forms of the security, load and fault suites,
// the deployment suite (nginx in HTTPS in front of the server), then end-to-end tests in Debian's Chromium.
//
// Three lanes run side by side (see `lanes` below); TEST_LANES=1 runs the steps one after the other.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { tsc } from './tsc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The end-to-end tests run in Debian's Chromium: most specs in its headless shell (package
 * chromium-headless-shell: the same engine, without the desktop browser's windowing layers, and
 * Playwright's own choice for headless runs), the installation and push specs in the full browser
 * (package chromium). E2E_CHROMIUM_PATH and CHROMIUM_PATH name other builds.
 */
const BROWSERS = [
  { path: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', pkg: 'chromium-headless-shell', variable: 'E2E_CHROMIUM_PATH' },
  { path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', pkg: 'chromium', variable: 'CHROMIUM_PATH' },
];
const E2E_BROWSER = BROWSERS[0].path;
/**
 * The PDF tests check the server's documents with the tools an accountant's software trusts:
 * qpdf (structure) and poppler's pdffonts and pdftotext (embedded fonts, the text as copied).
 */
const PDF_TOOLS = [
  { path: '/usr/bin/qpdf', pkg: 'qpdf', variable: 'PATH' },
  { path: '/usr/bin/pdffonts', pkg: 'poppler-utils', variable: 'PATH' },
];

function ensureBrowsers() {
  const missing = [...BROWSERS, ...PDF_TOOLS].filter((browser) => !fs.existsSync(browser.path));
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    const packages = missing.map((browser) => browser.pkg);
    console.log(`Outil absent : installation des paquets Debian ${packages.map((name) => `« ${name} »`).join(', ')}…`);
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (update.status === 0 && install.status === 0 && missing.every((browser) => fs.existsSync(browser.path))) return;
  }
  for (const browser of missing.filter((candidate) => !fs.existsSync(candidate.path))) {
    if (PDF_TOOLS.includes(browser)) {
      console.error(`${browser.path} est introuvable. Installez-le avec « sudo apt-get install -y ${browser.pkg} » : les tests des PDF en ont besoin.`);
      continue;
    }
    console.error(
      `Chromium est introuvable (${browser.path}). Installez-le avec « sudo apt-get install -y ${browser.pkg} » ` +
        `ou indiquez son chemin dans ${browser.variable}. Les tests de bout en bout ne téléchargent aucun navigateur.`,
    );
  }
  process.exit(1);
}

/** @typedef {{ label: string, command: string, args: string[], env?: Record<string, string>, after?: string[], nice?: number }} Step */

// ESLint runs on one core for about 100 s, at the lowest priority (nice 19, for its whole session:
// npm and the ESLint it starts) beside the other steps: it takes the cycles they leave idle (the
// end-to-end tests leave a fifth of the machine unused) instead of holding up the unit tests.
const lint = { label: 'Lint (ESLint)', command: 'npm', args: ['run', 'lint'], nice: 19 };
const typecheck = { label: 'Vérification des types', command: 'npm', args: ['run', 'typecheck'] };
const build = { label: 'Build de production', command: process.execPath, args: ['scripts/build.mjs'] };
// `npm run test:unit` is both steps below, one after the other (shared and server are compiled
// before the lanes start). Split, the web app's files fill the build lane once it is idle,
// while the server's files are still running.
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const unit = {
  label: process.env.TEST_DATABASE_URL ? 'Tests unitaires et HTTP, serveur et shared (PGlite + PostgreSQL)' : 'Tests unitaires et HTTP, serveur et shared (PGlite)',
  command: process.execPath,
  args: [vitest, 'run', '--project=!web*'],
  // The pages rendered by the server (plugins/react-router.test.ts) come from the build just made.
  env: { TEST_WEB_BUILD_DIR: path.join(root, 'apps/web/build') },
  after: [build.label],
};
const unitWeb = { label: 'Tests unitaires de l’app web (jsdom)', command: process.execPath, args: [vitest, 'run', '--project=web*'] };
// Short forms of the quality suites (issue 10); the full forms: npm run test:security, test:load, test:faults.
// They read or start the built app: after the build.
const security = { label: 'Sécurité, forme courte (npm run test:security)', command: process.execPath, args: ['quality/security/run.mjs'], env: { SECURITY_SHORT: '1' }, after: [build.label] };
const faults = { label: 'Pannes, forme courte (npm run test:faults)', command: process.execPath, args: ['quality/faults/run.mjs', '--skip-build'], env: { FAULTS_SHORT: '1' }, after: [build.label] };
const load = { label: 'Charge, forme courte (npm run test:load)', command: process.execPath, args: ['quality/load/run.mjs', '--skip-build'], env: { LOAD_SHORT: '1' }, after: [build.label] };
// nginx (Debian's) in HTTPS in front of the built server, as docs/deploy.md installs it (~25 s, one form).
const deploy = { label: 'Déploiement HTTPS derrière nginx (npm run test:deploy)', command: process.execPath, args: ['quality/deploy/run.mjs', '--skip-build'], after: [build.label] };
// The browsers take both cores: the end-to-end tests start once everything else is done.
const e2e = {
  label: 'Tests de bout en bout (Chromium)',
  command: 'npm',
  args: ['run', 'test:e2e'],
  env: { E2E_CHROMIUM_PATH: E2E_BROWSER },
  after: [build.label, security.label, faults.label, load.label, deploy.label, unitWeb.label],
};

/**
 * Three lanes by default, sized by what each step asks of this two-core machine (measured, issue 21):
 * the type check (~1.8 cores for 65 s) and the build (10 s) open the build lane; the server's unit
 * tests (2 workers, ~80 % of both cores alone) share the machine with the security suite, then
 * with the fault, load and deployment suites, which mostly wait (timeouts, back-offs), then with
 * the web app's unit tests, which fill the build lane once it is idle; the end-to-end tests (~80 %
 * of both cores) come last, with nothing but ESLint beside them. ESLint has a lane of its own at
 * the lowest priority: it only takes what the others leave, so it holds up none of them. Each line
 * a step prints is prefixed with its lane; a failed step stops the other lanes, and its last lines
 * are printed again at the end. TEST_LANES=1: every step one after the other.
 * @type {Record<string, Step[]>}
 */
const lanes =
  process.env.TEST_LANES === '1'
    ? { tests: [lint, typecheck, build, unit, unitWeb, security, faults, load, deploy, e2e] }
    : { tests: [unit, e2e], build: [typecheck, build, security, faults, load, deploy, unitWeb], lint: [lint] };

// Under npm, `node` is the bundled Node 24 (the `node` package, first on PATH). Run another way
// (`node scripts/…`, or installed with --ignore-scripts), the system's Node runs: say so.
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.warn(`Attention : Node ${process.version} (${process.execPath}). Ce projet tourne sur Node 24 : lancez-le par npm (npm ci, puis npm start / npm test).`);
}
console.log(`Node ${process.version} (${process.execPath})`);
ensureBrowsers();

// Shared and server are compiled once before the lanes start: the build, the type check and the
// unit tests each ask for this incremental build, and two of them at once would write the same files.
const started = Date.now();
const compiled = spawnSync(process.execPath, [tsc, '-b', 'packages/shared/tsconfig.build.json', 'apps/server/tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (compiled.status !== 0) {
  console.error('\n✖ Échec : compilation de shared et du serveur');
  process.exit(compiled.status ?? 1);
}

/** @type {Map<string, { seconds: number, lane: string, from: number }>} */
const done = new Map();
/** @type {Map<string, (() => void)[]>} */
const waiting = new Map();
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
/** @type {{ label: string, seconds: number, tail: string[] } | null} */
let failure = null;
const TAIL_LINES = 150;

function finished(label, lane, seconds, from) {
  done.set(label, { seconds, lane, from });
  for (const wake of waiting.get(label) ?? []) wake();
  waiting.delete(label);
}

function whenDone(label) {
  // After a failure nothing is waited for: the steps give up.
  if (done.has(label) || failure) return Promise.resolve();
  return new Promise((resolve) => waiting.set(label, [...(waiting.get(label) ?? []), resolve]));
}

/**
 * Gives a step's process the priority `nice`. Linux schedules each session (each step is one:
 * `detached`) as a group of its own, weighed by the group's nice value, not by its processes'
 * (sched_autogroup, on by default): the group's is set too (/proc/<pid>/autogroup), or the step
 * would still get as much processor time as any other.
 */
function lowerPriority(pid, nice) {
  try {
    os.setPriority(pid, nice);
  } catch {
    // Not allowed here: it runs at the normal priority.
  }
  try {
    if (fs.existsSync(`/proc/${pid}/autogroup`)) fs.writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // No autogroups (or not ours to change): the process's own priority is what counts.
  }
}

/** Runs one step, its output prefixed with the lane; resolves with its exit code. */
function runStep(lane, step) {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      env: { ...process.env, ...step.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a failure elsewhere stops it with everything it started.
      detached: true,
    });
    running.add(child);
    if (step.nice && child.pid) lowerPriority(child.pid, step.nice);
    /** @type {string[]} */
    const tail = [];
    const prefix = Object.keys(lanes).length > 1 ? `[${lane}] ` : '';
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
        process.stdout.write(`${prefix}${line}\n`);
      });
    }
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), tail });
    });
  });
}

async function runLane(lane, steps) {
  for (const step of steps) {
    for (const label of step.after ?? []) await whenDone(label);
    if (failure) return;
    console.log(`\n▶ [${lane}] ${step.label}`);
    const stepStart = Date.now();
    const { code, tail } = await runStep(lane, step);
    const seconds = (Date.now() - stepStart) / 1000;
    if (failure) return;
    if (code !== 0) {
      failure = { label: step.label, seconds, tail };
      // Steps waiting for another lane's step give up.
      for (const wakers of waiting.values()) for (const wake of wakers) wake();
      waiting.clear();
      for (const child of running) {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
      return;
    }
    console.log(`✔ [${lane}] ${step.label} (${seconds.toFixed(1)} s)`);
    finished(step.label, lane, seconds, (stepStart - started) / 1000);
  }
}

// Ctrl-C (or CI stopping the run): the lanes' process groups go too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    process.exit(1);
  });
}

await Promise.all(Object.entries(lanes).map(([lane, steps]) => runLane(lane, steps)));

if (failure) {
  console.error(`\nDernières lignes de « ${failure.label} » :\n${failure.tail.join('\n')}`);
  console.error(`\n✖ Échec : ${failure.label} (${failure.seconds.toFixed(1)} s)`);
  process.exit(1);
}
console.log('\nRésumé :');
for (const [label, { seconds, lane, from }] of done) {
  console.log(`  ✔ ${`[${lane}] ${label}`.padEnd(60)} ${seconds.toFixed(1).padStart(6)} s  (de ${from.toFixed(0)} à ${(from + seconds).toFixed(0)} s)`);
}
console.log(`  Total ${((Date.now() - started) / 1000).toFixed(1)} s${Object.keys(lanes).length > 1 ? ` (${Object.keys(lanes).length} voies en parallèle)` : ''}`);
