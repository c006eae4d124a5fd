import { formatCents } from './format.js';
import { includedVatCents, MARGIN_SCHEME_MENTION, summariseVat, vatRateLabel, type VatRate } from './invoice-vat.js';
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
    `Date de la vente ou de la prestation : ${options.serviceDate}.`,
    `Échéance : ${options.dueDate}. ${shop.invoicing.paymentTerms.trim()}`.trim(),
  ];
  if (shop.vatRegime === 'franchise') mentions.push(FRANCHISE_MENTION);
  if (options.marginScheme) mentions.push(MARGIN_SCHEME_MENTION);
  if (options.business) {
    mentions.push(
      `En cas de retard de paiement : pénalités au taux de ${shop.invoicing.latePenaltyRate.trim()}, et indemnité forfaitaire pour frais de recouvrement de ${RECOVERY_INDEMNITY_EUROS}\u00a0€ (art. L441-10 et D441-5 du Code de commerce).`,
    );
  }
  return mentions;
}

/**
 * The totals of a document that is not an invoice (an order, a repair sheet): its total split at
 * 20 % (spec 1 §9: HT = TTC / 1.2, the VAT is what remains), or one line under the franchise.
 */
export function documentTotals(totalCents: number, regime: VatRegime): InvoiceTotalRow[] {
  if (regime === 'franchise') return [{ label: 'Total (TVA non applicable)', cents: totalCents, strong: true }];
  const taxCents = includedVatCents(totalCents, '20');
  return [
    { label: 'Total HT', cents: totalCents - taxCents },
    { label: 'TVA 20 %', cents: taxCents },
    { label: 'Total TTC', cents: totalCents, strong: true },
  ];
}

// ───────────────────────── a paid web order's invoice ─────────────────────────

type Amount = string | number;

/** The parts of a web order its invoice reads (the API's order: amounts as "12.50" or numbers). */
export type OrderInvoiceSource = {
  line_items: { name: string; sku: string; quantity: number; price: Amount; total: Amount }[];
  shipping_lines: { method_title: string; total: Amount }[];
  coupon_lines: { code: string; discount: Amount }[];
  loyalty_discount: Amount;
  total: Amount;
  billing: { first_name: string; last_name: string; company: string; address_1: string; address_2: string; postcode: string; city: string; country: string; email: string; phone: string };
};

const euros = (value: Amount) => Number(value);

/**
 * The figures of a paid web order's invoice (issue 22 §1), by the repair invoices' own rule
 * (`invoiceFigures`): each article at its unit price excluding VAT, then the shipping, the promo
 * code and the loyalty discount as lines of their own (a price reduction lowers the taxed base; the
 * seller's shipping is taxed at the goods' rate), the VAT per rate and the totals. The shop's
 * articles are sold at 20 %: order lines carry no rate of their own (as `documentTotals`).
 */
export function orderInvoiceFigures(order: OrderInvoiceSource, regime: VatRegime): InvoiceFigures {
  const line = (name: string, quantity: number, price: number, total: number) => ({ name, sku: '', quantity, price, tax: 0, total, vat_rate: '20' as const });
  const line_items = [
    ...order.line_items.map((item) => ({ ...line(item.name, item.quantity, euros(item.price), euros(item.total)), sku: item.sku })),
    ...order.shipping_lines.filter((shipping) => shipping.method_title.trim() !== '').map((shipping) => line(`Livraison : ${shipping.method_title}`, 1, euros(shipping.total), euros(shipping.total))),
    ...order.coupon_lines.filter((coupon) => euros(coupon.discount) > 0).map((coupon) => line(`Code promo ${coupon.code}`, 1, -euros(coupon.discount), -euros(coupon.discount))),
    ...(euros(order.loyalty_discount) > 0 ? [line('Remise fidélité', 1, -euros(order.loyalty_discount), -euros(order.loyalty_discount))] : []),
  ];
  const total = euros(order.total);
  return invoiceFigures({ line_items, total_amount: total, amount_paid: total, amount_due: 0 }, regime);
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
