import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The browser build and the prerender run on Preact (src/preact/react.ts says why): `react` and
 * `react-dom` resolve to its compatibility layer. The prerender renders with Preact too, so the
 * HTML is exactly what the browser's first render produces (ids from useId included).
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: path.join(here, 'src/preact/react.ts') },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
];
