#!/usr/bin/env node
// @ts-check
/**
 * `node quality/faults/run.mjs` (npm run test:faults): fault injection against the REAL built
 * server (apps/server/dist/main.js) with local fakes only, then checks that no order, payment or
 * mail was lost or duplicated and that users got the code's French messages meanwhile.
 * Scenarios (quality/faults/scenarios/): 1 RepairDesk 5xx/429/timeout/down, 2 SMTP down then up,
 * 3 Stripe webhooks twice and out of order, 4 PayPal capture failures, 5 SIGKILL during a
 * checkout burst, 6 `npm start` stopped by its process id. FAULTS_SHORT=1: the reduced form for npm test. See quality/faults/README.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { errorMessage } from '../../bench/lib/util.mjs';
import { seconds } from './lib/common.mjs';
import { startFakes } from './lib/fakes.mjs';
import { paypalScenario } from './scenarios/paypal.mjs';
import { repairdeskScenario } from './scenarios/repairdesk.mjs';
import { npmStartScenario } from './scenarios/npm-start.mjs';
import { sigkillScenario } from './scenarios/sigkill.mjs';
import { smtpScenario } from './scenarios/smtp.mjs';
import { stripeScenario } from './scenarios/stripe.mjs';

/**
 * @typedef {import('./lib/common.mjs').ScenarioResult} ScenarioResult
 * @typedef {import('./lib/fakes.mjs').Fakes} Fakes
 * @typedef {{ root: string, fakes: Fakes, short: boolean, databaseUrl: string | undefined }} Context
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const USAGE = `Usage: node quality/faults/run.mjs [--skip-build]

Environment:
  FAULTS_SHORT=1          reduced form of every scenario (npm test), under ~3 minutes
  FAULTS_ONLY=1,3         run only these scenarios (1 RepairDesk, 2 SMTP, 3 Stripe, 4 PayPal, 5 SIGKILL, 6 npm start)
  FAULTS_DATABASE_URL     also run scenario 5 on this PostgreSQL database (throwaway: migrated, seeded, written)
  FAULTS_SERVER_LOG_LEVEL the server's LOG_LEVEL (default warn)`;

/** @type {{ id: number, run: (context: Context) => Promise<ScenarioResult | ScenarioResult[]> }[]} */
const SCENARIOS = [
  { id: 1, run: repairdeskScenario },
  { id: 2, run: smtpScenario },
  { id: 3, run: stripeScenario },
  { id: 4, run: paypalScenario },
  { id: 5, run: sigkillScenario },
  { id: 6, run: npmStartScenario },
];

/** @param {(string | number)[][]} rows first row = header */
function table(rows) {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => String(row[column] ?? '').length)));
  return rows
    .map((row, index) => {
      const line = row.map((cell, column) => (typeof cell === 'number' ? String(cell).padStart(widths[column] ?? 0) : String(cell).padEnd(widths[column] ?? 0))).join('  ');
      return index === 0 ? `${line}\n${widths.map((width) => '-'.repeat(width)).join('  ')}` : line;
    })
    .join('\n');
}

/** @param {ScenarioResult} result */
const passed = (result) => !result.error && result.assertions.length > 0 && result.assertions.every((assertion) => assertion.ok);

async function main() {
  let skipBuild = false;
  for (const arg of process.argv.slice(2)) {
    if (arg === '--skip-build') skipBuild = true;
    else {
      console.log(USAGE);
      process.exit(arg === '--help' || arg === '-h' ? 0 : 2);
    }
  }
  const short = ['1', 'true', 'yes'].includes(process.env.FAULTS_SHORT ?? '');
  const only = (process.env.FAULTS_ONLY ?? '').split(',').map((value) => Number(value.trim())).filter((value) => value > 0);
  const databaseUrl = process.env.FAULTS_DATABASE_URL?.trim() || undefined;
  const startedAt = performance.now();

  const built = existsSync(path.join(ROOT, 'apps/server/dist/main.js')) && existsSync(path.join(ROOT, 'apps/web/build/server/index.js'));
  if (!built && !skipBuild) {
    console.log('Build (node scripts/build.mjs)…');
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('the build failed: nothing tested');
      process.exit(2);
    }
  }
  if (!existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) {
    console.error('apps/server/dist/main.js is missing: run node scripts/build.mjs');
    process.exit(2);
  }

  console.log(`Fault injection, ${short ? 'short' : 'full'} form${only.length ? `, scenarios ${only.join(', ')}` : ''}`);
  const fakes = await startFakes(ROOT);
  const onSignal = () => {
    void fakes.close().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  /** @type {ScenarioResult[]} */
  const results = [];
  try {
    for (const scenario of SCENARIOS) {
      if (only.length && !only.includes(scenario.id)) continue;
      const scenarioStart = performance.now();
      console.log(`\n=== scenario ${scenario.id} ===`);
      try {
        const outcome = await scenario.run({ root: ROOT, fakes, short, databaseUrl });
        for (const result of Array.isArray(outcome) ? outcome : [outcome]) {
          results.push(result);
          printResult(result);
        }
      } catch (error) {
        const result = { name: `scenario ${scenario.id}`, assertions: [], counts: {}, durationS: seconds(performance.now() - scenarioStart), error: errorMessage(error) };
        results.push(result);
        printResult(result);
      }
    }
  } finally {
    await fakes.close();
  }

  console.log(`\n=== summary (${short ? 'short' : 'full'} form, ${seconds(performance.now() - startedAt)} s in all) ===`);
  console.log(
    table([
      ['scenario', 'result', 'checks', 'duration s', 'counts'],
      ...results.map((result) => [
        result.name,
        passed(result) ? 'PASS' : 'FAIL',
        `${result.assertions.filter((assertion) => assertion.ok).length}/${result.assertions.length}`,
        result.durationS,
        Object.entries(result.counts)
          .map(([name, value]) => `${name} ${value}`)
          .join(', '),
      ]),
    ]),
  );
  const defects = results.flatMap((result) => result.defects ?? []);
  if (defects.length) {
    console.log('\nKNOWN DEFECTS (the server misbehaved; these checks fail on purpose):');
    for (const defect of defects) console.log(`  [${defect.id}] ${defect.title}\n      reproduction: ${defect.reproduction}`);
  }
  const failed = results.filter((result) => !passed(result));
  if (failed.length) {
    console.error(`\nFAULT TESTS FAILED: ${failed.map((result) => result.name).join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nfault tests passed');
  }
}

/** @param {ScenarioResult} result */
function printResult(result) {
  console.log(`${passed(result) ? 'PASS' : 'FAIL'} ${result.name} (${result.durationS} s)`);
  if (result.error) console.log(`  ERROR: the scenario could not run: ${result.error}`);
  for (const assertion of result.assertions) {
    console.log(`  ${assertion.ok ? 'ok  ' : 'FAIL'} ${assertion.name}: ${assertion.detail}${assertion.defect ? ` [known defect ${assertion.defect}]` : ''}`);
  }
  console.log(`  counts: ${Object.entries(result.counts).map(([name, value]) => `${name} ${value}`).join(', ') || '–'}`);
}

await main();
