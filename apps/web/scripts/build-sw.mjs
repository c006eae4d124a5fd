// The service worker of React Router's build (apps/web/build/client/sw.js): src/sw/sw.ts bundled as
// a classic script, then Workbox's injectManifest writes its precache list (src/sw/precache.ts):
// the home page's document by its address, the offline page, the manifest, the icons and the
// files of the home page (those it loads at once and the parts it loads later). Run after `react-router build` (scripts/build.mjs).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { everyPageFiles, homeLaterFiles, PRECACHE_GLOBS, precacheManifest, shellFiles } from '../src/sw/precache.ts';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_BUILD_DIR: another build folder (tests build their own), as react-router.config.ts reads it.
const buildDir = path.resolve(web, process.env.WEB_BUILD_DIR ?? 'build');
const client = path.join(buildDir, 'client');
const scratch = path.join(buildDir, '.sw');

const manifestFile = fs.readdirSync(path.join(client, 'assets')).find((file) => /^manifest-[\w-]+\.js$/.test(file));
if (!manifestFile) throw new Error('service worker: no React Router manifest in build/client/assets');
const manifestText = fs.readFileSync(path.join(client, 'assets', manifestFile), 'utf8');
const manifest = JSON.parse(manifestText.replace(/^window\.__reactRouterManifest=/, '').replace(/;\s*$/, ''));
// Vite's manifest (build.manifest: vite.config.ts) says what the home page imports later; read,
// then removed from what the server serves.
const viteManifestDir = path.join(client, '.vite');
const viteManifest = JSON.parse(fs.readFileSync(path.join(viteManifestDir, 'manifest.json'), 'utf8'));
fs.rmSync(viteManifestDir, { recursive: true, force: true });
const homeModule = manifest.routes['page:/']?.module;
if (!homeModule) throw new Error('service worker: the home page is missing from the React Router manifest');
const shell = [...new Set([...shellFiles(manifest, `assets/${manifestFile}`), ...homeLaterFiles(viteManifest, homeModule, everyPageFiles(manifest))])].sort();
// The build's identity: the manifest names every hashed file of the app.
const revision = createHash('sha256').update(manifestText).digest('hex').slice(0, 16);

await build({
  configFile: false,
  root: web,
  logLevel: 'warn',
  mode: 'production',
  resolve: { conditions: ['source', 'module', 'browser', 'production'] },
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: scratch,
    emptyOutDir: true,
    minify: true,
    sourcemap: false,
    target: 'es2022',
    lib: { entry: path.join(web, 'src/sw/sw.ts'), formats: ['iife'], name: 'sw', fileName: () => 'sw.js' },
  },
});

const { count, warnings } = await injectManifest({
  swSrc: path.join(scratch, 'sw.js'),
  swDest: path.join(client, 'sw.js'),
  globDirectory: client,
  globPatterns: PRECACHE_GLOBS,
  maximumFileSizeToCacheInBytes: 1024 * 1024,
  manifestTransforms: [async (entries) => ({ manifest: precacheManifest(entries, shell, revision), warnings: [] })],
});
for (const warning of warnings) console.warn(`service worker: ${warning}`);
fs.rmSync(scratch, { recursive: true, force: true });
console.log(`service worker: ${path.relative(web, client)}/sw.js, ${count} fichiers en précache`);
