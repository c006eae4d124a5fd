import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/**
 * A local Web Push service (RFC 8030) on 127.0.0.1, plain HTTP: it records each push request as
 * it arrives (path, headers, raw encrypted body) and answers what the test decides (201 by
 * default). Browser-side, `browserSubscription()` makes a real subscription (P-256 key pair and
 * 16-byte auth secret) whose pushes the test decrypts with http_ece, as a browser would.
 */

export type ReceivedPush = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

export type FakePushService = {
  url: string;
  received: ReceivedPush[];
  /** The status to answer each push with (called once per request; 201 by default). */
  setResponder: (responder: (push: ReceivedPush) => number) => void;
  close: () => Promise<void>;
};

export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  let responder: (push: ReceivedPush) => number = () => 201;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const push = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks) };
      const status = responder(push);
      received.push(push);
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 410 ? 'push subscription has unsubscribed or expired.' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakePushService = {
    url: `http://127.0.0.1:${port}`,
    received,
    setResponder: (next) => {
      responder = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

export type BrowserSubscription = {
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** Decrypts a push body sent to this subscription (aes128gcm) and parses its JSON. */
  decrypt: (body: Buffer) => Record<string, unknown>;
};

export function browserSubscription(endpoint: string): BrowserSubscription {
  const keys: ECDH = createECDH('prime256v1');
  const publicKey = keys.generateKeys();
  const auth = randomBytes(16);
  return {
    json: { endpoint, expirationTime: null, keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') } },
    decrypt: (body) =>
      JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: keys, authSecret: auth.toString('base64url') }).toString('utf8')) as Record<string, unknown>,
  };
}
