import type { RepairBackend } from '../../adapters/repair/types.js';
import type { Db } from '../../db/client.js';
import type { Catalogue } from './catalogue-types.js';

/** Builds the shop catalogue from the repair backend's inventory (to be written: issue 5, catalogue). */
export function createCatalogue(_db: Db, _backend: RepairBackend): Catalogue {
  const missing = () => Promise.reject(new Error('catalogue not implemented yet'));
  return { list: missing, get: missing, categories: missing, invalidate: () => undefined };
}
