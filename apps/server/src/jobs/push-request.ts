import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, isLoopbackAddress, isPublicAddress, RefusedAddressError } from '../lib/public-address.js';

export type PushRequest = {
  headers: Record<string, string>;
  body?: Uint8Array | undefined;
  timeoutMs: number;
  /**
   * Tests only (PUSH_ALLOW_LOCAL_ENDPOINTS): this machine's loopback is allowed too, and plain
   * http to it, for the local fake push service. Never the local network.
   */
  allowLoopback: boolean;
};

export type PushAnswer = { status: number; text: string };

/** What is kept of a push service's answer body (for the logs). */
const MAX_TEXT_BYTES = 4096;

/**
 * POSTs one push message to a push service, reaching only a public address (issue 20 item 13):
 * https only, the host name resolved once by a guarded lookup that refuses any non-public address
 * and gives the connection the very addresses it checked; an IP literal checked the same way
 * (connections to a literal never call the lookup). Redirects are not followed.
 * Rejects with RefusedAddressError when the address is refused, with the request's error otherwise.
 */
export function postToPushService(endpoint: string, request: PushRequest): Promise<PushAnswer> {
  const allowed = (address: string) => isPublicAddress(address) || (request.allowLoopback && isLoopbackAddress(address));
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return Promise.reject(new RefusedAddressError(endpoint.slice(0, 100)));
  }
  const plain = url.protocol === 'http:';
  if (url.protocol !== 'https:' && !(plain && request.allowLoopback)) return Promise.reject(new RefusedAddressError(url.host));
  // Plain http only ever to the loopback, even in tests.
  const allowedHere = plain ? isLoopbackAddress : allowed;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) !== 0 && !allowedHere(literal)) return Promise.reject(new RefusedAddressError(url.host));

  return new Promise<PushAnswer>((resolve, reject) => {
    const client = plain ? http : https;
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(request.body?.byteLength ?? 0) },
        lookup: guardedLookup(allowedHere),
        // A fresh connection per push: a pooled socket would have been checked for another request.
        agent: false,
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept >= MAX_TEXT_BYTES) return;
          chunks.push(chunk);
          kept += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, MAX_TEXT_BYTES) }));
        response.on('error', reject);
      },
    );
    // The guarded lookup's refusal arrives here as it was raised (a RefusedAddressError).
    outgoing.on('error', reject);
    outgoing.end(request.body ? Buffer.from(request.body) : undefined);
  });
}
