import { LRUCache } from 'lru-cache';
import { relayMessages, type RelayPoint, type RelayPointChoice } from '@erepare/shared/relay-points';
import { createColissimoClient, type ColissimoClient, type ColissimoPoint } from '../../adapters/colissimo/client.js';
import type { Config } from '../../config.js';
import type { RelayPointRecord } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { colissimoDate, shippingDateFor } from './shipping-date.js';

/**
 * Relay points for the checkout and for order creation. Colissimo's answer for a postal code and
 * a shipping date is kept 15 minutes in this instance's memory (DESIGN §5: per-instance caches
 * are fine); concurrent searches of the same code share one request. Failures are not kept.
 */

export const RELAY_CACHE_TTL_MS = 15 * 60_000;
const RELAY_CACHE_MAX_ENTRIES = 2_000;

export type RelayService = {
  /** Every point Colissimo gives for this postal code (up to ~20), nearest first. Throws ColissimoError. */
  search: (postcode: string) => Promise<RelayPoint[]>;
  /**
   * The point chosen at checkout, read again from Colissimo (cache or a fresh search of the same
   * postal code): 422 when it is not there, 503 when Colissimo cannot be asked.
   */
  resolve: (choice: RelayPointChoice) => Promise<RelayPointRecord>;
};

export type RelayServiceOptions = {
  client: ColissimoClient;
  weightGrams: number;
  now?: () => Date;
};

/** Colissimo's point as our API shows it: the spec's fields (spec 2 §3), nothing else. */
export function toRelayPoint(point: ColissimoPoint): RelayPoint {
  return {
    identifiant: point.identifiant,
    nom: point.nom,
    typeDePoint: point.typeDePoint,
    distanceEnMetre: point.distanceEnMetre,
    adresse1: point.adresse1,
    adresse2: point.adresse2,
    codePostal: point.codePostal,
    localite: point.localite,
    horairesOuvertureLundi: point.horairesOuvertureLundi,
    horairesOuvertureMardi: point.horairesOuvertureMardi,
    horairesOuvertureMercredi: point.horairesOuvertureMercredi,
    horairesOuvertureJeudi: point.horairesOuvertureJeudi,
    horairesOuvertureVendredi: point.horairesOuvertureVendredi,
    horairesOuvertureSamedi: point.horairesOuvertureSamedi,
    horairesOuvertureDimanche: point.horairesOuvertureDimanche,
    accesPersonneMobiliteReduite: point.accesPersonneMobiliteReduite,
  };
}

export function toRelayPointRecord(point: RelayPoint): RelayPointRecord {
  return {
    id: point.identifiant,
    name: point.nom,
    type: point.typeDePoint,
    address1: point.adresse1,
    address2: point.adresse2,
    postcode: point.codePostal,
    city: point.localite,
    country: 'FR',
  };
}

export function createRelayService({ client, weightGrams, now = () => new Date() }: RelayServiceOptions): RelayService {
  const cache = new LRUCache<string, RelayPoint[]>({ max: RELAY_CACHE_MAX_ENTRIES, ttl: RELAY_CACHE_TTL_MS });
  const inFlight = new Map<string, Promise<RelayPoint[]>>();

  const search = async (postcode: string): Promise<RelayPoint[]> => {
    const shippingDate = colissimoDate(shippingDateFor(now()));
    const key = `${postcode}|${shippingDate}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const running = inFlight.get(key);
    if (running) return running;
    const request = client
      .findRelayPoints({ zipCode: postcode, shippingDate, weightGrams })
      .then((points) => {
        const sorted = points.map(toRelayPoint).sort((a, b) => a.distanceEnMetre - b.distanceEnMetre);
        cache.set(key, sorted);
        return sorted;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  };

  const resolve = async (choice: RelayPointChoice): Promise<RelayPointRecord> => {
    let points: RelayPoint[];
    try {
      points = await search(choice.postcode);
    } catch (error) {
      throw new AppError('RELAY_UNAVAILABLE', 503, relayMessages.unavailableAtOrder, {}, error);
    }
    const found = points.find((point) => point.identifiant === choice.id);
    if (!found) throw new AppError('RELAY_UNKNOWN', 422, relayMessages.unknown);
    return toRelayPointRecord(found);
  };

  return { search, resolve };
}

type Log = { warn: (fields: Record<string, unknown>, message: string) => void };

const services = new WeakMap<Config, RelayService>();

/**
 * The relay service of an application (one per configuration object, so the checkout's route and
 * order creation share the cache), or null when Colissimo is not configured.
 */
export function relayServiceOf(config: Config, log?: Log): RelayService | null {
  const colissimo = config.colissimo;
  if (!colissimo) return null;
  let service = services.get(config);
  if (!service) {
    service = createRelayService({
      client: createColissimoClient({ apiUrl: colissimo.apiUrl, auth: colissimo.auth, log }),
      weightGrams: colissimo.parcelWeightGrams,
    });
    services.set(config, service);
  }
  return service;
}
