import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Config } from '../config.js';
import { checkBackup } from '../modules/backups/restore.js';
import { recordCheck } from '../modules/backups/status.js';

/** French output shared by `npm run backup` and `npm run restore`. */

export const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-FR')} Ko`;

export const formatSeconds = (ms: number): string => `${(ms / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} s`;

export const formatCount = (value: number): string => value.toLocaleString('fr-FR');

/** Prints a progress line at most once a second (long work on a large database). */
export function progressLine(): (text: string) => void {
  let last: number | undefined;
  return (text) => {
    const now = performance.now();
    last ??= now;
    if (now - last < 1000) return;
    last = now;
    console.log(`  … ${text}`);
  };
}

/**
 * `--check`: restores `file` into a throwaway PGlite, compares the counts, prints the verdict and
 * records it beside the backups (what the admin shows). Returns the exit code.
 */
export async function runCheck(config: Pick<Config, 'backups'>, file: string): Promise<number> {
  console.log(`Vérification de ${file} : restauration dans une base jetable…`);
  const progress = progressLine();
  const result = await checkBackup(file, { onProgress: ({ table, rows, totalRows }) => progress(`${formatCount(rows)} / ${formatCount(totalRows)} lignes (${table})`) });
  console.log(result.ok ? `Vérification réussie : ${result.detail}` : `Vérification échouée : ${result.detail}`);
  // The admin shows the last check of the site's own backups, not of a copy kept elsewhere.
  if (path.resolve(path.dirname(file)) !== path.resolve(config.backups.directory)) {
    console.log(`(Résultat non enregistré pour l’administration : le fichier n’est pas dans BACKUP_DIR, ${config.backups.directory}.)`);
  } else {
    try {
      await recordCheck(config.backups.directory, result);
    } catch (error) {
      console.warn(`Résultat non enregistré dans ${config.backups.directory} : ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return result.ok ? 0 : 1;
}

/** util.parseArgs's errors are in English: say which argument in French. */
export function argumentsError(error: unknown, usage: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const named = /'([^']+)'/.exec(message)?.[1];
  return `${named ? `Argument non reconnu ou incomplet\u00a0: ${named}` : 'Arguments invalides'}\n${usage}`;
}
