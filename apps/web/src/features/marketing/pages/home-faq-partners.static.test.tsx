// @vitest-environment node
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { FaqPage } from './faq-page';
import { HomePage } from './home-page';
import { PartnersPage } from './partners-page';

/**
 * The server renders these pages without a DOM (react-dom/static, which waits for the parts
 * loaded on demand): nothing may touch window during render.
 */
async function staticHtml(path: string, Page: ComponentType): Promise<string> {
  const handler = createStaticHandler([{ path, Component: Page }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(<StaticRouterProvider router={router} context={context} />);
  return new Response(prelude).text();
}

describe('static HTML of the home, FAQ and partners pages', () => {
  it('renders the home page with the first slide of every carousel reachable and the others inert', async () => {
    expect(typeof window).toBe('undefined');
    const html = await staticHtml('/', HomePage);
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).toContain('aria-label="1 sur 4"');
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(4 + 5 + 5 + 6);
    // Every slide but the first of each of the 4 carousels is inert.
    expect(html.match(/ inert=""/g)).toHaveLength(3 + 4 + 4 + 5);
    expect(html).toContain('Réparation de smartphones');
    expect(html).toContain('3200+');
    expect(html).toContain('À partir de 29\u00a0€');
  });

  it('renders every FAQ answer and its structured data', async () => {
    const html = await staticHtml('/faq', FaqPage);
    expect(html).toContain('application/ld+json');
    expect(html.match(/id="faq-a-/g)).toHaveLength(13);
    expect(html).toContain('devisauto');
  });

  it('renders the partners carousel with its first brand', async () => {
    const html = await staticHtml('/partenaires', PartnersPage);
    expect(html).toContain('SanDisk');
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(5);
  });
});
