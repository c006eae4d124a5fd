import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { PRERENDERED_NOT_FOUND, PRERENDERED_PRODUCT } from '@erepare/shared/routes';
import { defaultStoreProfile, type StoreProfile } from '@erepare/shared/store-profile';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT_ELEMENT = '<div id="root"></div>';

type Renderer = {
  render: (path: string, storeProfile: StoreProfile) => Promise<{ html: string; status: number } | null>;
  prerenderJobs: () => [string, string][];
};

/** File name of a prerendered path: "/" → "index.html", "/services/coques" → "services--coques.html". */
export function prerenderedFileName(pathname: string): string {
  if (pathname === PRERENDERED_NOT_FOUND) return '404.html';
  if (pathname === PRERENDERED_PRODUCT) return 'produit.html';
  return pathname === '/' ? 'index.html' : `${pathname.slice(1).replace(/\//g, '--')}.html`;
}

/**
 * Renders the public pages to HTML after the app is built (DESIGN §1.7): a server build of
 * src/entry-server.tsx renders each job of prerenderJobs() into the built index.html, written to
 * dist/prerendered/ with a manifest the server reads (path → file) and the store profile they
 * were rendered with (the default one). The server build stays in dist/ssr/ (never served: the
 * server refuses that folder): when staff save another store profile, the server renders the
 * pages again with it.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'erepare-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const ssrDir = path.join(outDir, 'ssr');
      const started = Date.now();
      await build({
        configFile: false,
        logLevel: 'warn',
        root: here,
        mode: 'production',
        plugins: [react()],
        resolve: { conditions: ['source', 'module', 'production'] },
        ssr: { noExternal: true, resolve: { conditions: ['source', 'module', 'node', 'production'] } },
        build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, target: 'node24', minify: false, sourcemap: false },
      });
      // ES modules wherever dist/ is copied (no package.json above it saying so).
      fs.writeFileSync(path.join(ssrDir, 'package.json'), '{ "type": "module" }\n');
      const { render, prerenderJobs } = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as Renderer;
      const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!template.includes(ROOT_ELEMENT)) throw new Error(`prerender: ${ROOT_ELEMENT} not found in index.html`);
      const target = path.join(outDir, 'prerendered');
      fs.rmSync(target, { recursive: true, force: true });
      fs.mkdirSync(target, { recursive: true });
      const manifest: Record<string, string> = {};
      for (const [key, url] of prerenderJobs()) {
        const rendered = await render(url, defaultStoreProfile);
        if (!rendered) continue;
        const file = prerenderedFileName(key);
        // A function replacement: "$" in the markup is not a replacement pattern.
        fs.writeFileSync(path.join(target, file), template.replace(ROOT_ELEMENT, () => `<div id="root">${rendered.html}</div>`));
        manifest[key] = file;
      }
      fs.writeFileSync(path.join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      fs.writeFileSync(path.join(target, 'store-profile.json'), `${JSON.stringify(defaultStoreProfile, null, 2)}\n`);
      config.logger.info(`prerender: ${Object.keys(manifest).length} pages in dist/prerendered (${Date.now() - started} ms)`);
    },
  };
}
