import fs from 'node:fs';
import path from 'node:path';
import { defaultStoreProfile as shop } from '@erepare/shared/store-profile';
import { describe, expect, it } from 'vitest';
import { fullTicket, invoice, shopOrder, ticketDetail } from '../../components/dashboard/test/fixtures';
import { buildInvoicePdf, invoiceLineRows, invoicePdfFileName, invoiceTotals } from './invoice-content';
import type { PdfModel } from './model';
import { buildOrderPdf, orderPdfFileName } from './order-content';
import { renderPdfBytes } from './render';
import { buildTicketPdf, ticketHistoryRows, ticketPdfFileName } from './ticket-content';
import { isoDay, pdfEuros, pdfText } from './text';
import { FRANCHISE_MENTION, LATE_FEE_MENTION, totalRows, vatBreakdown } from './vat';

const NOW = new Date('2026-11-20T23:30:00.000Z'); // 21 November in Paris

/** The text of a model, flattened, for assertions on what the PDF says. */
function allText(model: PdfModel): string {
  return [
    model.heading,
    model.reference,
    ...model.meta.flat(),
    ...model.parties.flatMap((party) => [party.title, ...party.lines]),
    ...model.tables.flatMap((table) => [table.title, ...table.head, ...table.rows.flat()]),
    ...model.totals.flatMap((row) => [row.label, row.value]),
    ...model.notes.flatMap((note) => [note.title, note.text]),
    ...model.mentions,
    model.shop.name,
    ...model.shop.lines,
    model.shop.footer,
  ].join('\n');
}

describe('PDF text', () => {
  it('replaces the narrow no-break spaces of fr-FR amounts, keeps accents, € and French quotes', () => {
    expect(pdfEuros(1234.5)).toBe('1 234,50 €');
    expect(pdfText('Câble « tressé » – l’œil')).toBe('Câble « tressé » – l’œil');
    expect(pdfText('Réparé ✅ 修理')).toBe('Réparé ? ??');
    expect(pdfText('a\u0000b\u0007c')).toBe('abc');
  });

  it('dates file names with the Paris calendar day', () => {
    expect(isoDay(NOW)).toBe('2026-11-21');
  });
});

describe('VAT (spec 1 §9: HT = TTC / 1.2)', () => {
  it('splits a TTC amount so that HT + TVA = TTC to the cent', () => {
    expect(vatBreakdown(120)).toEqual({ ht: 100, vat: 20, ttc: 120 });
    expect(vatBreakdown(139)).toEqual({ ht: 115.83, vat: 23.17, ttc: 139 });
    const { ht, vat, ttc } = vatBreakdown(1248.5);
    expect(Math.round((ht + vat) * 100)).toBe(Math.round(ttc * 100));
  });

  it('prints HT, TVA 20 % and TTC under the standard regime, one total under the franchise', () => {
    expect(totalRows(139)).toEqual([
      { label: 'Total HT', value: '115,83 €' },
      { label: 'TVA 20 %', value: '23,17 €' },
      { label: 'Total TTC', value: '139,00 €', strong: true },
    ]);
    expect(totalRows(139, 'franchise')).toEqual([{ label: 'Total (TVA non applicable)', value: '139,00 €', strong: true }]);
    expect(vatBreakdown(139, 'franchise')).toEqual({ ht: 139, vat: 0, ttc: 139 });
  });
});

describe('ticket PDF content', () => {
  it('is named ticket-{number}-{date}.pdf', () => {
    expect(ticketPdfFileName('T-6601', NOW)).toBe('ticket-T-6601-2026-11-21.pdf');
    expect(buildTicketPdf(fullTicket(), { shop, now: NOW }).fileName).toBe('ticket-T-6601-2026-11-21.pdf');
  });

  it('holds the shop, the customer, the device with IMEI and serial, the price with VAT and the history', () => {
    const model = buildTicketPdf(ticketDetail(), { shop, now: NOW });
    const text = allText(model);
    expect(model.shop.lines.join(' ')).toMatch(/Gujan-Mestras/);
    expect(model.shop.lines.join(' ')).toMatch(/SIRET/);
    expect(model.parties[0]?.lines).toEqual(['Hélène Lacoste', 'helene.lacoste@exemple.fr', '06 12 34 56 78']);
    expect(model.tables[0]?.rows[0]).toEqual([
      'iPhone 13\nApple A2633',
      'Écran cassé',
      'IMEI 356789104563217\nN° série F2LXK0PQ0D52',
      'Écran OLED iPhone 13, Main-d’œuvre',
      'En cours de réparation',
      '189,00 €',
    ]);
    expect(model.totals.map((row) => row.value)).toEqual(['157,50 €', '31,50 €', '189,00 €']);
    expect(text).toMatch(/Historique du statut/);
    expect(text).not.toMatch(FRANCHISE_MENTION);
    expect(text).not.toMatch(/40 €/);
  });

  it('lists the history oldest first, with French labels', () => {
    expect(ticketHistoryRows(ticketDetail())).toEqual([
      ['10/11/2026 10:30', "En attente d'inspection", 'Ticket enregistré'],
      ['11/11/2026 10:15', 'En cours de réparation', "En attente d'inspection"],
    ]);
  });

  it('prints the franchise mention only under the franchise regime', () => {
    expect(buildTicketPdf(fullTicket(), { shop, vatRegime: 'franchise', now: NOW }).mentions).toContain(FRANCHISE_MENTION);
  });

  it('prints the saved store profile, and its VAT regime when none is given', () => {
    const saved = {
      ...shop,
      name: 'Atelier Test',
      address: { ...shop.address, street: '2 rue du Port', city: 'Arcachon' },
      siret: '123 456 789 00012',
      vatRegime: 'franchise' as const,
    };
    const model = buildTicketPdf(fullTicket(), { shop: saved, now: NOW });
    expect(model.shop.name).toBe('Atelier Test');
    expect(model.shop.lines.join(' ')).toMatch(/2 rue du Port, 33470 Arcachon/);
    expect(model.shop.footer).toMatch(/SIRET 123 456 789 00012/);
    expect(allText(model)).not.toMatch(/Gujan-Mestras|000 000 000 00000/);
    expect(model.mentions).toContain(FRANCHISE_MENTION);
  });
});

describe('invoice PDF content', () => {
  it('is named facture-{number}.pdf', () => {
    expect(invoicePdfFileName('F-2026-00012')).toBe('facture-F-2026-00012.pdf');
    expect(invoicePdfFileName('F 2026/12')).toBe('facture-F-2026-12.pdf');
  });

  it('has the lines, the payments and the totals with VAT, what was paid and what is due', () => {
    const model = buildInvoicePdf(invoice(), { shop, now: NOW });
    expect(invoiceLineRows(invoice())).toEqual([
      ['Remplacement écran – iPhone 13', 'ECR-IP13', '1', '189,00 €', '189,00 €'],
      ['MacBook Air M2 reconditionné', 'MBA-M2', '1', '1 049,50 €', '1 049,50 €'],
      ['Câble USB-C « tressé »', '-', '2', '5,00 €', '10,00 €'],
    ]);
    expect(invoiceTotals(invoice()).map((row) => `${row.label}: ${row.value}`)).toEqual([
      'Total HT: 1 040,42 €',
      'TVA 20 %: 208,08 €',
      'Total TTC: 1 248,50 €',
      'Déjà réglé: 500,00 €',
      'Reste à payer: 748,50 €',
    ]);
    expect(model.meta).toEqual([
      ['Date', '12/11/2026'],
      ['Échéance', '12/12/2026'],
      ['Statut', 'Partiel'],
      ['Ticket', 'T-6601'],
    ]);
    expect(model.tables[1]?.rows).toEqual([['12/11/2026', 'Carte bancaire', 'CB-88412', '500,00 €']]);
  });

  it('mentions the 40 € flat fee only for a business customer, and 293 B only under the franchise', () => {
    expect(buildInvoicePdf(invoice(), { shop }).mentions).toEqual([]);
    const business = buildInvoicePdf(invoice(), { shop, organisation: 'Camping Les Arbousiers' });
    expect(business.mentions).toEqual([LATE_FEE_MENTION]);
    expect(business.parties[0]?.lines[0]).toBe('Camping Les Arbousiers');
    expect(buildInvoicePdf(invoice(), { shop, vatRegime: 'franchise' }).mentions).toEqual([FRANCHISE_MENTION]);
  });
});

describe('order PDF content', () => {
  it('has billing and shipping, the items, the totals and the payment', () => {
    const model = buildOrderPdf(shopOrder(), { shop, now: NOW });
    expect(model.fileName).toBe('commande-CMD-5012.pdf');
    expect(orderPdfFileName({ id: 77, order_number: '' })).toBe('commande-77.pdf');
    expect(model.parties.map((party) => party.title)).toEqual(['Facturation', 'Livraison']);
    expect(model.parties[1]?.lines).toEqual(['Hélène Lacoste', '3 allée des Mimosas', 'Bâtiment B', '33120 Arcachon', 'France']);
    expect(model.meta).toContainEqual(['Statut', 'En cours']);
    expect(model.meta).toContainEqual(['Paiement', 'Carte bancaire']);
    expect(model.totals.map((row) => row.value)).toEqual(['1 028,75 €', '205,75 €', '1 234,50 €']);
    expect(model.notes).toEqual([{ title: 'Note de commande', text: 'Merci de livrer après 18 h.' }]);
    expect(model.mentions).toEqual([]);
  });

  it('treats an order with a billing company as a business order', () => {
    const order = shopOrder({ billing: { ...shopOrder().billing, company: 'Pharmacie de la Dune' } });
    expect(buildOrderPdf(order, { shop }).mentions).toEqual([LATE_FEE_MENTION]);
  });
});

/** WinAnsi (CP1252) bytes 0x80-0x9F; the others are Latin-1. Written out: Node's decoder treats windows-1252 as Latin-1. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function winAnsi(bytes: Iterable<number>): string {
  let text = '';
  for (const byte of bytes) text += byte >= 0x80 && byte <= 0x9f ? (CP1252_HIGH[byte - 0x80] ?? '?') : String.fromCharCode(byte);
  return text;
}

/** The PDF's text objects, decoded from jsPDF's uncompressed content stream. */
function pdfStrings(bytes: Uint8Array): string {
  const raw = winAnsi(bytes);
  return [...raw.matchAll(/\((.*?)(?<!\\)\) Tj/g)]
    .map((match) =>
      (match[1] ?? '')
        // Bytes written as octal escapes (jsPDF writes some of the high ones that way).
        .replace(/\\([0-7]{3})/g, (_, octal: string) => winAnsi([parseInt(octal, 8)]))
        .replace(/\\([()\\])/g, '$1'),
    )
    .join('\n');
}

describe('real PDFs (jsPDF + autotable)', () => {
  const outDir = process.env.ACCOUNT_PDF_DIR;
  const cases: [string, PdfModel][] = [
    ['ticket', buildTicketPdf(ticketDetail(), { shop, now: NOW })],
    ['invoice', buildInvoicePdf(invoice({ status: 'Partial' }), { shop, now: NOW, organisation: 'Camping Les Arbousiers' })],
    ['order', buildOrderPdf(shopOrder(), { shop, now: NOW, vatRegime: 'franchise' })],
  ];

  it.each(cases)('renders the %s PDF with its text, amounts and page numbers', (kind, model) => {
    const bytes = renderPdfBytes(model, { compress: false });
    if (outDir) {
      fs.mkdirSync(outDir, { recursive: true });
      fs.writeFileSync(path.join(outDir, model.fileName), bytes);
    }
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const text = pdfStrings(bytes);
    expect(text).toMatch(/E\.repare/);
    expect(text).toMatch(/Page 1 \/ 1/);
    expect(text).toMatch(/SIRET/);
    expect(text).not.toMatch(/[\u202f]/);
    if (kind === 'ticket') {
      expect(text).toMatch(/Fiche de réparation/);
      expect(text).toMatch(/IMEI 356789104563217/);
      expect(text).toMatch(/189,00 €/);
    }
    if (kind === 'invoice') {
      expect(text).toMatch(/N° F-2026-00001/);
      expect(text).toMatch(/1 248,50 €/);
      expect(text).toMatch(/TVA 20 %/);
      expect(text).toMatch(/indemnité forfaitaire/);
    }
    if (kind === 'order') {
      expect(text).toMatch(/TVA non applicable, art\. 293 B du CGI/);
      expect(text).toMatch(/Samsung Galaxy S23/);
    }
  });

  it('numbers every page of a long document', () => {
    const many = invoice({
      line_items: Array.from({ length: 90 }, (_, index) => ({ name: `Article ${index + 1}`, sku: '', quantity: 1, price: 1, tax: 0.17, total: 1 })),
    });
    const text = pdfStrings(renderPdfBytes(buildInvoicePdf(many, { shop }), { compress: false }));
    const pages = [...text.matchAll(/Page (\d+) \/ (\d+)/g)];
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(new Set(pages.map((match) => match[2])).size).toBe(1);
    expect(pages.map((match) => match[1])).toEqual(pages.map((_, index) => String(index + 1)));
  });
});
