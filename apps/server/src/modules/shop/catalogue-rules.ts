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
