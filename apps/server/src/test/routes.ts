import type { FastifyInstance } from 'fastify';

export type RegisteredRoute = { method: string; url: string };

/** `├── ` or `└── `, after one `│   ` or four spaces per level above. */
const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.+)$/u;
/** A node's label ends with its methods when routes end there: `:ticket/status (GET, HEAD, PATCH)`. */
const METHODS = /^(.*?) \(([A-Z]+(?:, [A-Z]+)*)\)$/;

/**
 * Every route of a built application, one entry per method (HEAD routes included), read from the
 * application's own router: the tree Fastify prints (`app.printRoutes()`), each path being its
 * nodes' labels put end to end. Routes added later are found without listing them anywhere.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const path: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    if (!line.trim()) continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`unexpected line in the route tree: ${JSON.stringify(line)}`);
    const depth = (match[1] ?? '').length / 4;
    const label = match[2] ?? '';
    const withMethods = METHODS.exec(label);
    path.length = depth;
    path.push(withMethods ? (withMethods[1] ?? '') : label);
    if (withMethods) for (const method of (withMethods[2] ?? '').split(', ')) routes.push({ method, url: path.join('') });
  }
  return routes;
}
