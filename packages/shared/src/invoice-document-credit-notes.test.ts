/**
 * The credit notes (avoirs) of one invoice add up exactly to it (issue 22 §1): each is the
 * difference of cumulative figures (what is credited with it minus what was before it, per rate),
 * so an order refunded in full, in any number of refunds, nets to its invoice's HT and VAT per rate,
 * each credit note's parts sum to its own amount, none is below 0, and each depends only on those
 * before it. The cumulative split never takes a cent back from a rate (monotoneSplitAcrossRates).
 */
import { describe, expect, it } from 'vitest';
import {
  creditNoteFigures,
  monotoneSplitAcrossRates,
  orderInvoiceFigures,
  splitAcrossRates,
  type CreditNoteFigures,
  type InvoiceFigures,
  type OrderFigureSource,
  type RatePart,
  type VatRegime,
} from './invoice-document.js';
import type { VatRate } from './invoice-vat.js';

/** A small seeded generator (mulberry32): the same « random » amounts on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Article = { cents: number; vat_rate?: VatRate };
function order(articles: Article[], extra: { shippingCents?: number; couponCents?: number; loyaltyCents?: number } = {}): OrderFigureSource {
  const shipping = extra.shippingCents ?? 0;
  const coupon = extra.couponCents ?? 0;
  const loyalty = extra.loyaltyCents ?? 0;
  const goods = articles.reduce((sum, article) => sum + article.cents, 0);
  return {
    line_items: articles.map((article, index) => ({
      name: `Article ${index + 1}`,
      sku: '',
      quantity: 1,
      price: (article.cents / 100).toFixed(2),
      total: (article.cents / 100).toFixed(2),
      ...(article.vat_rate ? { vat_rate: article.vat_rate } : {}),
    })),
    shipping_lines: [{ method_title: 'Colissimo', total: (shipping / 100).toFixed(2) }],
    coupon_lines: coupon > 0 ? [{ code: 'RENTREE', discount: (coupon / 100).toFixed(2) }] : [],
    loyalty_discount: (loyalty / 100).toFixed(2),
    total: ((goods + shipping - coupon - loyalty) / 100).toFixed(2),
  };
}

/** Mixed 20 %, 5,5 % and margin-scheme goods, shipping and a promo code: 457,30 €. */
const mixed = order([{ cents: 14990, vat_rate: '20' }, { cents: 150, vat_rate: '5.5' }, { cents: 29900, vat_rate: 'margin' }], { shippingCents: 690 });
const invoices: [string, OrderFigureSource][] = [
  ['20 %, 5,5 % and margin', mixed],
  ['20 %, 5,5 % and margin, with a promo code', order([{ cents: 12990, vat_rate: '20' }, { cents: 1200, vat_rate: '5.5' }, { cents: 24900, vat_rate: 'margin' }], { shippingCents: 690, couponCents: 1000 })],
  ['20 % and 5,5 %', order([{ cents: 2999, vat_rate: '20' }, { cents: 1055, vat_rate: '5.5' }], { shippingCents: 499, loyaltyCents: 300 })],
  ['20 % only', order([{ cents: 3980 }], { shippingCents: 499 })],
  ['every rate', order([{ cents: 4999, vat_rate: '20' }, { cents: 1999, vat_rate: '10' }, { cents: 999, vat_rate: '5.5' }, { cents: 500, vat_rate: '0' }, { cents: 19900, vat_rate: 'margin' }], { shippingCents: 690 })],
];

type PerRate = Record<string, { totalCents: number; baseCents: number; taxCents: number }>;
/** What the invoice charged at each rate (TTC, HT and VAT), margin-scheme goods apart. */
function invoicePerRate(invoice: InvoiceFigures): PerRate {
  const rows: PerRate = {};
  for (const row of invoice.vat.breakdown) rows[row.rate] = { totalCents: row.baseCents + row.taxCents, baseCents: row.baseCents, taxCents: row.taxCents };
  if (invoice.vat.marginScheme) rows.margin = { totalCents: invoice.vat.marginTotalCents, baseCents: invoice.vat.marginTotalCents, taxCents: 0 };
  return rows;
}
/** What the credit notes credit at each rate, all together. */
function creditedPerRate(notes: CreditNoteFigures[]): PerRate {
  const rows: PerRate = {};
  for (const part of notes.flatMap((note) => note.parts)) {
    const row = (rows[part.rate] ??= { totalCents: 0, baseCents: 0, taxCents: 0 });
    row.totalCents += part.totalCents;
    row.baseCents += part.baseCents;
    row.taxCents += part.taxCents;
  }
  return rows;
}
/** The credit notes of refunds of these amounts, in this order, each after those before it. */
function creditNotes(invoice: InvoiceFigures, amounts: number[], regime: VatRegime = 'standard'): CreditNoteFigures[] {
  let before = 0;
  return amounts.map((amount) => {
    const note = creditNoteFigures(invoice, amount, regime, before);
    before += amount;
    return note;
  });
}
/** `parts` positive amounts summing to `total`, cut at random. */
function randomParts(random: () => number, total: number, parts: number): number[] {
  const cuts = new Set<number>();
  while (cuts.size < parts - 1) cuts.add(1 + Math.floor(random() * (total - 1)));
  const points = [0, ...[...cuts].sort((a, b) => a - b), total];
  return points.slice(1).map((point, index) => point - (points[index] ?? 0));
}
/** The rule before this change: each credit note split on its own (largest remainder), VAT rounded in it. */
function onItsOwn(invoice: InvoiceFigures, amountCents: number): { rate: VatRate; totalCents: number; taxCents: number }[] {
  const sources = invoicePerRate(invoice);
  return splitAcrossRates(
    amountCents,
    Object.entries(sources).map(([rate, row]) => ({ rate: rate as VatRate, cents: row.totalCents })),
  ).map((share) => {
    const source = sources[share.rate];
    return { rate: share.rate, totalCents: share.cents, taxCents: source ? Math.round((source.taxCents * share.cents) / source.totalCents) : 0 };
  });
}
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const byRate = (parts: readonly RatePart[]) => Object.fromEntries(parts.map((part) => [part.rate, part.cents]));

function expectSound(note: CreditNoteFigures, amount: number, label: string): void {
  expect(note.amountCents, label).toBe(amount);
  expect(sum(note.parts.map((part) => part.totalCents)), label).toBe(amount);
  for (const part of note.parts) {
    expect(part.baseCents + part.taxCents, label).toBe(part.totalCents);
    expect(part.totalCents, label).toBeGreaterThan(0);
    expect(part.baseCents, label).toBeGreaterThanOrEqual(0);
    expect(part.taxCents, label).toBeGreaterThanOrEqual(0);
  }
  const taxed = note.parts.filter((part) => part.rate !== 'margin');
  if (taxed.length > 0) expect(note.totals.find((row) => row.label.startsWith('Total HT'))?.cents, label).toBe(sum(taxed.map((part) => part.baseCents)));
  expect(note.totals.at(-1), label).toEqual({ label: 'Montant remboursé', cents: amount, strong: true });
}

describe('monotoneSplitAcrossRates', () => {
  const weightSets: RatePart[][] = [
    [
      { rate: '20', cents: 15220 },
      { rate: '5.5', cents: 152 },
      { rate: 'margin', cents: 30358 },
    ],
    [
      { rate: '20', cents: 12887 },
      { rate: '5.5', cents: 1190 },
      { rate: 'margin', cents: 24703 },
    ],
    [
      { rate: '20', cents: 1999 },
      { rate: '5.5', cents: 1 },
      { rate: 'margin', cents: 34900 },
    ],
    [
      { rate: '20', cents: 153 },
      { rate: '10', cents: 5 },
      { rate: '5.5', cents: 9766 },
      { rate: 'margin', cents: 29 },
    ],
    [
      { rate: '20', cents: 5151 },
      { rate: '10', cents: 25 },
      { rate: '5.5', cents: 201 },
      { rate: '0', cents: 5 },
      { rate: 'margin', cents: 45 },
    ],
  ];

  it('sums to the amount, never takes a cent back from a rate as the amount grows, and gives back each weight for the whole', () => {
    // Every amount up to the whole: what goes wrong is listed (one expect per amount would be slow).
    const wrong: string[] = [];
    for (const weights of weightSets) {
      const whole = sum(weights.map((weight) => weight.cents));
      // With three rates, each part stays less than a cent from its exact share, as the largest remainder does.
      const tolerance = weights.length === 3 ? 1 : 2;
      let previous: Record<string, number> = {};
      for (let amount = 0; amount <= whole; amount += 1) {
        const parts = monotoneSplitAcrossRates(amount, weights);
        const current = byRate(parts);
        if (sum(parts.map((part) => part.cents)) !== amount || parts.some((part) => part.cents <= 0)) wrong.push(`${whole}: ${amount} → ${JSON.stringify(parts)}`);
        for (const { rate, cents } of weights) {
          if ((current[rate] ?? 0) < (previous[rate] ?? 0)) wrong.push(`${whole}: ${amount} takes back at ${rate}`);
          if (Math.abs((current[rate] ?? 0) - (amount * cents) / whole) >= tolerance) wrong.push(`${whole}: ${amount} far from the share at ${rate}`);
        }
        previous = current;
      }
      expect(byRate(monotoneSplitAcrossRates(whole, weights))).toEqual(byRate(weights));
    }
    expect(wrong).toEqual([]);
  });

  it('is the largest remainder with one or two rates, ties included', () => {
    const pairs: [number, number][] = [
      [5, 5],
      [1, 3],
      [2, 6],
      [1999, 1],
      [1, 34900],
      [12000, 1055],
      [3317, 1000],
    ];
    const wrong: string[] = [];
    for (const [first, second] of pairs) {
      const weights: RatePart[] = [
        { rate: '20', cents: first },
        { rate: 'margin', cents: second },
      ];
      for (let amount = -(first + second); amount <= 2 * (first + second); amount += 1) {
        const [monotone, largest] = [monotoneSplitAcrossRates(amount, weights), splitAcrossRates(amount, weights)];
        if (JSON.stringify(monotone) !== JSON.stringify(largest)) wrong.push(`${first}/${second}: ${amount} → ${JSON.stringify(monotone)}, not ${JSON.stringify(largest)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(monotoneSplitAcrossRates(499, [{ rate: '10', cents: 1000 }, { rate: '10', cents: 200 }])).toEqual([{ rate: '10', cents: 499 }]);
    expect(monotoneSplitAcrossRates(300, [])).toEqual([{ rate: '20', cents: 300 }]);
    expect(monotoneSplitAcrossRates(0, weightSets[0] ?? [])).toEqual([]);
    expect(monotoneSplitAcrossRates(500, [{ rate: 'margin', cents: 0 }, { rate: '20', cents: 0 }])).toEqual([{ rate: 'margin', cents: 500 }]);
  });

  it('keeps the rate that the largest remainder would take a cent from (the Alabama paradox)', () => {
    const weights = weightSets[0] ?? [];
    // 302,00 € then 302,50 €: the largest remainder gives 5,5 % one cent less for more in all.
    expect(byRate(splitAcrossRates(30200, weights))['5.5']).toBe(101);
    expect(byRate(splitAcrossRates(30250, weights))['5.5']).toBe(100);
    const [before, after] = [byRate(monotoneSplitAcrossRates(30200, weights)), byRate(monotoneSplitAcrossRates(30250, weights))];
    for (const { rate } of weights) expect(after[rate] ?? 0).toBeGreaterThanOrEqual(before[rate] ?? 0);
  });

  it('splits a reduction as the mirror of the charge', () => {
    for (const weights of weightSets) {
      for (const amount of [1, 7, 99, 1234, 9999]) {
        expect(monotoneSplitAcrossRates(-amount, weights)).toEqual(monotoneSplitAcrossRates(amount, weights).map((part) => ({ rate: part.rate, cents: -part.cents })));
      }
    }
  });
});

describe('creditNoteFigures: the credit notes of one invoice add up to it', () => {
  it.each(invoices)('%s: refunded in full in 2, 3 or 7 refunds, nets exactly to the invoice per rate (TTC, HT, VAT)', (_, source) => {
    const invoice = orderInvoiceFigures(source, 'standard');
    const random = seeded(invoice.totalCents);
    for (const count of [2, 3, 7]) {
      for (let run = 0; run < 150; run += 1) {
        const amounts = randomParts(random, invoice.totalCents, count);
        const notes = creditNotes(invoice, amounts);
        notes.forEach((note, index) => expectSound(note, amounts[index] ?? 0, `${amounts.join('+')} #${index + 1}`));
        expect(creditedPerRate(notes), amounts.join('+')).toEqual(invoicePerRate(invoice));
      }
    }
  });

  it('refunded in part, in large or small refunds, never credits less than 0 nor more at a rate than the invoice charged', () => {
    const invoice = orderInvoiceFigures(mixed, 'standard');
    const random = seeded(7);
    for (let run = 0; run < 300; run += 1) {
      // Three large refunds, or forty of a few cents to 2 € (where a rate's share is below a cent).
      const amounts = run % 2 === 0 ? randomParts(random, invoice.totalCents, 4).slice(0, 3) : Array.from({ length: 40 }, () => 1 + Math.floor(random() * 200));
      const notes = creditNotes(invoice, amounts);
      notes.forEach((note, index) => expectSound(note, amounts[index] ?? 0, `${amounts.join('+')} #${index + 1}`));
      const credited = creditedPerRate(notes);
      for (const [rate, row] of Object.entries(invoicePerRate(invoice))) {
        expect(credited[rate]?.totalCents ?? 0).toBeLessThanOrEqual(row.totalCents);
        expect(credited[rate]?.taxCents ?? 0).toBeLessThanOrEqual(row.taxCents);
      }
    }
  });

  it('fixes what each credit note on its own got wrong: 3 × 14,93 € of a 44,79 € order give back its 7,46 € of VAT', () => {
    const invoice = orderInvoiceFigures(order([{ cents: 3980 }], { shippingCents: 499 }), 'standard');
    expect(invoicePerRate(invoice)).toEqual({ '20': { totalCents: 4479, baseCents: 3733, taxCents: 746 } });
    // On its own, each credit note rounded 2,4867 € up: 7,47 € in all.
    expect(sum([1493, 1493, 1493].map((amount) => sum(onItsOwn(invoice, amount).map((part) => part.taxCents))))).toBe(747);
    const notes = creditNotes(invoice, [1493, 1493, 1493]);
    expect(notes.map((note) => note.parts.map((part) => part.taxCents))).toEqual([[249], [248], [249]]);
    expect(notes.map((note) => note.totals.find((row) => row.label.startsWith('TVA '))?.cents)).toEqual([249, 248, 249]);
  });

  it('gives no part below 0 where the largest remainder of the cumulative amounts took a cent back', () => {
    const invoice = orderInvoiceFigures(mixed, 'standard');
    expect(invoice.totalCents).toBe(45730);
    // 302,00 € refunded, then 0,50 €: the difference of the largest remainders would be −0,01 € at 5,5 %.
    const rates = Object.entries(invoicePerRate(invoice)).map(([rate, row]) => ({ rate: rate as VatRate, cents: row.totalCents }));
    expect((byRate(splitAcrossRates(30250, rates))['5.5'] ?? 0) - (byRate(splitAcrossRates(30200, rates))['5.5'] ?? 0)).toBe(-1);
    const note = creditNoteFigures(invoice, 50, 'standard', 30200);
    expectSound(note, 50, '0,50 € after 302,00 €');
    const rest = creditNoteFigures(invoice, invoice.totalCents - 30250, 'standard', 30250);
    expect(creditedPerRate([creditNoteFigures(invoice, 30200, 'standard', 0), note, rest])).toEqual(invoicePerRate(invoice));
  });

  it('leaves a single refund as it was with one or two rates, and gives back the invoice for a full one', () => {
    for (const [name, source] of invoices) {
      const invoice = orderInvoiceFigures(source, 'standard');
      const rates = Object.keys(invoicePerRate(invoice)).length;
      expect(creditedPerRate([creditNoteFigures(invoice, invoice.totalCents, 'standard', 0)]), name).toEqual(invoicePerRate(invoice));
      if (rates > 2) continue;
      const wrong: string[] = [];
      for (let amount = 1; amount <= invoice.totalCents; amount += 1) {
        const parts = creditNoteFigures(invoice, amount, 'standard', 0).parts.map(({ rate, totalCents, taxCents }) => ({ rate, totalCents, taxCents }));
        if (JSON.stringify(parts) !== JSON.stringify(onItsOwn(invoice, amount))) wrong.push(`${name}: ${amount}`);
      }
      expect(wrong).toEqual([]);
    }
  });

  it('depends only on what was credited before it, not on how nor on what comes after', () => {
    const invoice = orderInvoiceFigures(mixed, 'standard');
    const third = (history: number[]) => creditNotes(invoice, [...history, 1234]).at(-1);
    expect(third([1000, 2000])).toEqual(third([3000]));
    expect(third([3000])).toEqual(creditNoteFigures(invoice, 1234, 'standard', 3000));
    const early = creditNotes(invoice, [1000, 2000, 1234]);
    expect(creditNotes(invoice, [1000, 2000, 1234, 5000, invoice.totalCents - 9234]).slice(0, 3)).toEqual(early);
  });

  it('under the franchise: no VAT on any credit note, which net to the invoice', () => {
    const source = order([{ cents: 3980, vat_rate: '5.5' }, { cents: 1500, vat_rate: 'margin' }], { shippingCents: 499 });
    const invoice = orderInvoiceFigures(source, 'franchise');
    const amounts = [1000, 2479, invoice.totalCents - 3479];
    const notes = creditNotes(invoice, amounts, 'franchise');
    notes.forEach((note, index) => {
      expectSound(note, amounts[index] ?? 0, `#${index + 1}`);
      expect(note.parts.every((part) => part.taxCents === 0)).toBe(true);
      expect(note.lines.every((line) => line.rateLabel === '—')).toBe(true);
      expect(note.totals.map((row) => row.label)).toEqual(['Total HT (TVA non applicable)', 'Montant remboursé']);
    });
    expect(creditedPerRate(notes)).toEqual({ '0': { totalCents: invoice.totalCents, baseCents: invoice.totalCents, taxCents: 0 } });
  });
});
