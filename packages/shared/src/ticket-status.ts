/**
 * Repair statuses (spec 1 §4, spec 3 §3-§4). Statuses are free text from the repair system:
 * English when they come from RepairDesk, French when they come from our own tables or the
 * proxy's default list. Every screen (dashboard, account, notifications) and the server read
 * them through these functions, so a status gets the same label, colour and message everywhere.
 */

import { normaliseTicketNumber } from './ticket-number.js';

export type StatusType = 'Open' | 'Closed';

/** Spec 3 §3: name, color, type. The id is the repair system's when it has one. */
export type StatusDefinition = { id?: number; name: string; color: string; type: StatusType };

/** Spec 1 §4 badge colours, plus grey for everything else. */
export type BadgeColour = 'green' | 'blue' | 'cyan' | 'indigo' | 'orange' | 'red' | 'grey';

/** Spec 3 §4 display style groups of the public dashboard. */
export type DashboardStyleGroup = 'done' | 'failed' | 'diagnostic' | 'in-progress' | 'waiting-parts' | 'other';

/** Spec 1 §4 colours of the account's repairs list. */
export type AccountListColour = 'green' | 'yellow' | 'grey';

/**
 * The comparison form of a status: the spec compares in lower case; we also trim, collapse
 * blanks and underscores ("Ready_for_pickup", "In  Progress" are seen in exports), unify
 * apostrophes (French keyboards and Word produce ’) and compose accents, so that "Réparé" typed
 * on a Mac matches.
 */
export function statusKey(status: string | null | undefined): string {
  return (status ?? '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[\s_]+/g, ' ')
    .trim();
}

/** Spec 1 §4 and spec 3 §4: what an empty status is shown as. */
export const emptyStatusLabel = 'En attente';

/**
 * Every English status named by spec 1 §4 and spec 3 §4, with a few spellings of the same words
 * (US "canceled", "and" for "&"). Where the spec gives the French text, it is used verbatim.
 */
const frenchLabels: ReadonlyMap<string, string> = new Map([
  ['waiting for inspection', "En attente d'inspection"],
  ['waiting for parts', 'En attente de pièces'],
  ['waiting for customer', 'En attente du client'],
  ['in progress', 'En cours de réparation'],
  ['repaired', 'Réparé'],
  ['completed', 'Terminé'],
  ['finished', 'Terminé'],
  ['ready for pickup', 'Prêt à récupérer'],
  ['collected', 'Récupéré'],
  ['repaired & collected', 'Réparé et récupéré'],
  ['repaired and collected', 'Réparé et récupéré'],
  ['not repairable', 'Non réparable'],
  ['unrepairable', 'Non réparable'],
  ['cancelled', 'Annulé'],
  ['canceled', 'Annulé'],
  ['on hold', 'En pause'],
  ['diagnostic', 'Diagnostic'],
  ['diagnosis', 'Diagnostic'],
  ['pending', 'En attente de validation'],
  ['assigned', 'Assigné'],
  ['received', 'Reçu'],
  ['new', 'Nouveau'],
  ['open', 'Ouvert'],
  ['quote', 'Devis'],
  ['estimate', 'Devis'],
  ['approved', 'Approuvé'],
  ['delivered', 'Livré'],
  ['shipped', 'Expédié'],
  ['paid', 'Payé'],
  ['invoice', 'Facturé'],
  ['closed', 'Clôturé'],
]);

/**
 * The French label of a status. Statuses that are not in the table (French ones such as
 * "En cours", or a shop's own statuses) are shown as they are, casing included, as the spec asks.
 */
export function statusLabel(status: string | null | undefined): string {
  const key = statusKey(status);
  if (status === null || status === undefined || key === '') return emptyStatusLabel;
  return frenchLabels.get(key) ?? status;
}

/**
 * French names a shop may have given its own statuses that mean one of the repair system's: staff
 * see one name for one state (the dashboard's chart does not list « En cours » beside « In
 * Progress »), and may type either.
 */
const frenchSynonyms: ReadonlyMap<string, string> = new Map([
  ['en cours', 'En cours de réparation'],
  ['en réparation', 'En cours de réparation'],
  ['prêt pour récupération', 'Prêt à récupérer'],
  ['prêt', 'Prêt à récupérer'],
  ['réparation terminée', 'Réparé'],
  ['réparation impossible', 'Non réparable'],
  ['irréparable', 'Non réparable'],
  ['livrée', 'Livré'],
  ['annulée', 'Annulé'],
]);

/**
 * The name staff see for a status (the admin: lists, filters, detail, chart): the French label,
 * with a shop's French synonyms folded into one name. Customers keep statusLabel (spec 1 §4 shows
 * French statuses as they are).
 */
export function staffStatusLabel(status: string | null | undefined): string {
  const label = statusLabel(status);
  return frenchSynonyms.get(statusKey(label)) ?? label;
}

/** What two statuses are compared on to be « the same » for staff: "In Progress", "en cours", "En cours de réparation" are one. */
export function staffStatusKey(status: string | null | undefined): string {
  return statusKey(staffStatusLabel(status));
}

/**
 * The stored status a name typed by staff stands for: the exact name, else the one with the same
 * comparison form, else the one staff see under the same French name ("En cours de réparation" →
 * "In Progress"). Null when none matches, or when the French name is ambiguous.
 */
export function resolveStatusName(names: readonly string[], wanted: string): string | null {
  const trimmed = wanted.trim();
  if (names.includes(trimmed)) return trimmed;
  // From the closest reading to the loosest: the same name, the French label of an English status,
  // then the name staff see (a shop's "En cours" and "In Progress" are both « En cours de réparation »).
  const readings = [statusKey, (name: string) => statusKey(statusLabel(name)), staffStatusKey];
  for (const read of readings) {
    const found = names.filter((name) => read(name) === read(trimmed) || read(name) === statusKey(trimmed));
    if (found.length === 1) return found[0] ?? null;
    if (found.length > 1) return null;
  }
  return null;
}

/**
 * The keys a status is matched on: the status itself and its French label, so that an English
 * status and its French translation always get the same colour and group ("finished" is green
 * because it is shown as "Terminé"). An empty status is matched as its label, "En attente".
 */
function matchKeys(status: string | null | undefined): string[] {
  const raw = statusKey(status);
  const label = statusKey(statusLabel(status));
  return raw === label || raw === '' ? [label] : [raw, label];
}

type Rule<T> = readonly [T, readonly string[]];

/** First rule with a keyword contained in one of the keys; the order of the rules is the priority. */
function firstMatch<T>(status: string | null | undefined, rules: readonly Rule<T>[], fallback: T): T {
  const keys = matchKeys(status);
  for (const [result, keywords] of rules) {
    if (keywords.some((keyword) => keys.some((key) => key.includes(keyword)))) return result;
  }
  return fallback;
}

/** Failure words, checked first everywhere: "not repairable" contains "repair". */
const failedKeywords = [
  'not repairable',
  'unrepairable',
  'non réparable',
  'irréparable',
  'réparation impossible',
  'cancel',
  'annul',
];

/**
 * Spec 1 §4 badge colours. Order matters: "awaiting repair" contains "waiting", so indigo comes
 * before orange; waiting comes before diagnostic so that "waiting for diagnostic" reads as
 * waiting; diagnostic comes before in progress so that "En cours de diagnostic" is cyan.
 * Not repairable is red with cancelled (the spec's badge list forgets it; spec 3 §4 groups them).
 */
const badgeRules: readonly Rule<BadgeColour>[] = [
  ['red', failedKeywords],
  ['green', ['delivered', 'repaired', 'completed', 'livré', 'réparé', 'terminé']],
  ['indigo', ['awaiting repair', 'waiting for repair', 'attente de réparation']],
  ['orange', ['waiting', 'pending', 'attente']],
  ['cyan', ['diagnos']],
  ['blue', ['progress', 'en cours']],
];

export function statusBadgeColour(status: string | null | undefined): BadgeColour {
  return firstMatch(status, badgeRules, 'grey');
}

/**
 * Spec 3 §4 table. Order matters: failures before everything ("not repairable" would otherwise
 * be in progress through "repair"); done before in progress ("repaired" contains "repair",
 * "Réparation terminée" contains "réparation"); waiting for parts and diagnostic before in progress
 * ("En cours de diagnostic" contains "en cours"); "waiting for inspection" is diagnostic.
 */
const dashboardRules: readonly Rule<DashboardStyleGroup>[] = [
  ['failed', failedKeywords],
  ['done', ['repaired', 'completed', 'ready', 'collected', 'finished', 'réparé', 'terminé', 'prêt', 'récupéré']],
  ['waiting-parts', ['waiting for parts', 'awaiting parts', 'attente de pièces', 'attente des pièces']],
  ['diagnostic', ['diagnos', 'inspection']],
  ['in-progress', ['progress', 'repair', 'en cours', 'réparation']],
];

export function dashboardStyleGroup(status: string | null | undefined): DashboardStyleGroup {
  return firstMatch(status, dashboardRules, 'other');
}

/**
 * Spec 1 §4, the account's repairs list. The words are the spec's; they are looked for in the
 * French label too, so "waiting for parts", shown as "En attente de pièces", is yellow.
 */
const accountListRules: readonly Rule<AccountListColour>[] = [
  ['green', ['réparé', 'repaired']],
  ['yellow', ['attente', 'progress']],
];

export function accountListColour(status: string | null | undefined): AccountListColour {
  return firstMatch(status, accountListRules, 'grey');
}

/**
 * Spec 1 §4 (actionRequired): a status containing "attente" asks something of the customer.
 * The label is looked at too, so "pending" ("En attente de validation") counts; an empty status
 * is not a request, even though it is shown as "En attente".
 */
export function statusRequiresAction(status: string | null | undefined): boolean {
  if (statusKey(status) === '') return false;
  return matchKeys(status).some((key) => key.includes('attente'));
}

/**
 * Sentences of spec 1 §4's eight statuses, starting in lower case because they follow
 * "Ticket T-6632 : " when the ticket number is known.
 */
const updateSentences = {
  diagnostic: 'votre appareil est en cours de diagnostic par notre technicien.',
  repairing: 'notre technicien est en train de réparer votre appareil.',
  repaired: 'bonne nouvelle, la réparation de votre appareil est terminée.',
  ready: 'votre appareil est prêt. Vous pouvez venir le récupérer en boutique.',
  parts: 'nous attendons les pièces nécessaires à la réparation de votre appareil. Nous reprendrons dès leur arrivée.',
  quote: 'un devis est prêt pour votre réparation. Merci de nous donner votre accord pour que nous puissions continuer.',
  impossible: 'malheureusement, votre appareil ne peut pas être réparé. Contactez-nous pour en parler ou pour venir le récupérer.',
  delivered: 'votre appareil vous a été remis. Merci de votre confiance.',
} as const;

/**
 * The spec's eight statuses, then the other spellings that mean the same thing: the French labels
 * of English statuses (looked up through statusLabel) and the proxy's default list.
 */
const sentenceByStatus: ReadonlyMap<string, string> = new Map([
  ['en cours de diagnostic', updateSentences.diagnostic],
  ['en cours de réparation', updateSentences.repairing],
  ['réparation terminée', updateSentences.repaired],
  ['prêt pour récupération', updateSentences.ready],
  ['en attente de pièces', updateSentences.parts],
  ['devis en attente', updateSentences.quote],
  ['réparation impossible', updateSentences.impossible],
  ['livré', updateSentences.delivered],
  ['diagnostic', updateSentences.diagnostic],
  ['en cours', updateSentences.repairing],
  ['réparé', updateSentences.repaired],
  ['terminé', updateSentences.repaired],
  ['prêt à récupérer', updateSentences.ready],
  ['devis', updateSentences.quote],
  ['non réparable', updateSentences.impossible],
  ['livrée', updateSentences.delivered],
]);

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "T-6632" when the value is a ticket number, the value as given (an id, say) otherwise, null when empty. */
function displayTicketNumber(ticketNumber: string | number | null | undefined): string | null {
  const text = String(ticketNumber ?? '').trim();
  if (text === '') return null;
  return normaliseTicketNumber(text) ?? text;
}

/**
 * The notification text for a status change (spec 1 §4): one of the eight fixed sentences, or a
 * generic one that names the new status in French.
 */
export function statusUpdateMessage(
  status: string | null | undefined,
  ticketNumber: string | number | null | undefined,
): string {
  const sentence =
    matchKeys(status)
      .map((key) => sentenceByStatus.get(key))
      .find((found) => found !== undefined) ??
    `le statut de votre réparation est désormais «\u00a0${statusLabel(status)}\u00a0».`;
  const number = displayTicketNumber(ticketNumber);
  return number === null ? capitalise(sentence) : `Ticket ${number}\u00a0: ${sentence}`;
}

export type StatusUpdateNotification = { title: string; message: string; actionRequired: boolean };

/** Everything the tracking service stores and sends for a status change, built in one place. */
export function statusUpdateNotification(
  status: string | null | undefined,
  ticketNumber: string | number | null | undefined,
): StatusUpdateNotification {
  const number = displayTicketNumber(ticketNumber);
  return {
    title: number === null ? 'Mise à jour de votre réparation' : `Mise à jour du ticket ${number}`,
    message: statusUpdateMessage(status, ticketNumber),
    actionRequired: statusRequiresAction(status),
  };
}

/**
 * Spec 3 §4 default list, used when the repair system gives none (the dashboard falls back to it
 * silently). No ids: the database gives them, and the proxy's list below already uses 1 to 4.
 * Colours follow the dashboard style groups.
 */
export const defaultStatuses: readonly Readonly<StatusDefinition>[] = [
  { name: 'Waiting for inspection', color: '#3b82f6', type: 'Open' },
  { name: 'In Progress', color: '#f97316', type: 'Open' },
  { name: 'Waiting for parts', color: '#06b6d4', type: 'Open' },
  { name: 'Waiting for customer', color: '#f59e0b', type: 'Open' },
  { name: 'Repaired', color: '#22c55e', type: 'Closed' },
  { name: 'Ready for pickup', color: '#16a34a', type: 'Closed' },
  { name: 'Collected', color: '#15803d', type: 'Closed' },
  { name: 'Not repairable', color: '#ef4444', type: 'Closed' },
  { name: 'Cancelled', color: '#dc2626', type: 'Closed' },
];

/** Spec 1 §4: the proxy's default list when the repair system answers no statuses. */
export const proxyDefaultStatuses: readonly Readonly<StatusDefinition>[] = [
  { id: 1, name: 'En attente', color: '#f59e0b', type: 'Open' },
  { id: 2, name: 'En cours', color: '#3b82f6', type: 'Open' },
  { id: 3, name: 'Terminé', color: '#22c55e', type: 'Closed' },
  { id: 4, name: 'Livré', color: '#10b981', type: 'Closed' },
];

/** Spec 3 §3, in the order the dashboard's category filter lists them. */
export const deviceCategories = [
  'Téléphone',
  'Tablette',
  'Ordinateur',
  'Console',
  'Montre',
  'Chromebook',
  'Autre appareil',
] as const;

export type DeviceCategory = (typeof deviceCategories)[number];

export function isDeviceCategory(value: unknown): value is DeviceCategory {
  return typeof value === 'string' && (deviceCategories as readonly string[]).includes(value);
}
