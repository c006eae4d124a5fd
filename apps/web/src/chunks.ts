/**
 * How the browser build groups modules into files (Rolldown's `output.codeSplitting`, read by
 * vite.config.ts). Issue 21 gives the home page ≤ 150 kB of JavaScript (gzip), React included:
 *
 * - `framework`: React, react-dom, React Router and TanStack Query, one long-cached file;
 * - `shell`: everything the document and the layout import statically (entry, root, header,
 *   footer, their libraries and icons). Every page loads it whole: one file instead of thirty
 *   small ones, each with its imports, exports and request;
 * - `home-icons`: the icons of the home page and of the parts it loads as it hydrates (carousels,
 *   below the fold);
 * - `icons`: every other icon. One file for all of them made the home page load the icons of
 *   the whole site (174 icons, 18 kB gzip, for the 40 or so it shows).
 *
 * Which icons a page uses is read in the module graph, so the files of the shell and of the home
 * page import each icon by its path (`lucide-react/icons/<name>`): an import of `lucide-react`
 * itself there would reach every icon, and the build stops with an error saying so.
 */
import path from 'node:path';

/** What Rolldown tells of a module (a subset of its `ModuleInfo`). */
export type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};

type Group = {
  name: string | ((id: string, graph: ModuleGraph) => string | null);
  debugName?: string;
  test?: RegExp;
  priority: number;
};

const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/;
const ICONS = /node_modules[\\/]lucide-react[\\/]/;
/** lucide-react's index, which re-exports every icon. */
const ICONS_INDEX = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** The document and the layout: every page loads them. */
const SHELL_ENTRIES = ['entry.client.tsx', 'root.tsx', 'app/routes/app-layout.tsx'];
/** The home page's route module. */
const HOME_ROUTE = 'app/routes/home.tsx';

/**
 * The modules `roots` import, directly or not: statically, and also dynamically from modules that
 * `followDynamic` accepts. Modules in `stop` are not entered.
 */
function reach(graph: ModuleGraph, roots: string[], followDynamic: (id: string) => boolean, stop: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id) || stop.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    pending.push(...info.importedIds);
    if (followDynamic(id)) pending.push(...info.dynamicallyImportedIds);
  }
  return seen;
}

function firstScreens(graph: ModuleGraph, appDirectory: string) {
  const entries = SHELL_ENTRIES.map((file) => path.join(appDirectory, file));
  // The server's build (no browser entry): nothing to group.
  if (!graph.getModuleInfo(entries[0] ?? '')) return { shell: new Set<string>(), home: new Set<string>() };
  const missing = [...entries, path.join(appDirectory, HOME_ROUTE)].find((id) => !graph.getModuleInfo(id));
  if (missing) throw new Error(`codeSplitting : ${path.relative(appDirectory, missing)} n’est pas dans le build (fichier renommé ? voir src/chunks.ts).`);
  const shell = reach(graph, entries, () => false);
  // The home page and what it loads on demand (its sections below the fold, carousels…), not
  // the shell's own on-demand parts (toasts, the bell's panel…).
  const home = reach(graph, [path.join(appDirectory, HOME_ROUTE)], () => true, shell);
  for (const [where, modules] of [['la coque', shell], ['l’accueil', home]] as const) {
    const importer = [...modules].find((id) => graph.getModuleInfo(id)?.importedIds.some((dep) => ICONS_INDEX.test(dep)));
    if (importer) {
      throw new Error(
        `${path.relative(appDirectory, importer)} (${where}) importe « lucide-react » : chaque icône de la coque et de l’accueil s’importe par son chemin (import Menu from 'lucide-react/icons/menu'), sinon toutes les icônes du site viennent avec la page.`,
      );
    }
  }
  return { shell, home };
}

/** Rolldown's `output.codeSplitting` for the browser build of the app in `appDirectory`. */
export function codeSplitting(appDirectory: string): { groups: Group[] } {
  const entries = new Set(SHELL_ENTRIES.map((file) => path.join(appDirectory, file)));
  // One reading per build: the browser's and the server's builds share this configuration, and
  // Rolldown keeps a module's information object for the whole of a build.
  const read = new WeakMap<object, ReturnType<typeof firstScreens>>();
  const rootId = path.join(appDirectory, 'root.tsx');
  const screensOf = (graph: ModuleGraph) => {
    const key = graph.getModuleInfo(rootId) ?? graph;
    let screens = read.get(key);
    if (!screens) {
      screens = firstScreens(graph, appDirectory);
      read.set(key, screens);
    }
    return screens;
  };
  return {
    groups: [
      { name: 'framework', test: FRAMEWORK, priority: 3 },
      {
        debugName: 'shell',
        priority: 2,
        name: (id, graph) => {
          const screens = screensOf(graph);
          // The entry and the route modules stay files of their own (React Router loads them by name).
          return screens.shell.has(id) && !entries.has(id) && !id.includes('?') ? 'shell' : null;
        },
      },
      {
        debugName: 'icons',
        test: ICONS,
        priority: 1,
        name: (id, graph) => {
          return screensOf(graph).home.has(id) ? 'home-icons' : 'icons';
        },
      },
    ],
  };
}
