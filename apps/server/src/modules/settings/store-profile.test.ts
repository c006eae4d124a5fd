import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultStoreProfile, STORE_PROFILE_ELEMENT_ID, type StoreProfile } from '@erepare/shared/store-profile';
import { storeProfileMessages } from '@erepare/shared/schemas/store-profile';
import { auditLog, storeProfileTable } from '../../db/schema.js';
import { adminTestBed, type AdminTestBed, type Envelope } from '../../test/admin.js';

const SHELL =
  '<!doctype html><html lang="fr"><head><title>E.repare</title><meta name="description" content="Atelier"></head><body><div id="root"></div></body></html>';

/**
 * The web build's renderer as the server loads it (dist/ssr/entry-server.js): the same exports as
 * apps/web/src/entry-server.tsx, rendering the profile's name and phone so the test sees which
 * profile a page was rendered with. The real renderer runs in the e2e store-profile spec.
 */
const RENDERER = `
export function prerenderJobs() {
  return [['/', '/'], ['/contact', '/contact'], ['*', '/__page-introuvable__']];
}
export async function render(url, profile) {
  const title = url === '/' ? 'Accueil' : url === '/contact' ? 'Contact' : 'Introuvable';
  return { html: '<main><h1>' + title + '</h1><p>' + profile.name + ' – ' + profile.phone.display + '</p></main>', status: 200 };
}
`;

const prerendered = (title: string, profile: StoreProfile) =>
  SHELL.replace('<div id="root"></div>', `<div id="root"><main><h1>${title}</h1><p>${profile.name} – ${profile.phone.display}</p></main></div>`);

/** A profile the owner could save: every field changed that the pages show. */
const saved: StoreProfile = {
  ...defaultStoreProfile,
  name: 'Atelier du Bassin',
  legalName: 'Atelier du Bassin SARL',
  phone: { display: '05 57 11 22 33', e164: '+33557112233' },
  email: 'bonjour@atelier-du-bassin.fr',
  siret: '123 456 789 00012',
  vatRegime: 'franchise',
  mediator: { name: 'CM2C', website: 'https://www.cm2c.net', address: '14 rue Saint-Jean, 75017 Paris' },
  bank: { accountHolder: 'Atelier du Bassin', bankName: 'Banque Populaire', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'ccbpfrppbdx' },
};

const embedded = (html: string) => {
  const match = new RegExp(`<script type="application/json" id="${STORE_PROFILE_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1] ?? 'null') as StoreProfile) : null;
};

let bed: AdminTestBed;
let dist: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'erepare-profile-'));
  await fs.writeFile(path.join(dist, 'index.html'), SHELL);
  await fs.mkdir(path.join(dist, 'prerendered'));
  await fs.writeFile(path.join(dist, 'prerendered', 'index.html'), prerendered('Accueil', defaultStoreProfile));
  await fs.writeFile(path.join(dist, 'prerendered', 'contact.html'), prerendered('Contact', defaultStoreProfile));
  await fs.writeFile(path.join(dist, 'prerendered', '404.html'), prerendered('Introuvable', defaultStoreProfile));
  await fs.writeFile(path.join(dist, 'prerendered', 'manifest.json'), JSON.stringify({ '/': 'index.html', '/contact': 'contact.html', '*': '404.html' }));
  await fs.writeFile(path.join(dist, 'prerendered', 'store-profile.json'), JSON.stringify(defaultStoreProfile));
  await fs.mkdir(path.join(dist, 'ssr'));
  await fs.writeFile(path.join(dist, 'ssr', 'package.json'), '{ "type": "module" }');
  await fs.writeFile(path.join(dist, 'ssr', 'entry-server.js'), RENDERER);
  bed = await adminTestBed({ WEB_RENDERER: 'prerender', WEB_DIST_DIR: dist });
});

afterAll(async () => {
  await bed?.t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('store profile', () => {
  it('is the default one until staff save theirs, and the built pages are served as they are', async () => {
    const response = await bed.call('GET', '/api/admin/store-profile');
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope<StoreProfile>>().data).toEqual(defaultStoreProfile);
    const home = await bed.t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain(`<p>${defaultStoreProfile.name} – ${defaultStoreProfile.phone.display}</p>`);
    expect(embedded(home.body)).toEqual(defaultStoreProfile);
  });

  it('refuses an invalid profile with French messages and changes nothing', async () => {
    const attempts: [unknown, string][] = [
      [{ ...defaultStoreProfile, bank: { ...defaultStoreProfile.bank, iban: 'FR76 3000 6000 0112 3456 7890 188' } }, storeProfileMessages.iban],
      [{ ...defaultStoreProfile, siret: '123' }, storeProfileMessages.siret],
      [{ ...defaultStoreProfile, address: { ...defaultStoreProfile.address, postalCode: '3347' } }, storeProfileMessages.postalCode],
      [{ ...defaultStoreProfile, social: { ...defaultStoreProfile.social, facebook: 'javascript:alert(1)' } }, storeProfileMessages.url],
      [{ ...defaultStoreProfile, phone: { display: '05 56', e164: '0556' } }, storeProfileMessages.phoneE164],
      [{ ...defaultStoreProfile, name: 'E.repare\u0000' }, 'caractères non autorisés'],
      [{ ...defaultStoreProfile, openingHours: [] }, storeProfileMessages.slotsRequired],
      [{ ...defaultStoreProfile, vatRegime: 'micro' }, storeProfileMessages.vatRegime],
      [{ ...defaultStoreProfile, extra: 'x' }, ''],
      [{ name: 'Seulement un nom' }, ''],
      [[defaultStoreProfile], ''],
    ];
    for (const [payload, message] of attempts) {
      const response = await bed.call('PUT', '/api/admin/store-profile', payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const body = response.json<{ success: boolean; message: string }>();
      expect(body.success).toBe(false);
      if (message) expect(body.message).toContain(message);
    }
    expect(await bed.t.database.db.select().from(storeProfileTable)).toEqual([]);
    expect(await bed.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'store_profile'))).toEqual([]);
  });

  it('is staff-only: a visitor or a customer can neither read nor save it', async () => {
    for (const who of ['none', 'customer'] as const) {
      expect((await bed.call('GET', '/api/admin/store-profile', undefined, who)).statusCode).toBe(who === 'none' ? 401 : 403);
      expect((await bed.call('PUT', '/api/admin/store-profile', saved, who)).statusCode).toBe(who === 'none' ? 401 : 403);
    }
    expect(await bed.t.database.db.select().from(storeProfileTable)).toEqual([]);
  });

  it('saves a valid profile, audits what changed, and every page shows it once the answer is back', async () => {
    const response = await bed.call('PUT', '/api/admin/store-profile', saved);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Envelope<StoreProfile>>();
    expect(body.message).toBe(storeProfileMessages.saved);
    // The BIC is stored in capitals.
    const expected = { ...saved, bank: { ...saved.bank, bic: 'CCBPFRPPBDX' } };
    expect(body.data).toEqual(expected);
    expect((await bed.call('GET', '/api/admin/store-profile')).json<Envelope<StoreProfile>>().data).toEqual(expected);

    const [entry] = await bed.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'store_profile'));
    expect(entry?.action).toBe('store_profile.update');
    expect(entry?.actorId).toBe(bed.admin.id);
    expect(Object.keys(entry?.after as object).sort()).toEqual(['bank', 'email', 'legalName', 'mediator', 'name', 'phone', 'siret', 'vatRegime']);
    expect((entry?.before as Partial<StoreProfile>).name).toBe(defaultStoreProfile.name);

    // Prerendered pages were rendered again with it; the page carries the same profile (no hydration mismatch).
    for (const [url, title] of [['/', 'Accueil'], ['/contact', 'Contact'], ['/inconnue', 'Introuvable']] as const) {
      const page = await bed.t.app.inject({ method: 'GET', url });
      expect(page.body, url).toContain(`<h1>${title}</h1><p>Atelier du Bassin – 05 57 11 22 33</p>`);
      expect(page.body).not.toContain(defaultStoreProfile.phone.display);
      expect(embedded(page.body)).toEqual(expected);
    }
    // A page that is not prerendered (the shell) carries it too.
    expect(embedded((await bed.t.app.inject({ method: 'GET', url: '/compte' })).body)).toEqual(expected);

    // Saving the same profile again changes nothing and records nothing.
    expect((await bed.call('PUT', '/api/admin/store-profile', expected)).statusCode).toBe(200);
    expect(await bed.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'store_profile'))).toHaveLength(1);
  });

  it('never serves the renderer or the prerender files as static files', async () => {
    for (const url of ['/ssr/entry-server.js', '/ssr/package.json', '/prerendered/manifest.json', '/prerendered/store-profile.json']) {
      const response = await bed.t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('prerenderJobs');
    }
  });

  it('a stored row that is not a profile any more counts as the default one (no 500)', async () => {
    await bed.t.database.db.update(storeProfileTable).set({ profile: { name: 42 } }).where(eq(storeProfileTable.id, 1));
    const response = await bed.call('GET', '/api/admin/store-profile');
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope<StoreProfile>>().data).toEqual(defaultStoreProfile);
    const page = await bed.t.app.inject({ method: 'GET', url: '/compte' });
    expect(page.statusCode).toBe(200);
    expect(embedded(page.body)).toEqual(defaultStoreProfile);
  });
});
