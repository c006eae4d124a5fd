/**
 * React Router's route configuration (framework mode), from the one route table the server also
 * reads (@erepare/shared/routes): each page id has its route module in app/routes/.
 */
import { layout, route, type RouteConfig } from '@react-router/dev/routes';
import { homeFallbackPaths, redirects, routes, type PageId, type RouteDef } from '@erepare/shared/routes';

const moduleOf = (page: PageId) => `app/routes/${page}.tsx`;

/** Each service page has its own module: the service's code is there before the page hydrates. */
const moduleFor = (entry: RouteDef) => (entry.page === 'service' ? `app/routes/services/${entry.slug ?? ''}.tsx` : moduleOf(entry.page));

export default [
  layout('app/routes/app-layout.tsx', { id: 'app' }, [
    ...routes.map((entry) => route(entry.path, moduleFor(entry), { id: `page:${entry.path}` })),
    // /services, any other /services/* and /actualites show the home page (not indexed).
    ...homeFallbackPaths.map((path) => route(path, moduleOf('home'), { id: `home:${path}` })),
    ...Object.keys(redirects).map((from) => route(from, 'app/routes/redirect.tsx', { id: `redirect:${from}` })),
    route('*', 'app/routes/not-found.tsx', { id: 'not-found' }),
  ]),
] satisfies RouteConfig;
