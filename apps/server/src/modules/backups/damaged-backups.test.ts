/**
 * A backup that cannot be trusted is refused with a clear French message and changes nothing
 * (issue 23 §3): a flipped byte, a truncated file, a file that is not a backup, a backup whose rows
 * break a foreign key (it passes the checks and fails inside the restore's transaction); a target
 * that already holds a database is refused without --force, and kept aside with it.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, rowsOf, type Database, type Db } from '../../db/client.js';
import { copyOfTemplate, emptyDatabase, type TestDatabase } from '../../test/postgres-databases.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { BackupError, readBackupHeader, verifyBackupFile, writeBackupFile } from './archive.js';
import { databaseIsEmpty, restoreBackup, restoreTexts, type RestoreTarget } from './restore.js';
import { takeBackup, type BackupResult } from './snapshot.js';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let scratch: string;
let good: BackupResult;

beforeAll(async () => {
  t = await createTestApp();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'erepare-damaged-test-'));
  good = await takeBackup(t.database, { directory: path.join(scratch, 'backups'), kind: 'manual' });
});

afterAll(async () => {
  await t?.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function copyWith(name: string, edit: (bytes: Buffer, payloadOffset: number) => Buffer): Promise<string> {
  const { payloadOffset } = await readBackupHeader(good.path);
  const file = path.join(scratch, name);
  await fs.writeFile(file, edit(await fs.readFile(good.path), payloadOffset));
  return file;
}

/** The payload's lines, edited, written back as a well-formed backup (right sizes, checksum and counts). */
async function rewritten(name: string, edit: (lines: string[]) => string[]): Promise<string> {
  const header = await readBackupHeader(good.path);
  const lines: string[] = [];
  const input = createReadStream(good.path, { start: header.payloadOffset }).pipe(zlib.createGunzip());
  for await (const line of createInterface({ input, crlfDelay: Infinity })) lines.push(line);
  const edited = edit(lines);
  // Counts recomputed from the edited lines, as a consistent (but wrong) backup would carry them.
  const tables: Array<{ name: string; rows: number }> = [];
  let current: { name: string; rows: number } | null = null;
  const out: string[] = [];
  for (const line of edited) {
    if (line.startsWith('#table ')) current = { name: (JSON.parse(line.slice(7)) as { name: string }).name, rows: 0 };
    else if (line.startsWith('{') && current) current.rows += 1;
    else if (line.startsWith('#end ') && current) {
      tables.push(current);
      out.push(`#end ${JSON.stringify(current)}`);
      current = null;
      continue;
    } else if (line.startsWith('#done ')) {
      out.push(`#done ${JSON.stringify({ tables: tables.length, rows: tables.reduce((sum, table) => sum + table.rows, 0) })}`);
      continue;
    }
    out.push(line);
  }
  const file = path.join(scratch, name);
  const { manifest } = header;
  await writeBackupFile(file, async (writer) => {
    for (const line of out) await writer.line(line);
    return {
      createdAt: manifest.createdAt,
      kind: manifest.kind,
      engine: manifest.engine,
      serverVersion: manifest.serverVersion,
      migration: manifest.migration,
      tables,
      sequences: manifest.sequences,
      rows: tables.reduce((sum, table) => sum + table.rows, 0),
      durationMs: manifest.durationMs,
    };
  });
  return file;
}

/** Row count and hash of every table: what "unchanged" means. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(await db.execute(sql`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`));
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: string; h: string }>(
      await db.execute(sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${name}" t`)),
    );
    out[name] = `${row?.n}:${row?.h}`;
  }
  return out;
}

async function expectRefused(file: string, target: RestoreTarget, message: RegExp | string, force = false): Promise<void> {
  const refusal = restoreBackup(file, target, { force });
  await expect(refusal).rejects.toBeInstanceOf(BackupError);
  await expect(refusal).rejects.toThrow(message);
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

describe('damaged backups are refused before anything changes', () => {
  it('a good backup passes the checks', async () => {
    const header = await verifyBackupFile(good.path);
    expect(header.manifest.rows).toBe(good.manifest.rows);
  });

  it('one byte flipped in the data, or in the header, a truncated file, a file that is not a backup: French messages, nothing created', { timeout: 60_000 }, async () => {
    const name = path.basename(good.path);
    const flipped = await copyWith(name.replace('.backup', '-flipped.backup'), (bytes, offset) => {
      const copy = Buffer.from(bytes);
      const at = offset + Math.floor((copy.length - offset) / 2);
      copy[at] = (copy[at] ?? 0) ^ 0x01;
      return copy;
    });
    const headerFlipped = await copyWith('header-flipped.backup', (bytes) => {
      const text = bytes.toString('latin1');
      // One digit of the payload's checksum in the header.
      const at = text.indexOf('"sha256":"') + 10;
      const copy = Buffer.from(bytes);
      copy[at] = copy[at] === 0x30 ? 0x31 : 0x30;
      return copy;
    });
    const truncated = await copyWith('truncated.backup', (bytes) => bytes.subarray(0, bytes.length - 100));
    const halfHeader = await copyWith('half-header.backup', (bytes, offset) => bytes.subarray(0, Math.floor(offset / 2)));
    const notBackup = path.join(scratch, 'notes.txt');
    await fs.writeFile(notBackup, 'Ceci est une liste de courses.\n');

    const cases: Array<[string, RegExp]> = [
      [flipped, /est corrompu\u00a0: sa somme de contrôle SHA-256 ne correspond pas à celle de l’en-tête/],
      [headerFlipped, /est corrompu\u00a0: sa somme de contrôle SHA-256 ne correspond pas/],
      [truncated, /truncated\.backup est tronqué\u00a0: [\d\s]+ octets de données au lieu de [\d\s]+ \(copie interrompue\u00a0\?\)/],
      [halfHeader, /half-header\.backup\u00a0: en-tête de sauvegarde illisible/],
      [notBackup, /notes\.txt n’est pas une sauvegarde E\.repare/],
    ];
    const pgliteTarget = path.join(scratch, 'never', 'pglite');
    for (const [file, message] of cases) {
      await expect(verifyBackupFile(file), file).rejects.toThrow(message);
      await expectRefused(file, { kind: 'pglite', directory: pgliteTarget }, message);
      expect(await exists(pgliteTarget), 'no PGlite directory created').toBe(false);
    }
    // Not even the parent directory: a bad file is refused before the target is looked at twice.
    expect(await exists(path.dirname(pgliteTarget))).toBe(false);
  });

  it('a well-formed backup whose rows break a foreign key fails inside the transaction: the target is left as it was', { timeout: 60_000 }, async () => {
    // The first order line kept, its order removed.
    const orphan = await rewritten('orphan-line.backup', (lines) => {
      const start = lines.findIndex((line) => line.startsWith('#table {"name":"order_lines"'));
      expect(start).toBeGreaterThanOrEqual(0);
      const line = `{"id":999001,"order_id":987654,"product_id":1,"name":"Ligne orpheline","sku":"ORPH","image_url":"","quantity":1,"unit_price_cents":100,"total_cents":100,"vat_rate":"20"}`;
      return [...lines.slice(0, start + 1), line, ...lines.slice(start + 1)];
    });
    await expect(verifyBackupFile(orphan)).resolves.toBeTruthy();

    const pgliteTarget = path.join(scratch, 'orphan', 'pglite');
    const broken = /Sauvegarde incohérente\u00a0: des lignes de la table order_lines ne respectent pas la contrainte order_lines_order_id_orders_id_fk \(.+\)\. Restauration annulée\./;
    await expectRefused(orphan, { kind: 'pglite', directory: pgliteTarget }, broken);
    expect(await exists(pgliteTarget)).toBe(false);
    expect((await fs.readdir(path.dirname(pgliteTarget))).filter((entry) => entry.startsWith('pglite'))).toEqual([]);

    if (onPostgres) {
      const target = await emptyDatabase(inject('postgresRun'));
      const database = await openDatabase({ kind: 'postgres', url: target.url });
      try {
        await expectRefused(orphan, { kind: 'database', database }, broken);
        expect(await databaseIsEmpty(database.db)).toBe(true);
      } finally {
        await database.close();
        await target.drop();
      }
    }
  });

  it('a target holding a database is refused without --force, unchanged by a damaged file even with it, and kept aside when replaced', { timeout: 90_000 }, async () => {
    const truncated = await copyWith('truncated-again.backup', (bytes) => bytes.subarray(0, bytes.length - 1));
    // PGlite: a data directory holding a database.
    const directory = path.join(scratch, 'full', 'pglite');
    await restoreBackup(good.path, { kind: 'pglite', directory });
    const listing = async () => (await fs.readdir(path.dirname(directory))).sort();
    const before = await listing();
    await expectRefused(good.path, { kind: 'pglite', directory }, restoreTexts.notEmptyDirectory(directory));
    await expectRefused(truncated, { kind: 'pglite', directory }, /est tronqué/, true);
    expect(await listing()).toEqual(before);

    const replaced = await restoreBackup(good.path, { kind: 'pglite', directory }, { force: true, now: () => new Date('2026-12-01T10:00:00Z') });
    expect(replaced.previous).toBe(`${directory}.avant-restauration-20261201-100000Z`);
    expect(await listing()).toEqual(['pglite', 'pglite.avant-restauration-20261201-100000Z']);
    const reopened = await openDatabase({ kind: 'pglite', dataDir: directory });
    try {
      expect(await fingerprint(reopened.db)).toEqual(await fingerprint(t.database.db));
    } finally {
      await reopened.close();
    }

    if (onPostgres) {
      // PostgreSQL: a database holding the site's tables.
      const full: TestDatabase = await copyOfTemplate(inject('postgresRun'));
      const database: Database = await openDatabase({ kind: 'postgres', url: full.url });
      try {
        const held = await fingerprint(database.db);
        await expectRefused(good.path, { kind: 'database', database }, restoreTexts.notEmpty);
        await expectRefused(truncated, { kind: 'database', database }, /est tronqué/, true);
        expect(await fingerprint(database.db)).toEqual(held);
        // --force replaces it by the backup (the test app's own data).
        await restoreBackup(good.path, { kind: 'database', database }, { force: true });
        expect(await fingerprint(database.db)).toEqual(await fingerprint(t.database.db));
      } finally {
        await database.close();
        await full.drop();
      }
    }
  });
});
