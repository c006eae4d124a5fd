/**
 * Issue 9: an invoice with a refurbished second-hand item under the VAT margin scheme prints
 * "TVA sur la marge" (on the line and as the legal mention) and no VAT for that part; the VAT of
 * the other lines is broken down per rate, as the server computed it.
 */
import { MARGIN_SCHEME_MENTION } from '@erepare/shared/invoice-vat';
import { defaultStoreProfile as shop } from '@erepare/shared/store-profile';
import { describe, expect, it } from 'vitest';
import { invoice } from '../../components/dashboard/test/fixtures';
import { buildInvoicePdf, invoiceLineRows, invoiceTotals } from './invoice-content';

const marginInvoice = () =>
  invoice({
    total_amount: 361,
    subtotal: 359,
    total_tax: 2,
    amount_paid: 361,
    amount_due: 0,
    line_items: [
      { name: 'iPhone 12 reconditionné', sku: 'IP12', quantity: 1, price: 349, tax: 0, total: 349, vat_rate: 'margin' },
      { name: 'Verre trempé', sku: '', quantity: 1, price: 12, tax: 2, total: 12, vat_rate: '20' },
    ],
    vat_breakdown: [{ rate: '20', base: 10, tax: 2 }],
    margin_scheme: true,
    mentions: [MARGIN_SCHEME_MENTION],
  });

describe('invoice PDF under the VAT margin scheme', () => {
  it('prints the mention, marks the line and shows no VAT for the margin-scheme part', () => {
    const model = buildInvoicePdf(marginInvoice(), { shop });
    expect(model.mentions).toContain(MARGIN_SCHEME_MENTION);
    expect(invoiceLineRows(marginInvoice())[0]?.[0]).toBe('iPhone 12 reconditionné (TVA sur la marge)');
    expect(invoiceTotals(marginInvoice()).map((row) => `${row.label}: ${row.value}`)).toEqual([
      'Total HT (TVA 20 %): 10,00 €',
      'TVA 20 %: 2,00 €',
      'Biens d’occasion (TVA sur la marge): 349,00 €',
      'Total TTC: 361,00 €',
      'Déjà réglé: 361,00 €',
      'Reste à payer: 0,00 €',
    ]);
  });

  it('an invoice of margin-scheme items only has no VAT line at all', () => {
    const only = invoice({
      total_amount: 349,
      line_items: [{ name: 'Switch OLED reconditionnée', sku: '', quantity: 1, price: 349, tax: 0, total: 349, vat_rate: 'margin' }],
      vat_breakdown: [],
      margin_scheme: true,
      mentions: [MARGIN_SCHEME_MENTION],
    });
    const labels = invoiceTotals(only).map((row) => row.label);
    expect(labels.some((label) => label.startsWith('TVA'))).toBe(false);
    expect(labels).toContain('Biens d’occasion (TVA sur la marge)');
  });

  it('invoices without the new fields (RepairDesk, older ones) print as before: HT = TTC / 1,2', () => {
    const plain = invoice();
    expect(invoiceTotals(plain)[1]?.label).toBe('TVA 20 %');
    expect(buildInvoicePdf(plain, { shop }).mentions).toEqual([]);
  });
});
