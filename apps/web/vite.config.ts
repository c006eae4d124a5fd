import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { defineConfig } from 'vite';
import { codeSplitting } from './src/chunks.js';

/** The web app in React Router's framework mode (`react-router build`, `react-router dev`). */
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Workspace packages are compiled from their TypeScript sources.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    manifest: true,
    rolldownOptions: {
      output: {
        // A few long-cached files rather than dozens of small ones on every first load (each
        // request costs a round trip on a phone): the framework, the shell every page shares, the
        // home page's icons and the others (src/chunks.ts).
        codeSplitting: codeSplitting(path.join(import.meta.dirname, 'src')),
      },
    },
  },
  server: {
    port: 5173,
    // The API of a local server (`npm start`, or API_PROXY: one started from a branch's sources).
    proxy: { '/api': process.env.API_PROXY ?? 'http://127.0.0.1:3000' },
  },
});
