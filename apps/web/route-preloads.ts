import type { Plugin } from 'vite';

/** https://v8.dev/blog/explicit-compile-hints: every function of the file is compiled eagerly. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Writes `route-preloads.json` next to the build: for each page of the route table (its chunk is
 * `features/<feature>/pages/<page>-page.tsx`, loaded lazily by the router), the JavaScript files
 * it needs at once beyond what the entry already loads. The server lists them as
 * `<link rel="modulepreload">` in the HTML of that page, so the browser fetches the route's code
 * alongside the entry instead of after it has run (one round trip less before the page paints).
 * Also marks the files a page runs at load for eager compilation, and gives Vite the preloads of
 * each dynamic import (`resolveDependencies`, for `build.modulePreload`).
 */
export function routePreloads(): { plugin: Plugin; resolveDependencies: ResolveDependencies } {
  // The app's files (src/boot.tsx and what it imports), known once the bundle is complete.
  let bootFiles = new Set<string>();
  let bootFile: string | undefined;
  const plugin: Plugin = {
    name: 'erepare-route-preloads',
    apply: 'build',
    // Before Vite's own generateBundle, which asks resolveDependencies below for each dynamic import.
    enforce: 'pre',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { imports: string[]; isEntry: boolean; isDynamicEntry: boolean; facadeModuleId: string | null }>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') {
          chunks.set(fileName, { imports: output.imports, isEntry: output.isEntry, isDynamicEntry: output.isDynamicEntry, facadeModuleId: output.facadeModuleId });
        }
      }
      const closure = (start: string[]): Set<string> => {
        const seen = new Set<string>();
        const stack = [...start];
        while (stack.length > 0) {
          const file = stack.pop() as string;
          if (seen.has(file)) continue;
          seen.add(file);
          stack.push(...(chunks.get(file)?.imports ?? []));
        }
        return seen;
      };
      const entryFiles = closure([...chunks].filter(([, chunk]) => chunk.isEntry).map(([file]) => file));
      // The app itself (src/boot.tsx) is imported by the tiny entry once the page is painted: every
      // page needs it, so it is preloaded with each page's own files.
      const boot = [...chunks].find(([, chunk]) => chunk.isDynamicEntry && /[\\/]src[\\/]boot\.tsx$/.test(chunk.facadeModuleId ?? ''));
      bootFile = boot?.[0];
      bootFiles = boot ? closure([boot[0]]) : new Set<string>();
      const pages: Record<string, string[]> = {};
      for (const [file, chunk] of chunks) {
        const page = chunk.isDynamicEntry ? /[\\/]pages[\\/]([a-z0-9-]+)-page\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1] : undefined;
        if (!page) continue;
        const needed = new Set([...bootFiles, ...closure([file])]);
        pages[page] = [...needed].filter((name) => !entryFiles.has(name)).map((name) => `/${name}`).sort();
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(pages, null, 2)}\n` });

      // What a page runs as soon as it loads (the entry, the app, a page and its part of a service
      // page) is marked for eager compilation (V8's explicit compile hint). Chromium then compiles
      // every function of the file while it downloads, off the main thread, instead of each one on
      // its first call: ~25 ms of a page's start-up work on a fast machine, in the tasks that block
      // taps (Lighthouse mobile: TBT 206 → 119 ms on a landing page). Other browsers ignore it.
      const firstLoad = new Set([...entryFiles, ...bootFiles]);
      for (const [file, chunk] of chunks) {
        if (chunk.isDynamicEntry && /[\\/](pages[\\/][a-z0-9-]+-page|components[\\/]services[\\/][a-z0-9-]+-service)\.tsx$/.test(chunk.facadeModuleId ?? '')) {
          for (const needed of closure([file])) firstLoad.add(needed);
        }
      }
      for (const file of firstLoad) {
        const output = bundle[file];
        if (output?.type === 'chunk' && !output.code.startsWith(COMPILE_HINT)) output.code = `${COMPILE_HINT}\n${output.code}`;
      }
    },
  };
  /**
   * What Vite's preload helper adds as `<link rel="modulepreload">` before a dynamic import. The app
   * itself (the entry's import of src/boot.tsx): nothing. Its 36 files would be 36 links appended
   * in one task after the first paint, ~0.4 ms each on a fast machine (a 15-45 ms task, Lighthouse
   * ×4 on a phone); its imports are fetched by the browser as it reads them, spread over several
   * short tasks. Every other dynamic import (a route's page, a library loaded on first need) runs
   * once the app is loaded: the app's files are already there, so only the others are preloaded.
   */
  const resolveDependencies: ResolveDependencies = (file, deps) => (file === bootFile ? [] : deps.filter((dep) => !bootFiles.has(dep)));
  return { plugin, resolveDependencies };
}

type ResolveDependencies = (file: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }) => string[];
