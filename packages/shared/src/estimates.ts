/**
 * Repair estimates (devis, issue 24 §1): one rule for the amounts the server stores, the admin's
 * form shows while typing, the customer's page and the PDF.
 *   - prices are VAT included (TTC) like the shop's invoices; under the standard regime each line
 *     carries its rate (20 % by default) and the VAT is taken out of it (invoice-vat.ts); under the
 *     franchise (art. 293 B du CGI) no VAT at all;
 *   - the QualiRépar bonus (repair-bonus.ts) is deducted from what the customer pays, never from
 *     the price: the VAT stays on the full price;
 *   - a deposit may be asked, at most what is left to pay after the bonus.
 */
import { priceLine, summariseVat, vatRateLabel, type VatBreakdownRow, type VatRate } from './invoice-vat.js';
import { repairBonusCents, repairBonusLabel } from './repair-bonus.js';

export const estimateLineKinds = ['part', 'labour', 'other'] as const;
export type EstimateLineKind = (typeof estimateLineKinds)[number];

export const estimateLineKindLabels: Record<EstimateLineKind, string> = { part: 'Pièce', labour: 'Main-d’œuvre', other: 'Autre' };

/** The VAT rates an estimate line may take (repairs are never sold under the margin scheme). */
export const estimateVatRates = ['20', '10', '5.5', '0'] as const satisfies readonly VatRate[];
export type EstimateVatRate = (typeof estimateVatRates)[number];

export const estimateStatuses = ['sent', 'accepted', 'declined', 'superseded', 'withdrawn'] as const;
export type EstimateStatus = (typeof estimateStatuses)[number];

export const estimateStatusLabels: Record<EstimateStatus, string> = {
  sent: 'En attente de réponse',
  accepted: 'Accepté',
  declined: 'Refusé',
  superseded: 'Remplacé',
  withdrawn: 'Retiré',
};

/** Default validity of an estimate (days after its creation). */
export const ESTIMATE_VALIDITY_DAYS = 30;
/** Longest validity staff may give (a price held for a year at most). */
export const ESTIMATE_MAX_VALIDITY_DAYS = 365;

export type VatRegime = 'standard' | 'franchise';

export type EstimateLineInput = {
  kind: EstimateLineKind;
  label: string;
  quantity: number;
  unitPriceCents: number;
  vatRate?: EstimateVatRate | undefined;
};

export type PricedEstimateLine = EstimateLineInput & { vatRate: EstimateVatRate; taxCents: number; totalCents: number };

export type EstimateAmounts = {
  lines: PricedEstimateLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  vatBreakdown: VatBreakdownRow[];
  bonusCategory: string | null;
  bonusCents: number;
  /** Total − bonus: what the customer pays. */
  toPayCents: number;
  depositCents: number;
};

/** Prices the lines under the regime, deducts the bonus of `bonusCategory` (null: none), keeps the deposit. */
export function estimateAmounts(lines: readonly EstimateLineInput[], regime: VatRegime, bonusCategory: string | null, depositCents = 0): EstimateAmounts {
  const priced = lines.map((line): PricedEstimateLine => {
    const vatRate: EstimateVatRate = regime === 'franchise' ? '0' : (line.vatRate ?? '20');
    return { ...line, vatRate, ...priceLine({ quantity: line.quantity, unitPriceCents: line.unitPriceCents, vatRate }) };
  });
  const vat = summariseVat(priced);
  const bonusCents = repairBonusCents(bonusCategory, vat.totalCents);
  return {
    lines: priced,
    subtotalCents: vat.subtotalCents,
    taxCents: vat.taxCents,
    totalCents: vat.totalCents,
    vatBreakdown: regime === 'franchise' ? [] : vat.breakdown,
    bonusCategory: bonusCents > 0 ? bonusCategory : null,
    bonusCents,
    toPayCents: vat.totalCents - bonusCents,
    depositCents,
  };
}

export type EstimateTotalRow = { label: string; cents: number; strong?: boolean };

/** The totals an estimate shows (page, PDF, e-mail): HT, VAT per rate, TTC, bonus, what is left to pay, deposit. */
export function estimateTotalRows(amounts: Pick<EstimateAmounts, 'subtotalCents' | 'totalCents' | 'vatBreakdown' | 'bonusCategory' | 'bonusCents' | 'toPayCents' | 'depositCents'>, regime: VatRegime): EstimateTotalRow[] {
  const rows: EstimateTotalRow[] = [];
  if (regime === 'franchise') {
    rows.push({ label: 'Total (TVA non applicable, art. 293 B du CGI)', cents: amounts.totalCents, strong: amounts.bonusCents === 0 });
  } else {
    rows.push({ label: 'Total HT', cents: amounts.subtotalCents });
    for (const row of amounts.vatBreakdown) rows.push({ label: `TVA ${vatRateLabel(row.rate)}`, cents: row.taxCents });
    rows.push({ label: 'Total TTC', cents: amounts.totalCents, strong: amounts.bonusCents === 0 });
  }
  if (amounts.bonusCents > 0) {
    rows.push({ label: repairBonusLabel(amounts.bonusCategory), cents: -amounts.bonusCents });
    rows.push({ label: 'Reste à payer après bonus', cents: amounts.toPayCents, strong: true });
  }
  if (amounts.depositCents > 0) rows.push({ label: 'Acompte demandé à l’acceptation', cents: amounts.depositCents });
  return rows;
}

// ─── Paris calendar days (the validity date is a day in Paris) ──────────────────────────────────

const parisParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function parisClock(instant: Date) {
  const parts = Object.fromEntries(parisParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** "2026-11-29": the Paris calendar day of an instant. */
export function parisDayOf(instant: Date): string {
  const clock = parisClock(instant);
  return `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;
}

export function addCalendarDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
}

/** The instant a Paris day ends (midnight of the next day, Paris time): an estimate's link expires then. */
export function endOfParisDay(day: string): Date {
  const next = addCalendarDays(day, 1);
  const wall = Date.parse(`${next}T00:00:00Z`);
  // Paris is UTC+1 or UTC+2: the instant whose Paris clock reads 00:00 of the next day.
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(wall - offsetHours * 3_600_000);
    const clock = parisClock(candidate);
    if (clock.hour === 0 && clock.minute === 0 && parisDayOf(candidate) === next) return candidate;
  }
  return new Date(wall - 3_600_000);
}

/** The default validity date: ESTIMATE_VALIDITY_DAYS after today in Paris. */
export function defaultValidUntil(now: Date): string {
  return addCalendarDays(parisDayOf(now), ESTIMATE_VALIDITY_DAYS);
}

/** Whether an estimate valid until `validUntil` (a Paris day, included) may still be decided at `now`. */
export function isWithinValidity(validUntil: string, now: Date): boolean {
  return parisDayOf(now) <= validUntil;
}

/** "DV-2026-000123". */
export function formatEstimateNumber(year: number, value: number): string {
  return `DV-${year}-${String(value).padStart(6, '0')}`;
}

/** The quote catalogue's category of a ticket's device (« Téléphone » → telephone), for the bonus rule. */
export function quoteCategoryOfDevice(category: string): string {
  const key = category
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
  if (/^(telephone|smartphone|phone|mobile)/.test(key)) return 'telephone';
  if (/^(tablette|tablet)/.test(key)) return 'tablette';
  if (/^(ordinateur|computer|laptop|pc)/.test(key)) return 'ordinateur';
  if (/^console/.test(key)) return 'console';
  if (/^(montre|watch)/.test(key)) return 'montre';
  return 'autre';
}

/** Texts the customer's page, the account and the API answer with. */
export const estimateMessages = {
  expired: 'Ce lien a expiré\u00a0: la date de validité du devis est passée. Contactez l’atelier pour obtenir un nouveau devis.',
  superseded: 'Ce devis a été remplacé par une version plus récente\u00a0: nous vous l’avons envoyée par e-mail. Utilisez le lien de ce nouvel e-mail.',
  withdrawn: 'Ce devis a été retiré par l’atelier. Contactez-nous pour en savoir plus.',
  unknown: 'Ce lien n’est pas valide. Vérifiez qu’il est complet ou utilisez le lien de votre dernier e-mail.',
  pastValidity: 'La date de validité de ce devis est passée\u00a0: il ne peut plus être accepté. Contactez l’atelier pour un nouveau devis.',
  accepted: 'Merci\u00a0! Votre acceptation du devis est enregistrée\u00a0: l’atelier est prévenu et lance la réparation.',
  declined: 'Votre refus du devis est enregistré\u00a0: l’atelier est prévenu. Vous pouvez récupérer votre appareil à la boutique.',
  alreadyAccepted: 'Ce devis a déjà été accepté.',
  alreadyDeclined: 'Ce devis a déjà été refusé.',
  notFound: 'Devis introuvable',
  rateLimited: 'Trop de tentatives\u00a0: réessayez dans quelques minutes.',
} as const;
