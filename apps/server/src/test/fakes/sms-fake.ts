/**
 * A local Brevo (transactional SMS), a real HTTP server on 127.0.0.1 speaking Brevo's wire format
 * (docs/sms.md), for the SMS job's tests and the end-to-end runs (DESIGN.md §1: nothing is mocked
 * inside the code under test).
 *
 * - POST /v3/transactionalSMS/send (and the former /v3/transactionalSMS/sms): header `api-key`
 *   checked (401 `{ code: "unauthorized", message: "Key not found" }` otherwise), JSON body
 *   `{ sender, recipient, content, type, tag?, unicodeEnabled? }` checked as Brevo does (400
 *   `{ code: "missing_parameter" | "invalid_parameter", message }`), answer 201 `{ reference,
 *   messageId, smsCount, usedCredits, remainingCredits }`.
 * - GET /v3/account: 200 with a small account (the go-live checklist's check), 401 with a wrong key.
 * - Fault controls, in the test or over HTTP (POST /__fake/controls `{ failNext: { status, count } }`
 *   for a test in another process): the next `count` sends answer `status` (500, 429, 402…).
 * - GET /__fake/messages lists what was accepted (e2e).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const FAKE_BREVO_API_KEY = 'xkeysib-fake0123456789abcdef-SmsFakeKey';

export type FakeSmsMessage = {
  sender: string;
  recipient: string;
  content: string;
  type: string;
  tag: string | null;
  unicodeEnabled: boolean;
  messageId: number;
};

export type FakeSmsRequest = { method: string; path: string; status: number; apiKey: string | null; body: unknown };

export type FakeSms = {
  /** http://127.0.0.1:<port>: what BREVO_BASE_URL should be. */
  url: string;
  apiKey: string;
  /** Messages accepted (answered 201), in order. */
  messages: FakeSmsMessage[];
  /** Every request, answered or not. */
  requests: FakeSmsRequest[];
  /** The next `count` sends answer HTTP `status` (500 by default) with a Brevo error body. */
  failNext: (status?: number, count?: number) => void;
  /** Called after each request is answered (tests await it instead of sleeping). */
  onRequest: (listener: (request: FakeSmsRequest) => void) => void;
  reset: () => void;
  close: () => Promise<void>;
};

const errorCodes: Record<number, { code: string; message: string }> = {
  400: { code: 'invalid_parameter', message: 'Invalid parameter' },
  401: { code: 'unauthorized', message: 'Key not found' },
  402: { code: 'not_enough_credits', message: 'Not enough credits' },
  429: { code: 'too_many_requests', message: 'Too many requests' },
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Brevo's checks of a send request: the message to answer 400 with, or null. */
function invalidSend(body: unknown): string | null {
  if (!body || typeof body !== 'object') return 'Invalid JSON body';
  const value = body as Record<string, unknown>;
  for (const field of ['sender', 'recipient', 'content'] as const) {
    if (typeof value[field] !== 'string' || value[field] === '') return `${field} is missing`;
  }
  const sender = value.sender as string;
  if (!/^(?=.*[A-Za-z])[A-Za-z0-9 ]{3,11}$/.test(sender) && !/^\d{3,15}$/.test(sender)) return 'sender is not valid';
  if (!/^\+?\d{6,15}$/.test(value.recipient as string)) return 'recipient is not valid';
  if (value.type !== undefined && value.type !== 'transactional' && value.type !== 'marketing') return 'type is not valid';
  return null;
}

export async function startFakeSms(options: { port?: number; apiKey?: string } = {}): Promise<FakeSms> {
  const apiKey = options.apiKey ?? FAKE_BREVO_API_KEY;
  const messages: FakeSmsMessage[] = [];
  const requests: FakeSmsRequest[] = [];
  const listeners: ((request: FakeSmsRequest) => void)[] = [];
  let failures: { status: number; count: number } = { status: 500, count: 0 };
  let nextId = 1_511_882_900_176_220;

  const record = (request: FakeSmsRequest) => {
    requests.push(request);
    for (const listener of listeners) listener(request);
  };

  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const text = await readBody(request);
      let body: unknown = null;
      try {
        body = text ? (JSON.parse(text) as unknown) : null;
      } catch {
        body = undefined;
      }
      const header = request.headers['api-key'];
      const key = typeof header === 'string' ? header : null;
      const answer = (status: number, payload: unknown) => {
        send(response, status, payload);
        record({ method: request.method ?? '', path, status, apiKey: key, body });
      };

      if (request.method === 'POST' && path === '/__fake/controls') {
        const controls = (body ?? {}) as { failNext?: { status?: number; count?: number } };
        if (controls.failNext) failures = { status: controls.failNext.status ?? 500, count: controls.failNext.count ?? 1 };
        return answer(200, { ok: true });
      }
      if (request.method === 'GET' && path === '/__fake/messages') return answer(200, { messages });
      if (key !== apiKey) return answer(401, errorCodes[401]);
      if (request.method === 'GET' && path === '/v3/account') {
        return answer(200, { email: 'atelier@example.fr', companyName: 'E.repare', plan: [{ type: 'sms', credits: 82.85, creditsType: 'sendLimit' }] });
      }
      if (request.method === 'POST' && (path === '/v3/transactionalSMS/send' || path === '/v3/transactionalSMS/sms')) {
        if (failures.count > 0) {
          failures.count -= 1;
          const status = failures.status;
          return answer(status, errorCodes[status] ?? { code: 'internal_error', message: 'Internal server error' });
        }
        const invalid = invalidSend(body);
        if (invalid) return answer(400, { code: body === undefined ? 'invalid_parameter' : 'missing_parameter', message: invalid });
        const value = body as Record<string, unknown>;
        const content = value.content as string;
        const unicode = value.unicodeEnabled === true;
        const messageId = nextId++;
        messages.push({
          sender: value.sender as string,
          recipient: value.recipient as string,
          content,
          type: typeof value.type === 'string' ? value.type : 'transactional',
          tag: typeof value.tag === 'string' ? value.tag : null,
          unicodeEnabled: unicode,
          messageId,
        });
        const perSms = unicode ? 67 : 153;
        const smsCount = content.length <= (unicode ? 70 : 160) ? 1 : Math.ceil(content.length / perSms);
        return answer(201, { reference: `ref${messageId.toString(36)}`, messageId, smsCount, usedCredits: smsCount * 0.045, remainingCredits: 82.85 });
      }
      return answer(404, { code: 'not_found', message: 'Not found' });
    })().catch(() => {
      if (!response.headersSent) send(response, 500, { code: 'internal_error', message: 'fake error' });
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    messages,
    requests,
    failNext: (status = 500, count = 1) => {
      failures = { status, count };
    },
    onRequest: (listener) => {
      listeners.push(listener);
    },
    reset: () => {
      messages.length = 0;
      requests.length = 0;
      failures = { status: 500, count: 0 };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
