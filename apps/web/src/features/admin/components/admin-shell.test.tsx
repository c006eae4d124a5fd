import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminShell } from './admin-shell';
import { findSection, sectionHref } from './admin-nav';

vi.mock('../sections/audit', () => ({ AuditSection: () => <p>Contenu du journal</p> }));
vi.mock('../sections/staff', () => ({ StaffSection: () => <p>Contenu de l’équipe</p> }));
vi.mock('../sections/overview', () => ({ OverviewSection: () => <p>Contenu de la vue d’ensemble</p> }));

afterEach(() => vi.unstubAllGlobals());

function renderShell(url: string, answer: (url: string) => Response = () => new Response(JSON.stringify({ success: false, message: 'x' }), { status: 500 })) {
  vi.stubGlobal('fetch', vi.fn(async (requested: string) => answer(requested)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AdminShell email="admin@erepare.example" onLogout={() => undefined} loggingOut={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AdminShell', () => {
  it('shows the section of ?section=, marks it current and moves focus to the heading on change', async () => {
    const user = userEvent.setup();
    renderShell('/admin-dashboard?section=journal');
    expect(screen.getByRole('heading', { level: 1, name: 'Journal des modifications' })).toBeInTheDocument();
    expect(await screen.findByText('Contenu du journal')).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Sections de l’administration' });
    expect(within(sidebar).getByRole('link', { name: 'Journal' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Tickets' })).toHaveAttribute('href', '/admin-dashboard?section=tickets');
    // Grouped: Réparations and Boutique.
    expect(within(sidebar).getByRole('list', { name: 'Réparations' })).toBeInTheDocument();
    expect(within(within(sidebar).getByRole('list', { name: 'Boutique' })).getAllByRole('link').map((link) => link.textContent)).toEqual(['Commandes', 'Produits', 'Coupons']);

    await user.click(within(sidebar).getByRole('link', { name: 'Équipe' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Équipe' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByText('Contenu de l’équipe')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Équipe – Administration/));
  });

  it('has a disclosure menu for small screens and falls back to the overview for an unknown section', async () => {
    const user = userEvent.setup();
    renderShell('/admin-dashboard?section=inconnue');
    expect(screen.getByRole('heading', { level: 1, name: 'Vue d’ensemble' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /Sections\u00a0: Vue d’ensemble/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Sections de l’administration (menu)' });
    expect(within(menu).getByRole('link', { name: 'Vue d’ensemble' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows only the enrolment while the team requires a second factor this account lacks (issue 23 §5)', async () => {
    const status = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: true, enrolmentRequired: true };
    renderShell('/admin-dashboard?section=journal', (url) =>
      url === '/api/auth/two-factor'
        ? new Response(JSON.stringify({ success: true, data: status }), { status: 200 })
        : new Response(JSON.stringify({ success: false, message: 'x' }), { status: 403 }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Double authentification obligatoire' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sections de l’administration' })).not.toBeInTheDocument();
    expect(screen.queryByText('Contenu du journal')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activer la double authentification' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
  });

  it('builds section links with their filters', () => {
    expect(sectionHref('e-mails', { status: 'failed', q: '', id: null })).toBe('?section=e-mails&status=failed');
    expect(findSection('e-mails').title).toBe('E-mails envoyés');
    expect(findSection(null).slug).toBe('apercu');
  });
});
