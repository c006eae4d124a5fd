import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { countRepairData, hasRepairData, type RepairDeskCounts } from '../db/demo-data/repair-desk.js';
import { seed, seedRepairDemoData } from '../db/seed.js';

/**
 * `node apps/server/dist/cli/seed-large.js`: loads the large demo data set (500 customers,
 * 2,000 tickets, ~600 invoices, 5,000 inventory items) for benchmarks, into the database of
 * DATA_DIR or DATABASE_URL. Only into a database without repair data: run it on a fresh
 * DATA_DIR before the first start of the server (which would otherwise seed the small set).
 */
const labels: Record<keyof RepairDeskCounts, string> = {
  statuses: 'statuts',
  categories: 'catégories',
  brands: 'marques',
  customers: 'clients',
  tickets: 'tickets',
  ticketDevices: 'appareils',
  ticketEvents: 'changements de statut',
  invoices: 'factures',
  invoiceLines: 'lignes de facture',
  invoicePayments: 'paiements',
  inventoryItems: 'articles en stock',
};

function describe(counts: RepairDeskCounts): string {
  return (Object.keys(labels) as (keyof RepairDeskCounts)[])
    .map((key) => `  ${labels[key]} : ${counts[key].toLocaleString('fr-FR')}`)
    .join('\n');
}

try {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    if (await hasRepairData(database.db)) {
      console.error(
        'La base contient déjà des données de réparation : le jeu volumineux n’est chargé que dans une base vide.\n' +
          'Utilisez un DATA_DIR neuf (ou une base PostgreSQL vide) et lancez cette commande avant le premier démarrage du serveur.\n' +
          describe(await countRepairData(database.db)),
      );
      process.exitCode = 1;
    } else {
      const startedAt = performance.now();
      // A new database gets its settings and the large set at once; one already seeded (whose
      // repair tables were emptied) gets the large set only.
      await seed(database.db, { demoData: 'large' });
      await seedRepairDemoData(database.db, 'large');
      const seconds = (performance.now() - startedAt) / 1000;
      console.log(
        `Jeu de données volumineux chargé en ${seconds.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} s (base ${database.kind}) :\n` +
          describe(await countRepairData(database.db)),
      );
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
