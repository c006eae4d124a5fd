import { describe, expect, it } from 'vitest';
import { PRODUCT_WARRANTY_MONTHS, REPAIRS_FROM_EUROS, REPAIR_WARRANTY_MONTHS } from '@erepare/shared/warranty';
import { routes, servicePages } from '@erepare/shared/routes';
import { aboutGuarantee, aboutServices } from './company';
import { faqEntries } from './faq';
import { heroSlides } from './home';
import { howItWorks, REPAIRS_FROM } from './home-sections';
import { buyingAdvantages } from './services/vente';
import { allTownContents } from './towns';

/** Every warranty the public pages state, as "N mois" with what precedes it. */
function warrantyClaims(value: unknown): { months: number; before: string }[] {
  const text = JSON.stringify(value).replace(/\\u00a0|\u00a0/g, ' ');
  return [...text.matchAll(/garanti[a-z]*(?: de)? (\d+) mois/g)].map((match) => ({
    months: Number(match[1]),
    before: text.slice(Math.max(0, (match.index ?? 0) - 60), match.index ?? 0),
  }));
}

describe('one warranty per kind of sale (issue 22 §3.7)', () => {
  const claims = warrantyClaims([heroSlides, faqEntries, buyingAdvantages, allTownContents(), aboutServices, aboutGuarantee, howItWorks, servicePages, routes]);

  it('states only the repair and the product warranties', () => {
    expect(claims.length).toBeGreaterThan(10);
    for (const claim of claims) expect([REPAIR_WARRANTY_MONTHS, PRODUCT_WARRANTY_MONTHS], claim.before).toContain(claim.months);
  });

  it('gives refurbished devices the product warranty, never the repair one', () => {
    const refurbished = claims.filter((claim) => /reconditionn/.test(claim.before));
    expect(refurbished.length).toBeGreaterThan(3);
    for (const claim of refurbished) expect(claim.months, claim.before).toBe(PRODUCT_WARRANTY_MONTHS);
  });
});

describe('one « à partir de » price for repairs (issue 22 §4.1)', () => {
  it('every page states the same lowest repair price (consoles and computers have their own, on the home page only)', () => {
    const text = JSON.stringify([heroSlides[0], faqEntries, allTownContents(), REPAIRS_FROM]).replace(/\\u00a0|\u00a0/g, ' ');
    const prices = [...text.matchAll(/partir de (\d+) €/gi)].map((match) => Number(match[1]));
    expect(prices.length).toBeGreaterThan(3);
    expect(new Set(prices)).toEqual(new Set([REPAIRS_FROM_EUROS]));
  });
});
