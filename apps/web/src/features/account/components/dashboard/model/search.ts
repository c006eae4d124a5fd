/**
 * The comparison form of a search: lower case, accents removed, blanks collapsed, so that
 * "ecran" finds "Écran" and "samsung  galaxy" finds "Samsung Galaxy".
 */
export function searchKey(value: string | number | null | undefined): string {
  return String(value ?? '')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether every word of the query is found in one of the texts (in any order). */
export function matchesQuery(query: string, texts: ReadonlyArray<string | number | null | undefined>): boolean {
  const words = searchKey(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.map(searchKey).join('\n');
  return words.every((word) => haystack.includes(word));
}
