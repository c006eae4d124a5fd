/**
 * Security suite, issue 20 items 12-15: one path, one check (every spelling of a path meets the
 * same checks, the server's own bundle is never served); Web Push cannot reach inside; the public
 * ticket list is the dashboard's window without a per-person id; personal answers are never
 * cached. The real application in-process (app.inject) and over a real socket (raw request lines:
 * HTTP clients would normalise the spellings under test); nothing of ours is mocked.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import { diffSnapshots, frenchMessageProblem, snapshot } from './helpers.js';

const SHELL = '<!doctype html><html lang="fr"><head><title>E.repare</title><meta name="description" content="Atelier"></head><body><div id="root"></div></body></html>';
/** What must never leave the server: its renderer (dist/ssr) and its prerendered pages. */
const SSR_SECRET = 'SECRET-DU-RENDU-SERVEUR';
const PRERENDERED_SECRET = 'SECRET-PAGE-PRERENDUE';
const RENDERER = `// ${SSR_SECRET}
export function prerenderJobs() { return []; }
export async function render() { return null; }
`;

let t: TestApp;
let dist: string;
let port = 0;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'erepare-paths-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.mkdir(path.join(dist, 'ssr'));
  await fs.mkdir(path.join(dist, 'prerendered'));
  await fs.writeFile(path.join(dist, 'index.html'), SHELL);
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("public");');
  await fs.writeFile(path.join(dist, 'ssr', 'package.json'), '{ "type": "module" }');
  await fs.writeFile(path.join(dist, 'ssr', 'entry-server.js'), RENDERER);
  await fs.writeFile(path.join(dist, 'prerendered', 'manifest.json'), `{"secret":"${PRERENDERED_SECRET}"}`);
  t = await createTestApp({ WEB_DIST_DIR: dist, TRUST_PROXY: 'false' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

type RawAnswer = { status: number; headers: string; body: string };

/** One request written byte for byte on a socket (no client normalises its target); the answer read to its end. */
function rawRequest(requestLine: string, headers: string[] = [], body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: split === -1 ? '' : text.slice(split + 4) });
    });
    const lines = [requestLine, `Host: 127.0.0.1:${port}`, 'Connection: close', ...headers];
    if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

describe('item 12: one path, one check', () => {
  /** Every spelling of the server's own files the attack used, and the variants a parser may read as them. */
  const SERVER_FILES = [
    '/ssr/entry-server.js',
    '//ssr/entry-server.js',
    '///ssr//entry-server.js',
    '/./ssr/entry-server.js',
    '/assets/../ssr/entry-server.js',
    '/assets/./../ssr/entry-server.js',
    '/assets/%2e%2e/ssr/entry-server.js',
    '/assets/%2E%2E/ssr/entry-server.js',
    '/assets/.%2e/ssr/entry-server.js',
    '/%2e/ssr/entry-server.js',
    '/assets%2f..%2fssr%2fentry-server.js',
    '/assets/..%2Fssr/entry-server.js',
    '/%73sr/entry-server.js',
    '/%73%73%72/%65ntry-server.js',
    '/SSR/entry-server.js',
    '/assets\\..\\ssr\\entry-server.js',
    '/\\ssr/entry-server.js',
    '/assets/..%5Cssr/entry-server.js',
    '/ssr/package.json',
    '/x/../../ssr/entry-server.js',
    '/prerendered/manifest.json',
    '//prerendered/manifest.json',
    '/assets/../prerendered/manifest.json',
    '/%70rerendered/manifest.json',
  ];

  it.each(SERVER_FILES)('never serves %s through app.inject', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.body).not.toContain(SSR_SECRET);
    expect(response.body).not.toContain(PRERENDERED_SECRET);
    expect(response.body).not.toContain('prerenderJobs');
    expect([400, 404]).toContain(response.statusCode);
  });

  it.each(SERVER_FILES)('never serves %s over a socket (raw request line)', async (url) => {
    const answer = await rawRequest(`GET ${url} HTTP/1.1`);
    expect(answer.body).not.toContain(SSR_SECRET);
    expect(answer.body).not.toContain(PRERENDERED_SECRET);
    expect(answer.body).not.toContain('prerenderJobs');
    expect([400, 404]).toContain(answer.status);
  });

  it('still serves the public build and its pages', async () => {
    const asset = await rawRequest('GET /assets/app-abc123.js HTTP/1.1');
    expect(asset.status).toBe(200);
    expect(asset.body).toContain('public');
    // A harmless other spelling of a public file is the same file.
    expect((await rawRequest('GET //assets/./app-abc123.js HTTP/1.1')).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/contact' })).statusCode).toBe(200);
  });

  /** Spellings of an API write path; each must meet the cross-site check (or be refused before any route). */
  const API_SPELLINGS = [
    '/api/email-simple/contact',
    '/%61pi/email-simple/contact',
    '/%61%70%69/email-simple/contact',
    '/%41PI/email-simple/contact',
    '/%41pi/email-simple/contact',
    '/API/email-simple/contact',
    '//api/email-simple/contact',
    '/./api/email-simple/contact',
    '/x/../api/email-simple/contact',
    '/%2e/api/email-simple/contact',
    '/api/%2e/email-simple/contact',
    '/api//email-simple/contact',
    '/api%2femail-simple/contact',
    '/api\\email-simple\\contact',
    '/%61pi/email-simple/%63ontact',
  ];
  const CONTACT = JSON.stringify({ name: 'Visiteur', email: 'visiteur@exemple.fr', phone: '0612345678', subject: 'Question', message: 'Bonjour, une question sur une réparation.' });
  const CROSS_SITE = { origin: 'https://pirate.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' };

  it.each(API_SPELLINGS)('a cross-site write to %s is refused before any route (app.inject)', async (url) => {
    const before = await snapshot(t.database.db);
    const response = await t.app.inject({ method: 'POST', url, headers: CROSS_SITE, payload: CONTACT });
    expect([400, 403]).toContain(response.statusCode);
    expect(frenchMessageProblem(response)).toBeNull();
    expect(diffSnapshots(before, await snapshot(t.database.db))).toEqual([]);
  });

  it.each(API_SPELLINGS)('a cross-site write to %s is refused before any route (raw socket)', async (url) => {
    const before = await snapshot(t.database.db);
    const answer = await rawRequest(
      `POST ${url} HTTP/1.1`,
      Object.entries(CROSS_SITE).map(([name, value]) => `${name}: ${value}`),
      CONTACT,
    );
    expect([400, 403]).toContain(answer.status);
    expect(answer.body).toMatch(/"message":"(Requête refusée|Adresse invalide)/);
    expect(diffSnapshots(before, await snapshot(t.database.db))).toEqual([]);
  });

  it('an API read spelled otherwise is the API (never the page shell), same answer as the canonical path', async () => {
    const canonical = await rawRequest('GET /api/repairdesk/statuses HTTP/1.1');
    const other = await rawRequest('GET /%61pi//repairdesk/./statuses HTTP/1.1');
    expect(canonical.status).toBe(200);
    expect(other.status).toBe(200);
    expect(other.body).toBe(canonical.body);
  });
});
