// @ts-check
/**
 * Pages measured with Lighthouse (mobile) and for the JavaScript they load.
 *
 * To add a page, append an entry to PAGES (see docs/bench.md). Budget keys left out are reported
 * without a budget.
 *
 * @typedef {{
 *   performance?: number,    // Lighthouse performance score ≥ (0-1)
 *   accessibility?: number,  // Lighthouse accessibility score ≥ (0-1)
 *   bestPractices?: number,  // Lighthouse best-practices score ≥ (0-1)
 *   seo?: number,            // Lighthouse SEO score ≥ (0-1)
 *   lcpMs?: number,          // largest contentful paint ≤, milliseconds (simulated mobile)
 *   tbtMs?: number,          // total blocking time ≤, milliseconds
 *   cls?: number,            // cumulative layout shift ≤
 *   jsGzipKb?: number,       // JavaScript loaded by the page ≤, kB gzip (1 kB = 1000 bytes)
 * }} PageBudget
 *
 * @typedef {{ name: string, path: string, budget?: PageBudget }} Page
 */

/** @type {Page[]} */
export const PAGES = [{ name: 'home', path: '/', budget: { accessibility: 0.9, jsGzipKb: 150 } }];
