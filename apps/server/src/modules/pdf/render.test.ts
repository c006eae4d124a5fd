/**
 * The PDF renderer on its own: long documents break across pages with every page numbered and the
 * file still valid; text outside the embedded font becomes « ? », never garbage.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import type { Invoice } from '@erepare/shared/schemas/repair';
import { buildInvoicePdf } from './invoice.js';
import { renderPdf } from './render.js';
import { docText } from './text.js';

const longInvoice: Invoice = {
  id: 1,
  invoice_number: 'F-2026-00042',
  order_id: 'F-2026-00042',
  customer_id: 7,
  status: 'Unpaid',
  created_at: '2026-11-20T10:00:00.000Z',
  due_on: '2026-12-20T10:00:00.000Z',
  subtotal: 0,
  total_tax: 0,
  total_amount: 1200,
  amount_paid: 0,
  amount_due: 1200,
  discount: 0,
  notes: '',
  customer: { fullName: 'Léo Martin', cid: 7, email: 'leo@exemple.fr', phone: '', address: ['2 rue du Port', '33470 Gujan-Mestras'], organisation: '' },
  line_items: Array.from({ length: 60 }, (_, index) => ({ name: `Pièce n° ${index + 1} – « réf. ${index + 1} »`, sku: `P${index + 1}`, quantity: 1, price: 20, tax: 3.33, total: 20, vat_rate: '20' as const })),
  payments: [],
  ticket: { hasTicket: false, id: null, order_id: null },
};

describe('renderPdf', () => {
  it('breaks a long invoice across numbered pages and stays valid', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erepare-render-'));
    try {
      const file = path.join(dir, 'long.pdf');
      fs.writeFileSync(file, await renderPdf(buildInvoicePdf(longInvoice, defaultStoreProfile)));
      const check = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
      expect(check.status, check.stdout + check.stderr).toBe(0);
      const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
      const pages = Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1]);
      expect(pages).toBeGreaterThan(1);
      const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
      for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} / ${pages}`);
      expect(text).toContain('Pièce n° 60 – « réf. 60 »');
      expect(text).toMatch(/Total TTC\s+1[\s\u00a0\u202f]200,00/);
      // The totals and mentions come after the last line, on the last page.
      expect(text.lastIndexOf('Pièce n° 60')).toBeLessThan(text.indexOf('Total TTC'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('docText', () => {
  it('keeps French text, drops control and zero-width characters, and marks what the font cannot draw', () => {
    expect(docText('Câble « tressé » – l’œil, 1 234,50 €')).toBe('Câble « tressé » – l’œil, 1 234,50 €');
    expect(docText('Réparé ✅ 修理')).toBe('Réparé ? ??');
    expect(docText('a\u0000b\u0007c\u200bd')).toBe('abcd');
    expect(docText('e\u0301')).toBe('é');
  });
});
