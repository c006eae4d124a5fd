/**
 * Colissimo "Point Retrait" REST v2 (reference/external-apis.md §5): the relay-point search,
 * POST {apiUrl}/findRDVPointRetraitAcheminement with a JSON body.
 *
 * The credentials travel in the body only; nothing logged from here carries them (log lines
 * name the postal code, the date, the HTTP status and Colissimo's error code). Redirects are not
 * followed (the body, credentials included, would go wherever they point). Colissimo answers its
 * business errors with HTTP 200 and `errorCode ≠ 0`: 300/301 mean "no point here" (an empty
 * list), any other code is a failure.
 */
import { z } from '@erepare/shared/zod';
import { deadline } from '../../lib/deadline.js';

export type ColissimoAuth = { accountNumber: string; password: string } | { apiKey: string };

export type ColissimoSettings = {
  /** …/pointretrait-ws-cxf/rest/v2/pointretrait (no trailing slash needed). */
  apiUrl: string;
  auth: ColissimoAuth;
  /** Whole request, connection to last byte. */
  timeoutMs?: number;
  log?: { warn: (fields: Record<string, unknown>, message: string) => void } | undefined;
};

export type ColissimoSearch = {
  /** 5 digits (FR). */
  zipCode: string;
  /** DD/MM/YYYY, the day the parcel is handed to La Poste. */
  shippingDate: string;
  weightGrams: number;
  countryCode?: string;
};

/** A point as Colissimo sends it, read leniently (strings may come as numbers and the reverse). */
export type ColissimoPoint = {
  identifiant: string;
  nom: string;
  typeDePoint: string;
  distanceEnMetre: number;
  adresse1: string;
  adresse2: string;
  adresse3: string;
  codePostal: string;
  localite: string;
  codePays: string;
  horairesOuvertureLundi: string;
  horairesOuvertureMardi: string;
  horairesOuvertureMercredi: string;
  horairesOuvertureJeudi: string;
  horairesOuvertureVendredi: string;
  horairesOuvertureSamedi: string;
  horairesOuvertureDimanche: string;
  accesPersonneMobiliteReduite: boolean;
};

export type ColissimoFailureReason = 'timeout' | 'network' | 'http' | 'invalid-answer' | 'business';

/** The search failed (not "no point": that is an empty list). `errorCode`: Colissimo's, for business errors. */
export class ColissimoError extends Error {
  constructor(
    readonly reason: ColissimoFailureReason,
    readonly status: number | null = null,
    readonly errorCode: number | null = null,
  ) {
    super(`Colissimo: ${reason}${status !== null ? ` (HTTP ${status})` : ''}${errorCode !== null ? ` errorCode ${errorCode}` : ''}`);
    this.name = 'ColissimoError';
  }
}

export const COLISSIMO_TIMEOUT_MS = 8_000;
/** "No relay point found" (the documented codes, reference §5.3). */
export const COLISSIMO_NO_POINT_CODES: readonly number[] = [300, 301];

const text = z.preprocess((value) => (typeof value === 'number' ? String(value) : value ?? ''), z.string()).catch('');
const numeric = z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), z.number()).catch(0);
const flag = z.preprocess((value) => value === true || value === 'true' || value === 1 || value === '1', z.boolean()).catch(false);

const pointSchema = z.object({
  identifiant: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().min(1)),
  nom: text,
  typeDePoint: text,
  distanceEnMetre: numeric,
  adresse1: text,
  adresse2: text,
  adresse3: text,
  codePostal: text,
  localite: text,
  codePays: text,
  horairesOuvertureLundi: text,
  horairesOuvertureMardi: text,
  horairesOuvertureMercredi: text,
  horairesOuvertureJeudi: text,
  horairesOuvertureVendredi: text,
  horairesOuvertureSamedi: text,
  horairesOuvertureDimanche: text,
  accesPersonneMobiliteReduite: flag,
});

const answerSchema = z.object({
  errorCode: z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), z.number().int()),
  errorMessage: z.string().nullish(),
  listePointRetraitAcheminement: z.array(z.unknown()).nullish(),
});

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

export type ColissimoClient = {
  findRelayPoints: (search: ColissimoSearch) => Promise<ColissimoPoint[]>;
};

export function createColissimoClient(settings: ColissimoSettings): ColissimoClient {
  const endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/findRDVPointRetraitAcheminement`;
  const timeoutMs = settings.timeoutMs ?? COLISSIMO_TIMEOUT_MS;
  const secrets = 'apiKey' in settings.auth ? [settings.auth.apiKey] : [settings.auth.password];
  /** Belt and braces: whatever ends up in a log line, the secret does not. */
  const redact = (value: string) => secrets.reduce((result, secret) => (secret ? result.split(secret).join('***') : result), value);
  const warn = (fields: Record<string, unknown>, message: string) => settings.log?.warn(fields, redact(message));

  async function findRelayPoints(search: ColissimoSearch): Promise<ColissimoPoint[]> {
    const body = {
      ...('apiKey' in settings.auth ? { apiKey: settings.auth.apiKey } : { accountNumber: settings.auth.accountNumber, password: settings.auth.password }),
      address: '',
      zipCode: search.zipCode,
      city: '',
      countryCode: search.countryCode ?? 'FR',
      weight: String(Math.round(search.weightGrams)),
      shippingDate: search.shippingDate,
      filterRelay: '1',
      lang: 'FR',
      optionInter: '0',
    };
    const what = { zipCode: search.zipCode, shippingDate: search.shippingDate };
    let status: number;
    let raw: string;
    const limit = deadline(timeoutMs);
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: limit.signal,
        redirect: 'manual',
      });
      status = response.status;
      if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
        await response.body?.cancel().catch(() => undefined);
        warn({ ...what, status }, 'Colissimo\u00a0: redirection refusée');
        throw new ColissimoError('http', status);
      }
      raw = await response.text();
    } catch (error) {
      if (error instanceof ColissimoError) throw error;
      if (isTimeout(error)) {
        warn({ ...what, timeoutMs }, 'Colissimo\u00a0: délai dépassé');
        throw new ColissimoError('timeout');
      }
      warn({ ...what }, 'Colissimo injoignable');
      throw new ColissimoError('network');
    } finally {
      limit.done();
    }
    if (status < 200 || status >= 300) {
      warn({ ...what, status }, 'Colissimo en erreur');
      throw new ColissimoError('http', status);
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      warn({ ...what, status }, 'Colissimo\u00a0: réponse illisible');
      throw new ColissimoError('invalid-answer', status);
    }
    const answer = answerSchema.safeParse(json);
    if (!answer.success) {
      warn({ ...what, status }, 'Colissimo\u00a0: réponse inattendue');
      throw new ColissimoError('invalid-answer', status);
    }
    const { errorCode } = answer.data;
    if (COLISSIMO_NO_POINT_CODES.includes(errorCode)) return [];
    if (errorCode !== 0) {
      // Colissimo's message is logged (it names the field at fault), never shown to the buyer.
      warn({ ...what, errorCode, errorMessage: (answer.data.errorMessage ?? '').slice(0, 200) }, 'Colissimo\u00a0: erreur métier');
      throw new ColissimoError('business', status, errorCode);
    }
    const points: ColissimoPoint[] = [];
    for (const item of answer.data.listePointRetraitAcheminement ?? []) {
      const point = pointSchema.safeParse(item);
      if (point.success) points.push(point.data);
    }
    return points;
  }

  return { findRelayPoints };
}
