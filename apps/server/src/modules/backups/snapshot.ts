import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, rowsOf, type Database, type Tx } from '../../db/client.js';
import { BackupError, writeBackupFile, type BackupManifest, type SequenceValue } from './archive.js';
import { freeBackupPath, type BackupKind } from './files.js';

/**
 * Takes a backup: a logical dump of every table of the application, read in one REPEATABLE READ,
 * READ ONLY transaction. On PostgreSQL that is one snapshot of the database (what pg_dump does)
 * while the server goes on writing; on PGlite the transaction holds the only connection, so the
 * server's queries wait for the dump (≈ 0.5 s on the large data set) and never see half of it.
 */

export type BackupProgress = { table: string; tableIndex: number; tables: number; rows: number };

export type BackupOptions = {
  /** Where the file goes, named after the time (files.ts); or `output`, an exact path. */
  directory: string;
  output?: string;
  kind: BackupKind;
  now?: () => Date;
  onProgress?: (progress: BackupProgress) => void;
};

export type BackupResult = { path: string; file: string; manifest: BackupManifest; bytes: number; ms: number };

/** Rows per FETCH: fewer for tables holding files (bytea), whose rows can weigh megabytes. */
const FETCH_ROWS = 1000;
const FETCH_ROWS_WITH_FILES = 8;

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

type TableInfo = { name: string; columns: string[]; hasFiles: boolean };

async function tablesOf(tx: Tx): Promise<TableInfo[]> {
  const rows = rowsOf<{ name: string; columns: string[]; has_files: boolean }>(
    await tx.execute(sql`
      select c.relname as name,
        array_agg(a.attname::text order by a.attnum) as columns,
        bool_or(a.atttypid = 'bytea'::regtype) as has_files
      from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
      group by c.relname
      order by c.relname
    `),
  );
  return rows.map((row) => ({ name: row.name, columns: row.columns, hasFiles: row.has_files }));
}

async function sequencesOf(tx: Tx): Promise<SequenceValue[]> {
  const names = rowsOf<{ name: string }>(
    await tx.execute(sql`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'S' order by relname`),
  );
  const values: SequenceValue[] = [];
  for (const { name } of names) {
    const [row] = rowsOf<{ value: string; called: boolean }>(await tx.execute(sql.raw(`select last_value::text as value, is_called as called from ${quote(name)}`)));
    if (row) values.push({ name, value: String(row.value), called: row.called });
  }
  return values;
}

/** The last migration applied (drizzle's bookkeeping), with its file's tag when this version knows it. */
async function migrationOf(tx: Tx): Promise<BackupManifest['migration']> {
  const [exists] = rowsOf<{ present: boolean }>(await tx.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  if (!exists?.present) throw new BackupError('La base n’a pas encore été initialisée (aucune migration appliquée)\u00a0: il n’y a rien à sauvegarder.');
  const [last] = rowsOf<{ hash: string; created_at: string; count: string }>(
    await tx.execute(sql`
      select hash, created_at::text as created_at, (select count(*) from drizzle.__drizzle_migrations)::text as count
      from drizzle.__drizzle_migrations order by created_at desc limit 1
    `),
  );
  if (!last) throw new BackupError('La base n’a pas encore été initialisée (aucune migration appliquée)\u00a0: il n’y a rien à sauvegarder.');
  const createdAt = Number(last.created_at);
  return { createdAt, hash: last.hash, tag: migrationTag(createdAt), count: Number(last.count) };
}

/** Tags of the migrations this version carries, by their journal time. */
export function migrationTag(createdAt: number): string | null {
  const journal = readMigrationJournal();
  return journal.find((entry) => entry.when === createdAt)?.tag ?? null;
}

export function readMigrationJournal(): Array<{ when: number; tag: string; hash: string; sql: string[] }> {
  const files = readMigrationFiles({ migrationsFolder });
  // readMigrationFiles keeps the journal's order; the tags come from the journal itself.
  const tags = journalTags();
  return files.map((file, index) => ({ when: file.folderMillis, tag: tags[index] ?? `#${index}`, hash: file.hash, sql: file.sql }));
}

let cachedTags: string[] | undefined;
function journalTags(): string[] {
  if (cachedTags) return cachedTags;
  // Read once: the journal is part of the build and does not change while the process runs.
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  cachedTags = journal.entries.map((entry) => entry.tag);
  return cachedTags;
}

/** Writes a backup of `database` and returns where, how big, how long. */
export async function takeBackup(database: Pick<Database, 'db' | 'kind'>, options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const started = performance.now();
  const target = options.output ? path.resolve(options.output) : await freeBackupPath(options.directory, startedAt, options.kind);
  const { manifest, bytes } = await writeBackupFile(target, (out) =>
    database.db.transaction(
      async (tx) => {
        const [server] = rowsOf<{ version: string }>(await tx.execute(sql`select version() as version`));
        const migration = await migrationOf(tx);
        const tables = await tablesOf(tx);
        const counted: BackupManifest['tables'] = [];
        let total = 0;
        for (const [index, table] of tables.entries()) {
          await out.line(`#table ${JSON.stringify({ name: table.name, columns: table.columns })}`);
          const columns = table.columns.map(quote).join(', ');
          await tx.execute(sql.raw(`declare backup_rows no scroll cursor for select row_to_json(r)::text as j from (select ${columns} from ${quote(table.name)}) r`));
          let rows = 0;
          const fetch = `fetch ${table.hasFiles ? FETCH_ROWS_WITH_FILES : FETCH_ROWS} from backup_rows`;
          for (;;) {
            const batch = rowsOf<{ j: string }>(await tx.execute(sql.raw(fetch)));
            if (batch.length === 0) break;
            for (const row of batch) await out.line(row.j);
            rows += batch.length;
            options.onProgress?.({ table: table.name, tableIndex: index, tables: tables.length, rows: total + rows });
          }
          await tx.execute(sql.raw('close backup_rows'));
          await out.line(`#end ${JSON.stringify({ name: table.name, rows })}`);
          counted.push({ name: table.name, rows });
          total += rows;
        }
        const sequences = await sequencesOf(tx);
        await out.line(`#sequences ${JSON.stringify(sequences)}`);
        await out.line(`#done ${JSON.stringify({ tables: counted.length, rows: total })}`);
        return {
          createdAt: startedAt.toISOString(),
          kind: options.kind,
          engine: database.kind,
          serverVersion: server?.version ?? '',
          migration,
          tables: counted,
          sequences: sequences.length,
          rows: total,
          durationMs: Math.round(performance.now() - started),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
  return { path: target, file: path.basename(target), manifest, bytes, ms: Math.round(performance.now() - started) };
}
