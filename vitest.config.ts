import { defineConfig } from 'vitest/config';

// Workspace packages are consumed from their TypeScript sources (the "source" export condition).
const sourceConditions = {
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'], externalConditions: ['source'] } },
};

const serverProject = (name: string, env: Record<string, string>) => ({
  ...sourceConditions,
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    env,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        ...sourceConditions,
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      serverProject('server-pglite', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: process.env.TEST_DATABASE_URL })]
        : []),
      'apps/web/vitest.config.ts',
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
