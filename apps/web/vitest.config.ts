import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
  },
});
