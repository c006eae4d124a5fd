/**
 * Ticket numbers as customers type them (spec 1 §5): "6632", "t6632", " T-6632 " all mean the
 * same ticket. The tracking page, the account and the server all normalise with this one function,
 * so that a ticket typed two ways is never tracked twice nor looked up under two names.
 */

/** The final pattern of spec 1 §5 and §9: T, an optional hyphen, 4 to 6 digits. */
export const ticketNumberPattern = /^T-?\d{4,6}$/;

/**
 * What a customer may type, once trimmed and upper-cased: the digits alone, or with a leading T
 * and an optional hyphen. A hyphen without a T ("-6632") is not accepted: nobody writes that, and
 * the spec's message only offers "T-6632 ou 6632".
 */
const ticketInputPattern = /^(?:T-?)?(\d{4,6})$/;

/** The exact texts of spec 1 §5. */
export const ticketInputMessages = {
  empty: 'Veuillez entrer un numéro de ticket',
  format: 'Format de ticket invalide. Utilisez T-6632 ou 6632',
  duplicate: 'Ce ticket est déjà suivi',
} as const;

export type TicketInputError = keyof typeof ticketInputMessages;

export type TicketInputResult =
  | { ok: true; number: string }
  | { ok: false; reason: TicketInputError; message: string };

/**
 * "T-6632" for any accepted spelling, null otherwise. A number is accepted because the repair
 * system sometimes hands ticket numbers over as numbers.
 */
export function normaliseTicketNumber(input: string | number | null | undefined): string | null {
  if (input === null || input === undefined) return null;
  const cleaned = String(input).trim().toUpperCase();
  const match = ticketInputPattern.exec(cleaned);
  if (!match?.[1]) return null;
  const normalised = `T-${match[1]}`;
  // Belt and braces: whatever the input rule becomes, the output always obeys the spec's pattern.
  return ticketNumberPattern.test(normalised) ? normalised : null;
}

/**
 * Checks what a customer typed in the "track a ticket" field. `alreadyTracked` may hold numbers
 * in any spelling (older stored lists kept what was typed), so they are normalised before the
 * comparison; an entry that is not a ticket number is compared as typed, trimmed and upper-cased.
 */
export function validateTicketInput(
  input: string | null | undefined,
  alreadyTracked: readonly string[],
): TicketInputResult {
  const trimmed = (input ?? '').trim();
  if (trimmed === '') return { ok: false, reason: 'empty', message: ticketInputMessages.empty };

  const number = normaliseTicketNumber(trimmed);
  if (number === null) return { ok: false, reason: 'format', message: ticketInputMessages.format };

  const tracked = alreadyTracked.some(
    (entry) => (normaliseTicketNumber(entry) ?? entry.trim().toUpperCase()) === number,
  );
  if (tracked) return { ok: false, reason: 'duplicate', message: ticketInputMessages.duplicate };

  return { ok: true, number };
}
