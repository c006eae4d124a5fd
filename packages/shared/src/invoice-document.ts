import { formatCents } from './format.js';
import { includedVatCents, MARGIN_SCHEME_MENTION, summariseVat, vatRateLabel, vatRates, type InvoiceVatSummary, type VatRate } from './invoice-vat.js';
import type { Invoice } from './schemas/repair.js';
import { formatAddress, type StoreProfile } from './store-profile.js';

/**
 * What an invoice says, the same on the account's screen and in the PDF the server renders (issue
 * 22 §1): the figures of every line excluding VAT, the VAT per rate, the totals, and the mentions
 * French law asks of an invoice (art. 242 nonies A, annexe II du CGI; art. L441-9 and D441-5 du Code
 * de commerce). One VAT rule (invoice-vat.ts) and the store profile decide everything here.
 */

export type VatRegime = StoreProfile['vatRegime'];

export const FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';
/** The fixed recovery indemnity every late business payer owes (art. D441-5 du Code de commerce). */
export const RECOVERY_INDEMNITY_EUROS = 40;

export type InvoiceLineFigures = {
  name: string;
  sku: string;
  quantity: number;
  /** Unit price excluding VAT (under the margin scheme: the price as sold, no VAT shown). */
  unitCents: number;
  /** "20 %", "5,5 %", "TVA sur la marge", or "—" under the franchise regime. */
  rateLabel: string;
  /** Discount on the line, excluding VAT (0: none). */
  discountCents: number;
  /** Line total excluding VAT (margin scheme: as sold). */
  totalExclCents: number;
  /** Line total, VAT included. */
  totalCents: number;
  margin: boolean;
};

export type InvoiceTotalRow = { label: string; cents: number; strong?: boolean };

export type InvoiceFigures = {
  lines: InvoiceLineFigures[];
  /** Total HT, VAT per rate, margin-scheme goods, total TTC; then credit notes, repair bonus, paid and due. */
  totals: InvoiceTotalRow[];
  totalCents: number;
  dueCents: number;
  marginScheme: boolean;
  /**
   * The VAT of the lines per rate (base excluding VAT and VAT of each rate, margin-scheme total),
   * as the totals print it: what a credit note splits a refund on. Under the franchise every line
   * counts at '0'.
   */
  vat: InvoiceVatSummary;
};

const cents = (euros: number) => Math.round(euros * 100);

/** The rate a line is taxed at: its own (20 % when the source gives none), none at all under the franchise. */
function rateOf(vatRate: VatRate | undefined, regime: VatRegime): VatRate {
  if (regime === 'franchise') return '0';
  return vatRate ?? '20';
}

type FigureSource = Pick<Invoice, 'line_items' | 'total_amount' | 'amount_paid' | 'amount_due'> & Partial<Pick<Invoice, 'credited' | 'bonus' | 'bonus_label'>>;

/** The figures of an invoice under the shop's VAT regime. */
export function invoiceFigures(invoice: FigureSource, regime: VatRegime): InvoiceFigures {
  const lines = invoice.line_items.map((item): InvoiceLineFigures & { vatRate: VatRate; taxCents: number } => {
    const vatRate = rateOf(item.vat_rate, regime);
    const margin = vatRate === 'margin';
    const unitTtc = cents(item.price);
    const totalCents = cents(item.total);
    const taxCents = includedVatCents(totalCents, vatRate);
    const unitCents = unitTtc - includedVatCents(unitTtc, vatRate);
    const totalExclCents = totalCents - taxCents;
    return {
      name: item.name,
      sku: item.sku,
      quantity: item.quantity,
      unitCents,
      rateLabel: regime === 'franchise' ? '—' : vatRateLabel(vatRate),
      // Only a line sold below quantity × unit price has a discount (not the cent HT rounding leaves).
      discountCents: item.quantity * unitTtc > totalCents ? Math.max(0, item.quantity * unitCents - totalExclCents) : 0,
      totalExclCents,
      totalCents,
      margin,
      vatRate,
      taxCents,
    };
  });
  const vat = summariseVat(lines);
  // The invoice's own total rules (a RepairDesk invoice may carry a total its lines do not sum to).
  const totalCents = cents(invoice.total_amount);
  const totals: InvoiceTotalRow[] = [];
  if (regime === 'franchise') {
    totals.push({ label: 'Total HT', cents: totalCents }, { label: 'Total à payer (TVA non applicable)', cents: totalCents, strong: true });
  } else {
    const taxedLines = lines.filter((line) => !line.margin);
    if (taxedLines.length > 0) totals.push({ label: 'Total HT', cents: taxedLines.reduce((sum, line) => sum + line.totalExclCents, 0) });
    const several = vat.breakdown.length > 1;
    for (const row of vat.breakdown) {
      const base = several ? ` sur ${formatCents(row.baseCents)}` : '';
      totals.push({ label: `TVA ${vatRateLabel(row.rate)}${base}`, cents: row.taxCents });
    }
    if (vat.marginScheme) totals.push({ label: 'Biens d’occasion (TVA sur la marge)', cents: vat.marginTotalCents });
    totals.push({ label: 'Total TTC', cents: totalCents, strong: true });
  }
  const credited = cents(invoice.credited ?? 0);
  if (credited > 0) totals.push({ label: 'Avoirs', cents: -credited });
  // Issue 24: the QualiRépar bonus is deducted from what the customer pays (the VAT stays on the full price).
  const bonus = cents(invoice.bonus ?? 0);
  if (bonus > 0) totals.push({ label: invoice.bonus_label || 'Bonus réparation QualiRépar', cents: -bonus });
  totals.push({ label: 'Déjà réglé', cents: cents(invoice.amount_paid) });
  const dueCents = cents(invoice.amount_due);
  totals.push({ label: 'Reste à payer', cents: dueCents, strong: true });
  return {
    lines: lines.map(({ vatRate: _rate, taxCents: _tax, ...line }) => line),
    totals,
    totalCents,
    dueCents,
    marginScheme: vat.marginScheme,
    vat,
  };
}

/** "RCS Bordeaux"; a value that names its register already ("RM 33", "RNE …") is kept as it is. */
export function registrationLine(rcsCity: string): string {
  const value = rcsCity.trim();
  if (!value) return '';
  return /^(RCS|RM|RNE|RSAC)\b/i.test(value) ? value : `RCS ${value}`;
}

/**
 * The seller's block of an invoice: name, legal form and capital, address, SIREN/SIRET, register,
 * and the VAT number (or the franchise's mention).
 */
export function sellerLines(shop: StoreProfile): string[] {
  const siret = shop.siret.replace(/\s+/g, '');
  const siren = siret.slice(0, 9);
  const form = [shop.company.legalForm.trim(), shop.company.shareCapital.trim() && `capital social : ${shop.company.shareCapital.trim()}`]
    .filter(Boolean)
    .join(' · ');
  return [
    shop.legalName.trim() || shop.name,
    form,
    formatAddress(shop),
    `SIREN ${siren} · SIRET ${shop.siret}`,
    registrationLine(shop.company.rcsCity),
    shop.vatRegime === 'franchise' ? FRANCHISE_MENTION : shop.company.vatNumber.trim() && `N° TVA intracommunautaire : ${shop.company.vatNumber.trim()}`,
  ].filter((line): line is string => Boolean(line));
}

/** What the customer's block prints (a repair invoice's customer, or an order's billing address). */
export type InvoiceCustomer = Pick<Invoice['customer'], 'fullName' | 'email' | 'phone' | 'address' | 'organisation' | 'siren' | 'vatNumber'>;

/** « SIREN … » and « N° TVA intracommunautaire … » of a business customer, those known. */
export function businessIdLines(customer: Pick<InvoiceCustomer, 'siren' | 'vatNumber'>): string[] {
  const siren = customer.siren?.trim() ?? '';
  const vatNumber = customer.vatNumber?.trim() ?? '';
  return [siren && `SIREN ${siren}`, vatNumber && `N° TVA intracommunautaire : ${vatNumber}`].filter(Boolean);
}

/**
 * The customer's block: organisation and its numbers when known (SIREN, VAT number: art. 242
 * nonies A, annexe II du CGI), name, billing address, contact. Numbers without an organisation
 * (a sole trader under their own name) follow the name.
 */
export function customerLines(customer: InvoiceCustomer): string[] {
  const organisation = customer.organisation?.trim() ?? '';
  const ids = businessIdLines(customer);
  return [
    ...(organisation ? [organisation, ...ids, customer.fullName] : [customer.fullName, ...ids]),
    ...(customer.address ?? []),
    customer.email,
    customer.phone,
  ].filter((line) => line.trim() !== '');
}

/** A business customer: the customer's record names an organisation, or carries a SIREN or VAT number. */
export function isBusinessCustomer(customer: Pick<InvoiceCustomer, 'organisation' | 'siren' | 'vatNumber'>): boolean {
  return Boolean(customer.organisation?.trim() || customer.siren?.trim() || customer.vatNumber?.trim());
}

/**
 * The mentions at the foot of an invoice: VAT regime, payment terms and due date, the business
 * customer's late-payment terms, and the margin scheme's mention when a line falls under it.
 */
export function invoiceMentions(options: {
  shop: StoreProfile;
  business: boolean;
  marginScheme: boolean;
  /** "15/12/2026": the due date as printed. */
  dueDate: string;
  /** "Date de la vente ou de la prestation", as printed. */
  serviceDate: string;
}): string[] {
  const { shop } = options;
  const mentions = [
    `Date de la vente ou de la prestation\u00a0: ${options.serviceDate}.`,
    `Échéance\u00a0: ${options.dueDate}. ${shop.invoicing.paymentTerms.trim()}`.trim(),
  ];
  if (shop.vatRegime === 'franchise') mentions.push(FRANCHISE_MENTION);
  if (options.marginScheme) mentions.push(MARGIN_SCHEME_MENTION);
  if (options.business) {
    mentions.push(
      `En cas de retard de paiement\u00a0: pénalités au taux de ${shop.invoicing.latePenaltyRate.trim()}, et indemnité forfaitaire pour frais de recouvrement de ${RECOVERY_INDEMNITY_EUROS}\u00a0€ (art. L441-10 et D441-5 du Code de commerce).`,
    );
  }
  return mentions;
}

/**
 * The totals of a document that is not an invoice (an order, a repair sheet): its total split at
 * 20 % (spec 1 §9: HT = TTC / 1.2, the VAT is what remains), or one line under the franchise. An
 * order whose lines are known (`order`) is split by its lines' own rates instead, exactly as its
 * invoice will be (`orderInvoiceFigures`), so the summary and the invoice never disagree.
 */
export function documentTotals(totalCents: number, regime: VatRegime, order?: OrderFigureSource): InvoiceTotalRow[] {
  if (regime === 'franchise') return [{ label: 'Total (TVA non applicable)', cents: totalCents, strong: true }];
  if (order) {
    // The invoice's rows down to « Total TTC » (the first strong row); what follows is payment.
    const { totals } = orderInvoiceFigures({ ...order, total: totalCents / 100 }, regime);
    return totals.slice(0, totals.findIndex((row) => row.strong) + 1);
  }
  const taxCents = includedVatCents(totalCents, '20');
  return [
    { label: 'Total HT', cents: totalCents - taxCents },
    { label: 'TVA 20\u00a0%', cents: taxCents },
    { label: 'Total TTC', cents: totalCents, strong: true },
  ];
}

// ───────────────────────── a paid web order's invoice ─────────────────────────

type Amount = string | number;

/** The parts of a web order its invoice reads (the API's order: amounts as "12.50" or numbers). */
export type OrderInvoiceSource = {
  /** `vat_rate`: the product's rate copied onto the line when the order was placed; 20 % when absent. */
  line_items: { name: string; sku: string; quantity: number; price: Amount; total: Amount; vat_rate?: VatRate | undefined }[];
  shipping_lines: { method_title: string; total: Amount }[];
  coupon_lines: { code: string; discount: Amount }[];
  loyalty_discount: Amount;
  total: Amount;
  billing: { first_name: string; last_name: string; company: string; address_1: string; address_2: string; postcode: string; city: string; country: string; email: string; phone: string };
};

/** What the figures read of an order (its buyer only goes in the customer's block). */
export type OrderFigureSource = Omit<OrderInvoiceSource, 'billing'>;

const euros = (value: Amount) => Number(value);
const centsOf = (value: Amount) => Math.round(Number(value) * 100);

export type RatePart = { rate: VatRate; cents: number };

/**
 * Splits `amountCents` (a charge, or a reduction when negative) across VAT rates in proportion of
 * `weights` (each rate's total of articles, TTC), by the largest remainder so that the parts sum to
 * the amount exactly; the parts follow the order of `vatRates` (20, 10, 5.5, 0, margin) and a part
 * of 0 is left out. Without any weight the whole amount goes to the first rate given (20 % if none).
 */
export function splitAcrossRates(amountCents: number, weights: readonly RatePart[]): RatePart[] {
  const byRate = new Map<VatRate, number>();
  for (const weight of weights) byRate.set(weight.rate, (byRate.get(weight.rate) ?? 0) + Math.max(0, weight.cents));
  const rates = vatRates.filter((rate) => byRate.has(rate));
  const whole = [...byRate.values()].reduce((sum, cents) => sum + cents, 0);
  if (amountCents === 0) return [];
  if (rates.length <= 1 || whole === 0) return [{ rate: weights[0]?.rate ?? '20', cents: amountCents }];
  const sign = amountCents < 0 ? -1 : 1;
  const amount = Math.abs(amountCents);
  const parts = rates.map((rate, index) => {
    const product = amount * (byRate.get(rate) ?? 0);
    return { rate, index, cents: Math.floor(product / whole), remainder: product % whole };
  });
  let left = amount - parts.reduce((sum, part) => sum + part.cents, 0);
  for (const part of [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    part.cents += 1;
    left -= 1;
  }
  return parts.filter((part) => part.cents !== 0).map((part) => ({ rate: part.rate, cents: sign * part.cents }));
}

/**
 * Splits `amountCents` across VAT rates in proportion of `weights` like splitAcrossRates, but so
 * that no rate's part ever shrinks when the amount grows: the differences between the splits of two
 * cumulative amounts are never negative (credit notes, creditNoteFigures). The largest remainder
 * cannot promise it with three rates or more (one more cent can take a cent from a rate: the
 * Alabama paradox), so the cents go by the Sainte-Laguë (Webster) divisor method: the
 * k-th cent of a rate ranks by its weight / (k − ½), the first `amount` cents of that one ranking
 * are given, ties to the rate listed first in `vatRates`. The whole of the weights gives back each
 * weight exactly, and the parts always sum to the amount. With one or two rates the parts are those
 * of splitAcrossRates; with three, a cent can sit at another rate than the largest remainder puts
 * it, each part still less than a cent from its exact share; with four or five (a rare order), a
 * part can, rarely, be up to two cents from it: the price of never going down.
 */
export function monotoneSplitAcrossRates(amountCents: number, weights: readonly RatePart[]): RatePart[] {
  const byRate = new Map<VatRate, number>();
  for (const weight of weights) byRate.set(weight.rate, (byRate.get(weight.rate) ?? 0) + Math.max(0, weight.cents));
  const rates = vatRates.filter((rate) => (byRate.get(rate) ?? 0) > 0);
  if (amountCents === 0) return [];
  if (rates.length <= 1) return [{ rate: rates[0] ?? weights[0]?.rate ?? '20', cents: amountCents }];
  const sign = amountCents < 0 ? -1 : 1;
  const amount = Math.abs(amountCents);
  const w = rates.map((rate) => byRate.get(rate) ?? 0);
  const whole = w.reduce((sum, cents) => sum + cents, 0);
  const weightOf = (i: number) => w[i] ?? 0;
  // Cent `k` (0-based) of rate i ranks before cent `l` of rate j when w_i / (k + ½) > w_j / (l + ½).
  const ranksBefore = (i: number, k: number, j: number, l: number) => {
    const left = weightOf(i) * (2 * l + 1);
    const right = weightOf(j) * (2 * k + 1);
    return left > right || (left === right && i < j);
  };
  const cents = w.map((weight) => Math.floor((amount * weight) / whole));
  const indexes = rates.map((_, index) => index);
  const count = (i: number) => cents[i] ?? 0;
  // The first cent not given, over all rates, and the last one given.
  const next = () => indexes.reduce((best, i) => (ranksBefore(i, count(i), best, count(best)) ? i : best));
  const last = () => indexes.filter((i) => count(i) > 0).reduce((worst, i) => (ranksBefore(worst, count(worst) - 1, i, count(i) - 1) ? i : worst));
  // The lower quotas leave fewer cents than rates: each goes to the first of the ranking not given yet.
  for (let left = amount - cents.reduce((sum, part) => sum + part, 0); left > 0; left -= 1) {
    const taker = next();
    cents[taker] = count(taker) + 1;
  }
  // Sainte-Laguë can, rarely, fall below a lower quota: a cent given that ranks after one not given moves.
  for (;;) {
    const [taker, giver] = [next(), last()];
    if (taker === giver || !ranksBefore(taker, count(taker), giver, count(giver) - 1)) break;
    cents[taker] = count(taker) + 1;
    cents[giver] = count(giver) - 1;
  }
  return rates.flatMap((rate, i) => (count(i) === 0 ? [] : [{ rate, cents: sign * count(i) }]));
}

/** « (articles à 20 %) », « (biens d’occasion) »: which articles a split charge's part goes with. */
function partLabel(rate: VatRate): string {
  return rate === 'margin' ? 'biens d’occasion' : `articles à ${rate.replace('.', ',')}\u00a0%`;
}

/**
 * The lines of an order's invoice, each with its VAT rate: the articles at the rate copied from
 * their product when the order was placed, then the shipping, the promo code and the loyalty
 * discount. These accessory charges and reductions follow the goods they go with: the shipping
 * the seller bills is part of the price of the goods it delivers (CGI art. 267, I-2° ; BOFiP
 * BOI-TVA-BASE-10-10-10), so it takes their rate, and with margin-scheme goods their scheme; a
 * reduction lowers the
 * taxed base of the goods it is granted on. One rate among the articles: each of them is one line at
 * that rate. Several rates: each is split across the articles' rates in proportion of their totals
 * (`splitAcrossRates`), one line per part, named after its articles. Under the franchise no rate
 * applies: nothing is split.
 */
export function orderInvoiceLines(order: OrderFigureSource, regime: VatRegime): (Invoice['line_items'][number] & { vat_rate: VatRate })[] {
  const rateOfItem = (item: OrderInvoiceSource['line_items'][number]): VatRate => (regime === 'franchise' ? '0' : (item.vat_rate ?? '20'));
  const line = (name: string, quantity: number, price: number, total: number, vat_rate: VatRate) => ({ name, sku: '', quantity, price, tax: 0, total, vat_rate });
  const weights = order.line_items.map((item) => ({ rate: rateOfItem(item), cents: centsOf(item.total) }));
  const several = new Set(weights.map((weight) => weight.rate)).size > 1;
  const accessory = (name: string, amountCents: number) =>
    splitAcrossRates(amountCents, weights).map((part) => line(several ? `${name} (${partLabel(part.rate)})` : name, 1, part.cents / 100, part.cents / 100, part.rate));
  return [
    ...order.line_items.map((item, index) => ({ ...line(item.name, item.quantity, euros(item.price), euros(item.total), weights[index]?.rate ?? '20'), sku: item.sku })),
    // A free shipping line keeps its line when it has a title (« Retrait en boutique : 0,00 € »).
    ...order.shipping_lines
      .filter((shipping) => shipping.method_title.trim() !== '')
      .flatMap((shipping) => {
        const name = `Livraison : ${shipping.method_title}`;
        const cents = centsOf(shipping.total);
        return cents === 0 ? [line(name, 1, 0, 0, weights[0]?.rate ?? '20')] : accessory(name, cents);
      }),
    ...order.coupon_lines.filter((coupon) => centsOf(coupon.discount) > 0).flatMap((coupon) => accessory(`Code promo ${coupon.code}`, -centsOf(coupon.discount))),
    ...(centsOf(order.loyalty_discount) > 0 ? accessory('Remise fidélité', -centsOf(order.loyalty_discount)) : []),
  ];
}

/**
 * The figures of a paid web order's invoice (issue 22 §1), by the repair invoices' own rule
 * (`invoiceFigures`): each article at its unit price excluding VAT and its own rate, then the
 * shipping, the promo code and the loyalty discount as lines of their own at the articles' rates
 * (`orderInvoiceLines`), the VAT per rate, the margin-scheme goods and the totals.
 */
export function orderInvoiceFigures(order: OrderFigureSource, regime: VatRegime): InvoiceFigures {
  const total = euros(order.total);
  return invoiceFigures({ line_items: orderInvoiceLines(order, regime), total_amount: total, amount_paid: total, amount_due: 0 }, regime);
}

/** The customer's block of an order's invoice: its billing address as the buyer gave it. */
export function orderInvoiceCustomer(order: Pick<OrderInvoiceSource, 'billing'>): InvoiceCustomer {
  const { billing } = order;
  return {
    organisation: billing.company,
    fullName: `${billing.first_name} ${billing.last_name}`.trim(),
    address: [billing.address_1, billing.address_2, `${billing.postcode} ${billing.city}`, billing.country].map((value) => value.trim()).filter(Boolean),
    email: billing.email,
    phone: billing.phone,
  };
}

// ───────────────────────── a refunded web order's credit note ─────────────────────────

/** A credit note's share at one VAT rate (or of the margin-scheme goods), in cents. */
export type CreditNotePart = { rate: VatRate; totalCents: number; baseCents: number; taxCents: number };

export type CreditNoteFigures = {
  /** The amount refunded, VAT included: what the parts sum to. */
  amountCents: number;
  /** One part per rate of the invoice the refund touches, highest rate first, margin-scheme goods last. */
  parts: CreditNotePart[];
  /** The parts as lines of the invoice's own table (quantity 1, excluding VAT). */
  lines: InvoiceLineFigures[];
  /** Total HT, VAT per rate, margin-scheme goods, total TTC, « Montant remboursé ». */
  totals: InvoiceTotalRow[];
  marginScheme: boolean;
};

/**
 * The figures of a credit note (avoir) against an invoice, for a refund of `amountCents` VAT
 * included (issue 22 §1), after `refundedBeforeCents` already credited on the same invoice by its
 * earlier credit notes. The refund is split across the invoice's VAT rates in proportion of what
 * the invoice charged at each (its TTC per rate, margin-scheme goods apart), and each part's VAT is
 * the invoice's VAT at that rate in the same proportion. Each credit note is the difference of two
 * cumulative figures, what is credited with it minus what was before it, per rate (TTC and VAT, so
 * HT too): the credit notes of an invoice refunded in full, in any number of refunds, give back
 * exactly its HT and VAT per rate, each one's parts sum to its amount, and each one depends only on
 * those before it (its PDF drawn later says the same). The cumulative split never takes from a rate
 * when the amount grows (monotoneSplitAcrossRates): no part comes out below 0, at the price, with
 * three rates or more, of a cent that can sit at another rate than the largest remainder would put
 * it. Built on the invoice's own breakdown (`InvoiceFigures.vat`), so whatever rates its lines
 * carry, the credit note follows. Under the franchise there is no VAT: one part, the amount as it is.
 */
export function creditNoteFigures(invoice: Pick<InvoiceFigures, 'vat'>, amountCents: number, regime: VatRegime, refundedBeforeCents: number): CreditNoteFigures {
  const { vat } = invoice;
  const sources: CreditNotePart[] = [
    ...vat.breakdown.map((row) => ({ rate: row.rate, totalCents: row.baseCents + row.taxCents, baseCents: row.baseCents, taxCents: row.taxCents })),
    ...(vat.marginScheme ? [{ rate: 'margin' as const, totalCents: vat.marginTotalCents, baseCents: vat.marginTotalCents, taxCents: 0 }] : []),
  ].filter((source) => source.totalCents > 0);
  // An invoice with nothing to share on (a total of 0 €) cannot be refunded; kept safe all the same:
  // one rate, its VAT included in the amount.
  const fallback: VatRate = regime === 'franchise' ? '0' : '20';
  const weights = sources.length > 0 ? sources.map((source) => ({ rate: source.rate, cents: source.totalCents })) : [{ rate: fallback, cents: 1 }];
  /** What is credited at each rate once `creditedCents` are, VAT included, and its VAT. */
  const credited = (creditedCents: number) =>
    new Map(
      monotoneSplitAcrossRates(creditedCents, weights).map((share) => {
        const source = sources.find((candidate) => candidate.rate === share.rate);
        const taxCents = source ? Math.round((source.taxCents * share.cents) / source.totalCents) : includedVatCents(share.cents, share.rate);
        return [share.rate, { totalCents: share.cents, taxCents }] as const;
      }),
    );
  const [before, after] = [credited(refundedBeforeCents), credited(refundedBeforeCents + amountCents)];
  const parts = vatRates.flatMap((rate): CreditNotePart[] => {
    const totalCents = (after.get(rate)?.totalCents ?? 0) - (before.get(rate)?.totalCents ?? 0);
    const taxCents = (after.get(rate)?.taxCents ?? 0) - (before.get(rate)?.taxCents ?? 0);
    return totalCents === 0 ? [] : [{ rate, totalCents, baseCents: totalCents - taxCents, taxCents }];
  });
  const marginScheme = parts.some((part) => part.rate === 'margin');
  const lines = parts.map(
    (part): InvoiceLineFigures => ({
      name: part.rate === 'margin' ? 'Remboursement (biens d’occasion)' : 'Remboursement',
      sku: '',
      quantity: 1,
      unitCents: part.baseCents,
      rateLabel: regime === 'franchise' ? '—' : vatRateLabel(part.rate),
      discountCents: 0,
      totalExclCents: part.baseCents,
      totalCents: part.totalCents,
      margin: part.rate === 'margin',
    }),
  );
  const totals: InvoiceTotalRow[] = [];
  if (regime === 'franchise') {
    totals.push({ label: 'Total HT (TVA non applicable)', cents: amountCents }, { label: 'Montant remboursé', cents: amountCents, strong: true });
  } else {
    const taxed = parts.filter((part) => part.rate !== 'margin');
    if (taxed.length > 0) totals.push({ label: 'Total HT', cents: taxed.reduce((sum, part) => sum + part.baseCents, 0) });
    for (const part of taxed) {
      const base = taxed.length > 1 ? ` sur ${formatCents(part.baseCents)}` : '';
      totals.push({ label: `TVA ${vatRateLabel(part.rate)}${base}`, cents: part.taxCents });
    }
    const margin = parts.find((part) => part.rate === 'margin');
    if (margin) totals.push({ label: 'Biens d’occasion (TVA sur la marge)', cents: margin.totalCents });
    totals.push({ label: 'Total TTC', cents: amountCents }, { label: 'Montant remboursé', cents: amountCents, strong: true });
  }
  return { amountCents, parts, lines, totals, marginScheme };
}

/**
 * The credit note of a web order's refund: its invoice's figures (orderInvoiceFigures), shared out
 * by creditNoteFigures after `refundedBeforeCents`, the amounts of the order's earlier credit notes.
 */
export function orderCreditNoteFigures(order: OrderInvoiceSource, amountCents: number, regime: VatRegime, refundedBeforeCents: number): CreditNoteFigures {
  return creditNoteFigures(orderInvoiceFigures(order, regime), amountCents, regime, refundedBeforeCents);
}
