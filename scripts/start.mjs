// `npm start`: builds what is needed, then runs the server in this process (so Ctrl+C and
// SIGTERM reach it directly and it closes the database cleanly).
import { build } from './build.mjs';

// Under npm, `node` is the bundled Node 24 (the `node` package, first on PATH). Run another way
// (`node scripts/…`, or installed with --ignore-scripts), the system's Node runs: say so.
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.warn(`Attention : Node ${process.version} (${process.execPath}). Ce projet tourne sur Node 24 : lancez-le par npm (npm ci, puis npm start / npm test).`);
}
build();
process.env.NODE_ENV ??= 'production';
await import('../apps/server/dist/main.js');
