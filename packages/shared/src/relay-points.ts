import { z } from './zod.js';
import { orderRelayPointSchema, relayChoiceMessages, relayPointChoiceSchema } from './schemas/shop.js';

export { orderRelayPointSchema, relayPointChoiceSchema };

/**
 * Colissimo relay points (spec 2 §3 "Relay point", §4, §5, §8, §9): the French texts, the search
 * rules, the display helpers (type label, distance, opening hours) and the wire shape of
 * GET /api/colissimo/relay-points, shared by the server and the checkout's picker.
 */

// ───────────────────────── texts (spec 2 §8) ─────────────────────────

export const relayMessages = {
  ...relayChoiceMessages,
  loadFailed: 'Impossible de charger les points relais Colissimo',
  empty: 'Aucun point relais trouvé pour ce code postal',
  found: (count: number) => `${count} point${count > 1 ? 's' : ''} relais trouvé${count > 1 ? 's' : ''}`,
  unavailableAtOrder: 'Impossible de vérifier le point relais Colissimo pour le moment. Veuillez réessayer dans quelques instants.',
  notConfigured: 'La livraison en point relais Colissimo n’est pas proposée sur ce site',
  rateLimited: 'Trop de recherches de points relais. Veuillez réessayer dans une minute.',
  searching: 'Recherche des points relais…',
} as const;

// ───────────────────────── rules (spec 2 §5, §9) ─────────────────────────

/** Results asked by the checkout (spec 2 §7, §9), and the bounds the server clamps to. */
export const RELAY_SEARCH_DEFAULT_RESULTS = 10;
export const RELAY_SEARCH_MAX_RESULTS = 20;

/**
 * Shipping ids that need a relay point. `lpc_relay` is the id the Colissimo WooCommerce plugin
 * gives the same method (spec 2 §4): read as an alias of ours, `colissimo_relais`.
 */
export const RELAY_SHIPPING_IDS = ['colissimo_relais', 'lpc_relay'] as const;

export function isRelayShippingId(id: string | null | undefined): boolean {
  return (RELAY_SHIPPING_IDS as readonly string[]).includes((id ?? '').trim());
}

/** A shipping id as our rules know it: `lpc_relay` → `colissimo_relais`, others unchanged. */
export function normaliseShippingMethodId(id: string): string {
  const trimmed = id.trim();
  return trimmed === 'lpc_relay' ? 'colissimo_relais' : trimmed;
}

/** Relay points are searched only for a French postal code of exactly 5 digits. */
export function isRelayPostcode(value: string | null | undefined): boolean {
  return /^\d{5}$/.test(value ?? '');
}

// ───────────────────────── the API's relay point (spec 2 §3) ─────────────────────────

export const RELAY_WEEKDAYS = [
  { key: 'horairesOuvertureLundi', label: 'Lundi' },
  { key: 'horairesOuvertureMardi', label: 'Mardi' },
  { key: 'horairesOuvertureMercredi', label: 'Mercredi' },
  { key: 'horairesOuvertureJeudi', label: 'Jeudi' },
  { key: 'horairesOuvertureVendredi', label: 'Vendredi' },
  { key: 'horairesOuvertureSamedi', label: 'Samedi' },
  { key: 'horairesOuvertureDimanche', label: 'Dimanche' },
] as const;

export type RelayWeekdayKey = (typeof RELAY_WEEKDAYS)[number]['key'];

/** One point as GET /api/colissimo/relay-points answers it: Colissimo's own field names. */
export const relayPointSchema = z.object({
  identifiant: z.string(),
  nom: z.string(),
  /** BPR post office, A2P relais Pickup, CDI distribution centre, other codes abroad. */
  typeDePoint: z.string(),
  distanceEnMetre: z.number(),
  adresse1: z.string(),
  adresse2: z.string(),
  codePostal: z.string(),
  localite: z.string(),
  horairesOuvertureLundi: z.string(),
  horairesOuvertureMardi: z.string(),
  horairesOuvertureMercredi: z.string(),
  horairesOuvertureJeudi: z.string(),
  horairesOuvertureVendredi: z.string(),
  horairesOuvertureSamedi: z.string(),
  horairesOuvertureDimanche: z.string(),
  accesPersonneMobiliteReduite: z.boolean(),
});
export type RelayPoint = z.infer<typeof relayPointSchema>;

export const relayPointsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(relayPointSchema),
});
export type RelayPointsResponse = z.infer<typeof relayPointsResponseSchema>;

export type RelayPointChoice = z.infer<typeof relayPointChoiceSchema>;

/**
 * What the order sends for a chosen point: its id and the postal code that was searched (the
 * server finds the point again in the same search, usually from its cache).
 */
export function relayChoiceOf(point: Pick<RelayPoint, 'identifiant'>, searchedPostcode: string): RelayPointChoice {
  return { id: point.identifiant, postcode: searchedPostcode };
}

export type OrderRelayPoint = z.infer<typeof orderRelayPointSchema>;

// ───────────────────────── display (spec 2 §4, §9) ─────────────────────────

const TYPE_LABELS: Record<string, string> = {
  BPR: 'Bureau de poste',
  A2P: 'Relais Pickup',
  CDI: 'Centre de distribution',
};

export function relayTypeLabel(type: string): string {
  return TYPE_LABELS[type.trim().toUpperCase()] ?? 'Point de retrait';
}

/** "850 m" below 1000 m, otherwise kilometres with one decimal: "1,2 km" (spec 2 §9). */
export function formatRelayDistance(metres: number): string {
  const rounded = Math.max(0, Math.round(Number.isFinite(metres) ? metres : 0));
  if (rounded < 1000) return `${rounded} m`;
  return `${(rounded / 1000).toFixed(1).replace('.', ',')} km`;
}

export type OpeningSlot = { from: string; to: string };

/**
 * One day's hours as Colissimo writes them, "09:00-12:00 14:00-18:00" (two slots, `00:00-00:00`
 * for a closed slot): the open slots. An empty list is a closed day.
 */
export function openingSlots(value: string): OpeningSlot[] {
  const slots: OpeningSlot[] = [];
  for (const match of value.matchAll(/(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})/g)) {
    const from = (match[1] ?? '').padStart(5, '0');
    const to = (match[2] ?? '').padStart(5, '0');
    if (from === to) continue;
    slots.push({ from, to });
  }
  return slots;
}

const frenchTime = (value: string) => value.replace(':', 'h');

/** "9h00 – 12h00, 14h00 – 18h00", or "Fermé". */
export function formatOpeningHours(value: string): string {
  const slots = openingSlots(value);
  if (slots.length === 0) return 'Fermé';
  return slots.map((slot) => `${frenchTime(slot.from).replace(/^0(\d)/, '$1')} – ${frenchTime(slot.to).replace(/^0(\d)/, '$1')}`).join(', ');
}

/** Monday to Sunday: the day's label and its hours as shown. */
export function weeklyOpeningHours(point: Pick<RelayPoint, RelayWeekdayKey>): { day: string; hours: string }[] {
  return RELAY_WEEKDAYS.map(({ key, label }) => ({ day: label, hours: formatOpeningHours(point[key]) }));
}

/** The API's point as the order keeps it. */
export function toOrderRelayPoint(point: RelayPoint): OrderRelayPoint {
  return {
    id: point.identifiant,
    name: point.nom,
    type: point.typeDePoint,
    address_1: point.adresse1,
    address_2: point.adresse2,
    postcode: point.codePostal,
    city: point.localite,
    country: 'FR',
  };
}

const oneLine = (value: string) =>
  // eslint-disable-next-line no-control-regex
  value.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();

/** "Point relais : NOM, ADRESSE, CP VILLE (id)" — the line appended to the order's note (spec 2 §4). */
export function relayNoteLine(point: Pick<OrderRelayPoint, 'id' | 'name' | 'address_1' | 'address_2' | 'postcode' | 'city'>): string {
  const parts = [point.name, point.address_1, point.address_2, `${point.postcode} ${point.city}`].map(oneLine).filter(Boolean);
  return `Point relais : ${parts.join(', ')} (${oneLine(point.id)})`;
}

const RELAY_LINE = /^Point relais :.*$/gm;

/**
 * The note with the relay line at its end, once: a line already there (the browser adds it, the
 * server writes its own from Colissimo's answer) is replaced, never repeated.
 */
export function withRelayNote(note: string, line: string | null): string {
  const cleaned = note.replace(RELAY_LINE, '').replace(/\n{3,}/g, '\n\n').trim();
  if (!line) return cleaned;
  return cleaned ? `${cleaned}\n${line}` : line;
}
