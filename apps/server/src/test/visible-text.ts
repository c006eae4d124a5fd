/**
 * The text a page shows, read from its parsed HTML (no layout engine): what a reader sees or hears,
 * as lines, for the typography check of the rendered pages (issue 22 §4.6).
 */

/** Elements whose content is not text for the reader (or is code, which French rules do not apply to). */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'CODE', 'PRE', 'KBD', 'SAMP']);
/** Inline elements: their text runs on with their neighbours'. Every other element starts a new line. */
const INLINE = new Set(['A', 'ABBR', 'B', 'BDI', 'BDO', 'CITE', 'DATA', 'DEL', 'DFN', 'EM', 'I', 'INS', 'MARK', 'Q', 'S', 'SMALL', 'SPAN', 'STRONG', 'SUB', 'SUP', 'TIME', 'U', 'VAR', 'WBR']);
/** Attributes whose text is read out or shown (alternative texts, tooltips, accessible names, hints). */
const TEXT_ATTRIBUTES = ['alt', 'title', 'aria-label', 'placeholder'] as const;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Another language than French, marked as such (lang="en"): French rules do not apply to it. */
function isForeign(element: Element): boolean {
  const lang = element.getAttribute('lang');
  return lang !== null && lang !== '' && !/^fr\b/i.test(lang);
}

/**
 * The visible text under a node, one entry per line: inline elements run on, other elements break
 * the line, HTML's white space (not the no-break spaces) is collapsed. Attributes that carry text
 * come as lines of their own.
 */
export function visibleTextLines(root: Node): string[] {
  const lines: string[] = [];
  let current = '';
  const breakLine = () => {
    const line = current.replace(/[ \t\n\r\f]+/g, ' ').trim();
    if (line) lines.push(line);
    current = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === TEXT_NODE) {
      current += node.nodeValue ?? '';
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const element = node as Element;
    if (SKIPPED.has(element.tagName.toUpperCase()) || isForeign(element)) return;
    const inline = INLINE.has(element.tagName.toUpperCase());
    if (!inline) breakLine();
    for (const name of TEXT_ATTRIBUTES) {
      const value = element.getAttribute(name)?.replace(/[ \t\n\r\f]+/g, ' ').trim();
      if (value) lines.push(value);
    }
    for (const child of element.childNodes) walk(child);
    if (!inline) breakLine();
  };
  walk(root);
  breakLine();
  return lines;
}

/** A page's text for the typography check: its title, its description, and the lines of its body. */
export function pageTextLines(doc: Document): string[] {
  const description = doc.querySelector('meta[name="description"]')?.getAttribute('content')?.trim();
  return [doc.title, ...(description ? [description] : []), ...visibleTextLines(doc.body)].filter(Boolean);
}
