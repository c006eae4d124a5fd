import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database, type Tx } from '../../db/client.js';
import { BackupError, readPayload, verifyBackupFile, type BackupHeader, type TableHeader } from './archive.js';
import { readMigrationJournal } from './snapshot.js';

/**
 * Restores a backup (archive.ts) into an empty database, PGlite or PostgreSQL whatever the engine
 * it was taken on: the schema is rebuilt by this version's own migrations up to the one the
 * backup was taken at, the rows are loaded (foreign keys dropped meanwhile and put back after,
 * which checks them all), the sequences set, then the newer migrations applied. All of it in one
 * transaction: a failure at any step leaves the database as it was.
 */

export type RestoreProgress = { table: string; rows: number; totalRows: number };
export type RestoreOptions = {
  /** Replace what the target holds (otherwise a non-empty target is refused). */
  force?: boolean;
  onProgress?: (progress: RestoreProgress) => void;
};
export type RestoreResult = { tables: Array<{ name: string; rows: number }>; rows: number; ms: number; newerMigrations: number };

export const restoreTexts = {
  notEmpty: 'La base de destination n’est pas vide\u00a0: elle contient déjà des tables du site. Restaurer la remplacerait entièrement\u00a0; relancez avec --force pour l’accepter.',
  notEmptyDirectory: (directory: string) =>
    `Le dossier ${directory} contient déjà une base PGlite. Restaurer la remplacerait\u00a0; relancez avec --force pour l’accepter (l’ancienne base sera gardée à côté).`,
  newerBackup: (tag: string) =>
    `Cette sauvegarde vient d’une version plus récente du site (migration ${tag} inconnue ici)\u00a0: mettez le site à jour avant de la restaurer.`,
  unknownMigration: (tag: string) => `Cette sauvegarde a été prise à une migration que cette version ne connaît pas (${tag})\u00a0: restauration impossible.`,
  unknownTable: (table: string) => `La table ${table} de la sauvegarde n’existe pas dans le schéma reconstruit\u00a0: restauration impossible.`,
  rowsRefused: (table: string, why: string) => `Sauvegarde incohérente\u00a0: des lignes de la table ${table} ont été refusées par la base (${why}). Restauration annulée.`,
  foreignKey: (table: string, constraint: string, why: string) =>
    `Sauvegarde incohérente\u00a0: des lignes de la table ${table} ne respectent pas la contrainte ${constraint} (${why}). Restauration annulée.`,
  unknownColumns: (table: string, columns: string[]) => `La table ${table} n’a pas les colonnes ${columns.join(', ')} de la sauvegarde\u00a0: restauration impossible.`,
};

/** PostgreSQL's own words for a failed statement (drizzle wraps them with the whole query). */
function databaseMessage(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error);
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Whether the database holds anything of ours (tables, sequences, views, or the migrations' bookkeeping). */
export async function databaseIsEmpty(executor: Pick<Tx, 'execute'>): Promise<boolean> {
  const [row] = rowsOf<{ used: boolean }>(
    await executor.execute(sql`
      select exists (
        select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      ) as used
    `),
  );
  return row?.used !== true;
}

/** --force on PostgreSQL: drops the tables, views, sequences and types of the schema, and the migrations' bookkeeping. */
async function dropEverything(tx: Tx): Promise<void> {
  const statements = rowsOf<{ statement: string }>(
    await tx.execute(sql`
      select format('drop %s if exists %s cascade',
        case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table' when 'S' then 'sequence' else 'table' end,
        c.oid::regclass) as statement
      from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by case c.relkind when 'S' then 1 else 0 end
    `),
  );
  for (const { statement } of statements) await tx.execute(sql.raw(statement));
  const types = rowsOf<{ statement: string }>(
    await tx.execute(sql`
      select format('drop type if exists %s cascade', t.oid::regtype) as statement
      from pg_type t
      where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'r', 'm')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')
    `),
  );
  for (const { statement } of types) await tx.execute(sql.raw(statement));
  await tx.execute(sql`drop schema if exists drizzle cascade`);
}

type Migration = ReturnType<typeof readMigrationJournal>[number];

/** Runs migrations the way drizzle's migrator does (same bookkeeping table), inside our transaction. */
async function applyMigrations(tx: Tx, migrations: Migration[]): Promise<void> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  for (const migration of migrations) {
    for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
    await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`);
  }
}

type ForeignKey = { table: string; name: string; definition: string };

async function foreignKeys(tx: Tx): Promise<ForeignKey[]> {
  return rowsOf<ForeignKey>(
    await tx.execute(sql`
      select conrelid::regclass::text as "table", conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace
      order by conrelid::regclass::text, conname
    `),
  );
}

async function columnsOf(tx: Tx, table: string): Promise<Set<string> | null> {
  const rows = rowsOf<{ name: string }>(
    await tx.execute(sql`
      select a.attname as name from pg_attribute a
      where a.attrelid = to_regclass(${quote(table)}) and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    `),
  );
  return rows.length ? new Set(rows.map((row) => row.name)) : null;
}

/**
 * Restores the backup `file` (already verified: `header`) into `database`. The payload is read a
 * second time, with its checksum checked again at the end (a file changed in between rolls
 * everything back).
 */
export async function restoreIntoDatabase(database: Pick<Database, 'db'>, file: string, header: BackupHeader, options: RestoreOptions = {}): Promise<RestoreResult> {
  const started = performance.now();
  const { manifest } = header;
  const journal = readMigrationJournal();
  const index = journal.findIndex((migration) => migration.when === manifest.migration.createdAt);
  if (index < 0) {
    const tag = manifest.migration.tag ?? String(manifest.migration.createdAt);
    const newest = journal.at(-1)?.when ?? 0;
    throw new BackupError(manifest.migration.createdAt > newest ? restoreTexts.newerBackup(tag) : restoreTexts.unknownMigration(tag));
  }
  const loaded: RestoreResult['tables'] = [];
  let totalRows = 0;
  await database.db.transaction(async (tx) => {
    if (!(await databaseIsEmpty(tx))) {
      if (!options.force) throw new BackupError(restoreTexts.notEmpty);
      await dropEverything(tx);
    }
    await applyMigrations(tx, journal.slice(0, index + 1));
    const keys = await foreignKeys(tx);
    for (const key of keys) await tx.execute(sql.raw(`alter table ${key.table} drop constraint ${quote(key.name)}`));

    let insert = '';
    await readPayload(file, header, {
      table: async (table: TableHeader) => {
        const existing = await columnsOf(tx, table.name);
        if (!existing) throw new BackupError(restoreTexts.unknownTable(table.name));
        const missing = table.columns.filter((column) => !existing.has(column));
        if (missing.length) throw new BackupError(restoreTexts.unknownColumns(table.name, missing));
        const columns = table.columns.map(quote).join(', ');
        // OVERRIDING SYSTEM VALUE: identity columns keep the saved ids (ignored where there are none).
        insert = `insert into ${quote(table.name)} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${quote(table.name)}, `;
      },
      rows: async (table, rows) => {
        await tx.execute(sql`${sql.raw(insert)}${`[${rows.join(',')}]`}::json)`).catch((error: unknown) => {
          throw new BackupError(restoreTexts.rowsRefused(table.name, databaseMessage(error)));
        });
        totalRows += rows.length;
        options.onProgress?.({ table: table.name, rows: totalRows, totalRows: manifest.rows });
      },
      end: (table, rows) => {
        loaded.push({ name: table.name, rows });
      },
      sequences: async (values) => {
        for (const value of values) {
          await tx.execute(sql`select setval(${quote(value.name)}::regclass, ${value.value}::bigint, ${value.called})`);
        }
      },
    });
    // Every row checked against every foreign key at once, as pg_restore does.
    for (const key of keys) {
      await tx.execute(sql.raw(`alter table ${key.table} add constraint ${quote(key.name)} ${key.definition}`)).catch((error: unknown) => {
        throw new BackupError(restoreTexts.foreignKey(key.table, key.name, databaseMessage(error)));
      });
    }
    await applyMigrations(tx, journal.slice(index + 1));
  });
  // Fresh planner statistics (PGlite has no autovacuum; harmless on PostgreSQL).
  await database.db.execute(sql`analyze`).catch(() => undefined);
  return { tables: loaded, rows: totalRows, ms: Math.round(performance.now() - started), newerMigrations: journal.length - index - 1 };
}

async function directoryIsEmpty(directory: string): Promise<boolean> {
  try {
    return (await fs.readdir(directory)).length === 0;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return true;
    throw error;
  }
}

/** Whether the PGlite directory `directory` holds a database (or anything else). */
export async function pgliteDirectoryIsEmpty(directory: string): Promise<boolean> {
  return directoryIsEmpty(directory);
}

/**
 * Restores into the PGlite directory `directory` (DATA_DIR/pglite): into a new directory beside
 * it first, which replaces it only once the restore has succeeded. A directory already holding a
 * database needs `force`; it is then kept beside, renamed `pglite.avant-restauration-<time>`.
 */
export async function restoreToPgliteDirectory(
  file: string,
  header: BackupHeader,
  directory: string,
  options: RestoreOptions & { now?: () => Date } = {},
): Promise<RestoreResult & { previous: string | null }> {
  const empty = await directoryIsEmpty(directory);
  if (!empty && !options.force) throw new BackupError(restoreTexts.notEmptyDirectory(directory));
  await fs.mkdir(path.dirname(directory), { recursive: true });
  const staging = `${directory}.restauration-${randomBytes(4).toString('hex')}`;
  let result: RestoreResult;
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: staging });
    try {
      result = await restoreIntoDatabase(database, file, header, { ...options, force: false });
    } finally {
      await database.close();
    }
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
  let previous: string | null = null;
  if (!empty) {
    const stamp = (options.now?.() ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '').replace('T', '-');
    previous = `${directory}.avant-restauration-${stamp}`;
    await fs.rename(directory, previous);
  } else {
    await fs.rm(directory, { recursive: true, force: true });
  }
  await fs.rename(staging, directory);
  return { ...result, previous };
}

export type RestoreTarget = { kind: 'pglite'; directory: string } | { kind: 'database'; database: Pick<Database, 'db'> };

/**
 * What `npm run restore` does: refuses a non-empty target (without `force`) before reading the
 * file, verifies the whole file (size, SHA-256, every line, counts), then restores. A BackupError
 * at any step leaves the target as it was.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: RestoreOptions & { now?: () => Date; onVerified?: (header: BackupHeader) => void } = {},
): Promise<RestoreResult & { header: BackupHeader; previous: string | null }> {
  if (!options.force) {
    if (target.kind === 'pglite' && !(await directoryIsEmpty(target.directory))) throw new BackupError(restoreTexts.notEmptyDirectory(target.directory));
    if (target.kind === 'database' && !(await databaseIsEmpty(target.database.db))) throw new BackupError(restoreTexts.notEmpty);
  }
  const header = await verifyBackupFile(file);
  options.onVerified?.(header);
  if (target.kind === 'pglite') return { ...(await restoreToPgliteDirectory(file, header, target.directory, options)), header };
  return { ...(await restoreIntoDatabase(target.database, file, header, options)), header, previous: null };
}

export type CheckResult = { file: string; at: string; ok: boolean; detail: string; ms: number };

const count = (value: number) => value.toLocaleString('fr-FR');

/**
 * « Restauration testée »: verifies the file, restores it into a throwaway PGlite in a temporary
 * directory, and compares every table's row count with the manifest. Never throws for a bad
 * backup: the answer says what went wrong.
 */
export async function checkBackup(file: string, options: { now?: () => Date; onProgress?: RestoreOptions['onProgress']; tmpDir?: string } = {}): Promise<CheckResult> {
  const started = performance.now();
  const at = (options.now?.() ?? new Date()).toISOString();
  const name = path.basename(file);
  const answer = (ok: boolean, detail: string): CheckResult => ({ file: name, at, ok, detail, ms: Math.round(performance.now() - started) });
  let header: BackupHeader;
  try {
    header = await verifyBackupFile(file);
  } catch (error) {
    if (error instanceof BackupError) return answer(false, error.message);
    if ((error as { code?: string }).code === 'ENOENT') return answer(false, `${name} est introuvable.`);
    throw error;
  }
  const scratch = await fs.mkdtemp(path.join(options.tmpDir ?? os.tmpdir(), 'erepare-verification-'));
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(scratch, 'pglite') });
    try {
      await restoreIntoDatabase(database, file, header, options.onProgress ? { onProgress: options.onProgress } : {});
      const mismatches: string[] = [];
      for (const table of header.manifest.tables) {
        const [row] = rowsOf<{ n: string }>(await database.db.execute(sql.raw(`select count(*)::text as n from ${quote(table.name)}`)));
        const actual = Number(row?.n ?? -1);
        if (actual !== table.rows) mismatches.push(`${table.name}\u00a0: ${count(actual)} lignes au lieu de ${count(table.rows)}`);
      }
      if (mismatches.length) return answer(false, `Restauration incomplète\u00a0: ${mismatches.join(' ; ')}.`);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof BackupError) return answer(false, `Restauration impossible : ${error.message}`);
    return answer(false, `Restauration impossible : ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  const { manifest } = header;
  const seconds = ((performance.now() - started) / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 });
  return answer(
    true,
    `Restaurée dans une base jetable\u00a0: ${count(manifest.tables.length)} tables, ${count(manifest.rows)} lignes, chaque table avec le nombre de lignes de l’en-tête (vérifiée en ${seconds} s).`,
  );
}
