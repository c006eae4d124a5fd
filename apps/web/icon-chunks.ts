import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g;
const BARREL_EXPORT = /export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+)\.mjs'/g;
export const LUCIDE_MODULE = /node_modules[\\/]lucide-react[\\/]/;
const LUCIDE_ICON = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;

/** Lucide's export name → icon file name (« ArrowRight » → « arrow-right »), aliases included. */
function lucideFiles(root: string): Map<string, string> {
  // The package's CommonJS entry sits next to its ES one (dist/cjs, dist/esm).
  const entry = createRequire(path.join(root, 'package.json')).resolve('lucide-react');
  const barrel = fs.readFileSync(path.resolve(path.dirname(entry), '../esm/lucide-react.mjs'), 'utf8');
  const files = new Map<string, string>();
  for (const [, names = '', file = ''] of barrel.matchAll(BARREL_EXPORT)) {
    for (const name of names.split(',')) files.set(name.replace(/^\s*default as\s+/, '').trim(), file);
  }
  return files;
}

/** The icon names a source file imports from lucide-react. */
export function lucideImports(source: string): string[] {
  return [...source.matchAll(LUCIDE_IMPORT)].flatMap(([, names = '']) =>
    names.split(',').flatMap((raw) => {
      const name = raw.replace(/^\s*type\s+/, '').split(/\s+as\s+/)[0]?.trim();
      return name && !/^\s*type\s/.test(raw) ? [name] : [];
    }),
  );
}

/**
 * Which lucide icons the first screen needs: those imported by the modules statically reachable
 * from `entries` (the app's frame and the home page), found once the module graph is built. The
 * icons are imported through lucide's index, so the graph alone does not say which ones a module
 * uses: the sources are read. `firstScreen(id)` then tells the chunking (vite.config.ts) which
 * icon modules go with the first screen's code; lucide's own runtime always does.
 */
export function firstScreenIcons(entries: string[], root = here): { plugin: Plugin; firstScreen: (id: string) => boolean } {
  const icons = new Set<string>();
  const plugin: Plugin = {
    name: 'erepare-first-screen-icons',
    apply: 'build',
    buildEnd() {
      icons.clear();
      const files = lucideFiles(root);
      const seen = new Set<string>();
      const queue = entries.map((entry) => path.resolve(root, entry));
      while (queue.length > 0) {
        const id = queue.pop() ?? '';
        if (seen.has(id)) continue;
        seen.add(id);
        const info = this.getModuleInfo(id);
        if (!info) continue;
        const file = id.split('?')[0] ?? id;
        if (/\.tsx?$/.test(file) && !file.includes('node_modules') && fs.existsSync(file)) {
          for (const name of lucideImports(fs.readFileSync(file, 'utf8'))) {
            const icon = files.get(name);
            if (icon) icons.add(icon);
          }
        }
        queue.push(...info.importedIds);
      }
      if (icons.size === 0) this.error('first-screen icons: none found (did the entries move?)');
    },
  };
  const firstScreen = (id: string) => {
    if (!LUCIDE_MODULE.test(id)) return false;
    const icon = LUCIDE_ICON.exec(id)?.[1];
    return icon === undefined || icons.has(icon);
  };
  return { plugin, firstScreen };
}
