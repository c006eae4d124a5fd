// @ts-check
/** @param {any} _context @returns {Promise<import('../lib/common.mjs').ScenarioResult>} */
export async function paypalScenario(_context) {
  throw new Error('not written yet');
}
