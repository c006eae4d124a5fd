/**
 * The shop's commercial warranties (issue 22 §3.7): one duration per kind of sale, written nowhere
 * else. Every page, e-mail and the CGV take them from here: a repair, and a product sold (new or
 * refurbished: the same 12 months, the CGV's product warranty). They are terms of the contract the
 * CGV state, not a setting: changing one is a change of the CGV (docs/decisions.md).
 */

/** Commercial warranty on a repair (spec 3 §9: 6 months, breakage and oxidation excluded). */
export const REPAIR_WARRANTY_MONTHS = 6;

/** Commercial warranty on every product sold, new or refurbished (spec 2 §1). */
export const PRODUCT_WARRANTY_MONTHS = 12;

/**
 * The lowest price of a repair, as every page announces it (« à partir de 29 € »: home, contact,
 * quote, town pages, FAQ). One figure, so no two pages disagree (issue 22 §4.1).
 */
export const REPAIRS_FROM_EUROS = 29;
