import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/**
 * The server's PDFs checked with the tools an accountant's software trusts (qpdf for the structure,
 * poppler's pdffonts and pdftotext for the fonts and the text as copied): one set of checks for
 * every PDF test.
 */
export function pdfTool(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw new Error(`${command} est introuvable : installez-le (apt-get install -y qpdf poppler-utils). ${result.error.message}`);
  return result;
}

export function savePdf(dir: string, name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** The text of the PDF as a reader copies it, spaces made plain. */
export function pdfText(file: string): string {
  const result = pdfTool('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.replace(/[\u00a0\u202f]/g, ' ');
}

/** Valid (qpdf), every font embedded and subset (DejaVu), tagged PDF 1.7 in French with a shown title, headings and header cells. */
export function expectValidTaggedPdf(file: string): void {
  const check = pdfTool('qpdf', ['--check', file]);
  expect(check.status, check.stdout + check.stderr).toBe(0);
  expect(check.stdout).toMatch(/No syntax or stream encoding errors found/);
  const fonts = pdfTool('pdffonts', [file]);
  expect(fonts.status).toBe(0);
  // Header, rule, then one row per font: every one embedded (emb = yes) and subset, none standard.
  const rows = fonts.stdout.trim().split('\n').slice(2);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row).toMatch(/DejaVuSans/);
    expect(row).toMatch(/\byes\s+yes\s+yes\b/);
  }
  const raw = fs.readFileSync(file, 'latin1');
  expect(raw.startsWith('%PDF-1.7')).toBe(true);
  expect(raw).toMatch(/\/StructTreeRoot/);
  expect(raw).toMatch(/\/MarkInfo \d+ 0 R/);
  expect(raw).toMatch(/\/Marked true/);
  expect(raw).toMatch(/\/Lang \(fr-FR\)/);
  expect(raw).toMatch(/\/DisplayDocTitle true/);
  expect(raw).toMatch(/\/S \/TH/);
  expect(raw).toMatch(/\/S \/H1/);
}
