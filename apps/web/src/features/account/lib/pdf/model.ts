import { formatAddress, type StoreProfile } from '@erepare/shared/store-profile';
import { pdfText } from './text';
import type { TotalRow, VatRegime } from './vat';

/**
 * What a PDF says, independent of how jsPDF draws it: the builders (ticket, invoice, order) are
 * pure functions that tests read; the renderer is the only code that touches jsPDF.
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

export type PdfModel = {
  fileName: string;
  /** The PDF's metadata title. */
  title: string;
  /** "Facture", "Fiche de réparation", "Commande". */
  heading: string;
  /** "N° F-2026-00072". */
  reference: string;
  meta: [string, string][];
  parties: PdfParty[];
  tables: PdfTable[];
  totals: TotalRow[];
  notes: { title: string; text: string }[];
  mentions: string[];
  shop: { name: string; lines: string[]; footer: string };
};

/** Options every builder takes. `now` fixes the date printed and used in file names (tests). */
export type PdfOptions = {
  vatRegime?: VatRegime;
  /** The customer's organisation (profile "orgonization"): set means a business customer. */
  organisation?: string;
  now?: Date;
  /** The shop's current profile (identity block, footer; its VAT regime unless `vatRegime` is given). */
  shop: StoreProfile;
};

/** The shop's identity block and footer line, from the store profile (never hard-coded). */
export function shopBlock(shop: StoreProfile): PdfModel['shop'] {
  return {
    name: pdfText(shop.name),
    lines: [
      pdfText(formatAddress(shop)),
      pdfText(`Tél. ${shop.phone.display}`),
      pdfText(shop.email),
      pdfText(`SIRET ${shop.siret}`),
    ],
    footer: pdfText(`${shop.name} · ${formatAddress(shop)} · SIRET ${shop.siret}`),
  };
}

/** Non-empty lines only, made safe for the PDF font. */
export function lines(...values: Array<string | null | undefined | false>): string[] {
  return values.filter((value): value is string => typeof value === 'string' && value.trim() !== '').map((value) => pdfText(value.trim()));
}
