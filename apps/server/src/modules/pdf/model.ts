import { formatAddress, type StoreProfile } from '@erepare/shared/store-profile';
import { sellerLines } from '@erepare/shared/invoice-document';
import { docText } from './text.js';

/**
 * What a PDF says, independent of how PDFKit draws it: the builders (invoice, order, repair sheet)
 * are pure functions that tests read; render.ts is the only code that touches PDFKit.
 */
export type PdfAlign = 'left' | 'right' | 'center';

export type PdfTable = {
  title: string;
  head: string[];
  rows: string[][];
  align?: PdfAlign[];
  /** Relative column widths (the renderer shares the page width out). */
  widths?: number[];
};

export type PdfParty = { title: string; lines: string[] };

export type PdfTotalRow = { label: string; value: string; strong?: boolean };

export type PdfModel = {
  fileName: string;
  /** The PDF's metadata title (shown by readers in the title bar). */
  title: string;
  /** "Facture", "Fiche de réparation", "Commande". */
  heading: string;
  /** "N° F-2026-00072". */
  reference: string;
  meta: [string, string][];
  parties: PdfParty[];
  tables: PdfTable[];
  totals: PdfTotalRow[];
  notes: { title: string; text: string }[];
  mentions: string[];
  shop: { name: string; lines: string[]; footer: string };
};

/** The seller's block (legal identity, then how to reach the shop) and the footer line, from the store profile. */
export function shopBlock(shop: StoreProfile): PdfModel['shop'] {
  const identity = sellerLines(shop);
  return {
    name: docText(shop.name),
    lines: [...identity, `Tél. ${shop.phone.display} · ${shop.email}`].map(docText),
    footer: docText(`${shop.legalName.trim() || shop.name} · ${formatAddress(shop)} · SIRET ${shop.siret}`),
  };
}

/** Non-empty lines only, made safe for the PDF font. */
export function lines(...values: Array<string | null | undefined | false>): string[] {
  return values.filter((value): value is string => typeof value === 'string' && value.trim() !== '').map((value) => docText(value.trim()));
}
