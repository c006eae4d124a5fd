/**
 * A text as Testing Library's default normalizer reads the page: runs of white space, the
 * no-break spaces of French typography among them (issue 22 §4.6), are one plain space. For
 * `getByText` and friends given a shared message, which carries its no-break spaces itself (the
 * normalizer changes the page's text, not the text it is compared with).
 */
export function asRead(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
