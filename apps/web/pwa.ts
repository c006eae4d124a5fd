import fs from 'node:fs';
import path from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';
import { PRECACHE_GLOBS, precacheManifest, SHELL_FILE } from './src/sw/precache';

/**
 * The service worker: src/sw/sw.ts built by vite-plugin-pwa (injectManifest) into dist/sw.js after
 * the app, with its precache list (src/sw/precache.ts) injected. The app registers it itself
 * (src/lib/service-worker.ts) and has its own web manifest (public/manifest.webmanifest).
 */
export function pwa() {
  let outDir = '';
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    integration: {
      configureOptions(config) {
        outDir = path.resolve(config.root, config.build.outDir);
      },
    },
    injectManifest: {
      globPatterns: PRECACHE_GLOBS,
      manifestTransforms: [(entries) => ({ manifest: precacheManifest(entries, fs.readFileSync(path.join(outDir, SHELL_FILE), 'utf8')) })],
      maximumFileSizeToCacheInBytes: 1024 * 1024,
      // A classic script, registered as such.
      rollupFormat: 'iife',
      minify: true,
      sourcemap: false,
    },
  });
}
