// `npm start`: builds what is needed, then runs the server in this process (so Ctrl+C and
// SIGTERM reach it directly and it closes the database cleanly).
import { build } from './build.mjs';

// Under npm, `node` is the bundled Node 24 (the `node` package, first on PATH). Run another way
// (`node scripts/…`, or installed with --ignore-scripts), the system's Node runs: say so.
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.warn(`Attention : Node ${process.version} (${process.execPath}). Ce projet tourne sur Node 24 : lancez-le par npm (npm ci, puis npm start / npm test).`);
}

// `kill <pid of npm start>`: npm passes SIGTERM to the shell it runs the script in, which dies
// without passing it on, and this process would go on listening, orphaned. When the process that
// started us goes away, stop as on SIGTERM (main.js's handler: connections drained, database
// closed). Only under npm: `nohup node scripts/start.mjs &` is meant to outlive its shell.
if (process.env.npm_lifecycle_event === 'start') {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    console.log('npm start a été arrêté : arrêt du serveur.');
    process.kill(process.pid, 'SIGTERM');
  }, 500);
  watch.unref();
}

build();
process.env.NODE_ENV ??= 'production';
await import('../apps/server/dist/main.js');
