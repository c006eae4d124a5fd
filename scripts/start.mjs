// `npm start`: builds what is needed, then runs the server in this process (so Ctrl+C and
// SIGTERM reach it directly and it closes the database cleanly).
import { build } from './build.mjs';

build();
process.env.NODE_ENV ??= 'production';
await import('../apps/server/dist/main.js');
