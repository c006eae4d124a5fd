import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefusedAddressError } from '../lib/public-address.js';
import { postToPushService } from './push-request.js';

/** A local receiver counting the connections it gets (none may come from a refused push). */
let server: http.Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    response.writeHead(201, { 'content-type': 'text/plain' }).end('reçu');
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (endpoint: string, allowLoopback: boolean) => postToPushService(endpoint, { headers: { ttl: '60' }, body: new Uint8Array([1, 2, 3]), timeoutMs: 5_000, allowLoopback });

describe('postToPushService', () => {
  it('refuses at connect time what the name resolves to when it is not public, whatever the text of the URL', async () => {
    const before = connections;
    for (const endpoint of [
      `https://localhost:${port}/push`,
      `https://LocalHost:${port}/push`,
      `https://vm:${port}/push`,
      `https://127.0.0.1:${port}/push`,
      `https://[::1]:${port}/push`,
      `https://[::ffff:127.0.0.1]:${port}/push`,
      'https://10.0.0.1/push',
      'https://169.254.169.254/latest',
      `http://127.0.0.1:${port}/push`,
    ]) {
      await expect(post(endpoint, false), endpoint).rejects.toBeInstanceOf(RefusedAddressError);
    }
    // A trailing dot: refused, or not found where the system does not resolve it; never connected.
    await expect(post(`https://localhost.:${port}/push`, false)).rejects.toBeDefined();
    expect(connections).toBe(before);
  });

  it('with the tests’ switch, reaches the loopback (plain http too), never the local network', async () => {
    await expect(post(`http://127.0.0.1:${port}/push`, true)).resolves.toEqual({ status: 201, text: 'reçu' });
    await expect(post(`http://localhost:${port}/push`, true)).resolves.toEqual({ status: 201, text: 'reçu' });
    for (const endpoint of ['http://10.0.0.1/push', 'https://192.168.0.1/push', 'ftp://127.0.0.1/push']) {
      await expect(post(endpoint, true), endpoint).rejects.toBeInstanceOf(RefusedAddressError);
    }
  });
});
