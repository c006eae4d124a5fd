/**
 * VAT of the shop's invoices (issue 9), one rule for the server and the documents customers see.
 * Prices are VAT included (TTC), in integer cents. A line is taxed at 20, 10, 5.5 or 0 %, or sold
 * under the VAT margin scheme ('margin': second-hand refurbished goods, art. 297 A du CGI): the
 * VAT is then due on the shop's margin, never shown to the buyer, and the invoice carries the
 * mention below instead of a VAT breakdown.
 */

export const vatRates = ['20', '10', '5.5', '0', 'margin'] as const;
export type VatRate = (typeof vatRates)[number];

/** The mention an invoice with margin-scheme lines carries (art. 242 nonies A, annexe II du CGI). */
export const MARGIN_SCHEME_MENTION = 'TVA sur la marge – Régime particulier\u00a0: biens d’occasion (art. 297 A du CGI)';

export function isVatRate(value: unknown): value is VatRate {
  return typeof value === 'string' && (vatRates as readonly string[]).includes(value);
}

/** The VAT included in `totalCents` at `rate` (HT rounded to the cent, VAT = TTC − HT); 0 under the margin scheme. */
export function includedVatCents(totalCents: number, rate: VatRate): number {
  if (rate === 'margin' || rate === '0') return 0;
  const tenths = Math.round(Number(rate) * 10);
  const ht = Math.round((totalCents * 1000) / (1000 + tenths));
  return totalCents - ht;
}

export type VatLine = { quantity: number; unitPriceCents: number; vatRate: VatRate };
export type PricedLine = { totalCents: number; taxCents: number };

export function priceLine(line: VatLine): PricedLine {
  const totalCents = line.quantity * line.unitPriceCents;
  return { totalCents, taxCents: includedVatCents(totalCents, line.vatRate) };
}

export type VatBreakdownRow = { rate: Exclude<VatRate, 'margin'>; baseCents: number; taxCents: number };

export type InvoiceVatSummary = {
  totalCents: number;
  /** VAT of the lines outside the margin scheme. */
  taxCents: number;
  /** Total − VAT (the margin-scheme lines count whole: their VAT is not shown). */
  subtotalCents: number;
  /** One row per rate used outside the margin scheme, highest rate first. */
  breakdown: VatBreakdownRow[];
  /** Total of the margin-scheme lines (no VAT shown for them). */
  marginTotalCents: number;
  marginScheme: boolean;
  mentions: string[];
};

/** Totals of an invoice from its lines (each line's VAT computed on its own total, then summed). */
export function summariseVat(lines: readonly (PricedLine & { vatRate: VatRate })[]): InvoiceVatSummary {
  const byRate = new Map<Exclude<VatRate, 'margin'>, VatBreakdownRow>();
  let totalCents = 0;
  let taxCents = 0;
  let marginTotalCents = 0;
  let marginScheme = false;
  for (const line of lines) {
    totalCents += line.totalCents;
    if (line.vatRate === 'margin') {
      marginScheme = true;
      marginTotalCents += line.totalCents;
      continue;
    }
    taxCents += line.taxCents;
    const row = byRate.get(line.vatRate) ?? { rate: line.vatRate, baseCents: 0, taxCents: 0 };
    row.baseCents += line.totalCents - line.taxCents;
    row.taxCents += line.taxCents;
    byRate.set(line.vatRate, row);
  }
  const breakdown = [...byRate.values()].sort((a, b) => Number(b.rate) - Number(a.rate));
  return {
    totalCents,
    taxCents,
    subtotalCents: totalCents - taxCents,
    breakdown,
    marginTotalCents,
    marginScheme,
    mentions: marginScheme ? [MARGIN_SCHEME_MENTION] : [],
  };
}

/** "20 %", "5,5 %", "TVA sur la marge". */
export function vatRateLabel(rate: VatRate): string {
  return rate === 'margin' ? 'TVA sur la marge' : `${rate.replace('.', ',')} %`;
}
