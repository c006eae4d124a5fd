import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src',
  // WEB_BUILD_DIR: another folder (tests build their own copy; it must sit inside the repository,
  // where the server bundle finds react-router).
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  ssr: true,
  // About 70 routes: the whole manifest with the first page, no /__manifest requests (and
  // navigations keep working offline).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
