import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import web from './apps/web/vitest.config.ts';

// Workspace packages are consumed from their TypeScript sources (the "source" export condition).
const sourceConditions = {
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'], externalConditions: ['source'] } },
};

const serverProject = (name: string, env: Record<string, string>, skip: string[] = []): TestProjectInlineConfiguration[] => sharedModules({
  ...sourceConditions,
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    exclude: skip,
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    env,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

/** Test files (under `root`/src) that replace a module with vi.mock. */
function filesWithModuleMocks(root: string): string[] {
  return fs
    .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && fs.readFileSync(path.join(root, 'src', file), 'utf8').includes('vi.mock('))
    .map((file) => `src/${file.split(path.sep).join('/')}`)
    .sort();
}

/**
 * A project whose files share one module graph per worker (isolate: false: importing the app,
 * or setting up a document, again for each file was most of the time), except the files that
 * replace a module with vi.mock: a module graph already holding the real module would ignore
 * the mock, so those run apart, each in a fresh graph (project "<name> (isolés)").
 */
function sharedModules(project: TestProjectInlineConfiguration): TestProjectInlineConfiguration[] {
  const test = project.test ?? {};
  const mocked = filesWithModuleMocks(test.root ?? '.');
  return [
    { ...project, test: { ...test, isolate: false, unstubGlobals: true, unstubEnvs: true, exclude: [...configDefaults.exclude, ...(test.exclude ?? []), ...mocked] } },
    ...(mocked.length > 0 ? [{ ...project, test: { ...test, name: `${typeof test.name === 'string' ? test.name : (test.name?.label ?? '')} (isolés)`, include: mocked, isolate: true } }] : []),
  ];
}

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores (one here): the files wait on PGlite,
    // PostgreSQL and sockets often enough for two to share the two cores (547 s → 390 s on the
    // PGlite server project alone).
    maxWorkers: 2,
    projects: [
      {
        ...sourceConditions,
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      // Shared module graphs: 547 s → 175 s for the PGlite server files, 238 s → 57 s for the web app's.
      ...serverProject('server-pglite', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL
        ? // The pages rendered from the web build read the database only through routes the other files
          // test on PostgreSQL: its build (~15 s of both cores) runs once, in the PGlite project.
          serverProject('server-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }, ['src/plugins/react-router.test.ts'])
        : []),
      ...sharedModules({ ...web, test: { ...web.test, root: 'apps/web' } }),
      // `npm run test:security` (quality/security/run.mjs sets SECURITY_SUITE): never part of a plain `vitest run`.
      ...(process.env.SECURITY_SUITE
        ? [
            {
              ...sourceConditions,
              test: {
                name: 'security',
                root: 'quality/security',
                include: ['*.test.ts'],
                environment: 'node',
                globalSetup: ['../../apps/server/src/test/global-setup.ts'],
                env: { TEST_DB: 'pglite' },
                testTimeout: 120_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
