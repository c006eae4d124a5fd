import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import type { PdfModel } from './model';
import { pdfText } from './text';

/**
 * Draws a PdfModel on A4 with jsPDF's standard Helvetica (WinAnsi: French accents and € render;
 * every string goes through pdfText). This module, and jsPDF with it, is loaded only when an
 * export is clicked (dynamic import in the dashboard).
 */
const PAGE_WIDTH = 210;
const PAGE_HEIGHT = 297;
const MARGIN = 16;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_SPACE = 22;
const TOP_AFTER_BREAK = 20;

type Rgb = [number, number, number];
const BRAND: Rgb = [14, 116, 144];
const INK: Rgb = [15, 23, 42];
const MUTED: Rgb = [71, 85, 105];
const RULE: Rgb = [203, 213, 225];
const PANEL: Rgb = [241, 245, 249];

type Doc = jsPDF & { lastAutoTable?: { finalY?: number } };

function colour(doc: jsPDF, rgb: Rgb, kind: 'text' | 'draw' | 'fill') {
  if (kind === 'text') doc.setTextColor(...rgb);
  else if (kind === 'draw') doc.setDrawColor(...rgb);
  else doc.setFillColor(...rgb);
}

function font(doc: jsPDF, size: number, style: 'normal' | 'bold' = 'normal', rgb: Rgb = INK) {
  doc.setFont('helvetica', style);
  doc.setFontSize(size);
  colour(doc, rgb, 'text');
}

/** Line height in mm for a font size in points (1.25 leading). */
const lineHeight = (size: number) => size * 0.3528 * 1.25;

export type RenderOptions = { compress?: boolean };

export function renderPdf(model: PdfModel, { compress = true }: RenderOptions = {}): jsPDF {
  const doc: Doc = new jsPDF({ unit: 'mm', format: 'a4', compress });
  doc.setProperties({ title: pdfText(model.title), subject: pdfText(model.heading), author: pdfText(model.shop.name), creator: pdfText(model.shop.name) });
  doc.setLineHeightFactor(1.25);

  let y = MARGIN;
  const ensureSpace = (height: number) => {
    if (y + height > PAGE_HEIGHT - FOOTER_SPACE) {
      doc.addPage();
      y = TOP_AFTER_BREAK;
    }
  };

  // ── Header: the shop on the left, the document on the right.
  font(doc, 18, 'bold', BRAND);
  doc.text(pdfText(model.shop.name), MARGIN, y + 6);
  font(doc, 9, 'normal', MUTED);
  let left = y + 12;
  for (const line of model.shop.lines) {
    doc.text(pdfText(line), MARGIN, left);
    left += lineHeight(9);
  }

  const right = PAGE_WIDTH - MARGIN;
  font(doc, 20, 'bold', INK);
  doc.text(pdfText(model.heading), right, y + 6, { align: 'right' });
  font(doc, 11, 'bold', BRAND);
  doc.text(pdfText(model.reference), right, y + 12.5, { align: 'right' });
  let metaY = y + 18.5;
  for (const [label, value] of model.meta) {
    const valueText = pdfText(value);
    // Measured in the font it is drawn with (bold), so the label ends where the value starts.
    font(doc, 9, 'bold', INK);
    const valueWidth = doc.getTextWidth(valueText);
    doc.text(valueText, right, metaY, { align: 'right' });
    font(doc, 9, 'normal', MUTED);
    doc.text(`${pdfText(label)} :`, right - valueWidth - 1.2, metaY, { align: 'right' });
    metaY += lineHeight(9) + 0.4;
  }
  y = Math.max(left, metaY) + 1;
  colour(doc, BRAND, 'draw');
  doc.setLineWidth(0.6);
  doc.line(MARGIN, y, PAGE_WIDTH - MARGIN, y);
  y += 6;

  // ── Parties (customer, billing, shipping), side by side.
  if (model.parties.length > 0) {
    const gap = 6;
    const columns = Math.min(model.parties.length, 2);
    const width = (CONTENT_WIDTH - gap * (columns - 1)) / columns;
    font(doc, 9.5, 'normal', INK);
    const wrapped = model.parties.map((party) => party.lines.flatMap((line) => doc.splitTextToSize(pdfText(line), width - 8) as string[]));
    const tallest = Math.max(...wrapped.map((partyLines) => partyLines.length));
    const height = 10 + tallest * lineHeight(9.5) + 2;
    ensureSpace(height);
    model.parties.slice(0, 2).forEach((party, index) => {
      const x = MARGIN + index * (width + gap);
      colour(doc, PANEL, 'fill');
      doc.roundedRect(x, y, width, height, 2, 2, 'F');
      font(doc, 8.5, 'bold', BRAND);
      doc.text(pdfText(party.title).toUpperCase(), x + 4, y + 6);
      font(doc, 9.5, 'normal', INK);
      let lineY = y + 11.5;
      for (const line of wrapped[index] ?? []) {
        doc.text(line, x + 4, lineY);
        lineY += lineHeight(9.5);
      }
    });
    y += height + 7;
  }

  // ── Tables.
  for (const table of model.tables) {
    ensureSpace(24);
    font(doc, 11, 'bold', INK);
    doc.text(pdfText(table.title), MARGIN, y);
    y += 2.5;
    const total = (table.widths ?? table.head.map(() => 1)).reduce((sum, width) => sum + width, 0);
    const columnStyles = Object.fromEntries(
      table.head.map((_, index) => [
        index,
        {
          halign: table.align?.[index] ?? 'left',
          cellWidth: ((table.widths?.[index] ?? 1) / total) * CONTENT_WIDTH,
        },
      ]),
    );
    autoTable(doc, {
      startY: y,
      head: [table.head.map((cell) => pdfText(cell))],
      body: table.rows.map((row) => row.map((cell) => pdfText(cell))),
      theme: 'grid',
      margin: { left: MARGIN, right: MARGIN, top: TOP_AFTER_BREAK, bottom: FOOTER_SPACE },
      styles: { font: 'helvetica', fontSize: 8.5, cellPadding: 2, textColor: INK, lineColor: RULE, lineWidth: 0.2, overflow: 'linebreak', valign: 'top' },
      headStyles: { fillColor: BRAND, textColor: [255, 255, 255], fontStyle: 'bold' },
      alternateRowStyles: { fillColor: [248, 250, 252] },
      columnStyles,
      didParseCell: (data) => {
        // Header cells follow their column's alignment (amounts right-aligned under a right-aligned title).
        if (data.section === 'head') data.cell.styles.halign = table.align?.[data.column.index] ?? 'left';
      },
    });
    y = (doc.lastAutoTable?.finalY ?? y) + 8;
  }

  // ── Totals, on the right.
  if (model.totals.length > 0) {
    const width = 86;
    const x = PAGE_WIDTH - MARGIN - width;
    const rowHeight = 6.5;
    ensureSpace(model.totals.length * rowHeight + 4);
    model.totals.forEach((row, index) => {
      const rowY = y + index * rowHeight;
      if (row.strong) {
        colour(doc, PANEL, 'fill');
        doc.rect(x, rowY, width, rowHeight, 'F');
      }
      colour(doc, RULE, 'draw');
      doc.setLineWidth(0.2);
      doc.line(x, rowY + rowHeight, x + width, rowY + rowHeight);
      font(doc, 9.5, row.strong ? 'bold' : 'normal', row.strong ? INK : MUTED);
      doc.text(pdfText(row.label), x + 3, rowY + 4.4);
      font(doc, 9.5, row.strong ? 'bold' : 'normal', INK);
      doc.text(pdfText(row.value), x + width - 3, rowY + 4.4, { align: 'right' });
    });
    y += model.totals.length * rowHeight + 8;
  }

  // ── Notes and legal mentions.
  for (const note of model.notes) {
    // Wrapped with the font it is drawn in: splitTextToSize measures with the current one.
    font(doc, 9, 'normal', INK);
    const text = doc.splitTextToSize(pdfText(note.text), CONTENT_WIDTH) as string[];
    ensureSpace(8 + text.length * lineHeight(9));
    font(doc, 9.5, 'bold', INK);
    doc.text(pdfText(note.title), MARGIN, y);
    font(doc, 9, 'normal', INK);
    doc.text(text, MARGIN, y + 5);
    y += 5 + text.length * lineHeight(9) + 4;
  }
  for (const mention of model.mentions) {
    font(doc, 8, 'normal', MUTED);
    const text = doc.splitTextToSize(pdfText(mention), CONTENT_WIDTH) as string[];
    ensureSpace(text.length * lineHeight(8) + 2);
    doc.text(text, MARGIN, y);
    y += text.length * lineHeight(8) + 2;
  }

  // ── Footer on every page: the shop's legal line and "Page x / y".
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    colour(doc, RULE, 'draw');
    doc.setLineWidth(0.3);
    doc.line(MARGIN, PAGE_HEIGHT - 15, PAGE_WIDTH - MARGIN, PAGE_HEIGHT - 15);
    font(doc, 7.5, 'normal', MUTED);
    const pageLabel = `Page ${page} / ${pages}`;
    const footer = doc.splitTextToSize(pdfText(model.shop.footer), CONTENT_WIDTH - doc.getTextWidth(pageLabel) - 6) as string[];
    doc.text(footer[0] ?? '', MARGIN, PAGE_HEIGHT - 10);
    doc.text(pageLabel, PAGE_WIDTH - MARGIN, PAGE_HEIGHT - 10, { align: 'right' });
  }
  return doc;
}

/** The PDF's bytes (tests, and anything that uploads rather than downloads). */
export function renderPdfBytes(model: PdfModel, options: RenderOptions = {}): Uint8Array {
  return new Uint8Array(renderPdf(model, options).output('arraybuffer'));
}
