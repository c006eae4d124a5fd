/**
 * The French typography of the rendered pages (issue 22 §4.6): every line of text a page shows
 * goes through the shared checker, and the problems come back grouped, each with the pages it is
 * on (the header's problem is listed once, not once per page).
 */
import { checkFrenchTypography, type TypographyProblem } from '@erepare/shared/typography';
import { pageTextLines } from './visible-text.js';

/**
 * Problems known and left for now, each in a file another piece of work is changing: the text as
 * it shows, where it comes from, and the fix. Empty this list as they are fixed (a fixed text
 * still listed here is harmless, but the list is meant to shrink to nothing).
 */
export const KNOWN_TYPOGRAPHY_EXCEPTIONS: ReadonlyArray<{ text: string | RegExp; source: string; fix: string }> = [];

export type PageProblem = TypographyProblem & { pages: string[] };

/** Checks the text of each document; the same problem on several pages is one entry. */
export function pagesTypography(documents: ReadonlyArray<{ path: string; doc: Document }>): PageProblem[] {
  const allow = KNOWN_TYPOGRAPHY_EXCEPTIONS.map((exception) => exception.text);
  const found = new Map<string, PageProblem>();
  for (const { path, doc } of documents) {
    for (const line of pageTextLines(doc)) {
      for (const problem of checkFrenchTypography(line, { allow })) {
        const key = `${problem.rule} ${problem.excerpt}`;
        const known = found.get(key);
        if (known) {
          if (!known.pages.includes(path)) known.pages.push(path);
        } else {
          found.set(key, { ...problem, pages: [path] });
        }
      }
    }
  }
  return [...found.values()];
}

/** One entry per problem, for a failure message: the rule, the fix, the excerpt and the pages. */
export function describePageProblems(problems: readonly PageProblem[]): string {
  return problems
    .map((problem) => {
      const pages = problem.pages.length > 4 ? `${problem.pages.slice(0, 4).join(', ')} … (${problem.pages.length} pages)` : problem.pages.join(', ');
      return `[${problem.rule}] ${problem.message}\n    ${problem.excerpt}\n    on ${pages}`;
    })
    .join('\n');
}
