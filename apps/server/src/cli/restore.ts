import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { BackupError, type BackupHeader } from '../modules/backups/archive.js';
import { runningServer } from '../modules/backups/control.js';
import { restoreBackup } from '../modules/backups/restore.js';
import { argumentsError, formatBytes, formatCount, formatSeconds, progressLine, runCheck } from './backup-output.js';

/**
 * `npm run restore -- FICHIER [--force]`: loads a backup into the database of DATA_DIR (PGlite) or
 * DATABASE_URL (PostgreSQL), which must be empty unless --force. The file is checked entirely
 * (size, SHA-256, every line, counts) before anything is touched, and the restore is one
 * transaction (PGlite: into a new directory that replaces the old one only at the end): a bad
 * file or a failure changes nothing. `--check`: restores into a throwaway database instead and
 * compares the counts (« restauration testée », shown in the admin).
 */

const usage = `Usage\u00a0:
  npm run restore -- FICHIER              restaure dans la base de DATA_DIR ou DATABASE_URL (vide)
  npm run restore -- FICHIER --force      remplace la base existante
  npm run restore -- --check FICHIER      vérifie la sauvegarde en la restaurant dans une base jetable`;

const nothingChanged = 'Rien n’a été modifié.';

function describeFile(file: string, header: BackupHeader): string {
  const { manifest } = header;
  const date = new Date(manifest.createdAt).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' });
  return (
    `Fichier intact\u00a0: ${path.basename(file)}, sauvegarde du ${date} (base ${manifest.engine}, migration ${manifest.migration.tag ?? manifest.migration.createdAt}), ` +
    `${formatCount(manifest.tables.length)} tables, ${formatCount(manifest.rows)} lignes, ${formatBytes(header.fileBytes)}.`
  );
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({ options: { force: { type: 'boolean' }, check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (error) {
    console.error(argumentsError(error, usage));
    return 2;
  }
  if (args.values.help) {
    console.log(usage);
    return 0;
  }
  const [given, ...extra] = args.positionals;
  if (!given || extra.length) {
    console.error(`Indiquez un (seul) fichier de sauvegarde.\n${usage}`);
    return 2;
  }
  const file = path.resolve(given);
  const config = loadConfig();
  if (args.values.check) return runCheck(config, file);

  const force = args.values.force === true;
  const progress = progressLine();
  const options = {
    force,
    onVerified: (header: BackupHeader) => console.log(describeFile(file, header)),
    onProgress: ({ table, rows, totalRows }: { table: string; rows: number; totalRows: number }) => progress(`${formatCount(rows)} / ${formatCount(totalRows)} lignes (${table})`),
  };
  let restored;
  if (config.database.kind === 'pglite') {
    const server = await runningServer(config.dataDir);
    if (server) {
      console.error(`Le serveur tourne sur ${config.dataDir} (processus ${server.pid}) : arrêtez-le avant de restaurer. ${nothingChanged}`);
      return 1;
    }
    console.log(`Restauration de ${file} dans ${config.database.dataDir}${force ? ' (--force : la base actuelle sera gardée à côté)' : ''}…`);
    restored = await restoreBackup(file, { kind: 'pglite', directory: config.database.dataDir }, options);
  } else {
    console.log(`Restauration de ${file} dans PostgreSQL (DATABASE_URL)${force ? ' (--force : les tables existantes seront remplacées)' : ''}…`);
    const database = await openDatabase(config.database);
    try {
      restored = await restoreBackup(file, { kind: 'database', database }, options);
    } finally {
      await database.close();
    }
  }
  console.log(`Base restaurée : ${formatCount(restored.tables.length)} tables, ${formatCount(restored.rows)} lignes en ${formatSeconds(restored.ms)}.`);
  if (restored.newerMigrations > 0) console.log(`${formatCount(restored.newerMigrations)} migration(s) plus récente(s) que la sauvegarde appliquée(s).`);
  if (restored.previous) console.log(`L’ancienne base est gardée dans ${restored.previous} : supprimez ce dossier quand vous n’en avez plus besoin.`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof BackupError) console.error(`${error.message}\n${nothingChanged}`);
  else if ((error as { code?: string }).code === 'ENOENT') console.error(`Fichier introuvable : ${(error as { path?: string }).path ?? ''}. ${nothingChanged}`);
  else console.error(`La restauration a échoué : ${error instanceof Error ? error.message : String(error)}\n${nothingChanged}`);
  process.exitCode = 1;
}
