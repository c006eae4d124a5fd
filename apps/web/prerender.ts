import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { PRERENDERED_NOT_FOUND, prerenderedPaths } from '@erepare/shared/routes';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT_ELEMENT = '<div id="root"></div>';
/** A path no route matches: renders the not-found page. */
const UNKNOWN_PATH = '/__page-introuvable__';

type Render = (path: string) => Promise<{ html: string; status: number } | null>;

/** File name of a prerendered path: "/" → "index.html", "/services/coques" → "services--coques.html". */
export function prerenderedFileName(pathname: string): string {
  if (pathname === PRERENDERED_NOT_FOUND) return '404.html';
  return pathname === '/' ? 'index.html' : `${pathname.slice(1).replace(/\//g, '--')}.html`;
}

/**
 * Renders the public pages to HTML after the app is built (DESIGN §1.7): a server build of
 * src/entry-server.tsx renders each path of prerenderedPaths() into the built index.html, written
 * to dist/prerendered/ with a manifest the server reads (path → file). The server build is
 * deleted afterwards: nothing of it is served.
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
      const ssrDir = path.join(here, 'node_modules/.prerender');
      const started = Date.now();
      await build({
        configFile: false,
        logLevel: 'warn',
        root: here,
        mode: 'production',
        plugins: [react()],
        resolve: { conditions: ['source', 'module', 'production'] },
        ssr: { noExternal: true, resolve: { conditions: ['source', 'module', 'node', 'production'] } },
        build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, target: 'node20', minify: false, sourcemap: false },
      });
      const { render } = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as { render: Render };
      const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!template.includes(ROOT_ELEMENT)) throw new Error(`prerender: ${ROOT_ELEMENT} not found in index.html`);
      const target = path.join(outDir, 'prerendered');
      fs.rmSync(target, { recursive: true, force: true });
      fs.mkdirSync(target, { recursive: true });
      const manifest: Record<string, string> = {};
      const jobs = [...prerenderedPaths().map((pathname) => [pathname, pathname] as const), [PRERENDERED_NOT_FOUND, UNKNOWN_PATH] as const];
      for (const [key, url] of jobs) {
        const rendered = await render(url);
        if (!rendered) continue;
        const file = prerenderedFileName(key);
        // A function replacement: "$" in the markup is not a replacement pattern.
        fs.writeFileSync(path.join(target, file), template.replace(ROOT_ELEMENT, () => `<div id="root">${rendered.html}</div>`));
        manifest[key] = file;
      }
      fs.writeFileSync(path.join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      fs.rmSync(ssrDir, { recursive: true, force: true });
      config.logger.info(`prerender: ${Object.keys(manifest).length} pages in dist/prerendered (${Date.now() - started} ms)`);
    },
  };
}
