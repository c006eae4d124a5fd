import { describe, expect, it } from 'vitest';
import {
  creditNoteFigures,
  customerLines,
  documentTotals,
  FRANCHISE_MENTION,
  invoiceFigures,
  invoiceMentions,
  isBusinessCustomer,
  orderCreditNoteFigures,
  orderInvoiceCustomer,
  orderInvoiceFigures,
  registrationLine,
  sellerLines,
} from './invoice-document.js';
import { MARGIN_SCHEME_MENTION } from './invoice-vat.js';
import { defaultStoreProfile, type StoreProfile } from './store-profile.js';

type Line = { name: string; sku: string; quantity: number; price: number; tax: number; total: number; vat_rate?: '20' | '10' | '5.5' | '0' | 'margin' };
const invoice = (line_items: Line[], extra: { total_amount?: number; amount_paid?: number; amount_due?: number; credited?: number } = {}) => {
  const total = extra.total_amount ?? line_items.reduce((sum, line) => sum + line.total, 0);
  return { line_items, total_amount: total, amount_paid: extra.amount_paid ?? 0, amount_due: extra.amount_due ?? total, ...(extra.credited ? { credited: extra.credited } : {}) };
};
const rows = (figures: ReturnType<typeof invoiceFigures>) => figures.totals.map((row) => `${row.label.replace(/[\u00a0\u202f]/g, ' ')}: ${(row.cents / 100).toFixed(2)}`);

const shop: StoreProfile = {
  ...defaultStoreProfile,
  legalName: 'Répar’Bassin SARL',
  siret: '732 829 320 00074',
  company: { ...defaultStoreProfile.company, legalForm: 'SARL', shareCapital: '5 000 €', rcsCity: 'Bordeaux', vatNumber: 'FR40732829320' },
};

describe('invoiceFigures: one VAT rule for the screen and the PDF', () => {
  it('gives each line its unit price and total excluding VAT, and the VAT per rate, summing to the total', () => {
    const figures = invoiceFigures(
      invoice([
        { name: 'Écran', sku: 'E1', quantity: 2, price: 60, tax: 20, total: 120, vat_rate: '20' },
        { name: 'Livre de recettes', sku: '', quantity: 1, price: 10.55, tax: 0.55, total: 10.55, vat_rate: '5.5' },
      ]),
      'standard',
    );
    expect(figures.lines.map((line) => [line.unitCents, line.rateLabel, line.totalExclCents, line.discountCents])).toEqual([
      [5000, '20 %', 10000, 0],
      [1000, '5,5 %', 1000, 0],
    ]);
    expect(rows(figures)).toEqual([
      'Total HT: 110.00',
      'TVA 20 % sur 100,00 €: 20.00',
      'TVA 5,5 % sur 10,00 €: 0.55',
      'Total TTC: 130.55',
      'Déjà réglé: 0.00',
      'Reste à payer: 130.55',
    ]);
  });

  it('takes 20 % for a line without a rate (RepairDesk, older invoices): HT = TTC / 1.2', () => {
    const figures = invoiceFigures(invoice([{ name: 'Diagnostic', sku: '', quantity: 1, price: 139, tax: 0, total: 139 }]), 'standard');
    expect(rows(figures).slice(0, 3)).toEqual(['Total HT: 115.83', 'TVA 20 %: 23.17', 'Total TTC: 139.00']);
  });

  it('shows a discount as the difference between quantity × unit price and the line total, excluding VAT', () => {
    const figures = invoiceFigures(invoice([{ name: 'Coque', sku: '', quantity: 3, price: 12, tax: 5, total: 30, vat_rate: '20' }]), 'standard');
    expect(figures.lines[0]).toMatchObject({ unitCents: 1000, discountCents: 500, totalExclCents: 2500 });
    // 2 × 29,90 € TTC: 24,92 € HT each (rounded), 49,83 € HT in all: no discount for the rounding's cent.
    const rounded = invoiceFigures(invoice([{ name: 'Chargeur', sku: '', quantity: 2, price: 29.9, tax: 9.97, total: 59.8, vat_rate: '20' }]), 'standard');
    expect(rounded.lines[0]).toMatchObject({ unitCents: 2492, discountCents: 0, totalExclCents: 4983 });
  });

  it('shows no VAT for margin-scheme goods, and no VAT line at all when every line is under it', () => {
    const mixed = invoiceFigures(
      invoice([
        { name: 'iPhone 12 reconditionné', sku: 'IP12', quantity: 1, price: 349, tax: 0, total: 349, vat_rate: 'margin' },
        { name: 'Verre trempé', sku: '', quantity: 1, price: 12, tax: 2, total: 12, vat_rate: '20' },
      ]),
      'standard',
    );
    expect(mixed.marginScheme).toBe(true);
    expect(mixed.lines[0]).toMatchObject({ rateLabel: 'TVA sur la marge', unitCents: 34900, totalExclCents: 34900 });
    expect(rows(mixed).slice(0, 4)).toEqual(['Total HT: 10.00', 'TVA 20 %: 2.00', 'Biens d’occasion (TVA sur la marge): 349.00', 'Total TTC: 361.00']);
    const only = invoiceFigures(invoice([{ name: 'Switch OLED reconditionnée', sku: '', quantity: 1, price: 349, tax: 0, total: 349, vat_rate: 'margin' }]), 'standard');
    expect(only.totals.some((row) => row.label.startsWith('TVA') || row.label === 'Total HT')).toBe(false);
  });

  it('under the franchise: no VAT anywhere, one total « TVA non applicable »', () => {
    const figures = invoiceFigures(invoice([{ name: 'Écran', sku: '', quantity: 1, price: 120, tax: 20, total: 120, vat_rate: '20' }]), 'franchise');
    expect(figures.lines[0]).toMatchObject({ unitCents: 12000, rateLabel: '—', totalExclCents: 12000 });
    expect(rows(figures)).toEqual(['Total HT: 120.00', 'Total à payer (TVA non applicable): 120.00', 'Déjà réglé: 0.00', 'Reste à payer: 120.00']);
  });

  it('lists credit notes, what was paid and what is left', () => {
    const figures = invoiceFigures(invoice([{ name: 'Écran', sku: '', quantity: 1, price: 120, tax: 20, total: 120 }], { amount_paid: 50, amount_due: 50, credited: 20 }), 'standard');
    expect(rows(figures).slice(-3)).toEqual(['Avoirs: -20.00', 'Déjà réglé: 50.00', 'Reste à payer: 50.00']);
  });

  it('deducts the QualiRépar bonus after the total TTC, the VAT staying on the full price', () => {
    const source = { ...invoice([{ name: 'Écran', sku: '', quantity: 1, price: 120, tax: 20, total: 120 }], { amount_due: 95 }), bonus: 25, bonus_label: 'Bonus réparation QualiRépar (Smartphones)' };
    const figures = invoiceFigures(source, 'standard');
    expect(rows(figures)).toEqual([
      'Total HT: 100.00',
      'TVA 20 %: 20.00',
      'Total TTC: 120.00',
      'Bonus réparation QualiRépar (Smartphones): -25.00',
      'Déjà réglé: 0.00',
      'Reste à payer: 95.00',
    ]);
  });
});

describe('the mentions of a French invoice', () => {
  it('names the seller: legal name, form and capital, address, SIREN and SIRET, register, VAT number', () => {
    expect(sellerLines(shop)).toEqual([
      'Répar’Bassin SARL',
      'SARL · capital social : 5 000 €',
      '1 avenue de l’Exemple, 33470 Gujan-Mestras',
      'SIREN 732829320 · SIRET 732 829 320 00074',
      'RCS Bordeaux',
      'N° TVA intracommunautaire : FR40732829320',
    ]);
    expect(sellerLines({ ...shop, vatRegime: 'franchise' }).at(-1)).toBe(FRANCHISE_MENTION);
  });

  it('keeps a register the owner named (RM for a craftsman)', () => {
    expect(registrationLine('RM 33')).toBe('RM 33');
    expect(registrationLine('Bordeaux')).toBe('RCS Bordeaux');
    expect(registrationLine('  ')).toBe('');
  });

  it('names the customer with the billing address; an organisation makes a business customer', () => {
    const customer = { fullName: 'Zoé Martin', cid: 4, email: 'zoe@exemple.fr', phone: '', address: ['3 rue des Pins', '33120 Arcachon'], organisation: 'Atelier SAS' };
    expect(customerLines(customer)).toEqual(['Atelier SAS', 'Zoé Martin', '3 rue des Pins', '33120 Arcachon', 'zoe@exemple.fr']);
    expect(isBusinessCustomer(customer)).toBe(true);
    expect(isBusinessCustomer({ ...customer, organisation: '' })).toBe(false);
  });

  it('prints a business customer’s SIREN and VAT number under the organisation, when known', () => {
    const customer = { fullName: 'Zoé Martin', email: 'zoe@exemple.fr', phone: '', address: ['3 rue des Pins', '33120 Arcachon'], organisation: 'Atelier SAS' };
    expect(customerLines({ ...customer, siren: '443061841', vatNumber: 'FR64443061841' })).toEqual([
      'Atelier SAS',
      'SIREN 443061841',
      'N° TVA intracommunautaire : FR64443061841',
      'Zoé Martin',
      '3 rue des Pins',
      '33120 Arcachon',
      'zoe@exemple.fr',
    ]);
    expect(customerLines({ ...customer, siren: '', vatNumber: 'DE123456789' }).slice(0, 3)).toEqual(['Atelier SAS', 'N° TVA intracommunautaire : DE123456789', 'Zoé Martin']);
    // A sole trader under their own name: the numbers follow the name, and the late-payment terms apply.
    const soleTrader = { ...customer, organisation: '', siren: '443061841', vatNumber: '' };
    expect(customerLines(soleTrader).slice(0, 2)).toEqual(['Zoé Martin', 'SIREN 443061841']);
    expect(isBusinessCustomer(soleTrader)).toBe(true);
  });

  it('states the dates and payment terms; late-payment terms and the 40 € indemnity only for a business customer', () => {
    const base = { shop, marginScheme: false, dueDate: '15/12/2026', serviceDate: '01/12/2026' };
    const consumer = invoiceMentions({ ...base, business: false });
    expect(consumer).toEqual([
      'Date de la vente ou de la prestation\u00a0: 01/12/2026.',
      'Échéance\u00a0: 15/12/2026. Paiement comptant à réception de la facture. Pas d’escompte pour paiement anticipé.',
    ]);
    const business = invoiceMentions({ ...base, business: true, marginScheme: true });
    expect(business).toContain(MARGIN_SCHEME_MENTION);
    expect(business.at(-1)).toBe(
      'En cas de retard de paiement\u00a0: pénalités au taux de trois fois le taux d’intérêt légal, et indemnité forfaitaire pour frais de recouvrement de 40\u00a0€ (art. L441-10 et D441-5 du Code de commerce).',
    );
    expect(invoiceMentions({ ...base, shop: { ...shop, vatRegime: 'franchise' }, business: false })).toContain(FRANCHISE_MENTION);
  });
});

describe('documentTotals (orders, repair sheets)', () => {
  it('splits at 20 % so that HT + TVA = TTC, or gives one total under the franchise', () => {
    expect(documentTotals(13900, 'standard').map((row) => row.cents)).toEqual([11583, 2317, 13900]);
    expect(documentTotals(13900, 'franchise')).toEqual([{ label: 'Total (TVA non applicable)', cents: 13900, strong: true }]);
  });
});

describe('orderInvoiceFigures: a paid web order as an invoice', () => {
  const order = {
    line_items: [
      { name: 'Câble USB-C', sku: 'CAB-1', quantity: 2, price: '19.90', total: '39.80' },
      { name: 'Coque', sku: '', quantity: 1, price: '12.00', total: '12.00' },
    ],
    shipping_lines: [{ method_title: 'Colissimo', total: '4.99' }],
    coupon_lines: [{ code: 'BIENVENUE', discount: '5.18' }],
    loyalty_discount: '2.00',
    total: '49.61',
    billing: { first_name: 'Noé', last_name: 'Durand', company: 'Atelier Noé', address_1: '1 rue de l’Église', address_2: '', postcode: '33380', city: 'Mios', country: 'FR', email: 'noe@exemple.fr', phone: '0612345678' },
  };

  it('lists the articles excluding VAT, then shipping, promo code and loyalty as lines, summing to the total paid', () => {
    const figures = orderInvoiceFigures(order, 'standard');
    expect(figures.lines.map((line) => [line.name, line.quantity, line.unitCents, line.rateLabel, line.totalExclCents])).toEqual([
      ['Câble USB-C', 2, 1658, '20 %', 3317],
      ['Coque', 1, 1000, '20 %', 1000],
      ['Livraison : Colissimo', 1, 416, '20 %', 416],
      ['Code promo BIENVENUE', 1, -432, '20 %', -432],
      ['Remise fidélité', 1, -167, '20 %', -167],
    ]);
    expect(figures.lines[0]?.sku).toBe('CAB-1');
    const totals = rows(figures);
    const ht = 3317 + 1000 + 416 - 432 - 167;
    expect(totals).toEqual([`Total HT: ${(ht / 100).toFixed(2)}`, `TVA 20 %: ${((4961 - ht) / 100).toFixed(2)}`, 'Total TTC: 49.61', 'Déjà réglé: 49.61', 'Reste à payer: 0.00']);
    expect(figures.dueCents).toBe(0);
  });

  it('leaves out a free shipping line without a title, a zero coupon and no loyalty; no VAT under the franchise', () => {
    const plain = { ...order, shipping_lines: [{ method_title: '', total: '0.00' }], coupon_lines: [{ code: 'X', discount: '0.00' }], loyalty_discount: '0.00', total: '51.80' };
    expect(orderInvoiceFigures(plain, 'standard').lines.map((line) => line.name)).toEqual(['Câble USB-C', 'Coque']);
    const franchise = orderInvoiceFigures(order, 'franchise');
    expect(franchise.lines.every((line) => line.rateLabel === '—')).toBe(true);
    expect(rows(franchise)[1]).toBe('Total à payer (TVA non applicable): 49.61');
  });

  it('bills the buyer’s billing address; a company makes a business customer', () => {
    const customer = orderInvoiceCustomer(order);
    expect(customerLines(customer)).toEqual(['Atelier Noé', 'Noé Durand', '1 rue de l’Église', '33380 Mios', 'FR', 'noe@exemple.fr', '0612345678']);
    expect(isBusinessCustomer(customer)).toBe(true);
    expect(isBusinessCustomer(orderInvoiceCustomer({ billing: { ...order.billing, company: ' ' } }))).toBe(false);
  });
});

describe('creditNoteFigures: a refund of an invoiced sale as a credit note (avoir)', () => {
  const order = {
    line_items: [{ name: 'Câble USB-C', sku: 'CAB-1', quantity: 2, price: '19.90', total: '39.80' }],
    shipping_lines: [{ method_title: 'Colissimo', total: '4.99' }],
    coupon_lines: [],
    loyalty_discount: '0.00',
    total: '44.79',
    billing: { first_name: 'Noé', last_name: 'Durand', company: '', address_1: '1 rue de l’Église', address_2: '', postcode: '33380', city: 'Mios', country: 'FR', email: 'noe@exemple.fr', phone: '' },
  };
  const plain = (rows: { label: string; cents: number }[]) => rows.map((row) => `${row.label.replace(/[\u00a0\u202f]/g, ' ')}: ${(row.cents / 100).toFixed(2)}`);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

  it('gives back, for a full refund, exactly the invoice’s HT and VAT per rate', () => {
    const billed = orderInvoiceFigures(order, 'standard');
    const note = orderCreditNoteFigures(order, 4479, 'standard', 0);
    expect(note.parts).toEqual(billed.vat.breakdown.map((row) => ({ rate: row.rate, totalCents: row.baseCents + row.taxCents, baseCents: row.baseCents, taxCents: row.taxCents })));
    const ht = sum(billed.lines.map((line) => line.totalExclCents));
    expect(plain(note.totals)).toEqual([`Total HT: ${(ht / 100).toFixed(2)}`, `TVA 20 %: ${((4479 - ht) / 100).toFixed(2)}`, 'Total TTC: 44.79', 'Montant remboursé: 44.79']);
    expect(note.totals.at(-1)).toMatchObject({ strong: true });
    expect(note.lines).toEqual([expect.objectContaining({ name: 'Remboursement', quantity: 1, rateLabel: '20 %', unitCents: ht, totalExclCents: ht, totalCents: 4479, margin: false })]);
  });

  it('splits a partial refund at one rate: HT + VAT = the amount, VAT in the invoice’s proportion', () => {
    const note = orderCreditNoteFigures(order, 1000, 'standard', 0);
    expect(note.parts).toEqual([{ rate: '20', totalCents: 1000, baseCents: 833, taxCents: 167 }]);
    expect(plain(note.totals)).toEqual(['Total HT: 8.33', 'TVA 20 %: 1.67', 'Total TTC: 10.00', 'Montant remboursé: 10.00']);
  });

  it('splits across two rates in proportion of the invoice’s TTC at each, the parts summing to the amount', () => {
    // 120 € at 20 % (100 + 20) and 10,55 € at 5,5 % (10 + 0,55).
    const billed = invoiceFigures(
      invoice([
        { name: 'Écran', sku: 'E1', quantity: 1, price: 120, tax: 20, total: 120, vat_rate: '20' },
        { name: 'Livre', sku: '', quantity: 1, price: 10.55, tax: 0.55, total: 10.55, vat_rate: '5.5' },
      ]),
      'standard',
    );
    const full = creditNoteFigures(billed, 13055, 'standard', 0);
    expect(full.parts).toEqual([
      { rate: '20', totalCents: 12000, baseCents: 10000, taxCents: 2000 },
      { rate: '5.5', totalCents: 1055, baseCents: 1000, taxCents: 55 },
    ]);
    expect(plain(full.totals)).toEqual(['Total HT: 110.00', 'TVA 20 % sur 100,00 €: 20.00', 'TVA 5,5 % sur 10,00 €: 0.55', 'Total TTC: 130.55', 'Montant remboursé: 130.55']);
    // 65,28 €, about half: 60,00 € at 20 % and 5,28 € at 5,5 % (527,54 rounded down, then the cent left over).
    const half = creditNoteFigures(billed, 6528, 'standard', 0);
    expect(half.parts).toEqual([
      { rate: '20', totalCents: 6000, baseCents: 5000, taxCents: 1000 },
      { rate: '5.5', totalCents: 528, baseCents: 500, taxCents: 28 },
    ]);
    expect(half.lines.map((line) => [line.rateLabel, line.totalExclCents])).toEqual([
      ['20 %', 5000],
      ['5,5 %', 500],
    ]);
  });

  it('rounds to whole cents that always sum to the amount, each part’s HT + VAT its share', () => {
    const billed = invoiceFigures(
      invoice([
        { name: 'A', sku: '', quantity: 1, price: 33.33, tax: 5.56, total: 33.33, vat_rate: '20' },
        { name: 'B', sku: '', quantity: 1, price: 33.33, tax: 3.03, total: 33.33, vat_rate: '10' },
        { name: 'C', sku: '', quantity: 1, price: 33.34, tax: 1.74, total: 33.34, vat_rate: '5.5' },
      ]),
      'standard',
    );
    for (const amount of [1, 2, 3, 7, 100, 4999, 9999, 10000]) {
      const note = creditNoteFigures(billed, amount, 'standard', 0);
      expect(sum(note.parts.map((part) => part.totalCents)), String(amount)).toBe(amount);
      for (const part of note.parts) expect(part.baseCents + part.taxCents).toBe(part.totalCents);
      expect(note.totals.find((row) => row.label === 'Montant remboursé')?.cents).toBe(amount);
    }
    // One cent goes to one rate only: no part of 0 € is printed.
    expect(creditNoteFigures(billed, 1, 'standard', 0).parts).toHaveLength(1);
    // The whole invoice gives back its three rates as invoiced.
    expect(creditNoteFigures(billed, 10000, 'standard', 0).parts.map((part) => part.taxCents)).toEqual(billed.vat.breakdown.map((row) => row.taxCents));
  });

  it('keeps margin-scheme goods apart, with no VAT shown for them', () => {
    const billed = invoiceFigures(
      invoice([
        { name: 'iPhone 12 reconditionné', sku: 'IP12', quantity: 1, price: 300, tax: 0, total: 300, vat_rate: 'margin' },
        { name: 'Verre trempé', sku: '', quantity: 1, price: 12, tax: 2, total: 12, vat_rate: '20' },
      ]),
      'standard',
    );
    const full = creditNoteFigures(billed, 31200, 'standard', 0);
    expect(full.marginScheme).toBe(true);
    expect(plain(full.totals)).toEqual(['Total HT: 10.00', 'TVA 20 %: 2.00', 'Biens d’occasion (TVA sur la marge): 300.00', 'Total TTC: 312.00', 'Montant remboursé: 312.00']);
    expect(full.lines.map((line) => [line.name, line.rateLabel, line.margin])).toEqual([
      ['Remboursement', '20 %', false],
      ['Remboursement (biens d’occasion)', 'TVA sur la marge', true],
    ]);
    const only = invoiceFigures(invoice([{ name: 'Switch', sku: '', quantity: 1, price: 200, tax: 0, total: 200, vat_rate: 'margin' }]), 'standard');
    const note = creditNoteFigures(only, 5000, 'standard', 0);
    expect(plain(note.totals)).toEqual(['Biens d’occasion (TVA sur la marge): 50.00', 'Total TTC: 50.00', 'Montant remboursé: 50.00']);
    expect(note.parts).toEqual([{ rate: 'margin', totalCents: 5000, baseCents: 5000, taxCents: 0 }]);
  });

  it('shows no VAT under the franchise', () => {
    const note = orderCreditNoteFigures(order, 1234, 'franchise', 0);
    expect(note.parts.every((part) => part.taxCents === 0)).toBe(true);
    expect(note.lines.every((line) => line.rateLabel === '—')).toBe(true);
    expect(plain(note.totals)).toEqual(['Total HT (TVA non applicable): 12.34', 'Montant remboursé: 12.34']);
    expect(note.totals.some((row) => row.label.startsWith('TVA '))).toBe(false);
  });
});

