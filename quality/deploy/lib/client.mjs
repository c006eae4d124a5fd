// @ts-check
/**
 * HTTP clients of the deployment suite: HTTPS to nginx with the suite's own certificate authority
 * (real verification, SNI, ALPN), from a chosen loopback address (Linux routes all of 127/8 to
 * `lo`: binding the socket to 127.0.0.2 or 127.0.0.3 makes distinct clients for nginx), one
 * connection per request so that address is the one nginx sees; plain HTTP for the redirect and
 * for the server itself.
 */
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import tls from 'node:tls';

/**
 * @typedef {{
 *   status: number,
 *   headers: import('node:http').IncomingHttpHeaders,
 *   rawHeaders: string[],
 *   body: Buffer,
 *   ms: number,
 *   tlsProtocol: string | null,
 * }} Answer
 * @typedef {(request: import('node:http').ClientRequest) => Promise<void>} BodyWriter
 *   writes the body (the caller ends the request); resolves when it has written what it means to
 * @typedef {{
 *   method?: string,
 *   path: string,
 *   headers?: Record<string, string | number>,
 *   body?: Buffer | string | BodyWriter,
 *   localAddress?: string,
 *   timeoutMs?: number,
 * }} RequestOptions
 */

/** Every value of a header as it came on the wire (a header sent twice is listed twice). */
export function headerValues(/** @type {Answer} */ answer, /** @type {string} */ name) {
  /** @type {string[]} */
  const values = [];
  for (let index = 0; index < answer.rawHeaders.length; index += 2) {
    if (answer.rawHeaders[index]?.toLowerCase() === name.toLowerCase()) values.push(answer.rawHeaders[index + 1] ?? '');
  }
  return values;
}

/**
 * One request on a fresh connection. The answer is read whole; a server that answers before the
 * body is all sent (a 413 on the headers) is heard, and the rest of the body is not sent.
 * @param {typeof http | typeof https} module
 * @param {import('node:https').RequestOptions} base
 * @param {RequestOptions} options
 * @returns {Promise<Answer>}
 */
function send(module, base, { method = 'GET', path, headers = {}, body, localAddress = '127.0.0.1', timeoutMs = 60_000 }) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let settled = false;
    const request = module.request({ ...base, method, path, headers, localAddress, agent: false });
    const timer = setTimeout(() => request.destroy(new Error(`${method} ${path}: no answer after ${timeoutMs / 1000} s`)), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      if (!settled) reject(error);
    });
    request.on('response', (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', (error) => {
        clearTimeout(timer);
        if (!settled) reject(error);
      });
      response.on('end', () => {
        clearTimeout(timer);
        settled = true;
        const socket = /** @type {import('node:tls').TLSSocket} */ (request.socket);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          rawHeaders: response.rawHeaders,
          body: Buffer.concat(chunks),
          ms: Math.round(performance.now() - started),
          tlsProtocol: typeof socket?.getProtocol === 'function' ? socket.getProtocol() : null,
        });
        // An early answer (the body not all sent): the connection is of no further use.
        request.destroy();
      });
    });
    if (typeof body === 'function') {
      body(request).then(
        () => request.end(),
        (/** @type {unknown} */ error) => {
          // The peer answered and closed while the body was being written: its answer counts.
          if (!settled) setTimeout(() => request.destroy(error instanceof Error ? error : new Error(String(error))), 2_000).unref();
        },
      );
    } else {
      request.end(body);
    }
  });
}

/**
 * @param {{ port: number, ca: string, servername: string }} target nginx's HTTPS port and the name the certificate is for
 * @param {RequestOptions} options
 */
export function httpsRequest({ port, ca, servername }, options) {
  return send(https, { host: '127.0.0.1', port, ca, servername, headers: {} }, {
    ...options,
    headers: { host: `${servername}:${port}`, ...options.headers },
  });
}

/** @param {number} port @param {RequestOptions} options */
export function httpRequest(port, options) {
  return send(http, { host: '127.0.0.1', port }, options);
}

/**
 * A TLS handshake alone: what was negotiated, or why it failed.
 * @param {{ port: number, ca: string, servername?: string | undefined, alpn?: string[] }} options
 * @returns {Promise<{ ok: true, protocol: string | null, alpn: string | false | null, authorized: boolean } | { ok: false, error: string }>}
 */
export function handshake({ port, ca, servername, alpn = ['h2', 'http/1.1'] }) {
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: '127.0.0.1',
      port,
      ca,
      ALPNProtocols: alpn,
      // No servername: no SNI at all (Node sends none for an IP address).
      ...(servername ? { servername } : { servername: '' }),
      rejectUnauthorized: Boolean(servername),
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error('TLS handshake: no answer after 10 s')));
    socket.once('secureConnect', () => {
      resolve({ ok: true, protocol: socket.getProtocol(), alpn: socket.alpnProtocol ?? null, authorized: socket.authorized });
      socket.end();
    });
    socket.once('error', (error) => resolve({ ok: false, error: tlsError(error) }));
  });
}

/**
 * OpenSSL's message without its codes and source position ("tlsv1 unrecognized name").
 * @param {Error} error
 */
export function tlsError(error) {
  return (error.message.split('\n')[0] ?? '').replace(/^[0-9A-F]+:error:[0-9A-F]+:SSL routines:[^:]*:/, '').replace(/:\.\.\/deps\/.*$/, '');
}

/**
 * GET over HTTP/2 (ALPN h2): the status and the protocol the session really used.
 * @param {{ port: number, ca: string, servername: string }} target
 * @param {string} path
 * @returns {Promise<{ status: number, alpn: string | false | undefined, hsts: string | undefined }>}
 */
export function http2Get({ port, ca, servername }, path) {
  return new Promise((resolve, reject) => {
    const session = http2.connect(`https://${servername}:${port}`, {
      createConnection: () => tls.connect({ host: '127.0.0.1', port, ca, servername, ALPNProtocols: ['h2'] }),
    });
    session.on('error', reject);
    const stream = session.request({ ':path': path, ':method': 'GET' });
    stream.setTimeout(10_000, () => stream.close(http2.constants.NGHTTP2_CANCEL));
    /** @type {import('node:http2').IncomingHttpHeaders & import('node:http2').IncomingHttpStatusHeader} */
    let headers = {};
    stream.on('response', (received) => {
      headers = received;
    });
    stream.on('data', () => {});
    stream.on('end', () => {
      const alpn = session.alpnProtocol;
      session.close();
      const hsts = headers['strict-transport-security'];
      resolve({ status: Number(headers[':status'] ?? 0), alpn, hsts: Array.isArray(hsts) ? hsts.join(', ') : hsts });
    });
    stream.on('error', (error) => {
      session.close();
      reject(error);
    });
    stream.end();
  });
}
