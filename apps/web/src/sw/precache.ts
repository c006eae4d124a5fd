/**
 * What the service worker installs ahead of any visit, and what a navigation falls back to: the one
 * place to change when the app's shell changes (read by scripts/build-sw.mjs at build time and by sw.ts).
 * No imports: the build configuration loads this file in Node.
 */

/** The page shown when a navigation fails and no copy of the page is kept. */
export const OFFLINE_URL = '/offline.html';

/** The home page's document, precached by its address: a navigation's last offline fallback before the offline page. */
export const SHELL_URL = '/';

/** Files of the build (build/client) that must be precached; the build fails without one of them. */
const REQUIRED_FILES = [OFFLINE_URL.slice(1), 'manifest.webmanifest', 'favicon.svg'];

/**
 * Files of the build looked at for the precache (globs in build/client). Among the hashed build
 * files (assets/), only those the home page loads at once are kept (precacheManifest).
 */
export const PRECACHE_GLOBS = [...REQUIRED_FILES, 'icons/*.png', 'assets/*.{js,css}'];

/** React Router's build manifest (assets/manifest-<hash>.js): each module's file, imports and styles. */
type ModuleFiles = { module?: string; imports?: string[]; css?: string[] };
type ReactRouterManifest = { entry: ModuleFiles; routes: Record<string, ModuleFiles | undefined> };

/**
 * The files the home page loads at once in React Router's build: the entry, the root, the layout
 * and the home route, with their imports and styles (URLs relative to build/client).
 */
export function shellFiles(manifest: ReactRouterManifest, manifestFile: string): string[] {
  return [...new Set([manifestFile, ...filesOf(manifest, ['root', 'app', 'page:/'])])].sort();
}

/** The files every page loads at once: the entry, the root and the layout, with their imports and styles. */
export function everyPageFiles(manifest: ReactRouterManifest): string[] {
  return filesOf(manifest, ['root', 'app']).sort();
}

function filesOf(manifest: ReactRouterManifest, routes: string[]): string[] {
  const files = new Set<string>();
  for (const part of [manifest.entry, ...routes.map((id) => manifest.routes[id])]) {
    if (!part) throw new Error('service worker: the home page is missing from the React Router manifest');
    for (const url of [part.module, ...(part.imports ?? []), ...(part.css ?? [])]) if (url) files.add(url.replace(/^\//, ''));
  }
  return [...files];
}

/** Vite's build manifest (build/client/.vite/manifest.json): each chunk's file, and what it imports now and later. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }>;

/**
 * The code the home page fetches after its first paint (React.lazy parts: the services carousel,
 * what lies below the fold) and what that code imports: precached with the shell, so the home
 * page the worker keeps is whole offline, even when the connection dropped before those parts came.
 * `everyPage` are the files every page loads at once (everyPageFiles): precached already, and what
 * they load on demand (a toast, the bell's panel…) is not the home page's; URLs relative to
 * build/client.
 */
export function homeLaterFiles(vite: ViteManifest, homeModule: string, everyPage: readonly string[] = []): string[] {
  const keyOf = new Map(Object.entries(vite).map(([key, chunk]) => [chunk.file, key]));
  const home = keyOf.get(homeModule.replace(/^\//, ''));
  if (!home) throw new Error(`service worker: the home page's module ${homeModule} is missing from Vite's manifest`);
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = vite[key];
    if (!chunk || everyPage.includes(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const later of vite[home]?.dynamicImports ?? []) visit(later);
  return [...files].sort();
}

/**
 * The precache list of the build: the home page's document is rendered by the server, so it is
 * listed by its address (fetched at install, `revision`: the build's); the required files, the
 * stylesheets (the root links its own, outside the manifest's lists), and among the hashed scripts
 * only those the home page loads at once.
 */
export function precacheManifest<Entry extends { url: string; revision: string | null }>(
  entries: readonly Entry[],
  shell: readonly string[],
  revision: string,
): (Entry | { url: string; revision: string })[] {
  const wanted = new Set(shell);
  const found = new Set(entries.map((entry) => entry.url));
  const missing = [...REQUIRED_FILES, ...wanted].filter((file) => !found.has(file));
  if (missing.length > 0) throw new Error(`service worker: not in the build, cannot be precached: ${missing.join(', ')}`);
  return [...entries.filter((entry) => !entry.url.startsWith('assets/') || wanted.has(entry.url) || entry.url.endsWith('.css')), { url: SHELL_URL, revision }];
}
