import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/** The web app in React Router's framework mode (react-router build --config vite.framework.config.ts). */
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Workspace packages are compiled from their TypeScript sources.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  build: { target: 'es2022', sourcemap: false, assetsInlineLimit: 2048 },
});
