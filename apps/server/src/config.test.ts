import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const cwd = '/srv/erepare';

/** The ConfigError thrown for `env` (fails the test when nothing is thrown). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults with no variable set', () => {
    const config = loadConfig({}, cwd);
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe('/srv/erepare/data');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/erepare/data/pglite' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.logLevel).toBe('info');
    expect(config.trustProxy).toBe(false);
    expect(config.secureCookies).toBe(false);
    expect(config.admin).toBeNull();
    expect(config.webDistDir.split(path.sep).join('/')).toMatch(/apps\/web\/dist$/);
  });

  it('resolves DATA_DIR and WEB_DIST_DIR against the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'var/donnees', WEB_DIST_DIR: '../web-build' }, cwd);
    expect(config.dataDir).toBe('/srv/erepare/var/donnees');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/erepare/var/donnees/pglite' });
    expect(config.webDistDir).toBe('/srv/web-build');
    expect(loadConfig({ DATA_DIR: '/data/erepare' }, cwd).dataDir).toBe('/data/erepare');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://erepare:secret@db.local:5432/erepare' }, cwd).database).toEqual({
      kind: 'postgres',
      url: 'postgres://erepare:secret@db.local:5432/erepare',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.local/erepare' }, cwd).database.kind).toBe('postgres');
    // An empty value means "not set" (as in a copied .env file).
    expect(loadConfig({ DATABASE_URL: '' }, cwd).database.kind).toBe('pglite');
  });

  it('reads PORT, HOST, LOG_LEVEL, NODE_ENV and TRUST_PROXY', () => {
    const config = loadConfig(
      { PORT: '8080', HOST: '0.0.0.0', LOG_LEVEL: 'warn', NODE_ENV: 'production', TRUST_PROXY: 'yes' },
      cwd,
    );
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', logLevel: 'warn', env: 'production', trustProxy: true });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '0' }, cwd).port).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '0' }, cwd).trustProxy).toBe(false);
  });

  it('treats an empty PORT as unset', () => {
    expect(loadConfig({ PORT: '' }, cwd).port).toBe(3000);
  });

  it('derives secure cookies from an https PUBLIC_URL unless COOKIE_SECURE says otherwise', () => {
    const https = loadConfig({ PUBLIC_URL: 'https://www.erepare.example/' }, cwd);
    expect(https.publicUrl).toBe('https://www.erepare.example');
    expect(https.secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://www.erepare.example', COOKIE_SECURE: 'false' }, cwd).secureCookies).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://erepare.local', COOKIE_SECURE: 'true' }, cwd).secureCookies).toBe(true);
  });

  it('normalises the admin e-mail and keeps the admin password', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'Patron@Erepare.Example', ADMIN_PASSWORD: 'motdepasse-solide' }, cwd).admin).toEqual({
      email: 'patron@erepare.example',
      password: 'motdepasse-solide',
    });
    expect(loadConfig({ ADMIN_EMAIL: 'patron@erepare.example' }, cwd).admin).toEqual({
      email: 'patron@erepare.example',
      password: undefined,
    });
  });

  it.each([
    ['PORT', { PORT: 'trois-mille' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '80.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'pas-une-url' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db.local/erepare' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'erepare.example' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'peut-etre' }],
    ['COOKIE_SECURE', { COOKIE_SECURE: 'oui' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'pas-un-email' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'patron@erepare.example', ADMIN_PASSWORD: 'court' }],
  ])('rejects a bad %s with a message naming it', (variable, env) => {
    const error = configError(env);
    expect(error.message).toContain(variable);
    expect(error.message.startsWith('Configuration invalide')).toBe(true);
    expect(error.issues.some((issue) => issue.startsWith(`${variable} `))).toBe(true);
  });

  it('requires ADMIN_EMAIL when ADMIN_PASSWORD is set', () => {
    const error = configError({ ADMIN_PASSWORD: 'motdepasse-solide' });
    expect(error.issues).toEqual(['ADMIN_EMAIL est requis quand ADMIN_PASSWORD est défini']);
    expect(error.message).toContain('ADMIN_PASSWORD');
  });

  it('names every bad variable at once', () => {
    const error = configError({ PORT: 'abc', LOG_LEVEL: 'bavard', DATABASE_URL: 'mysql://x/y' });
    expect(error.issues).toHaveLength(3);
    for (const variable of ['PORT', 'LOG_LEVEL', 'DATABASE_URL']) expect(error.message).toContain(variable);
  });

  it('never echoes the value of a secret variable', () => {
    const error = configError({ DATABASE_URL: 'mysql://erepare:tres-secret@db/erepare' });
    expect(error.message).not.toContain('tres-secret');
  });
});
