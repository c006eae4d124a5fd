/**
 * The shape of the long legal documents (legal notice and privacy policy, CGV): typed data in
 * content/legal.ts and content/cgv.ts, rendered by LegalDocument. Plain text with a few links.
 */

/** A link inside a paragraph: `to` for a page of the site, `href` for another site (new tab), `mailto:` or `tel:`. */
export type InlineLink = { label: string; to?: string; href?: string };
export type Rich = string | Array<string | InlineLink>;

/** One processing of personal data (RGPD art. 13): purpose, legal basis, retention. */
export type Processing = { name: string; data: string; purpose: string; basis: string; retention: string };

export type Block =
  | { kind: 'p'; text: Rich }
  | { kind: 'h3'; text: string; id?: string }
  | { kind: 'list'; items: Rich[]; ordered?: boolean }
  | { kind: 'dl'; rows: Array<[string, Rich]> }
  | { kind: 'processing'; items: Processing[] }
  /** A framed box (the legal-guarantee box of the annex to article D211-2). */
  | { kind: 'box'; title: string; paragraphs: string[] }
  /** The model withdrawal form, line by line, printable as is. */
  | { kind: 'form'; title: string; lines: string[] };

export type LegalSection = { id: string; title: string; blocks: Block[] };
