import { describe, expect, it } from 'vitest';
import { includedVatCents, isVatRate, MARGIN_SCHEME_MENTION, priceLine, summariseVat, vatRateLabel } from './invoice-vat.js';

describe('invoice VAT', () => {
  it('takes the VAT out of a price including it, per rate (HT rounded, VAT = TTC − HT)', () => {
    expect(includedVatCents(12000, '20')).toBe(2000);
    expect(includedVatCents(1100, '10')).toBe(100);
    expect(includedVatCents(1055, '5.5')).toBe(55);
    expect(includedVatCents(999, '20')).toBe(166);
    expect(includedVatCents(999, '0')).toBe(0);
    expect(includedVatCents(34900, 'margin')).toBe(0);
  });

  it('prices a line and sums an invoice, margin-scheme lines outside the breakdown with the mention', () => {
    const lines = [
      { ...priceLine({ quantity: 2, unitPriceCents: 1200, vatRate: '20' }), vatRate: '20' as const },
      { ...priceLine({ quantity: 1, unitPriceCents: 34900, vatRate: 'margin' }), vatRate: 'margin' as const },
      { ...priceLine({ quantity: 1, unitPriceCents: 1055, vatRate: '5.5' }), vatRate: '5.5' as const },
    ];
    expect(summariseVat(lines)).toEqual({
      totalCents: 2400 + 34900 + 1055,
      taxCents: 400 + 55,
      subtotalCents: 2000 + 34900 + 1000,
      breakdown: [
        { rate: '20', baseCents: 2000, taxCents: 400 },
        { rate: '5.5', baseCents: 1000, taxCents: 55 },
      ],
      marginTotalCents: 34900,
      marginScheme: true,
      mentions: [MARGIN_SCHEME_MENTION],
    });
    expect(summariseVat(lines.slice(0, 1)).mentions).toEqual([]);
  });

  it('knows its rates and names them in French', () => {
    expect(['20', '10', '5.5', '0', 'margin'].every(isVatRate)).toBe(true);
    expect(isVatRate('7')).toBe(false);
    expect(vatRateLabel('5.5')).toBe('5,5 %');
    expect(vatRateLabel('margin')).toBe('TVA sur la marge');
    expect(MARGIN_SCHEME_MENTION.startsWith('TVA sur la marge')).toBe(true);
  });
});
