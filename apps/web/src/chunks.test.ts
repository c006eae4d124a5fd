// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeSplitting, type ModuleGraph } from './chunks';

const app = '/repo/apps/web/src';
const nm = '/repo/node_modules';
const at = (file: string) => path.join(app, file);
const icon = (name: string) => `${nm}/lucide-react/dist/esm/icons/${name}.mjs`;
const ICONS_INDEX = `${nm}/lucide-react/dist/esm/lucide-react.mjs`;
const CREATE_ICON = `${nm}/lucide-react/dist/esm/createLucideIcon.mjs`;

type Node = { imports?: string[]; lazy?: string[] };

/** A module graph as Rolldown describes it; each call of `getModuleInfo` gives the same object. */
function graphOf(modules: Record<string, Node>): ModuleGraph {
  const infos = new Map(Object.entries(modules).map(([id, node]) => [id, { importedIds: node.imports ?? [], dynamicallyImportedIds: node.lazy ?? [] }]));
  return { getModuleInfo: (id) => infos.get(id) ?? null };
}

/** The site in small: the document, the layout, the home page and another page. */
const site: Record<string, Node> = {
  [at('entry.client.tsx')]: { imports: [at('root.tsx'), `${nm}/react-dom/client.js`, at('lib/service-worker.ts')] },
  [at('root.tsx')]: { imports: [at('app/providers.tsx')] },
  [at('app/providers.tsx')]: { imports: [`${nm}/@tanstack/react-query/build/modern/index.js`], lazy: [at('components/ui/toaster.tsx')] },
  [at('components/ui/toaster.tsx')]: { imports: [icon('circle-alert')] },
  [at('app/routes/app-layout.tsx')]: { imports: [at('features/layout/header.tsx')], lazy: [at('components/maintenance-notice.tsx')] },
  [at('features/layout/header.tsx')]: { imports: [icon('menu'), '\0vite/preload-helper.js'] },
  [at('components/maintenance-notice.tsx')]: { imports: [icon('wrench')] },
  [at('lib/service-worker.ts')]: {},
  [at('app/routes/home.tsx')]: { imports: [at('features/marketing/hero.tsx')] },
  [at('features/marketing/hero.tsx')]: { imports: [icon('calendar-check'), icon('menu')], lazy: [at('features/marketing/below-the-fold.tsx')] },
  [at('features/marketing/below-the-fold.tsx')]: { imports: [icon('star')] },
  [`${at('app/routes/home.tsx')}?__react-router-build-client-route`]: { imports: [at('app/routes/home.tsx')] },
  [at('app/routes/contact.tsx')]: { imports: [ICONS_INDEX] },
  [ICONS_INDEX]: { imports: [icon('send'), icon('star')] },
  [icon('menu')]: { imports: [CREATE_ICON] },
  [icon('calendar-check')]: { imports: [CREATE_ICON] },
  [icon('star')]: { imports: [CREATE_ICON] },
  [icon('send')]: { imports: [CREATE_ICON] },
  [icon('wrench')]: { imports: [CREATE_ICON] },
  [icon('circle-alert')]: { imports: [CREATE_ICON] },
  [CREATE_ICON]: {},
};

/** The file each module goes to: the first group (by priority) that names it, as Rolldown does. */
function fileOf(graph: ModuleGraph, id: string): string | null {
  const groups = [...codeSplitting(app).groups].sort((a, b) => b.priority - a.priority);
  for (const group of groups) {
    if (group.test && !group.test.test(id)) continue;
    const name = typeof group.name === 'string' ? group.name : group.name(id, graph);
    if (name) return name;
  }
  return null;
}

describe('the browser build’s files (issue 21: the home page’s JavaScript)', () => {
  const graph = graphOf(site);

  it('puts React, react-dom, React Router and TanStack Query in one framework file', () => {
    for (const id of [`${nm}/react-dom/cjs/react-dom-client.production.js`, `${nm}/react/index.js`, `${nm}/scheduler/index.js`, `${nm}/react-router/dist/production/index.mjs`, `${nm}/@tanstack/query-core/build/modern/query.js`]) {
      expect(fileOf(graph, id)).toBe('framework');
    }
  });

  it('puts what the document and the layout import in the shell, their icons included, but not what they load on demand', () => {
    expect(fileOf(graph, at('app/providers.tsx'))).toBe('shell');
    expect(fileOf(graph, at('features/layout/header.tsx'))).toBe('shell');
    expect(fileOf(graph, at('lib/service-worker.ts'))).toBe('shell');
    expect(fileOf(graph, '\0vite/preload-helper.js')).toBe('shell');
    expect(fileOf(graph, icon('menu'))).toBe('shell');
    expect(fileOf(graph, CREATE_ICON)).toBe('shell');
    // Loaded when a toast is shown, or while the site is closed.
    expect(fileOf(graph, at('components/ui/toaster.tsx'))).toBeNull();
    expect(fileOf(graph, at('components/maintenance-notice.tsx'))).toBeNull();
    expect(fileOf(graph, icon('wrench'))).toBe('icons');
    expect(fileOf(graph, icon('circle-alert'))).toBe('icons');
  });

  it('leaves the entry and the route modules in files of their own', () => {
    expect(fileOf(graph, at('entry.client.tsx'))).toBeNull();
    expect(fileOf(graph, at('root.tsx'))).toBeNull();
    expect(fileOf(graph, at('app/routes/app-layout.tsx'))).toBeNull();
    expect(fileOf(graph, at('app/routes/home.tsx'))).toBeNull();
    expect(fileOf(graph, `${at('app/routes/home.tsx')}?__react-router-build-client-route`)).toBeNull();
  });

  it('gives the home page the icons it and its later parts show, and the other pages the rest', () => {
    expect(fileOf(graph, icon('calendar-check'))).toBe('home-icons');
    expect(fileOf(graph, icon('star'))).toBe('home-icons');
    expect(fileOf(graph, icon('send'))).toBe('icons');
    // The home page's own code is not grouped: it stays with its route.
    expect(fileOf(graph, at('features/marketing/hero.tsx'))).toBeNull();
  });

  it('stops the build when the shell or the home page imports lucide-react’s index (every icon)', () => {
    const shellImportsAll = graphOf({ ...site, [at('features/layout/header.tsx')]: { imports: [ICONS_INDEX] } });
    expect(() => fileOf(shellImportsAll, icon('menu'))).toThrow(/features\/layout\/header\.tsx \(la coque\) importe « lucide-react »/);
    const homeImportsAll = graphOf({ ...site, [at('features/marketing/below-the-fold.tsx')]: { imports: [ICONS_INDEX] } });
    expect(() => fileOf(homeImportsAll, icon('star'))).toThrow(/features\/marketing\/below-the-fold\.tsx \(l’accueil\) importe « lucide-react »/);
  });

  it('stops the build when a file it reads the graph from is gone', () => {
    const { [at('app/routes/home.tsx')]: _home, ...withoutHome } = site;
    expect(() => fileOf(graphOf(withoutHome), icon('menu'))).toThrow('codeSplitting : app/routes/home.tsx n’est pas dans le build');
  });

  it('groups nothing but the framework in the server’s build (no browser entry), even after the browser’s', () => {
    const split = codeSplitting(app);
    const [, shellGroup, iconsGroup] = [...split.groups].sort((a, b) => b.priority - a.priority);
    const name = (group: typeof shellGroup, g: ModuleGraph, id: string) => (typeof group?.name === 'function' ? group.name(id, g) : group?.name);
    expect(name(shellGroup, graph, at('features/layout/header.tsx'))).toBe('shell');
    const { [at('entry.client.tsx')]: _entry, ...serverSite } = site;
    const server = graphOf(serverSite);
    expect(name(shellGroup, server, at('features/layout/header.tsx'))).toBeNull();
    expect(name(iconsGroup, server, icon('menu'))).toBe('icons');
  });
});
