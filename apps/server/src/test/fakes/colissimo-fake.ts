/**
 * A local Colissimo "Point Retrait" REST v2 (reference/external-apis.md §5 and §7): a real HTTP
 * server on 127.0.0.1 speaking Colissimo's wire format, for the relay-point tests and the
 * end-to-end checkout (DESIGN.md §1: nothing is mocked inside the code under test).
 *
 * - POST /pointretrait-ws-cxf/rest/v2/pointretrait/findRDVPointRetraitAcheminement, JSON body;
 *   so COLISSIMO_API_URL = `${url}/pointretrait-ws-cxf/rest/v2/pointretrait`.
 * - Business errors are HTTP 200 with `errorCode ≠ 0`: 101/102 account or password missing, 201
 *   wrong credentials, 104 zip missing, 125 zip invalid, 106 date missing, 122 date not
 *   DD/MM/YYYY, 120 weight not an integer, 121 weight out of 1–30000 g, 123 filterRelay not 0/1,
 *   117/127 country missing / not FR; a postal code without any point nearby → 301.
 * - Points around the Bassin d'Arcachon (Gujan-Mestras 33470, Le Teich 33470, La Teste-de-Buch
 *   33260, Arcachon 33120; Audenge 33980 is searchable too): post offices (BPR), relais Pickup (A2P) and one distribution centre
 *   (CDI), distances computed from the searched postal code, nearest first.
 * - 99999 always answers HTTP 500 (a postal code "Colissimo fails for").
 * - Fault controls (in the test, or over HTTP with POST /__fake/controls {failNext, delayNext,
 *   nextErrorCode} for a test running in another process, e.g. Playwright): the next answer is an
 *   HTTP error, is delayed, or carries a business error code.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createHolds, type Hold } from './hold.js';

export const FAKE_COLISSIMO_BASE_PATH = '/pointretrait-ws-cxf/rest/v2/pointretrait';
export const FAKE_COLISSIMO_ACCOUNT = '812345';
export const FAKE_COLISSIMO_PASSWORD = 'fake-colissimo-Pa55word';
/** A postal code the fake always fails for (HTTP 500). */
export const FAKE_COLISSIMO_FAILING_ZIP = '99999';

export type FakeColissimoOptions = {
  /** Fixed port (e2e); a free one by default. */
  port?: number;
  accountNumber?: string;
  password?: string;
  /** Accepted instead of the account and password when set. */
  apiKey?: string;
};

export type FakeColissimoRequest = {
  path: string;
  /** The JSON body as received (credentials included: tests check the wire format). */
  body: Record<string, unknown>;
  /** HTTP status answered (0 when the client went away first). */
  status: number;
  /** Colissimo's errorCode answered (null for HTTP errors). */
  errorCode: number | null;
  at: number;
};

export type FakeColissimo = {
  /** http://127.0.0.1:<port> */
  url: string;
  /** What COLISSIMO_API_URL should be. */
  apiUrl: string;
  accountNumber: string;
  password: string;
  requests: FakeColissimoRequest[];
  /** Searches received (findRDVPointRetraitAcheminement), optionally for one zip code. */
  searches: (zipCode?: string) => FakeColissimoRequest[];
  /** The next `count` searches answer HTTP `status` (500 by default). */
  failNext: (status?: number, count?: number) => void;
  /** The next `count` searches are answered after `ms`. */
  delayNext: (ms: number, count?: number) => void;
  /** The next `count` searches wait until the test releases them (a timeout for any client). */
  holdNext: (count?: number) => Hold;
  /** The next `count` searches answer HTTP 200 with this errorCode and no point. */
  nextErrorCode: (code: number, count?: number) => void;
  /** No fault pending; the request log emptied. */
  reset: () => void;
  close: () => Promise<void>;
};

type Hours = { lundi: string; mardi: string; mercredi: string; jeudi: string; vendredi: string; samedi: string; dimanche: string };

type FakePoint = {
  identifiant: string;
  nom: string;
  typeDePoint: 'BPR' | 'A2P' | 'CDI';
  adresse1: string;
  adresse2: string;
  codePostal: string;
  localite: string;
  latitude: number;
  longitude: number;
  accesPersonneMobiliteReduite: boolean;
  hours: Hours;
};

const CLOSED = '00:00-00:00 00:00-00:00';

const postOfficeHours = (saturday: string): Hours => ({
  lundi: '09:00-12:00 14:00-17:30',
  mardi: '09:00-12:00 14:00-17:30',
  mercredi: '09:00-12:00 14:00-17:30',
  jeudi: '09:00-12:00 14:00-17:30',
  vendredi: '09:00-12:00 14:00-17:30',
  samedi: saturday,
  dimanche: CLOSED,
});

/** Realistic points of the Bassin d'Arcachon (addresses written as Colissimo writes them). */
export const FAKE_RELAY_POINTS: readonly FakePoint[] = [
  {
    identifiant: '331990',
    nom: 'BUREAU DE POSTE GUJAN MESTRAS',
    typeDePoint: 'BPR',
    adresse1: '2 AVENUE DE LATTRE DE TASSIGNY',
    adresse2: '',
    codePostal: '33470',
    localite: 'GUJAN MESTRAS',
    latitude: 44.6362,
    longitude: -1.0688,
    accesPersonneMobiliteReduite: true,
    hours: postOfficeHours('09:00-12:00 00:00-00:00'),
  },
  {
    identifiant: '008253',
    nom: 'CARREFOUR CITY GUJAN CENTRE',
    typeDePoint: 'A2P',
    adresse1: '120 COURS DE VERDUN',
    adresse2: '',
    codePostal: '33470',
    localite: 'GUJAN MESTRAS',
    latitude: 44.6343,
    longitude: -1.056,
    accesPersonneMobiliteReduite: true,
    hours: {
      lundi: '08:30-20:00 00:00-00:00',
      mardi: '08:30-20:00 00:00-00:00',
      mercredi: '08:30-20:00 00:00-00:00',
      jeudi: '08:30-20:00 00:00-00:00',
      vendredi: '08:30-20:00 00:00-00:00',
      samedi: '08:30-20:00 00:00-00:00',
      dimanche: '09:00-12:30 00:00-00:00',
    },
  },
  {
    identifiant: '006391',
    nom: 'ESPACE FLEURS MEYRAN',
    typeDePoint: 'A2P',
    adresse1: '35 ALLEE DE MEYRAN',
    adresse2: 'CENTRE COMMERCIAL DE MEYRAN',
    codePostal: '33470',
    localite: 'GUJAN MESTRAS',
    latitude: 44.6293,
    longitude: -1.0812,
    accesPersonneMobiliteReduite: false,
    hours: {
      lundi: CLOSED,
      mardi: '09:30-12:30 15:00-19:00',
      mercredi: '09:30-12:30 15:00-19:00',
      jeudi: '09:30-12:30 15:00-19:00',
      vendredi: '09:30-12:30 15:00-19:00',
      samedi: '09:00-19:00 00:00-00:00',
      dimanche: '09:00-12:30 00:00-00:00',
    },
  },
  {
    identifiant: '004718',
    nom: 'TABAC PRESSE DE LA HUME',
    typeDePoint: 'A2P',
    adresse1: '8 AVENUE DE LA PLAGE',
    adresse2: 'LA HUME',
    codePostal: '33470',
    localite: 'GUJAN MESTRAS',
    latitude: 44.6447,
    longitude: -1.1076,
    accesPersonneMobiliteReduite: false,
    hours: {
      lundi: CLOSED,
      mardi: '07:30-12:30 15:00-19:30',
      mercredi: '07:30-12:30 15:00-19:30',
      jeudi: '07:30-12:30 15:00-19:30',
      vendredi: '07:30-12:30 15:00-19:30',
      samedi: '07:30-12:30 15:00-19:30',
      dimanche: '08:00-12:30 00:00-00:00',
    },
  },
  {
    identifiant: '332800',
    nom: 'BUREAU DE POSTE LE TEICH',
    typeDePoint: 'BPR',
    adresse1: '1 PLACE PIERRE DUBOURG',
    adresse2: '',
    codePostal: '33470',
    localite: 'LE TEICH',
    latitude: 44.6337,
    longitude: -1.0234,
    accesPersonneMobiliteReduite: true,
    hours: {
      lundi: '09:00-12:00 14:00-17:00',
      mardi: '09:00-12:00 14:00-17:00',
      mercredi: '09:00-12:00 00:00-00:00',
      jeudi: '09:00-12:00 14:00-17:00',
      vendredi: '09:00-12:00 14:00-17:00',
      samedi: '09:00-12:00 00:00-00:00',
      dimanche: CLOSED,
    },
  },
  {
    identifiant: '331950',
    nom: 'CENTRE DE DISTRIBUTION LA TESTE DE BUCH',
    typeDePoint: 'CDI',
    adresse1: '14 RUE DES ARTISANS',
    adresse2: 'ZA DE LA COMBE DES MONS',
    codePostal: '33260',
    localite: 'LA TESTE DE BUCH',
    latitude: 44.6208,
    longitude: -1.1296,
    accesPersonneMobiliteReduite: true,
    hours: {
      lundi: '08:30-12:00 13:30-17:00',
      mardi: '08:30-12:00 13:30-17:00',
      mercredi: '08:30-12:00 13:30-17:00',
      jeudi: '08:30-12:00 13:30-17:00',
      vendredi: '08:30-12:00 13:30-17:00',
      samedi: CLOSED,
      dimanche: CLOSED,
    },
  },
  {
    identifiant: '332520',
    nom: 'BUREAU DE POSTE LA TESTE DE BUCH',
    typeDePoint: 'BPR',
    adresse1: '6 RUE DU CAPTAL DE BUCH',
    adresse2: '',
    codePostal: '33260',
    localite: 'LA TESTE DE BUCH',
    latitude: 44.6316,
    longitude: -1.1447,
    accesPersonneMobiliteReduite: true,
    hours: postOfficeHours('09:00-12:00 00:00-00:00'),
  },
  {
    identifiant: '003584',
    nom: 'LIBRAIRIE LE BOUQUINISTE',
    typeDePoint: 'A2P',
    adresse1: '24 RUE GAMBETTA',
    adresse2: '',
    codePostal: '33260',
    localite: 'LA TESTE DE BUCH',
    latitude: 44.6324,
    longitude: -1.1462,
    accesPersonneMobiliteReduite: false,
    hours: {
      lundi: '14:00-19:00 00:00-00:00',
      mardi: '09:30-12:30 14:00-19:00',
      mercredi: '09:30-12:30 14:00-19:00',
      jeudi: '09:30-12:30 14:00-19:00',
      vendredi: '09:30-12:30 14:00-19:00',
      samedi: '09:30-12:30 14:00-18:00',
      dimanche: CLOSED,
    },
  },
  {
    identifiant: '330090',
    nom: 'BUREAU DE POSTE ARCACHON',
    typeDePoint: 'BPR',
    adresse1: '1 PLACE FRANKLIN ROOSEVELT',
    adresse2: '',
    codePostal: '33120',
    localite: 'ARCACHON',
    latitude: 44.6588,
    longitude: -1.1683,
    accesPersonneMobiliteReduite: true,
    hours: postOfficeHours('09:00-12:30 00:00-00:00'),
  },
  {
    identifiant: '001246',
    nom: 'CONSIGNE PICKUP GARE D ARCACHON',
    typeDePoint: 'A2P',
    adresse1: 'PLACE ROOSEVELT',
    adresse2: 'PARVIS DE LA GARE',
    codePostal: '33120',
    localite: 'ARCACHON',
    latitude: 44.6573,
    longitude: -1.1647,
    accesPersonneMobiliteReduite: true,
    hours: {
      lundi: '06:00-22:00 00:00-00:00',
      mardi: '06:00-22:00 00:00-00:00',
      mercredi: '06:00-22:00 00:00-00:00',
      jeudi: '06:00-22:00 00:00-00:00',
      vendredi: '06:00-22:00 00:00-00:00',
      samedi: '06:00-22:00 00:00-00:00',
      dimanche: '06:00-22:00 00:00-00:00',
    },
  },
  {
    identifiant: '007720',
    nom: 'PRESSE DU MOULLEAU',
    typeDePoint: 'A2P',
    adresse1: '4 AVENUE NOTRE DAME DES PASSES',
    adresse2: 'LE MOULLEAU',
    codePostal: '33120',
    localite: 'ARCACHON',
    latitude: 44.6367,
    longitude: -1.2022,
    accesPersonneMobiliteReduite: false,
    hours: {
      lundi: '08:00-12:30 15:30-19:00',
      mardi: '08:00-12:30 15:30-19:00',
      mercredi: '08:00-12:30 15:30-19:00',
      jeudi: '08:00-12:30 15:30-19:00',
      vendredi: '08:00-12:30 15:30-19:00',
      samedi: '08:00-12:30 15:30-19:00',
      dimanche: '08:00-12:30 00:00-00:00',
    },
  },
];

/** Where a postal code is (its town centre); codes not listed have no point nearby (301). */
const ZIP_CENTRES: Record<string, { latitude: number; longitude: number }> = {
  '33470': { latitude: 44.6357, longitude: -1.0665 },
  '33260': { latitude: 44.629, longitude: -1.139 },
  '33120': { latitude: 44.6612, longitude: -1.1681 },
  // Audenge, across the bay: the nearest points are already a few kilometres away.
  '33980': { latitude: 44.6833, longitude: -1.0167 },
};

const SEARCH_RADIUS_METRES = 25_000;
const MAX_POINTS = 20;

function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.sqrt(h)));
}

/** The point as Colissimo's REST v2 sends it (reference §5.3), every field of the live fixture. */
function wirePoint(point: FakePoint, distance: number): Record<string, unknown> {
  const post = point.typeDePoint === 'BPR';
  return {
    identifiant: point.identifiant,
    nom: point.nom,
    adresse1: point.adresse1,
    adresse2: point.adresse2,
    adresse3: '',
    codePostal: point.codePostal,
    localite: point.localite,
    indiceDeLocalisation: '',
    coordGeolocalisationLatitude: point.latitude.toFixed(6),
    coordGeolocalisationLongitude: point.longitude.toFixed(6),
    accesPersonneMobiliteReduite: point.accesPersonneMobiliteReduite,
    horairesOuvertureLundi: point.hours.lundi,
    horairesOuvertureMardi: point.hours.mardi,
    horairesOuvertureMercredi: point.hours.mercredi,
    horairesOuvertureJeudi: point.hours.jeudi,
    horairesOuvertureVendredi: point.hours.vendredi,
    horairesOuvertureSamedi: point.hours.samedi,
    horairesOuvertureDimanche: point.hours.dimanche,
    periodeActiviteHoraireDeb: '',
    periodeActiviteHoraireFin: '',
    listeConges: [],
    typeDePoint: point.typeDePoint,
    poidsMaxi: post ? 30000 : 20000,
    distanceEnMetre: distance,
    congesPartiel: false,
    congesTotal: false,
    reseau: post ? 'R01' : point.typeDePoint === 'A2P' ? 'R03' : 'R02',
    codePays: 'FR',
    libellePays: 'FRANCE',
    langue: 'FR',
    parking: !post,
    loanOfHandlingTool: false,
    distributionSort: '',
    lotAcheminement: '',
    versionPlanTri: '',
  };
}

const ERROR_MESSAGES: Record<number, string> = {
  101: 'Le numéro de compte est obligatoire',
  102: 'Le mot de passe est obligatoire',
  104: 'Le code postal est obligatoire',
  106: 'La date d’expédition est obligatoire',
  117: 'Le code pays est obligatoire',
  120: 'Le poids n’est pas un entier',
  121: 'Le poids n’est pas compris entre 1 et 30000',
  122: 'La date d’expédition n’est pas au format JJ/MM/AAAA',
  123: 'Le filtre relais n’est pas 0 ou 1',
  125: 'Le code postal est invalide',
  127: 'Le code pays n’est pas autorisé',
  201: 'Identifiant ou mot de passe incorrect',
  301: 'Aucun point de retrait trouvé',
  1000: 'Erreur système',
};

function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

function isDate(value: string): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

type Answer = { status: number; body: unknown };

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startColissimoFake(options: FakeColissimoOptions = {}): Promise<FakeColissimo> {
  const accountNumber = options.accountNumber ?? FAKE_COLISSIMO_ACCOUNT;
  const password = options.password ?? FAKE_COLISSIMO_PASSWORD;
  const requests: FakeColissimoRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const holds = createHolds();
  const faults = { fail: 0, failStatus: 500, delay: 0, delayMs: 0, errors: 0, errorCode: 1000 };

  const business = (errorCode: number): Answer => ({
    status: 200,
    body: { errorCode, errorMessage: ERROR_MESSAGES[errorCode] ?? 'Erreur', qualiteReponse: 0, wsRequestId: requestId(), listePointRetraitAcheminement: [] },
  });

  let sequence = 0;
  const requestId = () => `fake${Date.now().toString(16)}${(sequence += 1).toString(16).padStart(6, '0')}`;

  /** Colissimo's own checks, in the order its documentation lists the codes. */
  const search = (body: Record<string, unknown>): Answer => {
    if (options.apiKey && (str(body.apiKey) || str(body.apikey))) {
      if ((str(body.apiKey) || str(body.apikey)) !== options.apiKey) return business(201);
    } else {
      if (!str(body.accountNumber)) return business(101);
      if (!str(body.password)) return business(102);
      if (str(body.accountNumber) !== accountNumber || str(body.password) !== password) return business(201);
    }
    const zipCode = str(body.zipCode).trim();
    if (!zipCode) return business(104);
    const shippingDate = str(body.shippingDate);
    if (!shippingDate) return business(106);
    const country = str(body.countryCode) || 'FR';
    if (!country) return business(117);
    if (country !== 'FR') return business(127);
    const weight = str(body.weight).trim();
    if (!/^\d+$/.test(weight)) return business(120);
    if (Number(weight) < 1 || Number(weight) > 30000) return business(121);
    if (!isDate(shippingDate)) return business(122);
    const filterRelay = str(body.filterRelay) || '1';
    if (filterRelay !== '0' && filterRelay !== '1') return business(123);
    if (!/^\d{5}$/.test(zipCode)) return business(125);
    if (zipCode === FAKE_COLISSIMO_FAILING_ZIP) return { status: 500, body: { error: 'Internal Server Error' } };
    const centre = ZIP_CENTRES[zipCode];
    if (!centre) return business(301);
    const points = FAKE_RELAY_POINTS.filter((point) => filterRelay === '1' || point.typeDePoint === 'BPR')
      .map((point) => ({ point, distance: distanceMetres(centre, point) }))
      .filter(({ distance }) => distance <= SEARCH_RADIUS_METRES)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, MAX_POINTS);
    if (points.length === 0) return business(301);
    return {
      status: 200,
      body: {
        errorCode: 0,
        errorMessage: 'Code retour OK',
        qualiteReponse: 2,
        wsRequestId: requestId(),
        listePointRetraitAcheminement: points.map(({ point, distance }) => wirePoint(point, distance)),
      },
    };
  };

  const send = (response: ServerResponse, answer: Answer) => {
    if (response.destroyed || response.writableEnded) return;
    response.writeHead(answer.status, { 'content-type': 'application/json;charset=UTF-8' });
    response.end(JSON.stringify(answer.body));
  };

  const controls = {
    failNext: (status = 500, count = 1) => {
      faults.fail = count;
      faults.failStatus = status;
    },
    delayNext: (ms: number, count = 1) => {
      faults.delay = count;
      faults.delayMs = ms;
    },
    nextErrorCode: (code: number, count = 1) => {
      faults.errors = count;
      faults.errorCode = code;
    },
    holdNext: (count = 1) => holds.holdNext(count),
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const raw = await readBody(request);
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      send(response, { status: 400, body: { error: 'Bad Request' } });
      return;
    }

    if (request.method === 'POST' && path === '/__fake/controls') {
      if (typeof body.failNext === 'number') controls.failNext(body.failNext, typeof body.count === 'number' ? body.count : 1);
      if (typeof body.delayNext === 'number') controls.delayNext(body.delayNext, typeof body.count === 'number' ? body.count : 1);
      if (typeof body.nextErrorCode === 'number') controls.nextErrorCode(body.nextErrorCode, typeof body.count === 'number' ? body.count : 1);
      send(response, { status: 200, body: { ok: true } });
      return;
    }

    if (request.method !== 'POST' || path !== `${FAKE_COLISSIMO_BASE_PATH}/findRDVPointRetraitAcheminement`) {
      send(response, { status: 404, body: { error: 'Not Found' } });
      return;
    }

    const entry: FakeColissimoRequest = { path, body, status: 0, errorCode: null, at: Date.now() };
    requests.push(entry);
    const held = holds.take();
    if (held) await held;

    if (faults.delay > 0) {
      faults.delay -= 1;
      const ms = faults.delayMs;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      });
    }
    let answer: Answer;
    if (faults.fail > 0) {
      faults.fail -= 1;
      answer = { status: faults.failStatus, body: { error: 'Service Unavailable' } };
    } else if (faults.errors > 0) {
      faults.errors -= 1;
      answer = business(faults.errorCode);
    } else {
      answer = search(body);
    }
    if (response.destroyed) return;
    entry.status = answer.status;
    entry.errorCode = answer.status === 200 ? ((answer.body as { errorCode: number }).errorCode ?? null) : null;
    send(response, answer);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, { status: 500, body: { error: 'Internal Server Error' } }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    apiUrl: `${url}${FAKE_COLISSIMO_BASE_PATH}`,
    accountNumber,
    password,
    requests,
    searches: (zipCode) => requests.filter((entry) => zipCode === undefined || entry.body.zipCode === zipCode),
    ...controls,
    reset: () => {
      Object.assign(faults, { fail: 0, delay: 0, errors: 0 });
      holds.clear();
      requests.length = 0;
    },
    close: async () => {
      holds.clear();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
