import type { InventoryItemRecord } from '../../adapters/repair/types.js';

/**
 * Which inventory items the shop sells (spec 2 §5, issue 5 item 1): refurbished devices and
 * accessories, never spare parts. The repair backend's item type decides first ('part' is never
 * sold); these keyword lists catch the spare parts a RepairDesk store files as plain "Product".
 *
 * The one place to tune the rules. Keywords are written accent-free and lower case; each one
 * matches at the start of a word of the normalised name or category, and may match a longer word
 * ("ecran" matches "écrans", "externe" matches "externes").
 */

/**
 * A category with one of these words (whole words) is a spare-part category, whatever the item
 * is called: "Pièces détachées smartphones", "Spare parts", "Composants".
 */
export const SPARE_PART_CATEGORY_WORDS: readonly string[] = [
  'piece',
  'pieces',
  'rechange',
  'composant',
  'composants',
  'fournitures atelier',
  'spare',
  'part',
  'parts',
  'replacement',
  'replacements',
];

/**
 * Names (or categories) with these words are spare parts, unless an accessory word below also
 * appears ("Batterie externe", "Protection d'écran", "Verre trempé … OLED" are accessories).
 */
export const SPARE_PART_NAME_KEYWORDS: readonly string[] = [
  // French
  'piece detachee',
  'pieces detachees',
  'ecran',
  'bloc ecran',
  'vitre',
  'dalle',
  'batterie',
  'nappe',
  'connecteur',
  'camera arriere',
  'camera avant',
  'module camera',
  'module photo',
  'lentille camera',
  'chassis',
  'carte mere',
  'tiroir sim',
  'haut parleur',
  'ecouteur interne',
  'micro interne',
  'bouton power',
  'joystick analogique',
  'rail joy con',
  'clavier azerty',
  'puce',
  'ventilateur',
  'port hdmi',
  'lecteur blu ray',
  'lecteur de cartouches',
  'bloc d alimentation',
  'barrette ram',
  'pate thermique',
  'ssd sata',
  'ssd nvme',
  // English
  'spare part',
  'replacement',
  'lcd assembly',
  'oled assembly',
  'screen assembly',
  'display assembly',
  'digitizer',
  'touch screen',
  'flex',
  'back glass',
  'back cover',
  'housing',
  'frame',
  'charging port',
  'rear camera',
  'front camera',
  'battery',
  'motherboard',
  'logic board',
  'loudspeaker',
  'earpiece',
  'sim tray',
];

/** Accessory words: an item named with one of them is sold even if a spare-part word appears. */
export const ACCESSORY_KEYWORDS: readonly string[] = [
  'batterie externe',
  'batteries externes',
  'power bank',
  'powerbank',
  'protection',
  'protege',
  'verre trempe',
  'film',
  'coque',
  'etui',
  'housse',
  'chargeur',
  'cable',
  'station de charge',
  'support',
  'adaptateur',
  'enceinte',
  'casque',
  'ecouteurs',
  'bluetooth',
  'sans fil',
  'screen protector',
  'tempered glass',
  'case',
  'charger',
  'external battery',
];

/** Lower case, accents removed, ligatures spelt out, every run of other characters turned into one space. */
export function normaliseText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    // French ligatures do not decompose: "cœur" is searched as "coeur".
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export type KeywordMatcher = (normalised: string) => boolean;

/**
 * One regular expression per list, tested on normalised text: each keyword at the start of a
 * word, and with `wholeWords` also at the end of one. (Normalised keywords hold only [a-z0-9 ].)
 */
export function keywordMatcher(keywords: readonly string[], options: { wholeWords?: boolean } = {}): KeywordMatcher {
  const alternatives = keywords.map(normaliseText).filter(Boolean);
  const pattern = new RegExp(`(?:^| )(?:${alternatives.join('|')})${options.wholeWords ? '(?: |$)' : ''}`);
  return (normalised) => pattern.test(normalised);
}

const sparePartCategory = keywordMatcher(SPARE_PART_CATEGORY_WORDS, { wholeWords: true });
const sparePartName = keywordMatcher(SPARE_PART_NAME_KEYWORDS);
const accessory = keywordMatcher(ACCESSORY_KEYWORDS);

/** True when the keyword lists say this name and category describe a spare part. */
export function looksLikeSparePart(name: string, category: string): boolean {
  const normalisedName = normaliseText(name);
  const normalisedCategory = normaliseText(category);
  if (sparePartCategory(normalisedCategory)) return true;
  if (sparePartName(normalisedName) && !accessory(normalisedName)) return true;
  return sparePartName(normalisedCategory) && !accessory(normalisedCategory);
}

type SellableFields = Pick<InventoryItemRecord, 'name' | 'category' | 'itemType' | 'priceCents'>;

/**
 * Whether the shop sells this item at all (stock aside: an item out of stock is still a product,
 * shown as "Rupture de stock" on its page, but not listed).
 */
export function isSellable(item: SellableFields): boolean {
  if (item.itemType === 'part') return false;
  if (item.priceCents <= 0) return false;
  return !looksLikeSparePart(item.name, item.category);
}

// ───────────────────────── search (issue 22 §4.9) ─────────────────────────

/** "ph" sounds like "f": "ifone" meets "iphone", "fone" meets "phone". */
const foldSound = (word: string) => word.replace(/ph/g, 'f');

/** Whether the Levenshtein distance between a and b is at most `max` (a band of the table only). */
export function withinEditDistance(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return false;
    previous = current;
  }
  return (previous[b.length] ?? max + 1) <= max;
}

/** Whether a product's word could be `word` typed with a typo (one letter, two from 8 letters; « ph » read as « f »). */
export function typoOf(word: string): ((token: string) => boolean) | null {
  // From 4 letters, and never a number: « 13 » is not « 14 ».
  if (word.length < 4 || /\d/.test(word)) return null;
  const max = word.length >= 8 ? 2 : 1;
  const typed = foldSound(word);
  return (token) => {
    if (token.length + 2 < typed.length) return false;
    const sound = foldSound(token);
    return withinEditDistance(typed, sound, max) || (sound.length > typed.length && withinEditDistance(typed, sound.slice(0, typed.length), max));
  };
}

/** The words of the catalogue a typed word may stand for with a typo (looked up once per search, not per product). */
export function typoTokens(word: string, vocabulary: Iterable<string>): ReadonlySet<string> {
  const close = typoOf(word);
  const found = new Set<string>();
  if (close) for (const token of vocabulary) if (close(token)) found.add(token);
  return found;
}

export type TypoLookup = (word: string) => ReadonlySet<string>;

/**
 * How well one typed word matches a product's words: 4 a word, 3 the start of one, 2 inside the
 * text, 1 with a typo, with the product's word it stands for; null: not at all. `text` has a space
 * at each end: the exact cases are plain substring tests (a search runs over 5,000 products).
 */
function wordMatch(word: string, text: string, typos: TypoLookup | null): { score: number; token: string } | null {
  if (text.includes(word)) {
    if (text.includes(` ${word} `)) return { score: 4, token: word };
    const start = text.indexOf(` ${word}`);
    if (start !== -1) return { score: 3, token: text.slice(start + 1, text.indexOf(' ', start + 1)) };
    return { score: 2, token: word };
  }
  if (!typos) return null;
  const close = typos(word);
  if (close.size === 0) return null;
  const token = text
    .trim()
    .split(' ')
    .find((candidate) => close.has(candidate));
  return token ? { score: 1, token } : null;
}

/**
 * The relevance of a product to a search (issue 22 §4.9), null when a typed word matches nothing:
 * every word must match (exactly, as the start of a word, inside the text, or with one typo), and
 * the better the matches the higher the score. The typed words side by side in the name count
 * extra, more when the name starts with them, and a shorter name comes first: « iphone 13 » ranks
 * the iPhone 13 phones, then its accessories, before an iPhone SE that mentions 13 somewhere;
 * « samsug » and « ifone » still find Samsung and iPhone. `typos: null` looks for the words as
 * typed only (the catalogue's first pass); the catalogue passes a lookup over its whole vocabulary.
 * `text` is the normalised search text with a space at each end; `name` the normalised name.
 */
export function searchScore(
  text: string,
  name: string,
  words: readonly string[],
  { typos, nameWords }: { typos?: TypoLookup | null; nameWords?: number } = {},
): number | null {
  // Without a lookup (tests, one product), typos are looked for among this product's own words.
  const lookup = typos === undefined ? (word: string) => typoTokens(word, text.trim().split(' ')) : typos;
  let score = 0;
  let phrase = '';
  for (const word of words) {
    const found = wordMatch(word, text, lookup);
    if (found === null) return null;
    score += found.score;
    // What the customer meant, typos corrected: « ifone 13 » is read as « iphone 13 ».
    phrase = phrase === '' ? found.token : `${phrase} ${found.token}`;
  }
  // The typed words side by side in the name; more when the name starts with them (« iPhone 13 … »
  // is the phone, « Coque … iPhone 13 » an accessory for it).
  const starts = name.startsWith(phrase) && (name.length === phrase.length || name.charCodeAt(phrase.length) === 32);
  if (words.length > 1 && (starts || name.includes(` ${phrase} `) || name.endsWith(` ${phrase}`))) score += 2;
  if (starts) score += 3;
  return score - (nameWords ?? name.split(' ').length) * 0.01;
}
