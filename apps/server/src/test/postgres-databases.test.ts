import { randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyOfTemplate, dropLeftovers } from './postgres-databases.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const baseUrl = process.env.TEST_DATABASE_URL ?? '';

describe.runIf(onPostgres)('PostgreSQL test databases', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });

  const existing = async (prefix: string) =>
    (await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1) order by datname', [prefix])).rows.map((row) => row.datname);

  it('a copy of the template is migrated and seeded, and its drop removes it', async () => {
    const copy = await copyOfTemplate(inject('postgresRun'));
    const reader = new pg.Client({ connectionString: copy.url });
    await reader.connect();
    const { rows } = await reader.query<{ value: number }>("select value from app_meta where key = 'seed_version'");
    await reader.end();
    expect(rows[0]?.value).toBeGreaterThan(0);
    await copy.drop();
    expect(await existing(copy.name)).toEqual([]);
  });

  it("drops the databases of a run that died, never those of a live run (this one's, another's)", async () => {
    const dead = randomInt(1, 2 ** 31 - 1);
    const alive = randomInt(1, 2 ** 31 - 1);
    const owner = new pg.Client({ connectionString: baseUrl });
    await owner.connect();
    try {
      // The live run holds its lock on a connection of its own, as startPostgresRun does.
      await owner.query('select pg_advisory_lock(724032, $1)', [alive]);
      for (const name of [`erepare_tpl_${dead}`, `erepare_t${dead}_0a1b2c`, `erepare_t${dead}_empty_3d4e`, `erepare_tpl_${alive}`, `erepare_t${alive}_5f6a7b`]) {
        await client.query(`create database ${name}`);
      }
      const dropped = await dropLeftovers(client, inject('postgresRun').key);
      // Every database of the dead run; the server may hold leftovers of another run that died
      // (a CI run cancelled midway), dropped too: only the live runs' must never be.
      expect(dropped).toEqual(expect.arrayContaining([`erepare_t${dead}_0a1b2c`, `erepare_t${dead}_empty_3d4e`, `erepare_tpl_${dead}`]));
      expect(dropped.filter((name) => name.includes(String(alive)) || name === inject('postgresRun').template || name.startsWith(`erepare_t${inject('postgresRun').key}_`))).toEqual([]);
      expect(await existing(`erepare_t${dead}_`)).toEqual([]);
      expect(await existing(`erepare_tpl_${dead}`)).toEqual([]);
      expect(await existing(`erepare_t${alive}_`)).toEqual([`erepare_t${alive}_5f6a7b`]);
      // This run's template is still there (its lock is held by the global setup).
      expect(await existing(inject('postgresRun').template)).toEqual([inject('postgresRun').template]);
    } finally {
      await owner.end();
      for (const name of [`erepare_tpl_${alive}`, `erepare_t${alive}_5f6a7b`]) await client.query(`drop database if exists ${name}`);
    }
  });
});
