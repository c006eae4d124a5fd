import type { LightMyRequestResponse } from 'fastify';
import { createLocalRepairBackend } from '../adapters/repair/local.js';
import { readAllRecords, type RepairDataset } from './fakes/local-records.js';
import { fromRecords, startFakeRepairDesk, type FakeRepairDesk } from './fakes/repairdesk-fake.js';
import { createTestApp, type TestApp } from './test-app.js';
import { signedInUser } from './users.js';

/** A test app with a signed-in admin and a signed-in customer, and a JSON request helper. */
export type AdminTestBed = {
  t: TestApp;
  admin: { id: number; headers: { authorization: string } };
  customer: { id: number; headers: { authorization: string } };
  call: (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, who?: 'admin' | 'customer' | 'none') => Promise<LightMyRequestResponse>;
};

/** The staff API's answer envelope. */
export type Envelope<T> = { success: boolean; message?: string; data: T; pagination?: { page: number; pageSize: number; total: number }; code?: string };

let counter = 0;

export async function adminTestBed(env: Record<string, string> = {}): Promise<AdminTestBed> {
  const t = await createTestApp(env);
  counter += 1;
  const admin = await signedInUser(t.app, t.database.db, { email: `atelier${counter}@exemple.fr`, role: 'admin' });
  const customer = await signedInUser(t.app, t.database.db, { email: `client${counter}@exemple.fr` });
  const call: AdminTestBed['call'] = (method, url, payload, who = 'admin') =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(who === 'admin' ? { headers: admin.headers } : who === 'customer' ? { headers: customer.headers } : {}),
    });
  return { t, admin, customer, call };
}

/**
 * The same with RepairDesk as the backend: a local fake RepairDesk (its wire format) filled with
 * the demo records the database holds, ids kept (so the demo's shop fields apply to its items).
 */
export async function repairDeskAdminTestBed(apiKey: string): Promise<AdminTestBed & { fake: FakeRepairDesk; records: RepairDataset; close: () => Promise<void> }> {
  const fake = await startFakeRepairDesk({ apiKey, rateLimit: false });
  let bed: AdminTestBed;
  try {
    bed = await adminTestBed({ REPAIRDESK_API_KEY: apiKey, REPAIRDESK_BASE_URL: fake.url });
  } catch (error) {
    await fake.close();
    throw error;
  }
  const records = await readAllRecords(createLocalRepairBackend(bed.t.database.db));
  Object.assign(fake.store, fromRecords(records));
  return {
    ...bed,
    fake,
    records,
    close: async () => {
      await bed.t.close();
      await fake.close();
    },
  };
}
