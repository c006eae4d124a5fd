import type { OpeningSlot, StoreProfile } from '@erepare/shared/store-profile';
import { useStoreProfile } from '../lib/store-profile';
import { JsonLd } from './json-ld';

/** Service radius around the shop announced to search engines (spec 3 §2, label pages): 25 km. */
export const SERVICE_RADIUS_METRES = 25000;

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
  /** schema.org type: the shop is an electronics repair shop (default `ElectronicsStore`). */
  type?: 'ElectronicsStore' | 'LocalBusiness';
  /** Name shown in the result (default: the shop's name). */
  name?: string;
  description?: string;
  /** Path of the page (e.g. `/label-qualirepar`) or an absolute URL; default: the home page. */
  path?: string;
  /** Public origin of the site (e.g. `https://www.example.fr`); default `VITE_SITE_URL` when set. */
  origin?: string;
  /** Radius of the area served, in metres (default 25 000). */
  radiusMetres?: number;
  /** Any other schema.org properties of the page (e.g. `makesOffer`), merged last. */
  extra?: Record<string, unknown>;
};

function defaultOrigin(): string {
  const value: unknown = import.meta.env.VITE_SITE_URL;
  return typeof value === 'string' ? value : '';
}

function absoluteUrl(path: string, origin: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return origin ? new URL(path, origin).href : path;
}

/**
 * schema.org LocalBusiness of the shop, built from the store profile (never hard-coded): name,
 * address, geo, phone, e-mail, opening hours, social profiles and the area served (a circle of
 * 25 km around the shop). Pages pass their own name, description and path.
 */
export function buildLocalBusiness(profile: StoreProfile, options: LocalBusinessOptions = {}): Record<string, unknown> {
  const origin = options.origin ?? defaultOrigin();
  const geo = { '@type': 'GeoCoordinates', latitude: profile.geo.latitude, longitude: profile.geo.longitude };
  const hours = openingHoursSpecification(profile.openingHours);
  return {
    '@context': 'https://schema.org',
    '@type': options.type ?? 'ElectronicsStore',
    name: options.name ?? profile.name,
    ...(options.description ? { description: options.description } : {}),
    url: absoluteUrl(options.path ?? '/', origin),
    telephone: profile.phone.e164,
    email: profile.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: profile.address.street,
      postalCode: profile.address.postalCode,
      addressLocality: profile.address.city,
      addressCountry: profile.address.country === 'France' ? 'FR' : profile.address.country,
    },
    geo,
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
    areaServed: {
      '@type': 'GeoCircle',
      geoMidpoint: geo,
      geoRadius: options.radiusMetres ?? SERVICE_RADIUS_METRES,
    },
    sameAs: Object.values(profile.social).filter(Boolean),
    ...options.extra,
  };
}

/** The shop's LocalBusiness structured data, in the page (rendered on the server with it). */
export function LocalBusinessJsonLd(props: LocalBusinessOptions) {
  const profile = useStoreProfile();
  return <JsonLd data={buildLocalBusiness(profile, props)} />;
}
