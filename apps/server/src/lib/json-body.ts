import { messages } from '@erepare/shared/messages';
import secureJson from 'secure-json-parse';
import { AppError } from '../errors.js';

/**
 * The API's one JSON body parser (registered in app.ts for every route). Parsing and what follows
 * (zod, our own walks over the value) recurse once per level of nesting: a body of a few hundred
 * kilobytes made of "[[[[…" used to reach the stack limit in a recursive check and answer 500.
 * The depth is counted on the raw text first, in one linear pass that allocates nothing, so such a
 * body is refused before anything recursive sees it.
 */

/** Deepest nesting a body may have; our deepest schema (an invoice's lines) needs 3. */
export const MAX_JSON_DEPTH = 32;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** The deepest nesting of objects and arrays in a JSON text (brackets inside strings do not count); stops counting past `limit`. */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return deepest;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A parsed JSON value with every lone surrogate replaced by U+FFFD. JSON may carry "\ud800", which
 * no UTF-8 text holds: PostgreSQL's jsonb refuses it (a 500, e.g. in the audit log). The recursion
 * is bounded by MAX_JSON_DEPTH, checked before parsing.
 */
export function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD');
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key.replace(LONE_SURROGATE, '\uFFFD'), wellFormed(entry)]));
  }
  return value;
}

/**
 * Parses a request's JSON text: empty, too deep, malformed, or carrying `__proto__` /
 * `constructor.prototype` keys (prototype poisoning, refused as Fastify's own parser does) → 400
 * with a French message.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new AppError('INVALID_JSON', 400, messages.http.invalidJson);
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw new AppError('JSON_TOO_DEEP', 400, messages.http.tooDeep);
  let parsed: unknown;
  try {
    parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    throw new AppError('INVALID_JSON', 400, messages.http.invalidJson, {}, error);
  }
  return wellFormed(parsed);
}
