import { pdfEuros } from './text';

/**
 * The VAT regime is a store-profile setting (issue 4 §6): standard 20 % by default; under the
 * franchise regime (art. 293 B du CGI) no VAT is charged and the documents say so.
 */
export type VatRegime = 'standard' | 'franchise';

/** Spec 1 §9: VAT 20 %, HT = TTC / 1.2. */
export const VAT_RATE = 0.2;

export const FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';

/** Only for business customers (French law, art. L441-10 and D441-5 of the Code de commerce). */
export const LATE_FEE_MENTION =
  'En cas de retard de paiement : pénalités au taux légal et indemnité forfaitaire pour frais de recouvrement de 40 € (art. L441-10 et D441-5 du Code de commerce).';

export type VatBreakdown = { ht: number; vat: number; ttc: number };

/**
 * HT = TTC / 1.2, rounded to the cent; the VAT is what remains, so that HT + TVA = TTC exactly.
 * Under the franchise regime the whole amount is HT and the VAT is zero.
 */
export function vatBreakdown(ttc: number, regime: VatRegime = 'standard'): VatBreakdown {
  const ttcCents = Math.round(ttc * 100);
  if (regime === 'franchise') return { ht: ttcCents / 100, vat: 0, ttc: ttcCents / 100 };
  const htCents = Math.round(ttcCents / (1 + VAT_RATE));
  return { ht: htCents / 100, vat: (ttcCents - htCents) / 100, ttc: ttcCents / 100 };
}

export type TotalRow = { label: string; value: string; strong?: boolean };

/** The totals block: HT, TVA 20 %, TTC under the standard regime; one "Total" line under the franchise. */
export function totalRows(ttc: number, regime: VatRegime = 'standard'): TotalRow[] {
  const { ht, vat } = vatBreakdown(ttc, regime);
  if (regime === 'franchise') return [{ label: 'Total (TVA non applicable)', value: pdfEuros(ttc), strong: true }];
  return [
    { label: 'Total HT', value: pdfEuros(ht) },
    { label: `TVA ${Math.round(VAT_RATE * 100)} %`, value: pdfEuros(vat) },
    { label: 'Total TTC', value: pdfEuros(ttc), strong: true },
  ];
}

/** The legal mentions at the foot of a document. */
export function legalMentions(options: { regime: VatRegime; business: boolean; payable: boolean }): string[] {
  const mentions: string[] = [];
  if (options.regime === 'franchise') mentions.push(FRANCHISE_MENTION);
  if (options.business && options.payable) mentions.push(LATE_FEE_MENTION);
  return mentions;
}
