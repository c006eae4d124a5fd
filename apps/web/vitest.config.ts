import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  // Files that run in the node environment (`// @vitest-environment node`: SSR and static
  // rendering) resolve through the ssr environment: the workspace sources too, not a built dist/.
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'], externalConditions: ['source'] } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Run by the root configuration with shared module graphs (one document per worker): the
    // setup file clears storage, the document and the clock after each test.
  },
});
