import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenIcons, LUCIDE_MODULE } from './icon-chunks';
import { preactAliases } from './preact-aliases';
import { prerender } from './prerender';
import { routePreloads } from './route-preloads';
import { serviceWorker } from './sw-build';

// The icons of the app's frame and of the home page: the landing page's JavaScript is budgeted
// (issue 8: ≤ 100 kB gzip).
const icons = firstScreenIcons(['src/boot.tsx', 'src/features/marketing/pages/home-page.tsx']);
const preloads = routePreloads();

export default defineConfig({
  plugins: [react(), tailwindcss(), icons.plugin, preloads.plugin, serviceWorker(), prerender()],
  // Workspace packages are compiled from their TypeScript sources.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'], alias: preactAliases },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      output: {
        // Preact and the router change rarely: one long-cached vendor chunk shared by every page.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](preact|react-router)[\\/]/ },
            // Icons in shared files rather than one file per icon: each request costs a round trip
            // on a phone (HTTP/1.1 allows 6 at a time), far more than their few kB. The first
            // screen's in one file (with lucide's runtime), loaded with the frame; the other
            // shared ones in another, which the home page does not load.
            { name: 'icons', test: icons.firstScreen },
            { name: 'icons-more', test: LUCIDE_MODULE, minShareCount: 2 },
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
