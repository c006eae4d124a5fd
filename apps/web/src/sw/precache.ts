/**
 * What the service worker installs ahead of any visit, and what a navigation falls back to: the one
 * place to change when the app's shell changes (read by pwa.ts at build time and by sw.ts).
 * No imports: the build configuration loads this file in Node.
 */

/** The page shown when a navigation fails and no copy of the page is kept. */
export const OFFLINE_URL = '/offline.html';

/**
 * The app shell: the built index.html, precached under "/" (the server never serves index.html by
 * its own name). It is the home page's offline copy when the visited home page was not kept.
 */
export const SHELL_URL = '/';
export const SHELL_FILE = 'index.html';

/** Files of the build (dist/) that must be precached; the build fails without one of them. */
const REQUIRED_FILES = [SHELL_FILE, OFFLINE_URL.slice(1), 'manifest.webmanifest', 'favicon.svg'];

/**
 * Files of the build looked at for the precache (globs in dist/). Among the hashed build files
 * (assets/), only those the shell loads at once are kept (precacheManifest).
 */
export const PRECACHE_GLOBS = [...REQUIRED_FILES, 'icons/*.png', 'assets/*.{js,css}'];

/**
 * The files the shell loads at once (the entry script, its static imports and the styles), read
 * from the built index.html. Route chunks are left to the run-time cache.
 */
export function shellFiles(html: string): string[] {
  const files = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[\w.-]+\.(?:js|css))"/g)) if (match[1]) files.add(match[1]);
  return [...files].sort();
}

/**
 * The precache list from the files found by PRECACHE_GLOBS (workbox-build's manifest entries, URLs
 * relative to dist/): hashed files the shell does not load are dropped, the shell is listed as "/".
 */
export function precacheManifest<Entry extends { url: string }>(entries: readonly Entry[], shellHtml: string): Entry[] {
  const shell = new Set(shellFiles(shellHtml));
  const found = new Set(entries.map((entry) => entry.url));
  const missing = [...REQUIRED_FILES, ...shell].filter((file) => !found.has(file));
  if (missing.length > 0) throw new Error(`service worker: not in the build, cannot be precached: ${missing.join(', ')}`);
  return entries
    .filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url))
    .map((entry) => (entry.url === SHELL_FILE ? { ...entry, url: SHELL_URL } : entry));
}
