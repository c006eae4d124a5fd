import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerender } from './prerender';
import { routePreloads } from './route-preloads';
import { serviceWorker } from './sw-build';

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreloads(), serviceWorker(), prerender()],
  // Workspace packages are compiled from their TypeScript sources.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        // React and the router change rarely: one long-cached vendor chunk shared by every page.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The icons several chunks share in one file rather than one file per icon: each request
            // costs a round trip on a phone (HTTP/1.1 allows 6 at a time), far more than their few
            // kB. An icon used by one chunk only stays in it.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // API_PROXY: another local server (e.g. one started from a branch's sources).
    proxy: { '/api': process.env.API_PROXY ?? 'http://127.0.0.1:3000' },
  },
});
