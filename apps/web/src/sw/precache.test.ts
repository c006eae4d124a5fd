import { describe, expect, it } from 'vitest';
import { OFFLINE_URL, precacheManifest, shellFiles } from './precache';

const shell = `<!doctype html><html><head>
<script src="/theme-boot.js"></script>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
<link rel="stylesheet" crossorigin href="/assets/index-123.css">
</head><body><div id="root"></div></body></html>`;

const entry = (url: string, revision: string | null = null) => ({ url, revision, size: 100 });
const build = [
  entry('index.html', 'r1'),
  entry('offline.html', 'r2'),
  entry('manifest.webmanifest', 'r3'),
  entry('favicon.svg', 'r4'),
  entry('icons/icon-192.png', 'r5'),
  entry('assets/index-abc.js'),
  entry('assets/vendor-def.js'),
  entry('assets/index-123.css'),
  entry('assets/admin-page-zzz.js'),
];

describe('service worker precache list', () => {
  it('reads the files the shell loads at once', () => {
    expect(shellFiles(shell)).toEqual(['assets/index-123.css', 'assets/index-abc.js', 'assets/vendor-def.js']);
  });

  it('keeps the shell (as "/"), the offline page, the manifest, the icons and the shell files only', () => {
    expect(precacheManifest(build, shell).map((item) => item.url)).toEqual([
      '/',
      OFFLINE_URL.slice(1),
      'manifest.webmanifest',
      'favicon.svg',
      'icons/icon-192.png',
      'assets/index-abc.js',
      'assets/vendor-def.js',
      'assets/index-123.css',
    ]);
    expect(precacheManifest(build, shell)[0]).toEqual(entry('/', 'r1'));
  });

  it('fails the build when a file to precache is missing', () => {
    expect(() => precacheManifest(build.filter((item) => item.url !== 'offline.html'), shell)).toThrow(/offline\.html/);
    expect(() => precacheManifest(build.filter((item) => item.url !== 'assets/vendor-def.js'), shell)).toThrow(/vendor-def/);
  });
});
