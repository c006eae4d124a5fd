/**
 * The Colissimo client against the local fake (real HTTP, Colissimo's wire format): the request
 * body, the lenient reading of the answer, business errors, HTTP errors, timeouts, and logs that
 * never carry the password.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startColissimoFake, type FakeColissimo } from '../../test/fakes/colissimo-fake.js';
import { ColissimoError, createColissimoClient } from './client.js';

let fake: FakeColissimo;
const logged: string[] = [];
const log = { warn: (fields: Record<string, unknown>, message: string) => logged.push(`${message} ${JSON.stringify(fields)}`) };

const client = (overrides: { password?: string; timeoutMs?: number } = {}) =>
  createColissimoClient({
    apiUrl: `${fake.apiUrl}/`,
    auth: { accountNumber: fake.accountNumber, password: overrides.password ?? fake.password },
    timeoutMs: overrides.timeoutMs ?? 2_000,
    log,
  });

const search = { zipCode: '33470', shippingDate: '03/06/2025', weightGrams: 1000 };

beforeAll(async () => {
  fake = await startColissimoFake();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.reset();
  logged.length = 0;
});

describe('Colissimo relay search (reference §5)', () => {
  it('posts the REST v2 body and reads the points, identifiers with their leading zeros', async () => {
    const points = await client().findRelayPoints(search);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.path).toBe('/pointretrait-ws-cxf/rest/v2/pointretrait/findRDVPointRetraitAcheminement');
    expect(fake.requests[0]?.body).toEqual({
      accountNumber: fake.accountNumber,
      password: fake.password,
      address: '',
      zipCode: '33470',
      city: '',
      countryCode: 'FR',
      weight: '1000',
      shippingDate: '03/06/2025',
      filterRelay: '1',
      lang: 'FR',
      optionInter: '0',
    });
    expect(points.length).toBeGreaterThan(5);
    const carrefour = points.find((point) => point.identifiant === '008253');
    expect(carrefour).toMatchObject({ typeDePoint: 'A2P', codePostal: '33470', localite: 'GUJAN MESTRAS', accesPersonneMobiliteReduite: true });
    expect(typeof carrefour?.distanceEnMetre).toBe('number');
    expect(points.map((point) => point.typeDePoint)).toEqual(expect.arrayContaining(['BPR', 'A2P', 'CDI']));
  });

  it('sends the API key instead of the account when configured that way', async () => {
    const keyed = await startColissimoFake({ apiKey: 'cle-api-colissimo-42' });
    try {
      const viaKey = createColissimoClient({ apiUrl: keyed.apiUrl, auth: { apiKey: 'cle-api-colissimo-42' } });
      expect((await viaKey.findRelayPoints(search)).length).toBeGreaterThan(0);
      expect(keyed.requests[0]?.body).toMatchObject({ apiKey: 'cle-api-colissimo-42' });
      expect(keyed.requests[0]?.body).not.toHaveProperty('password');
    } finally {
      await keyed.close();
    }
  });

  it('reads "no point" (errorCode 300/301) as an empty list', async () => {
    expect(await client().findRelayPoints({ ...search, zipCode: '75001' })).toEqual([]);
    expect(fake.requests[0]?.errorCode).toBe(301);
    fake.nextErrorCode(300);
    expect(await client().findRelayPoints(search)).toEqual([]);
  });

  it('fails on any other business error, and never logs the password', async () => {
    const wrong = client({ password: 'mauvais-mot-de-passe' });
    const error = await wrong.findRelayPoints(search).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ColissimoError);
    expect(error).toMatchObject({ reason: 'business', errorCode: 201 });
    for (const [body, code] of [
      [{ ...search, shippingDate: '2025-06-03' }, 122],
      [{ ...search, weightGrams: 40_000 }, 121],
      [{ ...search, zipCode: '3347' }, 125],
    ] as const) {
      await expect(client().findRelayPoints(body)).rejects.toMatchObject({ reason: 'business', errorCode: code });
    }
    expect(logged.join('\n')).not.toContain(fake.password);
    expect(logged.join('\n')).not.toContain('mauvais-mot-de-passe');
    expect(logged.join('\n')).toContain('201');
  });

  it('fails on HTTP errors, an unreadable answer and a timeout', async () => {
    fake.failNext(503);
    await expect(client().findRelayPoints(search)).rejects.toMatchObject({ reason: 'http', status: 503 });
    await expect(client().findRelayPoints({ ...search, zipCode: '99999' })).rejects.toMatchObject({ reason: 'http', status: 500 });
    // Colissimo holds its answer; the client's clock (a fake one) passes its deadline.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const held = fake.holdNext(1);
      const slow = client({ timeoutMs: 150 }).findRelayPoints(search);
      await held.arrived;
      vi.advanceTimersByTime(150);
      await expect(slow).rejects.toMatchObject({ reason: 'timeout' });
      held.release();
    } finally {
      vi.useRealTimers();
    }
    const nowhere = createColissimoClient({ apiUrl: 'http://127.0.0.1:9/pointretrait', auth: { accountNumber: '1', password: 'x' }, timeoutMs: 1_000 });
    await expect(nowhere.findRelayPoints(search)).rejects.toMatchObject({ reason: 'network' });
    expect(logged.join('\n')).not.toContain(fake.password);
  });
});
