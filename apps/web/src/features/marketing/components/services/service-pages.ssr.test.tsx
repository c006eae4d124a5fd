// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { servicePages } from '@erepare/shared/routes';
import { loadServicePage } from '../../../../test/service-routes';

// The pages are rendered on the server: rendering them without any browser API must give
// the complete page (title, calculator in its initial state, closed dialog).
describe('service pages on the server', () => {
  it.each(servicePages.map((page) => [page.slug, page.title]))('%s renders to static HTML', async (slug, title) => {
    expect(typeof window).toBe('undefined');
    const Page = await loadServicePage(slug);
    const html = renderToString(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    const escaped = title.replace(/'/g, '&#x27;');
    expect(html).toContain(`${escaped}</h1>`);
    expect(html).toContain('application/ld+json');
  });

  it('renders the Switch calculator at 80 € and the quick-quote dialog closed', async () => {
    const Page = await loadServicePage('picofly-installation');
    const html = renderToString(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(html).toMatch(/data-testid="picofly-total"[^>]*>80\u00a0€/);
    expect(html).toMatch(/<dialog(?![^>]*\sopen)[^>]*>/);
  });
});
