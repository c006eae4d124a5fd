import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { getManifest } from 'workbox-build';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The files the home page loads at once (the entry script, its static imports and the styles),
 * read from the built index.html: the app shell. Lazy route chunks are left to the run-time cache.
 */
export function shellFiles(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[\w.-]+\.(?:js|css))"/g)) if (match[1]) files.add(match[1]);
  return [...files].sort();
}

/**
 * Builds the service worker into dist/sw.js after the app: the precache list (workbox-build's
 * getManifest on dist: the shell, the offline page, the manifest and the icons) and a version
 * derived from its revisions are injected as constants.
 */
export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'erepare-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const { manifestEntries, warnings } = await getManifest({
        globDirectory: outDir,
        globPatterns: ['index.html', 'offline.html', 'manifest.webmanifest', 'favicon.svg', 'icons/*.png', ...shellFiles(html)],
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      });
      if (warnings.length > 0) throw new Error(`service worker: ${warnings.join('; ')}`);
      const entries = manifestEntries ?? [];
      const version = createHash('sha256')
        .update(entries.map((entry) => `${entry.url}@${entry.revision ?? ''}`).join('\n'))
        .digest('hex')
        .slice(0, 12);
      // The shell is served at "/" (the server never serves index.html under its own name).
      const urls = entries.map((entry) => (entry.url === 'index.html' ? '/' : `/${entry.url}`)).sort();
      await build({
        configFile: false,
        logLevel: 'warn',
        root: here,
        resolve: { conditions: ['source', 'module', 'browser', 'production'] },
        define: { __SW_VERSION__: JSON.stringify(version), __SW_PRECACHE__: JSON.stringify(urls) },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          minify: true,
          sourcemap: false,
          lib: { entry: path.join(here, 'src/sw/sw.ts'), formats: ['iife'], name: 'erepareServiceWorker', fileName: () => 'sw.js' },
        },
      });
      config.logger.info(`service worker: dist/sw.js, ${urls.length} fichiers précachés (version ${version})`);
    },
  };
}
