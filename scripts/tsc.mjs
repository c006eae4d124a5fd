// The TypeScript compiler the scripts run: TypeScript 7 (`typescript-native`, the npm alias of
// typescript@7, Microsoft's native port), several times faster than TypeScript 5 at the type
// checks and builds of `npm test`, `npm run typecheck` and `npm start`. The `typescript` package
// (5.9) stays for the tools that load its JavaScript API (typescript-eslint, editors); both read
// the same tsconfig files (docs/decisions.md, « TypeScript 7 pour tsc »).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const tsc = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), 'node_modules/typescript-native/bin/tsc');
