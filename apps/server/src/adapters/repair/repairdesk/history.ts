/**
 * RepairDesk's ticket history (`hostory`, sic) is free text written by the shop's software and
 * staff: status changes, but also "SMS sent to +33 6…", notes, names. The history is shown to
 * anyone who knows a ticket number, so only entries that are clearly status changes are kept,
 * reduced to their two statuses; everything else is dropped. A sentence shaped like a status
 * change can still carry free text where a status should be ("Status changed from In Progress to
 * Appelé Mme Dupont"): the adapter keeps only the changes whose statuses are known ones (see
 * knownStatuses and `onlyKnown` below).
 *
 * Recognised (English and French, any case, statuses quoted or not, an optional "by <name>" /
 * "par <nom>" tail which is discarded):
 *   Status changed from "X" to "Y"          Changed status from X to Y
 *   Ticket status updated from X to Y       Statut modifié de « X » à « Y »
 *   Le statut est passé de X à Y            Ticket created with status "X"
 *   Status set to X                         Ticket créé avec le statut X / Statut défini sur X
 */
import { statusKey, statusLabel } from '@erepare/shared/tickets';
import type { TicketEventRecord } from '../types.js';

const QUOTES = `"'“”«»‘’„`;
const quoteClass = `[${QUOTES}]`;

/** A status as it appears in a sentence: quoted (anything but quotes) or bare (lazy). */
const STATUS = `(?:${quoteClass}\\s*([^${QUOTES}]+?)\\s*${quoteClass}|(.+?))`;

/** What may follow the last status: the employee ("by Marie", "par Marie") or a date ("on 12/03"). */
const END = String.raw`(?:\s+(?:by|par)\s+\S.*|\s+(?:on|le)\s+\d.*)?$`;

type Pattern = { regex: RegExp; change: boolean };

const changePatterns: Pattern[] = [
  // English: "Status changed from X to Y", "Ticket status was updated from X to Y", "Device status moved from X to Y".
  String.raw`^(?:the\s+)?(?:ticket\s+|device\s+|repair\s+)?status\s+(?:was\s+|has\s+been\s+)?(?:changed|updated|modified|moved|switched)\s+from\s+${STATUS}\s+to\s+${STATUS}${END}`,
  // "Changed status from X to Y", "Updated ticket status from X to Y".
  String.raw`^(?:changed|updated|modified)\s+(?:the\s+)?(?:ticket\s+|device\s+)?status\s+from\s+${STATUS}\s+to\s+${STATUS}${END}`,
  // "Status: X -> Y", "Status: X → Y".
  String.raw`^status\s*:\s*${STATUS}\s*(?:->|→|=>)\s*${STATUS}${END}`,
  // French: "Statut modifié de X à Y", "Le statut est passé de X à Y", "Statut du ticket changé de X en Y".
  String.raw`^(?:le\s+)?statut\s+(?:du\s+ticket\s+|de\s+l['’]appareil\s+)?(?:a\s+été\s+|est\s+|a\s+)?(?:changé|modifié|passé|mis\s+à\s+jour)\s+(?:de|du)\s+${STATUS}\s+(?:à|a|en|vers)\s+${STATUS}${END}`,
  // "Changement de statut : X → Y", "Changement de statut de X à Y".
  String.raw`^changement\s+de\s+statut\s*(?::|de)\s*${STATUS}\s*(?:->|→|=>|à|en|vers)\s*${STATUS}${END}`,
].map((source) => ({ regex: new RegExp(source, 'iu'), change: true }));

const initialPatterns: Pattern[] = [
  String.raw`^(?:ticket\s+|repair\s+)?(?:created|opened|added|checked\s+in)\s+with\s+(?:the\s+)?status\s*:?\s*${STATUS}${END}`,
  String.raw`^(?:initial\s+)?status\s+(?:set|changed)\s+to\s+${STATUS}${END}`,
  String.raw`^ticket\s+(?:créé|ouvert|enregistré)\s+avec\s+le\s+statut\s*:?\s*${STATUS}${END}`,
  String.raw`^statut\s+(?:initial\s+)?(?:défini|initialisé|fixé|positionné)\s+(?:à|sur|en)\s+${STATUS}${END}`,
].map((source) => ({ regex: new RegExp(source, 'iu'), change: false }));

/** Staff names and dates that follow a status change are not statuses. */
const TAIL = /\s+(?:by|par)\s+\S.*$|\s+(?:on|le)\s+\d.*$/iu;

function normaliseSentence(description: string): string {
  return description
    .replace(/[\u00a0\u202f\s]+/g, ' ')
    .trim()
    .replace(/[.!]+$/, '')
    .trim();
}

/**
 * A status name worth showing: short, and nothing that looks like personal data (an e-mail
 * address, a phone or card number, a link).
 */
function plausibleStatus(status: string): boolean {
  if (status.length === 0 || status.length > 60) return false;
  if (status.split(' ').length > 8) return false;
  if (/@|:\/\/|www\.|\d{4,}|\+\d/.test(status)) return false;
  return true;
}

function cleanStatus(raw: string, quoted: boolean): string {
  const status = raw.trim();
  return quoted ? status : status.replace(new RegExp(`^${quoteClass}+|${quoteClass}+$`, 'gu'), '').trim();
}

/** The groups of a match: [quoted, bare] per status. */
function statusAt(match: RegExpExecArray, index: number): string | null {
  const quoted = match[1 + index * 2];
  const bare = match[2 + index * 2];
  if (quoted !== undefined) return cleanStatus(quoted, true);
  if (bare !== undefined) return cleanStatus(bare, false);
  return null;
}

/**
 * "de X à Y" is ambiguous when a status contains " à " ("Prêt à récupérer"): when both statuses
 * are bare, every split is tried and one where both sides are known statuses wins.
 */
function splitKnown(sentence: string, pattern: Pattern, known: ReadonlySet<string>): [string, string] | null {
  if (!pattern.change || known.size === 0) return null;
  const separators = [' to ', ' à ', ' a ', ' en ', ' vers ', ' -> ', ' → '];
  const lower = sentence.toLowerCase();
  for (const fromWord of [' from ', ' de ', ' du ', ': ']) {
    let start = lower.indexOf(fromWord);
    while (start >= 0) {
      const rest = sentence.slice(start + fromWord.length);
      const restLower = rest.toLowerCase();
      for (const separator of separators) {
        let at = restLower.indexOf(separator);
        while (at >= 0) {
          const from = rest.slice(0, at).trim();
          const to = rest.slice(at + separator.length).trim();
          const toClean = known.has(statusKey(to)) ? to : to.replace(TAIL, '').trim();
          if (known.has(statusKey(from)) && known.has(statusKey(toClean))) return [from, toClean];
          at = restLower.indexOf(separator, at + 1);
        }
      }
      start = lower.indexOf(fromWord, start + 1);
    }
  }
  return null;
}

/**
 * The status change described by one history entry, or null when the entry is anything else.
 * `knownStatuses` (names of the store's statuses) only help to split ambiguous sentences.
 */
export function parseStatusChange(
  description: string,
  knownStatuses: Iterable<string> = [],
): { fromStatus: string | null; toStatus: string } | null {
  const sentence = normaliseSentence(description);
  if (sentence === '' || sentence.length > 300) return null;
  const known = new Set([...knownStatuses].map((status) => statusKey(status)).filter(Boolean));
  for (const pattern of [...changePatterns, ...initialPatterns]) {
    const match = pattern.regex.exec(sentence);
    if (!match) continue;
    if (pattern.change) {
      const bothBare = match[1] === undefined && match[3] === undefined;
      const split = bothBare ? splitKnown(sentence, pattern, known) : null;
      const fromStatus = split ? split[0] : statusAt(match, 0);
      const toStatus = split ? split[1] : statusAt(match, 1);
      if (fromStatus === null || toStatus === null) return null;
      if (!plausibleStatus(fromStatus) || !plausibleStatus(toStatus)) return null;
      return { fromStatus, toStatus };
    }
    const toStatus = statusAt(match, 0);
    if (toStatus === null || !plausibleStatus(toStatus)) return null;
    return { fromStatus: null, toStatus };
  }
  return null;
}

export type RawHistoryEntry = { description: string; createdAt: Date | null };

/**
 * Whether the shared status table has a French label for this status (an English status of spec
 * 1 §4 / spec 3 §4 such as "In Progress" or "Diagnostic"). statusLabel looks the lower-cased form
 * up and gives the status back unchanged when it is not in the table; the upper-case probe
 * catches the statuses whose label is spelled like them ("Diagnostic" → "Diagnostic").
 */
function hasSharedLabel(status: string): boolean {
  if (statusKey(status) === '') return false;
  const upper = status.toUpperCase();
  return statusLabel(status) !== status || statusLabel(upper) !== upper;
}

/**
 * A test for "is this one of the statuses we know": the given names (the store's statuses, the
 * ticket's device statuses, the shared defaults) and their French labels, compared
 * case-insensitively (statusKey), plus every status of the shared English→French table.
 */
export function knownStatuses(names: Iterable<string>): (status: string) => boolean {
  const keys = new Set<string>();
  for (const name of names) {
    const key = statusKey(name);
    if (key === '') continue;
    keys.add(key);
    keys.add(statusKey(statusLabel(name)));
  }
  return (status) => keys.has(statusKey(status)) || hasSharedLabel(status);
}

/**
 * Status changes only, oldest first; entries without a readable date are dropped. With
 * `onlyKnown`, so are the changes from or to a status that `knownStatusNames` (see
 * knownStatuses) does not contain.
 */
export function toStatusEvents(
  entries: readonly RawHistoryEntry[],
  knownStatusNames: Iterable<string>,
  options: { onlyKnown?: boolean } = {},
): TicketEventRecord[] {
  const known = [...knownStatusNames];
  const isKnown = options.onlyKnown ? knownStatuses(known) : () => true;
  const events: { event: TicketEventRecord; order: number }[] = [];
  entries.forEach((entry, order) => {
    if (!entry.createdAt) return;
    const change = parseStatusChange(entry.description, known);
    if (!change || !isKnown(change.toStatus) || (change.fromStatus !== null && !isKnown(change.fromStatus))) return;
    events.push({ event: { ...change, createdAt: entry.createdAt }, order });
  });
  return events
    .sort((a, b) => a.event.createdAt.getTime() - b.event.createdAt.getTime() || a.order - b.order)
    .map(({ event }) => event);
}
