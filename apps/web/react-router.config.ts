import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src',
  buildDirectory: 'build',
  ssr: true,
  // About 70 routes: the whole manifest with the first page, no /__manifest requests (and
  // navigations keep working offline).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
