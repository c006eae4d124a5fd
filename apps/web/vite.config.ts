import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerender } from './prerender';
import { pwa } from './pwa';

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa(), prerender()],
  // Workspace packages are compiled from their TypeScript sources.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    rolldownOptions: {
      output: {
        // React, its scheduler and the router change rarely: one long-cached vendor chunk shared by every page.
        codeSplitting: {
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
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
