import { describe, expect, it } from 'vitest';
import { frameworkPrecacheManifest, frameworkShellFiles, OFFLINE_URL, precacheManifest, shellFiles } from './precache';

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

describe('service worker precache list of React Router’s build', () => {
  const manifest = {
    entry: { module: '/assets/entry.client-a.js', imports: ['/assets/react-dom-b.js'], css: [] },
    routes: {
      root: { module: '/assets/root-c.js', imports: ['/assets/providers-d.js'], css: ['/assets/root-e.css'] },
      app: { module: '/assets/app-layout-f.js', imports: [] },
      'page:/': { module: '/assets/home-g.js', imports: ['/assets/below-h.js'] },
      'page:/compte': { module: '/assets/account-i.js' },
    },
  };
  const files = [
    entry('offline.html', 'r2'),
    entry('manifest.webmanifest', 'r3'),
    entry('favicon.svg', 'r4'),
    entry('icons/icon-192.png', 'r5'),
    ...['manifest-0.js', 'entry.client-a.js', 'react-dom-b.js', 'root-c.js', 'providers-d.js', 'root-e.css', 'app-layout-f.js', 'home-g.js', 'below-h.js', 'account-i.js'].map((file) =>
      entry(`assets/${file}`),
    ),
  ];

  it('the home page’s files: entry, root, layout and home route with their imports and styles, and the manifest', () => {
    expect(frameworkShellFiles(manifest, 'assets/manifest-0.js')).toEqual(
      ['assets/app-layout-f.js', 'assets/below-h.js', 'assets/entry.client-a.js', 'assets/home-g.js', 'assets/manifest-0.js', 'assets/providers-d.js', 'assets/react-dom-b.js', 'assets/root-c.js', 'assets/root-e.css'],
    );
  });

  it('lists the home document by its address with the build’s revision, never another route’s code', () => {
    const list = frameworkPrecacheManifest(files, frameworkShellFiles(manifest, 'assets/manifest-0.js'), 'build-1');
    expect(list.map((item) => item.url)).not.toContain('assets/account-i.js');
    expect(list).toContainEqual({ url: '/', revision: 'build-1' });
    expect(list.map((item) => item.url)).toEqual(expect.arrayContaining([OFFLINE_URL.slice(1), 'manifest.webmanifest', 'favicon.svg', 'icons/icon-192.png', 'assets/home-g.js']));
  });

  it('refuses a build that lacks a file the home page needs', () => {
    expect(() => frameworkPrecacheManifest(files.filter((file) => file.url !== 'assets/root-c.js'), frameworkShellFiles(manifest, 'assets/manifest-0.js'), 'b')).toThrow(/assets\/root-c\.js/);
    expect(() => frameworkShellFiles({ entry: manifest.entry, routes: { root: manifest.routes.root } }, 'assets/manifest-0.js')).toThrow(/home page/);
  });
});
