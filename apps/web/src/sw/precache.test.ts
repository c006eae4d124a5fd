import { describe, expect, it } from 'vitest';
import { everyPageFiles, homeLaterFiles, OFFLINE_URL, precacheManifest, shellFiles, type ViteManifest } from './precache';

const entry = (url: string, revision: string | null = null) => ({ url, revision, size: 100 });

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
    ...['styles-z.css', 'manifest-0.js', 'entry.client-a.js', 'react-dom-b.js', 'root-c.js', 'providers-d.js', 'root-e.css', 'app-layout-f.js', 'home-g.js', 'below-h.js', 'account-i.js'].map((file) =>
      entry(`assets/${file}`),
    ),
  ];

  it('the home page’s files: entry, root, layout and home route with their imports and styles, and the manifest', () => {
    expect(shellFiles(manifest, 'assets/manifest-0.js')).toEqual(
      ['assets/app-layout-f.js', 'assets/below-h.js', 'assets/entry.client-a.js', 'assets/home-g.js', 'assets/manifest-0.js', 'assets/providers-d.js', 'assets/react-dom-b.js', 'assets/root-c.js', 'assets/root-e.css'],
    );
  });

  it('lists the home document by its address with the build’s revision, never another route’s code', () => {
    const list = precacheManifest(files, shellFiles(manifest, 'assets/manifest-0.js'), 'build-1');
    expect(list.map((item) => item.url)).not.toContain('assets/account-i.js');
    expect(list).toContainEqual({ url: '/', revision: 'build-1' });
    expect(list.map((item) => item.url)).toEqual(expect.arrayContaining([OFFLINE_URL.slice(1), 'manifest.webmanifest', 'favicon.svg', 'icons/icon-192.png', 'assets/home-g.js']));
    // The stylesheet the root links itself (not in the manifest's lists) is kept too.
    expect(list.map((item) => item.url)).toContain('assets/styles-z.css');
  });

  it('refuses a build that lacks a file the home page needs', () => {
    expect(() => precacheManifest(files.filter((file) => file.url !== 'assets/root-c.js'), shellFiles(manifest, 'assets/manifest-0.js'), 'b')).toThrow(/assets\/root-c\.js/);
    expect(() => shellFiles({ entry: manifest.entry, routes: { root: manifest.routes.root } }, 'assets/manifest-0.js')).toThrow(/home page/);
  });

  it('the parts the home page loads later, with what they import, and nothing of another page', () => {
    const vite: ViteManifest = {
      'src/app/routes/home.tsx?__react-router-build-client-route': { file: 'assets/home-g.js', imports: ['_icons.js'], dynamicImports: ['src/below.tsx', 'src/carousel.tsx'] },
      'src/below.tsx': { file: 'assets/below-h.js', imports: ['_faq.js'], css: ['assets/below-h.css'] },
      'src/carousel.tsx': { file: 'assets/carousel-j.js', dynamicImports: ['src/below.tsx'] },
      '_faq.js': { file: 'assets/faq-k.js' },
      '_icons.js': { file: 'assets/icons-l.js' },
      'src/app/routes/account.tsx?__react-router-build-client-route': { file: 'assets/account-i.js', dynamicImports: ['src/pdf.ts'] },
      'src/pdf.ts': { file: 'assets/pdf-m.js' },
    };
    expect(homeLaterFiles(vite, '/assets/home-g.js')).toEqual(['assets/below-h.css', 'assets/below-h.js', 'assets/carousel-j.js', 'assets/faq-k.js']);
    expect(() => homeLaterFiles(vite, '/assets/home-zz.js')).toThrow(/home-zz/);
  });

  it('leaves out what the files every page loads would load on demand, not what the home page’s own would', () => {
    const vite: ViteManifest = {
      'src/app/routes/home.tsx?__react-router-build-client-route': { file: 'assets/home-g.js', imports: ['_shell.js', 'src/carousel.tsx'], dynamicImports: ['src/below.tsx'] },
      'src/below.tsx': { file: 'assets/below-h.js', imports: ['_shell.js', 'src/carousel.tsx'] },
      // The home page's carousel loads its library when it first moves.
      'src/carousel.tsx': { file: 'assets/carousel-j.js', dynamicImports: ['_embla.js'] },
      '_embla.js': { file: 'assets/embla-e.js' },
      // The shell every page loads (header, footer…): its toasts and the bell's panel come on demand.
      '_shell.js': { file: 'assets/shell-s.js', dynamicImports: ['src/toaster.tsx', 'src/bell-panel.tsx'] },
      'src/toaster.tsx': { file: 'assets/toaster-t.js' },
      'src/bell-panel.tsx': { file: 'assets/bell-panel-u.js' },
    };
    const reactRouter = {
      entry: { module: '/assets/entry.client-a.js', imports: ['/assets/shell-s.js'] },
      routes: { root: { module: '/assets/root-c.js', imports: ['/assets/shell-s.js'] }, app: { module: '/assets/app-layout-f.js' } },
    };
    expect(everyPageFiles(reactRouter)).toEqual(['assets/app-layout-f.js', 'assets/entry.client-a.js', 'assets/root-c.js', 'assets/shell-s.js']);
    expect(homeLaterFiles(vite, '/assets/home-g.js', everyPageFiles(reactRouter))).toEqual(['assets/below-h.js', 'assets/carousel-j.js', 'assets/embla-e.js']);
  });
});
