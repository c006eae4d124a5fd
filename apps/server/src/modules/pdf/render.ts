import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { PdfModel } from './model.js';

/**
 * Draws a PdfModel on A4 with PDFKit (issue 22 §1): DejaVu Sans embedded (subset) so that every
 * French character prints and copies as itself, and a tagged PDF (structure tree, /Lang fr-FR,
 * title shown by readers) that screen readers follow: headings, paragraphs, tables with header
 * cells, decorations and page footers marked as artifacts.
 */
const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const BRAND = '#0e7490';
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
const PANEL = '#f1f5f9';

const MARGIN = 45;
const FOOTER_SPACE = 40;

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

export type RenderOptions = {
  /** Uncompressed content streams (tests read them); compressed by default. */
  compress?: boolean;
  /** The document's creation date (metadata). */
  now?: Date;
};

export async function renderPdf(model: PdfModel, { compress = true, now = new Date() }: RenderOptions = {}): Promise<Buffer> {
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    pdfVersion: '1.7',
    tagged: true,
    lang: 'fr-FR',
    displayTitle: true,
    bufferPages: true,
    compress,
    font: FONT_REGULAR,
    info: { Title: model.title, Subject: model.heading, Author: model.shop.name, Creator: model.shop.name, CreationDate: now, ModDate: now },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const root = doc.struct('Document');
  doc.addStructure(root);
  draw(doc, root, model);
  root.end();
  footers(doc, model);
  doc.end();
  return finished;
}

const width = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
}

/** A structure element whose content is drawn by `paint` (run at once, in reading order). */
function block(doc: Doc, parent: Struct, type: string, paint: () => void) {
  parent.add(doc.struct(type as never, {}, paint));
}

/** A decoration (rules, panels): no meaning for a screen reader. */
function artifact(doc: Doc, paint: () => void) {
  doc.markContent('Artifact');
  paint();
  doc.endMarkedContent();
}

function style(doc: Doc, size: number, bold = false, color = INK) {
  doc.font(bold ? 'bold' : 'regular').fontSize(size).fillColor(color);
}

function draw(doc: Doc, root: Struct, model: PdfModel) {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const half = width(doc) / 2 - 8;
  const top = doc.y;

  // Header: the document (heading, reference, dates) on the right, the seller on the left.
  // Read first: "Facture N° …" is what the document is.
  block(doc, root, 'H1', () => {
    style(doc, 20, true);
    doc.text(model.heading, right - half, top, { width: half, align: 'right' });
  });
  block(doc, root, 'P', () => {
    style(doc, 11, true, BRAND);
    doc.text(model.reference, right - half, doc.y + 2, { width: half, align: 'right' });
  });
  doc.moveDown(0.3);
  const valueWidth = 110;
  for (const [label, value] of model.meta) {
    const y = doc.y;
    block(doc, root, 'P', () => {
      style(doc, 9, false, MUTED);
      doc.text(`${label} :`, right - half, y, { width: half - valueWidth - 6, align: 'right' });
      const after = doc.y;
      style(doc, 9, true);
      doc.text(value, right - valueWidth, y, { width: valueWidth, align: 'right' });
      doc.y = Math.max(after, doc.y);
    });
  }
  const rightEnd = doc.y;

  block(doc, root, 'P', () => {
    style(doc, 16, true, BRAND);
    doc.text(model.shop.name, left, top, { width: half });
  });
  doc.moveDown(0.2);
  for (const line of model.shop.lines) {
    block(doc, root, 'P', () => {
      style(doc, 8.5, false, MUTED);
      doc.text(line, left, doc.y, { width: half });
    });
  }
  doc.y = Math.max(doc.y, rightEnd) + 8;
  const ruleY = doc.y;
  artifact(doc, () => {
    doc.lineWidth(1.5).strokeColor(BRAND).moveTo(left, ruleY).lineTo(right, ruleY).stroke();
  });
  doc.y += 14;

  // Parties (billing, delivery), side by side in panels.
  if (model.parties.length > 0) {
    const parties = model.parties.slice(0, 2);
    const gap = 16;
    const columns = parties.length;
    const boxWidth = (width(doc) - gap * (columns - 1)) / columns;
    style(doc, 9.5);
    const heights = parties.map((party) => 26 + doc.heightOfString(party.lines.join('\n'), { width: boxWidth - 20 }) + 8);
    const height = Math.max(...heights);
    ensureSpace(doc, height);
    const y = doc.y;
    parties.forEach((party, index) => {
      const x = left + index * (boxWidth + gap);
      artifact(doc, () => {
        doc.roundedRect(x, y, boxWidth, height, 5).fill(PANEL);
      });
      block(doc, root, 'H2', () => {
        style(doc, 8.5, true, BRAND);
        doc.text(party.title.toUpperCase(), x + 10, y + 9, { width: boxWidth - 20 });
      });
      block(doc, root, 'P', () => {
        style(doc, 9.5);
        doc.text(party.lines.join('\n'), x + 10, y + 24, { width: boxWidth - 20 });
      });
    });
    doc.x = left;
    doc.y = y + height + 18;
  }

  // Tables, with header cells (TH, column scope) for screen readers.
  for (const table of model.tables) {
    ensureSpace(doc, 60);
    block(doc, root, 'H2', () => {
      style(doc, 11, true);
      doc.text(table.title, left, doc.y, { width: width(doc) });
    });
    doc.y += 4;
    const weights = table.widths ?? table.head.map(() => 1);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const align = (index: number) => table.align?.[index] ?? 'left';
    style(doc, 8.5);
    doc.table({
      structParent: root,
      position: { x: left, y: doc.y },
      columnStyles: weights.map((weight, index) => ({ width: (weight / total) * width(doc), align: { x: align(index), y: 'top' } })),
      defaultStyle: { border: 0.5, borderColor: RULE, padding: 4 },
      data: [
        table.head.map((cell) => ({ text: cell, type: 'TH', scope: 'column', backgroundColor: BRAND, textColor: '#ffffff', font: { src: 'bold' } })),
        ...table.rows.map((row, rowIndex) => row.map((cell) => ({ text: cell, ...(rowIndex % 2 === 1 ? { backgroundColor: '#f8fafc' } : {}), textColor: INK }))),
      ],
    } as never);
    doc.x = left;
    doc.y += 14;
  }

  // Totals, on the right.
  if (model.totals.length > 0) {
    const boxWidth = 320;
    const x = right - boxWidth;
    const labelWidth = boxWidth * 0.7 - 6;
    const heights = model.totals.map((row) => {
      style(doc, 9.5, row.strong);
      return Math.max(18, doc.heightOfString(row.label, { width: labelWidth }) + 8);
    });
    ensureSpace(doc, heights.reduce((sum, height) => sum + height, 0) + 8);
    const totals = doc.struct('Table');
    root.add(totals);
    model.totals.forEach((row, index) => {
      const y = doc.y;
      const rowHeight = heights[index] ?? 18;
      artifact(doc, () => {
        if (row.strong) doc.rect(x, y, boxWidth, rowHeight).fill(PANEL);
        doc.lineWidth(0.5).strokeColor(RULE).moveTo(x, y + rowHeight).lineTo(x + boxWidth, y + rowHeight).stroke();
      });
      const tr = doc.struct('TR');
      totals.add(tr);
      tr.add(
        doc.struct('TH', {}, () => {
          style(doc, 9.5, row.strong, row.strong ? INK : MUTED);
          doc.text(row.label, x + 6, y + 5, { width: labelWidth });
        }),
      );
      tr.add(
        doc.struct('TD', {}, () => {
          style(doc, 9.5, row.strong);
          doc.text(row.value, x + boxWidth * 0.7, y + 5, { width: boxWidth * 0.3 - 6, align: 'right' });
        }),
      );
      tr.end();
      doc.y = y + rowHeight;
    });
    totals.end();
    doc.x = left;
    doc.y += 16;
  }

  // Notes and legal mentions.
  for (const note of model.notes) {
    style(doc, 9);
    ensureSpace(doc, 16 + doc.heightOfString(note.text, { width: width(doc) }));
    block(doc, root, 'H2', () => {
      style(doc, 9.5, true);
      doc.text(note.title, left, doc.y, { width: width(doc) });
    });
    block(doc, root, 'P', () => {
      style(doc, 9);
      doc.text(note.text, left, doc.y + 2, { width: width(doc) });
    });
    doc.y += 8;
  }
  for (const mention of model.mentions) {
    style(doc, 8, false, MUTED);
    ensureSpace(doc, doc.heightOfString(mention, { width: width(doc) }) + 4);
    block(doc, root, 'P', () => {
      style(doc, 8, false, MUTED);
      doc.text(mention, left, doc.y, { width: width(doc) });
    });
    doc.y += 4;
  }
}

/** The shop's legal line and "Page x / y" at the foot of every page (pagination artifacts). */
function footers(doc: Doc, model: PdfModel) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const left = doc.page.margins.left;
    const right = doc.page.width - doc.page.margins.right;
    const y = doc.page.height - MARGIN - 18;
    // Drawn below the bottom margin: without this, PDFKit would start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc.lineWidth(0.5).strokeColor(RULE).moveTo(left, y).lineTo(right, y).stroke();
    const label = `Page ${index - range.start + 1} / ${range.count}`;
    style(doc, 7.5, false, MUTED);
    const labelWidth = doc.widthOfString(label);
    doc.text(model.shop.footer, left, y + 6, { width: right - left - labelWidth - 12, lineBreak: false, ellipsis: true });
    doc.text(label, right - labelWidth, y + 6, { lineBreak: false });
    doc.endMarkedContent();
    doc.page.margins.bottom = margin;
  }
}
