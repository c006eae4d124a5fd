import type { ComponentType } from 'react';

/** The route modules of the service pages (app/routes/services/<slug>.tsx), as React Router loads them. */
const modules = import.meta.glob<{ default: ComponentType }>('../app/routes/services/*.tsx');

/** The page component the route of service `slug` renders. */
export async function loadServicePage(slug: string): Promise<ComponentType> {
  const load = modules[`../app/routes/services/${slug}.tsx`];
  if (!load) throw new Error(`no route module for the service ${slug}`);
  return (await load()).default;
}
