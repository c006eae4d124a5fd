// @ts-check
/** Lighthouse 13, default mobile emulation and simulated throttling, in Debian's Chromium. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';
import { median, withTimeout } from './util.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUN_TIMEOUT_MS = 180_000;

/**
 * @typedef {{
 *   performance: number | null,
 *   accessibility: number | null,
 *   bestPractices: number | null,
 *   seo: number | null,
 *   lcpMs: number | null,
 *   tbtMs: number | null,
 *   cls: number | null,
 *   fcpMs: number | null,
 *   speedIndexMs: number | null,
 *   benchmarkIndex: number | null,  // Lighthouse's own measure of the machine's speed (higher: faster)
 * }} LighthouseFigures
 */

/**
 * One Lighthouse run in a fresh Chromium (fresh profile, so no cache carries over between runs).
 * @param {string} url
 * @param {import('./util.mjs').Cleanup} cleanup
 * @param {string | null} reportPath where to write the HTML report, if anywhere
 * @returns {Promise<LighthouseFigures>}
 */
async function runOnce(url, cleanup, reportPath) {
  // handleSIGINT: false — the bench's own handler stops the server too, then exits.
  const chrome = await withTimeout(
    chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, handleSIGINT: false, logLevel: 'silent' }),
    30_000,
    'launching Chromium for Lighthouse',
  );
  const release = cleanup.add('Chromium (Lighthouse)', () => chrome.kill());
  try {
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      }),
      RUN_TIMEOUT_MS,
      `Lighthouse on ${url}`,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (reportPath && typeof result.report === 'string') {
      await mkdir(path.dirname(reportPath), { recursive: true });
      await writeFile(reportPath, result.report);
    }
    /** @param {string} id */
    const score = (id) => lhr.categories[id]?.score ?? null;
    /** @param {string} id @param {number} [digits] */
    const metric = (id, digits = 0) => {
      const value = lhr.audits[id]?.numericValue;
      return value === undefined ? null : Number(value.toFixed(digits));
    };
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift', 4),
      fcpMs: metric('first-contentful-paint'),
      speedIndexMs: metric('speed-index'),
      // Lighthouse simulates a mid-range phone by slowing this machine's processor 4 times: the
      // same page scores differently on a slower or busier machine (Lighthouse's docs, throttling).
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    };
  } finally {
    release();
    chrome.kill();
  }
}

/** Trace failures Lighthouse itself says to retry ("Please run Lighthouse again"). */
const TRANSIENT = /NO_NAVSTART|NO_FCP|NO_TRACING_STARTED|PROTOCOL_TIMEOUT|Please run Lighthouse again/;
const ATTEMPTS = 3;

/**
 * One run, tried again (up to ATTEMPTS in all) when Lighthouse failed to record the trace, which
 * happens now and then on a busy 2-core machine and says nothing about the page.
 * @param {string} url
 * @param {import('./util.mjs').Cleanup} cleanup
 * @param {string | null} reportPath
 * @returns {Promise<LighthouseFigures>}
 */
async function runWithRetries(url, cleanup, reportPath) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, cleanup, reportPath);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= ATTEMPTS || !TRANSIENT.test(message)) throw error;
      console.log(`    Lighthouse could not record the page (${message.slice(0, 80)}…): attempt ${attempt + 1} of ${ATTEMPTS}`);
    }
  }
}

/**
 * Runs Lighthouse `runs` times and keeps the median of every figure (Lighthouse varies from run to
 * run, more so on a small machine).
 * @param {{ url: string, runs: number, cleanup: import('./util.mjs').Cleanup, reportPath: string | null }} options
 * @returns {Promise<LighthouseFigures & { runs: number }>}
 */
export async function runLighthouse({ url, runs, cleanup, reportPath }) {
  /** @type {LighthouseFigures[]} */
  const all = [];
  for (let run = 0; run < runs; run += 1) {
    all.push(await runWithRetries(url, cleanup, run === runs - 1 ? reportPath : null));
  }
  /** @type {(key: keyof LighthouseFigures) => number | null} */
  const pick = (key) => {
    const values = all.map((figures) => figures[key]).filter((value) => value !== null);
    return values.length ? median(/** @type {number[]} */ (values)) : null;
  };
  return {
    runs,
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    fcpMs: pick('fcpMs'),
    speedIndexMs: pick('speedIndexMs'),
    benchmarkIndex: pick('benchmarkIndex'),
  };
}
