import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { z } from '@erepare/shared/zod';

/**
 * The backup file (docs/decisions.md, « Sauvegardes logiques »):
 *
 *   ERBACKUP 1\n
 *   {manifest as one JSON line}\n
 *   <gzip stream of the payload>
 *
 * The manifest says what the payload holds (engine, schema migration, row count per table) and
 * carries the size and SHA-256 of the compressed payload, so that a truncated or corrupted file is
 * refused before anything is changed. The payload is JSON Lines, one section per table:
 *
 *   #table {"name":"orders","columns":["id",…]}
 *   {"id":1,…}                      ← one row: row_to_json of the row, PostgreSQL's own text forms
 *   #end {"name":"orders","rows":1}
 *   #sequences [{"name":"orders_id_seq","value":"1","called":true}]
 *   #done {"tables":44,"rows":21749}
 */

export const BACKUP_MAGIC = 'ERBACKUP 1\n';
/** The manifest line is small (one entry per table); anything longer is not one of ours. */
const MAX_HEADER_BYTES = 1024 * 1024;

/** Everything a restore needs to refuse before it changes anything, in French for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const tableEntrySchema = z.object({ name: z.string().min(1), rows: z.number().int().min(0) });

const manifestSchema = z.object({
  format: z.literal('erepare-backup'),
  version: z.literal(1),
  /** When the snapshot was taken (ISO 8601). */
  createdAt: z.string(),
  kind: z.enum(['auto', 'manual']),
  engine: z.enum(['pglite', 'postgres']),
  serverVersion: z.string(),
  /** The last schema migration applied to the database saved (drizzle's journal `when` and hash). */
  migration: z.object({ createdAt: z.number().int(), hash: z.string(), tag: z.string().nullable(), count: z.number().int().min(1) }),
  tables: z.array(tableEntrySchema),
  sequences: z.number().int().min(0),
  rows: z.number().int().min(0),
  /** Time taken by the snapshot, in milliseconds. */
  durationMs: z.number().int().min(0),
  payload: z.object({ encoding: z.literal('gzip'), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
/** What the producer of a payload tells; the archive adds the payload's size and checksum. */
export type ManifestBody = Omit<BackupManifest, 'payload' | 'format' | 'version'>;

export type TableHeader = { name: string; columns: string[] };
export type SequenceValue = { name: string; value: string; called: boolean };

export const texts = {
  notBackup: (file: string) => `${file} n’est pas une sauvegarde E.repare (en-tête ERBACKUP absent).`,
  headerBroken: (file: string, why: string) => `${file}\u00a0: en-tête de sauvegarde illisible (${why}). Le fichier est corrompu ou tronqué.`,
  truncated: (file: string, actual: number, expected: number) =>
    `${file} est tronqué\u00a0: ${actual.toLocaleString('fr-FR')} octets de données au lieu de ${expected.toLocaleString('fr-FR')} (copie interrompue\u00a0?).`,
  oversized: (file: string, actual: number, expected: number) =>
    `${file} est corrompu\u00a0: ${actual.toLocaleString('fr-FR')} octets de données au lieu de ${expected.toLocaleString('fr-FR')}.`,
  checksum: (file: string) => `${file} est corrompu\u00a0: sa somme de contrôle SHA-256 ne correspond pas à celle de l’en-tête.`,
  unreadable: (file: string, why: string) => `${file} est corrompu\u00a0: données compressées illisibles (${why}).`,
  malformed: (file: string, line: number, why: string) => `${file} est corrompu\u00a0: ligne ${line.toLocaleString('fr-FR')} des données invalide (${why}).`,
  countMismatch: (table: string, actual: number, expected: number) =>
    `la table ${table} compte ${actual.toLocaleString('fr-FR')} lignes au lieu des ${expected.toLocaleString('fr-FR')} annoncées par l’en-tête`,
  changedDuringRestore: (file: string) => `${file} a changé pendant la restauration\u00a0: restauration annulée.`,
};

// ─── Writing ─────────────────────────────────────────────────────────────────────────────────────

/** Lines of the payload, written through gzip; `line` waits when the disk is behind. */
export type PayloadWriter = { line: (text: string) => Promise<void> };

const FLUSH_CHARS = 256 * 1024;

/**
 * Writes a backup file at `target` (mode 0600), atomically: the payload goes to a hidden temporary
 * file, then header and payload to another that is renamed into place, so a reader never sees a
 * half-written backup under its final name. `produce` writes the payload and returns the manifest.
 */
export async function writeBackupFile(target: string, produce: (out: PayloadWriter) => Promise<ManifestBody>): Promise<{ manifest: BackupManifest; bytes: number }> {
  const directory = path.dirname(target);
  await fs.mkdir(directory, { recursive: true, mode: 0o700 });
  const stem = `.${path.basename(target)}.${randomBytes(4).toString('hex')}`;
  const payloadPath = path.join(directory, `${stem}.payload`);
  const finalTemp = path.join(directory, `${stem}.tmp`);
  try {
    const hash = createHash('sha256');
    let payloadBytes = 0;
    const payloadFile = await fs.open(payloadPath, 'wx', 0o600);
    const gzip = zlib.createGzip({ level: 6 });
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        payloadBytes += chunk.length;
        callback(null, chunk);
      },
    });
    const written = pipeline(gzip, tap, payloadFile.createWriteStream());
    // A failure of the pipeline must end the producer's wait for `drain`.
    written.catch(() => undefined);
    let buffered: string[] = [];
    let bufferedChars = 0;
    const flush = async () => {
      if (buffered.length === 0) return;
      const chunk = buffered.join('');
      buffered = [];
      bufferedChars = 0;
      if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), written]);
    };
    let body: ManifestBody;
    try {
      body = await produce({
        line: async (text) => {
          buffered.push(text, '\n');
          bufferedChars += text.length + 1;
          if (bufferedChars >= FLUSH_CHARS) await flush();
        },
      });
      await flush();
    } catch (error) {
      gzip.destroy();
      await written.catch(() => undefined);
      throw error;
    }
    gzip.end();
    await written;
    const manifest: BackupManifest = {
      format: 'erepare-backup',
      version: 1,
      ...body,
      payload: { encoding: 'gzip', bytes: payloadBytes, sha256: hash.digest('hex') },
    };
    const out = await fs.open(finalTemp, 'wx', 0o600);
    try {
      await out.write(`${BACKUP_MAGIC}${JSON.stringify(manifest)}\n`);
      for await (const chunk of createReadStream(payloadPath)) await out.write(chunk as Buffer);
      await out.sync();
    } finally {
      await out.close();
    }
    // The umask never widens a mode, but a file created by another tool might have been: say it.
    await fs.chmod(finalTemp, 0o600);
    await fs.rename(finalTemp, target);
    await syncDirectory(directory);
    const { size } = await fs.stat(target);
    return { manifest, bytes: size };
  } finally {
    await fs.rm(payloadPath, { force: true });
    await fs.rm(finalTemp, { force: true });
  }
}

async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await fs.open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Not every file system lets a directory be synced; the rename itself is what matters.
  }
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────────

export type BackupHeader = { manifest: BackupManifest; payloadOffset: number; fileBytes: number };

/** Reads and checks the header (magic line and manifest) without reading the payload. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const name = path.basename(file);
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, MAX_HEADER_BYTES));
    await handle.read(head, 0, head.length, 0);
    const magic = Buffer.from(BACKUP_MAGIC);
    if (head.length < magic.length || !head.subarray(0, magic.length).equals(magic)) throw new BackupError(texts.notBackup(name));
    const end = head.indexOf(0x0a, magic.length);
    if (end < 0) throw new BackupError(texts.headerBroken(name, 'fin de l’en-tête introuvable'));
    let parsed: unknown;
    try {
      parsed = JSON.parse(head.subarray(magic.length, end).toString('utf8'));
    } catch {
      throw new BackupError(texts.headerBroken(name, 'JSON invalide'));
    }
    const manifest = manifestSchema.safeParse(parsed);
    if (!manifest.success) {
      const issue = manifest.error.issues[0];
      throw new BackupError(texts.headerBroken(name, `champ ${issue?.path.join('.') || '?'} invalide`));
    }
    return { manifest: manifest.data, payloadOffset: end + 1, fileBytes: size };
  } finally {
    await handle.close();
  }
}

/** What a reader of the payload is told, section by section (rows come in batches of raw JSON text). */
export type PayloadVisitor = {
  table?: (table: TableHeader) => Promise<void> | void;
  rows?: (table: TableHeader, rows: string[]) => Promise<void> | void;
  end?: (table: TableHeader, rows: number) => Promise<void> | void;
  sequences?: (values: SequenceValue[]) => Promise<void> | void;
  /** Called as the compressed bytes are read: for progress lines. */
  progress?: (readBytes: number, totalBytes: number) => void;
};

const BATCH_ROWS = 1000;
const BATCH_CHARS = 8 * 1024 * 1024;

const tableHeaderSchema = z.object({ name: z.string().min(1), columns: z.array(z.string().min(1)).min(1) });
const tableEndSchema = z.object({ name: z.string().min(1), rows: z.number().int().min(0) });
const sequencesSchema = z.array(z.object({ name: z.string().min(1), value: z.string().regex(/^-?\d+$/), called: z.boolean() }));
const doneSchema = z.object({ tables: z.number().int(), rows: z.number().int() });

function parseControl<T>(schema: z.ZodType<T>, text: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The payload's size on disk against the manifest's: a truncated or padded file is told as such, before anything is read. */
async function checkPayloadSize(file: string, header: BackupHeader): Promise<{ name: string; manifest: BackupManifest; payloadOffset: number }> {
  const name = path.basename(file);
  const { manifest, payloadOffset } = header;
  const { size } = await fs.stat(file);
  const actual = size - payloadOffset;
  if (actual < manifest.payload.bytes) throw new BackupError(texts.truncated(name, actual, manifest.payload.bytes));
  if (actual > manifest.payload.bytes) throw new BackupError(texts.oversized(name, actual, manifest.payload.bytes));
  return { name, manifest, payloadOffset };
}

/**
 * Reads the whole payload: checks its size against the manifest first (a truncated file is told
 * as such), then decompresses it, checks every section and line, the per-table counts against the
 * manifest, and the SHA-256 at the end. Throws a BackupError on the first problem. With `parseRows`
 * every row is parsed as JSON (the verification pass); the loading pass leaves them to PostgreSQL.
 */
export async function readPayload(file: string, header: BackupHeader, visitor: PayloadVisitor, { parseRows = false } = {}): Promise<void> {
  const { name, manifest, payloadOffset } = await checkPayloadSize(file, header);

  const hash = createHash('sha256');
  let readBytes = 0;
  const source = createReadStream(file, { start: payloadOffset });
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      readBytes += chunk.length;
      visitor.progress?.(readBytes, manifest.payload.bytes);
      callback(null, chunk);
    },
  });
  const gunzip = zlib.createGunzip();
  // Errors of the source or of gunzip end the line reader below; kept to say which it was.
  let streamError: Error | undefined;
  const decompressed: Readable = source.pipe(tap).pipe(gunzip);
  for (const stream of [source, tap, gunzip]) {
    stream.on('error', (error: Error) => {
      streamError ??= error;
      decompressed.destroy(error);
    });
  }
  const lines = createInterface({ input: decompressed, crlfDelay: Infinity });
  const expected = new Map(manifest.tables.map((table) => [table.name, table.rows]));
  const seen = new Set<string>();
  let lineNumber = 0;
  let current: TableHeader | null = null;
  let batch: string[] = [];
  let batchChars = 0;
  let tableRows = 0;
  let totalRows = 0;
  let sequencesSeen = false;
  let done = false;
  const malformed = (why: string) => new BackupError(texts.malformed(name, lineNumber, why));
  const flush = async () => {
    if (!current || batch.length === 0) return;
    const rows = batch;
    batch = [];
    batchChars = 0;
    await visitor.rows?.(current, rows);
  };
  try {
    for await (const line of lines) {
      lineNumber += 1;
      if (done) throw malformed('données après la fin');
      if (line.startsWith('{')) {
        if (!current) throw malformed('ligne hors d’une table');
        if (parseRows) {
          let row: unknown;
          try {
            row = JSON.parse(line);
          } catch {
            throw malformed('JSON invalide');
          }
          if (!row || typeof row !== 'object' || Array.isArray(row)) throw malformed('ligne attendue');
        }
        batch.push(line);
        batchChars += line.length;
        tableRows += 1;
        if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) await flush();
        continue;
      }
      const space = line.indexOf(' ');
      const tag = space < 0 ? line : line.slice(0, space);
      const rest = space < 0 ? '' : line.slice(space + 1);
      if (tag === '#table') {
        if (current) throw malformed('table non terminée');
        const table = parseControl(tableHeaderSchema, rest);
        if (!table) throw malformed('en-tête de table');
        if (!expected.has(table.name) || seen.has(table.name)) throw malformed(`table ${table.name} inattendue`);
        seen.add(table.name);
        current = table;
        tableRows = 0;
        await visitor.table?.(table);
      } else if (tag === '#end') {
        const end = parseControl(tableEndSchema, rest);
        if (!current || !end || end.name !== current.name) throw malformed('fin de table');
        await flush();
        if (end.rows !== tableRows) throw malformed(texts.countMismatch(current.name, tableRows, end.rows));
        const announced = expected.get(current.name) ?? -1;
        if (tableRows !== announced) throw new BackupError(`${name} est incohérent\u00a0: ${texts.countMismatch(current.name, tableRows, announced)}.`);
        await visitor.end?.(current, tableRows);
        totalRows += tableRows;
        current = null;
      } else if (tag === '#sequences') {
        const values = parseControl(sequencesSchema, rest);
        if (current || sequencesSeen || !values) throw malformed('séquences');
        if (values.length !== manifest.sequences) throw malformed(`${values.length} séquences au lieu de ${manifest.sequences}`);
        sequencesSeen = true;
        await visitor.sequences?.(values);
      } else if (tag === '#done') {
        const summary = parseControl(doneSchema, rest);
        if (current || !summary || summary.rows !== totalRows || summary.tables !== seen.size) throw malformed('fin des données');
        done = true;
      } else {
        throw malformed('ligne inconnue');
      }
    }
  } catch (error) {
    source.destroy();
    if (error instanceof BackupError) throw error;
    // The reader stops on the first stream error (a damaged gzip stream, usually); any other
    // error is the visitor's (the database refusing a statement) and is passed on as it is.
    if (streamError) throw new BackupError(texts.unreadable(name, describeStreamError(streamError)));
    throw error;
  }
  if (streamError) throw new BackupError(texts.unreadable(name, describeStreamError(streamError)));
  if (hash.digest('hex') !== manifest.payload.sha256) throw new BackupError(texts.checksum(name));
  if (!done) throw new BackupError(texts.unreadable(name, 'fin des données absente'));
  const missing = manifest.tables.find((table) => !seen.has(table.name));
  if (missing) throw new BackupError(`${name} est incohérent\u00a0: la table ${missing.name} annoncée par l’en-tête est absente des données.`);
  if (!sequencesSeen) throw new BackupError(`${name} est incohérent\u00a0: les séquences sont absentes des données.`);
}

function describeStreamError(error: Error): string {
  const code = (error as { code?: string }).code;
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(error.message)) return 'flux gzip interrompu';
  if (code === 'Z_DATA_ERROR') return 'flux gzip invalide';
  if (code === 'ENOENT') return 'fichier introuvable';
  return code ?? error.message;
}

/**
 * The verification pass: header, size, every line, counts and checksum, without touching any
 * database. Returns the header for the loading pass.
 */
export async function verifyBackupFile(file: string, progress?: PayloadVisitor['progress']): Promise<BackupHeader> {
  const header = await readBackupHeader(file);
  await checkPayloadChecksum(file, header);
  await readPayload(file, header, progress ? { progress } : {}, { parseRows: true });
  return header;
}

/**
 * Size and SHA-256 of the compressed payload, before decompressing anything: a flipped byte is
 * told as a checksum mismatch, not as whatever the decompressor makes of it.
 */
export async function checkPayloadChecksum(file: string, header: BackupHeader): Promise<void> {
  const { name, manifest, payloadOffset } = await checkPayloadSize(file, header);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { start: payloadOffset })) hash.update(chunk as Buffer);
  if (hash.digest('hex') !== manifest.payload.sha256) throw new BackupError(texts.checksum(name));
}
