/**
 * Security suite, issue 20 items 10 and 11: no request body can freeze the event loop, and slow
 * clients cannot hold the server.
 *
 * - JSON: nesting depth bounded for every route (400 in French, never the 500 of a recursive
 *   walk), small size limits (413 in French, answered from the declared length, before a byte of
 *   the body is read).
 * - Photos: multipart forms read as they arrive, with per-file and per-form limits and the real
 *   type read from the first bytes; a refused form stores nothing.
 * - Real sockets on 127.0.0.1 (port 0) with small deadlines from the test config: a client that
 *   never finishes its headers, one that trickles its body, an idle one, and four that hold the
 *   upload slots are all cut (each test awaits the socket's 'close'), and an honest upload then
 *   succeeds. Nothing sleeps: the server's own deadlines end the waits.
 */
import net from 'node:net';
import { messages, contactMessages, quoteMessages } from '@erepare/shared/messages';
import { dropOffDates } from '@erepare/shared/quote-catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxFormBytes } from '../../apps/server/src/lib/image-form.js';
import { MAX_JSON_DEPTH } from '../../apps/server/src/lib/json-body.js';
import { MAX_DRAINED_BODY_BYTES } from '../../apps/server/src/lib/refused-body.js';
import { QUOTE_FORM_RULES } from '../../apps/server/src/modules/quotes/routes.js';
import { JPEG, PNG, imageOfSize, multipartBody, type FormFile } from '../../apps/server/src/lib/test-images.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { diffSnapshots, frenchMessageProblem, nextAddress, snapshot } from './helpers.js';

/**
 * Deadlines of the test server (config.ts; production defaults are in the README): short, but with
 * room for a busy CI machine, whose stalls must never pass for a slow client.
 */
const DEADLINES = {
  HTTP_HEADERS_TIMEOUT_MS: '1000',
  HTTP_REQUEST_TIMEOUT_MS: '3000',
  HTTP_IDLE_TIMEOUT_MS: '4000',
  HTTP_KEEP_ALIVE_TIMEOUT_MS: '4000',
  UPLOAD_CHECK_INTERVAL_MS: '500',
  UPLOAD_MIN_BYTES_PER_SECOND: '1000',
};

/** On today's code the slow clients are never cut: these tests then fail here instead of hanging for the suite's timeout. */
const SOCKET_TEST_TIMEOUT = 30_000;

let t: TestApp;
let port = 0;

beforeAll(async () => {
  // TRUST_PROXY: each request says its own client address (X-Forwarded-For, as the platform's
  // proxy would), so the per-client rate limits of the forms do not mask the answers under test.
  t = await createTestApp({ TRUST_PROXY: 'true', ...DEADLINES });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await t?.close();
});

const contactFields = () => ({ name: 'Camille D.', email: `camille-${nextAddress()}@exemple.fr`, phone: '', subject: 'Écran cassé', message: 'Bonjour, mon écran est fissuré.' });
const quoteFields = () => ({
  category: 'telephone',
  brand: 'apple',
  model: 'iPhone 13',
  fault: 'ecran',
  description: 'Tombé ce matin.',
  name: 'Léa M.',
  email: `lea-${nextAddress()}@exemple.fr`,
  phone: '06 12 34 56 78',
  dropOffDate: dropOffDates(new Date())[0] ?? '',
  dropOffSlot: 'matin',
  consent: 'true',
});

function inject(url: string, options: { payload: string | Buffer | object; headers?: Record<string, string> }) {
  return t.app.inject({ method: 'POST', url, payload: options.payload, headers: { 'x-forwarded-for': nextAddress(), ...options.headers } });
}

function form(url: string, fields: Record<string, unknown>, files: FormFile[]) {
  const { payload, headers } = multipartBody(fields, files);
  return inject(url, { payload, headers });
}

/** `depth` nested arrays around a value: ~2 bytes per level. */
const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describe('JSON bodies: depth and size bounded for every route', () => {
  const routes = ['/api/auth/login', '/api/email-simple/contact', '/api/quotes', '/api/shop/coupons/validate', '/api/tracking/follow'];

  it.each(routes)('refuses a deeply nested body under the size limit with a French 400 (%s)', async (url) => {
    // 15 000 levels in 30 KB: below every route's JSON limit, far beyond what a recursive walk survives.
    const response = await inject(url, { payload: `{"email":${nested(15_000)}}`, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, statusCode: 400, message: messages.http.tooDeep });
    expect(frenchMessageProblem(response)).toBeNull();
  });

  it('draws the line at MAX_JSON_DEPTH, brackets inside strings not counted', async () => {
    const at = await inject('/api/auth/login', { payload: `{"email":${nested(MAX_JSON_DEPTH - 1)},"password":"${'['.repeat(500)}"}`, headers: { 'content-type': 'application/json' } });
    // Parsed, then refused by the schema (not by the depth check).
    expect(at.statusCode).toBe(400);
    expect(at.json<{ message: string }>().message).not.toBe(messages.http.tooDeep);
    const over = await inject('/api/auth/login', { payload: `{"email":${nested(MAX_JSON_DEPTH)}}`, headers: { 'content-type': 'application/json' } });
    expect(over.statusCode).toBe(400);
    expect(over.json<{ message: string }>().message).toBe(messages.http.tooDeep);
  });

  it.each([
    ['/api/email-simple/contact', 40 * 1024],
    ['/api/quotes', 40 * 1024],
    ['/api/auth/login', 100 * 1024],
    ['/api/shop/coupons/validate', 100 * 1024],
  ])('answers a JSON body over the route’s limit with a French 413 (%s, %i bytes)', async (url, size) => {
    const before = await snapshot(t.database.db);
    const response = await inject(url, { payload: JSON.stringify({ name: 'x', email: 'a@exemple.fr', message: 'x'.repeat(size), images: [1, 2, 3] }), headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, statusCode: 413, message: messages.http.payloadTooLarge });
    expect(diffSnapshots(before, await snapshot(t.database.db))).toEqual([]);
  });

  it('answers a declared 70 MB JSON body with a 413 before any of it is sent (real socket)', { timeout: SOCKET_TEST_TIMEOUT }, async () => {
    for (const url of ['/api/email-simple/contact', '/api/quotes', '/api/auth/login']) {
      const client = openSocket();
      client.socket.write(`POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${nextAddress()}\r\nContent-Type: application/json\r\nContent-Length: ${70 * 1024 * 1024}\r\n\r\n`);
      // Not a byte of the body is sent: the answer can only come from the declared length.
      const answer = await client.firstResponse;
      expect(answer.status).toBe(413);
      expect(answer.json).toMatchObject({ success: false, message: messages.http.payloadTooLarge });
      client.socket.destroy();
    }
  });
});

describe('photos: streamed multipart forms with per-file and per-form limits', () => {
  it('takes a contact form with 5 photos and a quote with 3 (the spec’s counts)', async () => {
    const contact = await form('/api/email-simple/contact', contactFields(), Array.from({ length: 5 }, () => ({ field: 'images', bytes: JPEG })));
    expect(contact.statusCode).toBe(200);
    expect(contact.json()).toEqual({ success: true, message: contactMessages.success });
    const quote = await form('/api/quotes', quoteFields(), Array.from({ length: 3 }, () => ({ field: 'photos', bytes: PNG })));
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ success: true, message: quoteMessages.success });
  });

  it.each([
    ['contact: 6 photos', '/api/email-simple/contact', contactFields, Array.from({ length: 6 }, () => ({ field: 'images', bytes: JPEG })), 400, contactMessages.tooManyImages],
    ['contact: a photo over 10 MB', '/api/email-simple/contact', contactFields, [{ field: 'images', bytes: imageOfSize(JPEG, 10 * 1024 * 1024 + 1) }], 413, contactMessages.imageTooLarge],
    ['contact: an SVG named .jpg', '/api/email-simple/contact', contactFields, [{ field: 'images', bytes: JPEG }, { field: 'images', bytes: new TextEncoder().encode('<svg onload="alert(1)"></svg>') }], 400, contactMessages.imageInvalid],
    ['contact: an empty file', '/api/email-simple/contact', contactFields, [{ field: 'images', bytes: new Uint8Array(0) }], 400, contactMessages.imageInvalid],
    ['contact: a file under another name', '/api/email-simple/contact', contactFields, [{ field: 'avatar', bytes: JPEG }], 400, messages.http.formInvalid],
    ['quote: 4 photos', '/api/quotes', quoteFields, Array.from({ length: 4 }, () => ({ field: 'photos', bytes: PNG })), 400, quoteMessages.tooManyPhotos],
    ['quote: a photo over 2 MB', '/api/quotes', quoteFields, [{ field: 'photos', bytes: imageOfSize(PNG, 2 * 1024 * 1024 + 1) }], 413, quoteMessages.photoTooLarge],
    ['quote: an executable named .png', '/api/quotes', quoteFields, [{ field: 'photos', bytes: new TextEncoder().encode('MZ\u0090\u0000 executable') }], 400, quoteMessages.photoInvalid],
  ] as const)('refuses %s with a French 4xx and stores nothing', async (_case, url, fields, files, status, message) => {
    const before = await snapshot(t.database.db);
    const response = await form(url, fields(), [...files]);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, statusCode: status, message });
    expect(diffSnapshots(before, await snapshot(t.database.db))).toEqual([]);
  });

  it('refuses a form whose declared size exceeds what its photos can weigh, before reading it', async () => {
    const before = await snapshot(t.database.db);
    const response = await inject('/api/quotes', {
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data; boundary=abc', 'content-length': String(70 * 1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, message: messages.http.payloadTooLarge });
    expect(diffSnapshots(before, await snapshot(t.database.db))).toEqual([]);
  });

  it('refuses a truncated or malformed form with a French 400', async () => {
    const { payload, headers } = multipartBody(contactFields(), [{ field: 'images', bytes: JPEG }]);
    const truncated = await inject('/api/email-simple/contact', { payload: payload.subarray(0, payload.length - 20), headers: { ...headers, 'content-length': String(payload.length - 20) } });
    expect(truncated.statusCode).toBe(400);
    expect(frenchMessageProblem(truncated)).toBeNull();
    const noBoundary = await inject('/api/email-simple/contact', { payload: 'bonjour', headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json<{ message: string }>().message).toBe(messages.http.formInvalid);
  });

  it('refuses photos inside JSON (they travel as files only)', async () => {
    const response = await inject('/api/email-simple/contact', { payload: { ...contactFields(), images: [`data:image/png;base64,${Buffer.from(PNG).toString('base64')}`] } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(contactMessages.imageInvalid);
  });

  it('refuses a fake photo from its first bytes, without waiting for the rest (real socket)', { timeout: SOCKET_TEST_TIMEOUT }, async () => {
    const boundary = 'fake-photo-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n<svg onload="alert(1)">`;
    const client = openSocket();
    client.socket.write(
      `POST /api/email-simple/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${nextAddress()}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${5 * 1024 * 1024}\r\n\r\n${head}${'A'.repeat(4096)}`,
    );
    const answer = await client.firstResponse;
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ success: false, message: contactMessages.imageInvalid });
    // The rest of the declared body is read and thrown away (refused-body.ts): the connection is
    // not reset under a client still sending, and serves its next request.
    client.socket.write(Buffer.alloc(5 * 1024 * 1024 - Buffer.byteLength(head) - 4096, 0x41));
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await client.responses(2))[1]?.status).toBe(200);
    client.socket.destroy();
  });

  it('reads to its end a form refused on its declared size, so that a client (or nginx) still sending gets the 413 (real socket)', { timeout: SOCKET_TEST_TIMEOUT }, async () => {
    // nginx passes a form up to its own limit (51 MB for the contact form), sends it whole, then
    // reads the answer: a server that answered and reset the connection made nginx show its own 503.
    const declared = maxFormBytes(QUOTE_FORM_RULES) + 1;
    const client = openSocket();
    client.socket.write(
      `POST /api/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${nextAddress()}\r\nContent-Type: multipart/form-data; boundary=abc\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    // Answered from the declared length, before a byte of the body is sent…
    const answer = await client.firstResponse;
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ success: false, statusCode: 413, message: messages.http.payloadTooLarge });
    // …and the body sent after it is read and thrown away: the same connection answers next.
    const written = new Promise<void>((resolve, reject) => client.socket.write(Buffer.alloc(declared, 0x20), (error) => (error ? reject(error) : resolve())));
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await written;
    expect((await client.responses(2))[1]?.status).toBe(200);
    client.socket.destroy();
  });

  it('closes at once a form declared larger than any proxy lets through (nothing is read of it)', { timeout: SOCKET_TEST_TIMEOUT }, async () => {
    const client = openSocket();
    client.socket.write(
      `POST /api/quotes HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${nextAddress()}\r\nContent-Type: multipart/form-data; boundary=abc\r\nContent-Length: ${MAX_DRAINED_BODY_BYTES + 1}\r\n\r\n`,
    );
    // The server closes the connection itself: `closed` resolves without any deadline.
    const answer = parseResponse(await client.closed);
    expect(answer?.status).toBe(413);
    expect(answer?.json).toMatchObject({ success: false, message: messages.http.payloadTooLarge });
  });
});

describe('slow clients are cut by the server’s deadlines (real sockets)', () => {
  it('answers a French 408 and closes a connection that never finishes its headers', { timeout: SOCKET_TEST_TIMEOUT }, async () => {
    const client = openSocket();
    client.socket.write('POST /api/email-simple/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const received = await client.closed;
    const answer = parseResponse(received);
    expect(answer?.status).toBe(408);
    expect(answer?.json).toMatchObject({ success: false, statusCode: 408, message: messages.http.requestTimeout });
  });

  it('answers a French 408 and closes a connection that sends its headers, then trickles its body', { timeout: SOCKET_TEST_TIMEOUT }, async () => {
    const client = openSocket();
    client.socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${nextAddress()}\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n{"email":"`);
    const received = await client.closed;
    const answer = parseResponse(received);
    expect(answer?.status).toBe(408);
    expect(answer?.json).toMatchObject({ success: false, statusCode: 408, message: messages.http.requestTimeout });
  });

  it('closes a connection that never sends anything', { timeout: SOCKET_TEST_TIMEOUT }, async () => {
    const client = openSocket();
    // Node counts a silent connection as headers that never came.
    const answer = parseResponse(await client.closed);
    expect(answer?.status).toBe(408);
    expect(answer?.json).toMatchObject({ success: false, message: messages.http.requestTimeout });
  });

  it('closes a kept-alive connection left idle after its answer', { timeout: SOCKET_TEST_TIMEOUT }, async () => {
    const client = openSocket();
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await client.firstResponse).status).toBe(200);
    await client.closed;
    expect(client.socket.destroyed).toBe(true);
  });

  it('takes back the upload slots of four slow uploads (French 408), then an honest upload succeeds', { timeout: SOCKET_TEST_TIMEOUT }, async () => {
    const boundary = 'slow-upload-boundary';
    const slow = Array.from({ length: 4 }, () => {
      const client = openSocket();
      // Headers and the start of a 5 MB form: enough to take an upload slot, then nothing more.
      client.socket.write(
        `POST /api/email-simple/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${nextAddress()}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${5 * 1024 * 1024}\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nLent`,
      );
      return client;
    });
    for (const client of slow) {
      const answer = parseResponse(await client.closed);
      expect(answer?.status).toBe(408);
      expect(answer?.json).toMatchObject({ success: false, statusCode: 408, message: messages.http.uploadTooSlow });
    }

    // A real upload (over the 64 KB under which a form takes no slot), sent at the speed of the loopback.
    const { payload, headers } = multipartBody(contactFields(), [{ field: 'images', bytes: imageOfSize(JPEG, 200 * 1024) }]);
    const honest = openSocket();
    honest.socket.write(
      Buffer.concat([
        Buffer.from(`POST /api/email-simple/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${nextAddress()}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`),
        payload,
      ]),
    );
    const answer = parseResponse(await honest.closed);
    expect(answer?.status).toBe(200);
    expect(answer?.json).toEqual({ success: true, message: contactMessages.success });
  });
});

type ParsedResponse = { status: number; json: unknown; /** characters (bytes) it took */ length: number };

/** One HTTP/1.1 response from raw bytes (status and JSON body by Content-Length), or null when incomplete. */
function parseResponse(raw: string): ParsedResponse | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const head = raw.slice(0, end);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
  const bodyBytes = Buffer.from(raw.slice(end + 4), 'latin1');
  if (!Number.isFinite(length) || bodyBytes.length < length) return null;
  let json: unknown = null;
  try {
    json = JSON.parse(bodyBytes.subarray(0, length).toString('utf8'));
  } catch {
    json = null;
  }
  return { status, json, length: end + 4 + length };
}

/** The complete responses at the start of raw bytes, one after the other. */
function parseResponses(raw: string): ParsedResponse[] {
  const parsed: ParsedResponse[] = [];
  let rest = raw;
  for (;;) {
    const response = parseResponse(rest);
    if (!response) return parsed;
    parsed.push(response);
    rest = rest.slice(response.length);
  }
}

/**
 * A raw TCP client of the test server: what it receives, its first complete response, the first
 * `count` responses (rejected if the server closes before), and everything once the server closes it.
 */
function openSocket(): { socket: net.Socket; firstResponse: Promise<ParsedResponse>; responses: (count: number) => Promise<ParsedResponse[]>; closed: Promise<string> } {
  const socket = net.connect({ host: '127.0.0.1', port });
  socket.on('error', () => undefined);
  let received = '';
  const waiters: { count: number; resolve: (value: ParsedResponse[]) => void }[] = [];
  socket.on('data', (chunk: Buffer) => {
    // latin1 keeps one character per byte: Content-Length counts bytes.
    received += chunk.toString('latin1');
    const parsed = parseResponses(received);
    for (const waiter of waiters.filter((candidate) => parsed.length >= candidate.count)) waiter.resolve(parsed);
  });
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
  });
  const responses = (count: number) =>
    Promise.race([
      new Promise<ParsedResponse[]>((resolve) => waiters.push({ count, resolve })),
      closed.then((raw) => {
        const parsed = parseResponses(raw);
        if (parsed.length >= count) return parsed;
        throw new Error(`connection closed after ${parsed.length} response(s) of ${count}`);
      }),
    ]);
  const firstResponse = responses(1).then(([first]) => first as ParsedResponse);
  // Tests that only await `closed` never read it: its rejection is theirs to ignore.
  firstResponse.catch(() => undefined);
  return { socket, firstResponse, responses, closed };
}
