import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { BackupError } from '../modules/backups/archive.js';
import { backupThroughServer, runningServer } from '../modules/backups/control.js';
import { pgliteDirectoryIsEmpty } from '../modules/backups/restore.js';
import { takeBackup } from '../modules/backups/snapshot.js';
import { argumentsError, formatBytes, formatCount, formatSeconds, progressLine, runCheck } from './backup-output.js';

/**
 * `npm run backup [-- --output FICHIER]`: a backup of the database of DATA_DIR or DATABASE_URL
 * into BACKUP_DIR (modules/backups). While the server runs on a PGlite DATA_DIR, the server takes
 * it (only one process may open that directory): this command asks it through its control socket.
 * `npm run backup -- --verify FICHIER`: restores a backup into a throwaway database and compares
 * its counts (the same as `npm run restore -- --check FICHIER`).
 */

const usage = `Usage\u00a0:
  npm run backup                          sauvegarde dans BACKUP_DIR (par défaut DATA_DIR/backups)
  npm run backup -- --output FICHIER      sauvegarde dans ce fichier
  npm run backup -- --verify FICHIER      vérifie une sauvegarde en la restaurant dans une base jetable`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: { output: { type: 'string', short: 'o' }, verify: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: false,
    });
  } catch (error) {
    console.error(argumentsError(error, usage));
    return 2;
  }
  if (args.values.help) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
  if (args.values.verify) return runCheck(config, path.resolve(args.values.verify));
  const output = args.values.output ? path.resolve(args.values.output) : undefined;

  if (config.database.kind === 'pglite') {
    const pgliteDir = config.database.dataDir;
    const server = await runningServer(config.dataDir);
    if (server) {
      console.log(`Le serveur tourne sur ${config.dataDir} (processus ${server.pid}) : il prend la sauvegarde lui-même…`);
      const taken = await backupThroughServer(config.dataDir, output);
      console.log(`Sauvegarde écrite : ${taken.path} (${formatBytes(taken.bytes)}, ${formatCount(taken.rows)} lignes dans ${formatCount(taken.tables)} tables) en ${formatSeconds(taken.ms)}.`);
      return 0;
    }
    if (await pgliteDirectoryIsEmpty(pgliteDir)) {
      console.error(`Aucune base PGlite dans ${pgliteDir} : rien à sauvegarder (vérifiez DATA_DIR).`);
      return 1;
    }
    if (existsSync(path.join(pgliteDir, 'postmaster.pid')) && !args.values.force) {
      console.error(
        `La base PGlite de ${pgliteDir} semble ouverte par un autre processus (postmaster.pid présent) et aucun serveur ne répond sur son socket de contrôle.\n` +
          'Si le serveur s’est arrêté brutalement, relancez-le puis recommencez ; si vous êtes sûr qu’aucun processus ne l’utilise, ajoutez --force.',
      );
      return 1;
    }
  }

  const where = config.database.kind === 'pglite' ? config.database.dataDir : 'PostgreSQL (DATABASE_URL)';
  console.log(`Sauvegarde de la base ${config.database.kind} (${where}) vers ${output ?? config.backups.directory}…`);
  const database = await openDatabase(config.database);
  try {
    const progress = progressLine();
    const backup = await takeBackup(database, {
      directory: config.backups.directory,
      kind: 'manual',
      ...(output ? { output } : {}),
      onProgress: ({ table, tableIndex, tables, rows }) => progress(`${formatCount(rows)} lignes (table ${tableIndex + 1}/${tables} : ${table})`),
    });
    const { manifest } = backup;
    console.log(
      `Sauvegarde écrite : ${backup.path} (${formatBytes(backup.bytes)}, ${formatCount(manifest.rows)} lignes dans ${formatCount(manifest.tables.length)} tables) en ${formatSeconds(backup.ms)}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
  else console.error(`La sauvegarde a échoué : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
