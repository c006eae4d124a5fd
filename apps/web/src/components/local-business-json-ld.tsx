import { exampleFields, isSettingUp } from '@erepare/shared/go-live';
import { landingPages } from '@erepare/shared/routes';
import type { OpeningSlot, StoreProfile } from '@erepare/shared/store-profile';
import { usePublicOrigin } from '../lib/public-url';
import { useStoreProfile } from '../lib/store-profile';
import { JsonLd } from './json-ld';

/** The shop's picture in search results (the app icon, 512 px) and its price range. */
const SHOP_PICTURE = '/icons/icon-512.png';
const PRICE_RANGE = '€€';

type DayOfWeek = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

export type OpeningHoursSpecification = {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: DayOfWeek[];
  opens: string;
  closes: string;
};

const weekDays: readonly { fr: string; en: DayOfWeek }[] = [
  { fr: 'lundi', en: 'Monday' },
  { fr: 'mardi', en: 'Tuesday' },
  { fr: 'mercredi', en: 'Wednesday' },
  { fr: 'jeudi', en: 'Thursday' },
  { fr: 'vendredi', en: 'Friday' },
  { fr: 'samedi', en: 'Saturday' },
  { fr: 'dimanche', en: 'Sunday' },
];

/** "Du mardi au samedi", "Samedi", "Lundi – Vendredi", "Dimanche et lundi" → days in week order. */
function parseDays(label: string): DayOfWeek[] {
  const text = label.toLowerCase();
  const found = weekDays
    .map((day, index) => ({ index, at: text.search(new RegExp(`\\b${day.fr}\\b`)) }))
    .filter((day) => day.at >= 0)
    .sort((a, b) => a.at - b.at);
  if (found.length === 0) return [];
  const isRange = found.length === 2 && (/\bdu\b.*\bau\b/.test(text) || /[–-]/.test(text));
  if (!isRange) return found.map((day) => weekDays[day.index]!.en);
  const [from, to] = [found[0]!.index, found[1]!.index];
  const days: DayOfWeek[] = [];
  for (let index = from; ; index = (index + 1) % 7) {
    days.push(weekDays[index]!.en);
    if (index === to) break;
  }
  return days;
}

const pad = (value: string) => value.padStart(2, '0');

/** "9h30 – 13h30 et 14h30 – 18h00" → [["09:30", "13:30"], ["14:30", "18:00"]]; "Fermé" → []. */
function parseHours(label: string): [string, string][] {
  const times = [...label.matchAll(/(\d{1,2})\s*h\s*(\d{2})?/gi)].map((match) => `${pad(match[1]!)}:${match[2] ?? '00'}`);
  const ranges: [string, string][] = [];
  for (let index = 0; index + 1 < times.length; index += 2) ranges.push([times[index]!, times[index + 1]!]);
  return ranges;
}

/**
 * The shop's opening hours as schema.org reads them, derived from the same display strings as the
 * footer and the contact page, so the structured data can never disagree with what visitors read.
 * A slot that cannot be read (closed days, "Sur rendez-vous") is left out.
 */
export function openingHoursSpecification(slots: readonly OpeningSlot[]): OpeningHoursSpecification[] {
  return slots.flatMap((slot) => {
    const days = parseDays(slot.days);
    if (days.length === 0) return [];
    return parseHours(slot.hours).map(([opens, closes]) => ({
      '@type': 'OpeningHoursSpecification' as const,
      dayOfWeek: days,
      opens,
      closes,
    }));
  });
}

export type LocalBusinessOptions = {
  description?: string;
  /** Path of the page (e.g. `/label-qualirepar`); default: the home page. */
  path?: string;
  /** Public origin of the site (PUBLIC_URL, e.g. `https://www.example.fr`): every URL is absolute. */
  origin: string;
};

/** The towns the shop serves, as its local pages name them (the shop's own town first). */
export function townsServed(profile: StoreProfile): string[] {
  return [...new Set([profile.address.city, ...landingPages.map((page) => page.town)])];
}

/** The shop's identifier in the structured data of every page: other items (a service, a product's seller) point to it. */
export const businessId = (origin: string) => `${origin}/#atelier`;

/**
 * schema.org LocalBusiness of the shop, built from the store profile (never hard-coded): name,
 * address, geo, phone, e-mail, opening hours, social profiles, picture and the towns served (those
 * of the local pages). Pages may add their description and address. A real site whose profile still
 * holds example values leaves those out (issue 23 §2): a search engine must not learn a fake phone
 * number, e-mail, street or social profile.
 */
export function buildLocalBusiness(profile: StoreProfile, { origin, description, path = '/' }: LocalBusinessOptions): Record<string, unknown> {
  const hours = openingHoursSpecification(profile.openingHours);
  const picture = new URL(SHOP_PICTURE, origin).href;
  const examples = isSettingUp(profile, origin) ? exampleFields(profile) : new Set<string>();
  const sameAs = examples.has('social') ? [] : Object.values(profile.social).filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'ElectronicsStore',
    '@id': businessId(origin),
    name: profile.name,
    ...(description ? { description } : {}),
    url: new URL(path, origin).href,
    image: picture,
    logo: picture,
    priceRange: PRICE_RANGE,
    ...(examples.has('phone') ? {} : { telephone: profile.phone.e164 }),
    ...(examples.has('email') ? {} : { email: profile.email }),
    address: {
      '@type': 'PostalAddress',
      ...(examples.has('address') ? {} : { streetAddress: profile.address.street }),
      postalCode: profile.address.postalCode,
      addressLocality: profile.address.city,
      addressCountry: profile.address.country === 'France' ? 'FR' : profile.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: profile.geo.latitude, longitude: profile.geo.longitude },
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
    areaServed: townsServed(profile).map((name) => ({ '@type': 'City', name })),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/**
 * A service page: the `Service` the shop provides (its provider is the shop, under the shop's own
 * name), in the towns the shop serves.
 */
export function buildService(profile: StoreProfile, { origin, name, description, path }: { origin: string; name: string; description?: string; path: string }): Record<string, unknown> {
  // Inside the service, the shop needs no context of its own.
  const { '@context': _context, ...provider } = buildLocalBusiness(profile, { origin });
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name,
    serviceType: name,
    ...(description ? { description } : {}),
    url: new URL(path, origin).href,
    provider,
    areaServed: provider.areaServed,
  };
}

/** The shop's LocalBusiness structured data, in the page (rendered on the server with it). */
export function LocalBusinessJsonLd(props: Omit<LocalBusinessOptions, 'origin'>) {
  const profile = useStoreProfile();
  const origin = usePublicOrigin();
  return <JsonLd data={buildLocalBusiness(profile, { ...props, origin })} />;
}
