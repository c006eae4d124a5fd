/**
 * The online quote's catalogue (/devis-en-ligne): device categories → brands → models, and the
 * usual faults of each category with a typical « à partir de » price. The prices are indicative
 * (the shop confirms the price after its diagnosis) and consistent with the site's public figures:
 * repairs from 29 €, and the services carousel's smartphone 49 €, tablet 79 €, console 39 €,
 * computer 59 €, micro-soldering 89 €. A `null` price means "on diagnosis".
 */
import { addDays, frenchHolidays, isIsoDay as isRealDate } from './booking.js';
import { formatWrittenDate } from './format.js';

/** The value of every "autre" choice (brand, model or fault not in the lists: free text instead). */
export const QUOTE_OTHER = 'autre';

export type QuoteCategoryId = 'telephone' | 'tablette' | 'ordinateur' | 'console' | 'montre' | 'autre';

export type QuoteFault = {
  id: string;
  label: string;
  /** Typical starting price in euros; null when only the diagnosis can tell. */
  fromEuros: number | null;
};

export type QuoteBrand = { id: string; label: string; models: readonly string[] };

export type QuoteCategory = {
  id: QuoteCategoryId;
  label: string;
  /** One short line shown under the category's name. */
  hint: string;
  brands: readonly QuoteBrand[];
  faults: readonly QuoteFault[];
};

/** The lowest repair price of the site ("À partir de 29€"). */
export const QUOTE_MIN_PRICE_EUROS = 29;

const diagnostic: QuoteFault = { id: 'diagnostic', label: 'Je ne sais pas\u00a0: diagnostic', fromEuros: null };

export const quoteCategories: readonly QuoteCategory[] = [
  {
    id: 'telephone',
    label: 'Téléphone',
    hint: 'Smartphones de toutes marques',
    brands: [
      {
        id: 'apple',
        label: 'Apple',
        models: ['iPhone 16 Pro Max', 'iPhone 16 Pro', 'iPhone 16', 'iPhone 15 Pro Max', 'iPhone 15 Pro', 'iPhone 15', 'iPhone 14', 'iPhone 13', 'iPhone 12', 'iPhone 11', 'iPhone SE'],
      },
      {
        id: 'samsung',
        label: 'Samsung',
        models: ['Galaxy S24', 'Galaxy S23', 'Galaxy S22', 'Galaxy S21', 'Galaxy A55', 'Galaxy A54', 'Galaxy A35', 'Galaxy A15', 'Galaxy Z Flip', 'Galaxy Z Fold'],
      },
      { id: 'xiaomi', label: 'Xiaomi', models: ['Redmi Note 13', 'Redmi Note 12', 'Xiaomi 14', 'Xiaomi 13', 'Poco X6'] },
      { id: 'google', label: 'Google', models: ['Pixel 9', 'Pixel 8', 'Pixel 8a', 'Pixel 7', 'Pixel 7a'] },
      { id: 'huawei', label: 'Huawei', models: ['P30', 'P40', 'Nova 11'] },
      { id: 'oneplus', label: 'OnePlus', models: ['OnePlus 12', 'OnePlus 11', 'Nord 3'] },
      { id: 'oppo', label: 'Oppo', models: ['Find X5', 'Reno 10', 'A78'] },
    ],
    faults: [
      { id: 'ecran', label: 'Écran cassé ou tactile défaillant', fromEuros: 49 },
      { id: 'batterie', label: 'Batterie qui se décharge vite', fromEuros: 29 },
      { id: 'connecteur', label: 'Connecteur de charge', fromEuros: 39 },
      { id: 'vitre-arriere', label: 'Vitre arrière cassée', fromEuros: 49 },
      { id: 'camera', label: 'Caméra ou vitre de caméra', fromEuros: 39 },
      { id: 'son', label: 'Haut-parleur ou micro', fromEuros: 29 },
      { id: 'oxydation', label: 'Tombé dans l’eau (oxydation)', fromEuros: null },
      { id: 'micro-soudure', label: 'Carte mère (micro-soudure)', fromEuros: 89 },
      diagnostic,
    ],
  },
  {
    id: 'tablette',
    label: 'Tablette',
    hint: 'iPad, Galaxy Tab et autres',
    brands: [
      { id: 'apple', label: 'Apple', models: ['iPad (10e génération)', 'iPad (9e génération)', 'iPad Air', 'iPad mini', 'iPad Pro 11 pouces', 'iPad Pro 12,9 pouces'] },
      { id: 'samsung', label: 'Samsung', models: ['Galaxy Tab S9', 'Galaxy Tab S8', 'Galaxy Tab A9', 'Galaxy Tab A8'] },
      { id: 'lenovo', label: 'Lenovo', models: ['Tab M10', 'Tab P11', 'Tab P12'] },
      { id: 'microsoft', label: 'Microsoft', models: ['Surface Pro 9', 'Surface Pro 8', 'Surface Go 3'] },
    ],
    faults: [
      { id: 'ecran', label: 'Écran ou vitre tactile cassé', fromEuros: 79 },
      { id: 'batterie', label: 'Batterie', fromEuros: 59 },
      { id: 'connecteur', label: 'Connecteur de charge', fromEuros: 49 },
      { id: 'boutons', label: 'Boutons (marche, volume)', fromEuros: 39 },
      { id: 'logiciel', label: 'Bloquée, lente ou ne démarre plus (logiciel)', fromEuros: 39 },
      { id: 'micro-soudure', label: 'Carte mère (micro-soudure)', fromEuros: 89 },
      diagnostic,
    ],
  },
  {
    id: 'ordinateur',
    label: 'Ordinateur',
    hint: 'Portables, PC fixes et Mac',
    brands: [
      { id: 'apple', label: 'Apple', models: ['MacBook Air', 'MacBook Pro', 'iMac', 'Mac mini'] },
      { id: 'hp', label: 'HP', models: ['Pavilion', 'EliteBook', 'ProBook', 'Envy', 'Victus / Omen'] },
      { id: 'dell', label: 'Dell', models: ['Inspiron', 'Latitude', 'XPS', 'Vostro'] },
      { id: 'lenovo', label: 'Lenovo', models: ['IdeaPad', 'ThinkPad', 'Yoga', 'Legion'] },
      { id: 'asus', label: 'Asus', models: ['VivoBook', 'ZenBook', 'ROG', 'TUF Gaming'] },
      { id: 'acer', label: 'Acer', models: ['Aspire', 'Swift', 'Nitro', 'Predator'] },
      { id: 'pc-fixe', label: 'PC fixe (tour)', models: ['PC de bureau', 'PC de jeu monté'] },
    ],
    faults: [
      { id: 'lenteur', label: 'Lent, virus ou nettoyage logiciel', fromEuros: 59 },
      { id: 'ssd', label: 'Passage à un SSD ou ajout de mémoire', fromEuros: 59 },
      { id: 'ecran', label: 'Écran cassé', fromEuros: 89 },
      { id: 'clavier', label: 'Clavier ou pavé tactile', fromEuros: 69 },
      { id: 'batterie', label: 'Batterie', fromEuros: 69 },
      { id: 'charniere', label: 'Charnière ou coque cassée', fromEuros: 69 },
      { id: 'donnees', label: 'Récupération de données', fromEuros: null },
      { id: 'micro-soudure', label: 'Ne démarre plus (carte mère, micro-soudure)', fromEuros: 89 },
      diagnostic,
    ],
  },
  {
    id: 'console',
    label: 'Console',
    hint: 'Switch, PlayStation, Xbox',
    brands: [
      { id: 'nintendo', label: 'Nintendo', models: ['Switch', 'Switch OLED', 'Switch Lite', 'Joy-Con'] },
      { id: 'sony', label: 'Sony', models: ['PlayStation 5', 'PlayStation 4', 'Manette DualSense', 'Manette DualShock 4'] },
      { id: 'microsoft', label: 'Microsoft', models: ['Xbox Series X', 'Xbox Series S', 'Xbox One', 'Manette Xbox'] },
    ],
    faults: [
      { id: 'joystick', label: 'Joystick qui dérive (drift)', fromEuros: 39 },
      { id: 'nettoyage', label: 'Surchauffe, bruit (nettoyage et pâte thermique)', fromEuros: 39 },
      { id: 'hdmi', label: 'Port HDMI ou pas d’image', fromEuros: 59 },
      { id: 'lecteur', label: 'Lecteur de disque', fromEuros: 59 },
      { id: 'ecran', label: 'Écran de Switch cassé', fromEuros: 59 },
      { id: 'connecteur', label: 'Ne charge plus (connecteur)', fromEuros: 49 },
      { id: 'micro-soudure', label: 'Carte mère (micro-soudure)', fromEuros: 89 },
      diagnostic,
    ],
  },
  {
    id: 'montre',
    label: 'Montre',
    hint: 'Montres connectées',
    brands: [
      { id: 'apple', label: 'Apple', models: ['Apple Watch Series 9', 'Apple Watch Series 8', 'Apple Watch Series 7', 'Apple Watch SE', 'Apple Watch Ultra'] },
      { id: 'samsung', label: 'Samsung', models: ['Galaxy Watch 6', 'Galaxy Watch 5', 'Galaxy Watch 4'] },
      { id: 'garmin', label: 'Garmin', models: ['Forerunner', 'Fenix', 'Venu'] },
    ],
    faults: [
      { id: 'ecran', label: 'Écran ou vitre cassé', fromEuros: 69 },
      { id: 'batterie', label: 'Batterie', fromEuros: 39 },
      { id: 'boutons', label: 'Bouton ou couronne', fromEuros: 39 },
      diagnostic,
    ],
  },
  {
    id: 'autre',
    label: 'Autre',
    hint: 'Enceinte, liseuse, drone…',
    brands: [],
    faults: [diagnostic],
  },
];

export const quoteCategoryIds = quoteCategories.map((category) => category.id) as [QuoteCategoryId, ...QuoteCategoryId[]];

export function findQuoteCategory(id: string): QuoteCategory | undefined {
  return quoteCategories.find((category) => category.id === id);
}

export function findQuoteBrand(category: QuoteCategory, brandId: string): QuoteBrand | undefined {
  return category.brands.find((brand) => brand.id === brandId);
}

export function findQuoteFault(category: QuoteCategory, faultId: string): QuoteFault | undefined {
  return category.faults.find((fault) => fault.id === faultId);
}

/** "à partir de 49 €" (non-breaking space before €) or "sur diagnostic". */
export function faultPriceLabel(fault: QuoteFault): string {
  return fault.fromEuros === null ? 'sur diagnostic' : `à partir de ${fault.fromEuros}\u00a0€`;
}

// ─── Preferred drop-off: a day the shop is open (Tuesday to Saturday), from tomorrow on ────────

export type DropOffSlot = 'matin' | 'apres-midi';
export const dropOffSlots: readonly { id: DropOffSlot; label: string }[] = [
  { id: 'matin', label: 'Matin (9h30 – 13h30)' },
  { id: 'apres-midi', label: 'Après-midi (14h30 – 18h00)' },
];

/** How far ahead a drop-off can be chosen. */
export const DROP_OFF_MAX_DAYS_AHEAD = 30;
/** getUTCDay() of the opening days: Tuesday (2) to Saturday (6). */
const OPEN_WEEKDAYS = new Set([2, 3, 4, 5, 6]);

const parisDateParts = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', year: 'numeric', month: 'numeric', day: 'numeric' });

/**
 * Today's date in the shop's time zone, as YYYY-MM-DD. Built from the numeric parts
 * (formatToParts), not from a locale's whole-date format, which is not guaranteed to be ISO.
 */
export function shopToday(now: Date): string {
  const parts = parisDateParts.formatToParts(now);
  const part = (type: 'year' | 'month' | 'day', width: number) => (parts.find((item) => item.type === type)?.value ?? '').padStart(width, '0');
  return `${part('year', 4)}-${part('month', 2)}-${part('day', 2)}`;
}

/**
 * The French public holidays of `year` (Code du travail, art. L3133-1), as days: one list with the
 * drop-off booking's calendar (booking.ts).
 */
export function publicHolidays(year: number): Set<string> {
  return new Set(frenchHolidays(year).map((holiday) => holiday.day));
}

/** Whether the shop is open that day (Tuesday to Saturday, public holidays excepted). */
export function isOpeningDay(isoDate: string): boolean {
  if (!isRealDate(isoDate) || !OPEN_WEEKDAYS.has(new Date(`${isoDate}T00:00:00Z`).getUTCDay())) return false;
  return !publicHolidays(Number(isoDate.slice(0, 4))).has(isoDate);
}

/** A valid preferred drop-off day: an opening day, from tomorrow to DROP_OFF_MAX_DAYS_AHEAD days. */
export function isValidDropOffDate(isoDate: string, now: Date): boolean {
  if (!isOpeningDay(isoDate)) return false;
  const today = shopToday(now);
  return isoDate > today && isoDate <= addDays(today, DROP_OFF_MAX_DAYS_AHEAD);
}

/** The days offered in the drop-off list, in order. */
export function dropOffDates(now: Date): string[] {
  const today = shopToday(now);
  const dates: string[] = [];
  for (let offset = 1; offset <= DROP_OFF_MAX_DAYS_AHEAD; offset += 1) {
    const date = addDays(today, offset);
    if (isOpeningDay(date)) dates.push(date);
  }
  return dates;
}

const longDate = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** "mardi 24 novembre", "mardi 1er décembre". */
export function formatDropOffDate(isoDate: string): string {
  return isRealDate(isoDate) ? formatWrittenDate(longDate, new Date(`${isoDate}T00:00:00Z`)) : isoDate;
}
