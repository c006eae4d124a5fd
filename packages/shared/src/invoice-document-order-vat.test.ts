/**
 * A web order's VAT by its lines' own rates (issue 22 §1): each article at the rate copied from its
 * product, the shipping, promo code and loyalty discount at the articles' rate, or split across
 * their rates in proportion of their totals, the parts summing to the cent. The order's summary
 * (`documentTotals` with the order) says what its invoice will say.
 */
import { describe, expect, it } from 'vitest';
import { documentTotals, orderInvoiceFigures, orderInvoiceLines, splitAcrossRates, type OrderFigureSource } from './invoice-document.js';
import { MARGIN_SCHEME_MENTION, type VatRate } from './invoice-vat.js';

const rows = (totals: readonly { label: string; cents: number }[]) => totals.map((row) => `${row.label.replace(/[\u00a0\u202f]/g, ' ')}: ${(row.cents / 100).toFixed(2)}`);
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

type Article = { name: string; cents: number; quantity?: number; vat_rate?: VatRate };
function order(articles: Article[], extra: { shippingCents?: number; couponCents?: number; loyaltyCents?: number } = {}): OrderFigureSource {
  const shipping = extra.shippingCents ?? 0;
  const coupon = extra.couponCents ?? 0;
  const loyalty = extra.loyaltyCents ?? 0;
  const goods = articles.reduce((sum, article) => sum + article.cents * (article.quantity ?? 1), 0);
  return {
    line_items: articles.map((article) => ({
      name: article.name,
      sku: '',
      quantity: article.quantity ?? 1,
      price: (article.cents / 100).toFixed(2),
      total: ((article.cents * (article.quantity ?? 1)) / 100).toFixed(2),
      ...(article.vat_rate ? { vat_rate: article.vat_rate } : {}),
    })),
    shipping_lines: [{ method_title: 'Colissimo', total: (shipping / 100).toFixed(2) }],
    coupon_lines: coupon > 0 ? [{ code: 'RENTREE', discount: (coupon / 100).toFixed(2) }] : [],
    loyalty_discount: (loyalty / 100).toFixed(2),
    total: ((goods + shipping - coupon - loyalty) / 100).toFixed(2),
  };
}

describe('splitAcrossRates', () => {
  it('gives the whole amount to the only rate, and nothing for 0', () => {
    expect(splitAcrossRates(499, [{ rate: '10', cents: 1000 }, { rate: '10', cents: 200 }])).toEqual([{ rate: '10', cents: 499 }]);
    expect(splitAcrossRates(0, [{ rate: '20', cents: 1000 }, { rate: 'margin', cents: 1000 }])).toEqual([]);
    expect(splitAcrossRates(300, [])).toEqual([{ rate: '20', cents: 300 }]);
  });

  it('splits in proportion of each rate’s total, the cents left over to the largest remainders: the parts sum exactly', () => {
    expect(splitAcrossRates(800, [{ rate: 'margin', cents: 30000 }, { rate: '20', cents: 2000 }])).toEqual([
      { rate: '20', cents: 50 },
      { rate: 'margin', cents: 750 },
    ]);
    // 499 × 3317 / 4317 = 383.41…, 499 × 1000 / 4317 = 115.59…: the cent left goes to the margin part.
    expect(splitAcrossRates(499, [{ rate: '20', cents: 3317 }, { rate: 'margin', cents: 1000 }])).toEqual([
      { rate: '20', cents: 383 },
      { rate: 'margin', cents: 116 },
    ]);
    // Three equal thirds of 1001: 333.67 each; the two cents left go to the first rates (20, 10).
    expect(splitAcrossRates(1001, [{ rate: 'margin', cents: 5 }, { rate: '10', cents: 5 }, { rate: '20', cents: 5 }])).toEqual([
      { rate: '20', cents: 334 },
      { rate: '10', cents: 334 },
      { rate: 'margin', cents: 333 },
    ]);
    expect(splitAcrossRates(-1001, [{ rate: 'margin', cents: 5 }, { rate: '10', cents: 5 }, { rate: '20', cents: 5 }]).map((part) => part.cents)).toEqual([-334, -334, -333]);
    for (const amount of [1, 7, 99, 1234, 99999]) {
      const parts = splitAcrossRates(-amount, [{ rate: '20', cents: 1999 }, { rate: '5.5', cents: 1 }, { rate: 'margin', cents: 34900 }]);
      expect(parts.reduce((sum, part) => sum + part.cents, 0)).toBe(-amount);
      expect(parts.every((part) => part.cents !== 0)).toBe(true);
    }
  });

  it('free articles weigh nothing: the whole amount goes to the first article’s rate', () => {
    expect(splitAcrossRates(500, [{ rate: 'margin', cents: 0 }, { rate: '20', cents: 0 }])).toEqual([{ rate: 'margin', cents: 500 }]);
  });
});

describe('orderInvoiceFigures with the lines’ rates', () => {
  it('one rate for every article: shipping and promo code at that rate, one line each', () => {
    const figures = orderInvoiceFigures(order([{ name: 'Livre', cents: 2200, vat_rate: '5.5' }], { shippingCents: 499, couponCents: 220 }), 'standard');
    expect(figures.lines.map((line) => [plain(line.name), plain(line.rateLabel), line.totalExclCents])).toEqual([
      ['Livre', '5,5 %', 2085],
      ['Livraison : Colissimo', '5,5 %', 473],
      ['Code promo RENTREE', '5,5 %', -209],
    ]);
    expect(rows(figures.totals)).toEqual(['Total HT: 23.49', 'TVA 5,5 %: 1.30', 'Total TTC: 24.79', 'Déjà réglé: 24.79', 'Reste à payer: 0.00']);
    expect(figures.vat.breakdown).toEqual([{ rate: '5.5', baseCents: 2349, taxCents: 130 }]);
  });

  it('a line without a rate (an order placed before rates existed) is at 20 %', () => {
    const figures = orderInvoiceFigures(order([{ name: 'Coque', cents: 1200 }], { shippingCents: 600 }), 'standard');
    expect(figures.lines.map((line) => plain(line.rateLabel))).toEqual(['20 %', '20 %']);
    expect(rows(figures.totals).slice(0, 2)).toEqual(['Total HT: 15.00', 'TVA 20 %: 3.00']);
  });

  it('margin-scheme goods only: no VAT anywhere, the shipping follows them, the mention is due', () => {
    const figures = orderInvoiceFigures(order([{ name: 'iPhone 12 reconditionné', cents: 32900, vat_rate: 'margin' }], { shippingCents: 800, loyaltyCents: 500 }), 'standard');
    expect(figures.lines.map((line) => [plain(line.name), line.rateLabel, line.unitCents, line.totalExclCents, line.margin])).toEqual([
      ['iPhone 12 reconditionné', 'TVA sur la marge', 32900, 32900, true],
      ['Livraison : Colissimo', 'TVA sur la marge', 800, 800, true],
      ['Remise fidélité', 'TVA sur la marge', -500, -500, true],
    ]);
    expect(figures.marginScheme).toBe(true);
    expect(rows(figures.totals)).toEqual(['Biens d’occasion (TVA sur la marge): 332.00', 'Total TTC: 332.00', 'Déjà réglé: 332.00', 'Reste à payer: 0.00']);
    expect(figures.vat).toMatchObject({ taxCents: 0, breakdown: [], marginTotalCents: 33200, mentions: [MARGIN_SCHEME_MENTION] });
  });

  it('20 % and margin-scheme goods: shipping and promo code split across both in proportion, no VAT on the margin part', () => {
    // Goods: 20.00 at 20 % and 300.00 under the margin scheme (1/16 and 15/16); shipping 8.00; 10 % off (32.00).
    const source = order(
      [
        { name: 'Coque', cents: 2000, vat_rate: '20' },
        { name: 'iPhone 12 reconditionné', cents: 30000, vat_rate: 'margin' },
      ],
      { shippingCents: 800, couponCents: 3200 },
    );
    const lines = orderInvoiceLines(source, 'standard');
    expect(lines.map((line) => [plain(line.name), line.vat_rate, Math.round(line.total * 100)])).toEqual([
      ['Coque', '20', 2000],
      ['iPhone 12 reconditionné', 'margin', 30000],
      ['Livraison : Colissimo (articles à 20 %)', '20', 50],
      ['Livraison : Colissimo (biens d’occasion)', 'margin', 750],
      ['Code promo RENTREE (articles à 20 %)', '20', -200],
      ['Code promo RENTREE (biens d’occasion)', 'margin', -3000],
    ]);
    const figures = orderInvoiceFigures(source, 'standard');
    expect(figures.lines.map((line) => [plain(line.rateLabel), line.totalExclCents])).toEqual([
      ['20 %', 1667],
      ['TVA sur la marge', 30000],
      ['20 %', 42],
      ['TVA sur la marge', 750],
      ['20 %', -167],
      ['TVA sur la marge', -3000],
    ]);
    // 20 %: base 16.67 + 0.42 − 1.67 = 15.42, VAT 3.33 + 0.08 − 0.33 = 3.08; margin: 300 + 7.50 − 30 = 277.50.
    expect(rows(figures.totals)).toEqual(['Total HT: 15.42', 'TVA 20 %: 3.08', 'Biens d’occasion (TVA sur la marge): 277.50', 'Total TTC: 296.00', 'Déjà réglé: 296.00', 'Reste à payer: 0.00']);
    expect(figures.marginScheme).toBe(true);
    expect(figures.vat.totalCents).toBe(figures.totalCents);
  });

  it('two taxed rates and the margin scheme: every cent lands somewhere, VAT per rate with its base', () => {
    const source = order(
      [
        { name: 'Chargeur', cents: 1999, quantity: 3, vat_rate: '20' },
        { name: 'Guide de réparation', cents: 1055, vat_rate: '5.5' },
        { name: 'Switch OLED reconditionnée', cents: 24900, vat_rate: 'margin' },
      ],
      { shippingCents: 999, couponCents: 1337, loyaltyCents: 101 },
    );
    const lines = orderInvoiceLines(source, 'standard');
    const sum = lines.reduce((total, line) => total + Math.round(line.total * 100), 0);
    expect(sum).toBe(Math.round(Number(source.total) * 100));
    const figures = orderInvoiceFigures(source, 'standard');
    expect(figures.vat.breakdown.map((row) => row.rate)).toEqual(['20', '5.5']);
    const [twenty, reduced] = figures.vat.breakdown.map((row) => `${(row.baseCents / 100).toFixed(2).replace('.', ',')} €`);
    expect(rows(figures.totals).map((row) => row.split(':')[0])).toEqual([
      'Total HT',
      `TVA 20 % sur ${twenty}`,
      `TVA 5,5 % sur ${reduced}`,
      'Biens d’occasion (TVA sur la marge)',
      'Total TTC',
      'Déjà réglé',
      'Reste à payer',
    ]);
    const ht = figures.totals[0]?.cents ?? NaN;
    expect(ht + figures.vat.taxCents + figures.vat.marginTotalCents).toBe(figures.totalCents);
  });

  it('under the franchise nothing is split and no rate is shown', () => {
    const source = order(
      [
        { name: 'Coque', cents: 2000, vat_rate: '20' },
        { name: 'iPhone 12 reconditionné', cents: 30000, vat_rate: 'margin' },
      ],
      { shippingCents: 800, couponCents: 3200 },
    );
    const figures = orderInvoiceFigures(source, 'franchise');
    expect(figures.lines.map((line) => [plain(line.name), line.rateLabel])).toEqual([
      ['Coque', '—'],
      ['iPhone 12 reconditionné', '—'],
      ['Livraison : Colissimo', '—'],
      ['Code promo RENTREE', '—'],
    ]);
    expect(figures.marginScheme).toBe(false);
    expect(rows(figures.totals)[1]).toBe('Total à payer (TVA non applicable): 296.00');
  });
});

describe('documentTotals of an order whose lines are known', () => {
  const mixed = order(
    [
      { name: 'Coque', cents: 2000, vat_rate: '20' },
      { name: 'iPhone 12 reconditionné', cents: 30000, vat_rate: 'margin' },
    ],
    { shippingCents: 800, couponCents: 3200 },
  );

  it('says what the invoice will say, down to the total', () => {
    expect(rows(documentTotals(29600, 'standard', mixed))).toEqual(['Total HT: 15.42', 'TVA 20 %: 3.08', 'Biens d’occasion (TVA sur la marge): 277.50', 'Total TTC: 296.00']);
    const invoice = orderInvoiceFigures(mixed, 'standard').totals;
    expect(documentTotals(29600, 'standard', mixed)).toEqual(invoice.slice(0, 4));
  });

  it('without its lines, or under the franchise, as before', () => {
    expect(documentTotals(13900, 'standard').map((row) => row.cents)).toEqual([11583, 2317, 13900]);
    expect(documentTotals(29600, 'franchise', mixed)).toEqual([{ label: 'Total (TVA non applicable)', cents: 29600, strong: true }]);
  });
});
