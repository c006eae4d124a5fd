import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { QualireparPage } from './qualirepar-page';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/label-qualirepar']}>
      <QualireparPage />
    </MemoryRouter>,
  );
}

function structuredData(container: HTMLElement): Record<string, unknown> {
  const scripts = container.querySelectorAll('script[type="application/ld+json"]');
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]!.textContent ?? '') as Record<string, unknown>;
}

describe('QualireparPage', () => {
  it('states the exact repair-bonus amounts per device category', () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent])).toEqual([
      ['Smartphones', '25\u00a0€'],
      ['Tablettes', '25\u00a0€'],
      ['Ordinateurs portables', '50\u00a0€'],
      ['Téléviseurs', '60\u00a0€'],
      ['Enceintes', '20\u00a0€'],
      ['Vidéoprojecteurs', '30\u00a0€'],
    ]);
  });

  it('says up to 60 €, deducted immediately from the invoice, for devices out of warranty, with a step guide', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 3, name: 'Jusqu’à 60\u00a0€' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Déduit immédiatement' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Appareils hors garantie' })).toBeInTheDocument();
    expect(screen.getByText(/déduit immédiatement de la facture, sans dossier à remplir/)).toBeInTheDocument();
    const steps = within(screen.getByRole('region', { name: 'Comment en bénéficier' })).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
  });

  it('its two calls to action are real buttons that honestly say « Bientôt disponible », one naming the future bonus', async () => {
    const user = userEvent.setup();
    renderPage();
    const future = screen.getByRole('button', { name: 'Profiter du futur bonus réparation' });
    const eligibility = screen.getByRole('button', { name: 'Vérifier mon éligibilité' });
    expect(screen.queryByText(/Bientôt disponible/)).toBeNull();

    await user.click(future);
    expect(future).toHaveAccessibleDescription(/^Bientôt disponible/);
    const note = screen.getByText(/^Bientôt disponible/);
    expect(note).toHaveAttribute('aria-live', 'polite');
    expect(eligibility).not.toHaveAccessibleDescription();

    await user.click(eligibility);
    expect(eligibility).toHaveAccessibleDescription(/^Bientôt disponible.*demandez-nous à l’atelier/);
    expect(screen.getAllByText(/^Bientôt disponible/)).toHaveLength(2);
  });

  it('carries LocalBusiness structured data with the shop’s address and a 25,000 m service radius', () => {
    const { container } = renderPage();
    const data = structuredData(container);
    expect(data['@type']).toBe('ElectronicsStore');
    expect(data.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: defaultStoreProfile.address.street,
      postalCode: defaultStoreProfile.address.postalCode,
      addressLocality: defaultStoreProfile.address.city,
      addressCountry: 'FR',
    });
    expect(data.areaServed).toContainEqual({ '@type': 'City', name: 'Gujan-Mestras' });
    expect(data.telephone).toBe(defaultStoreProfile.phone.e164);
    expect(String(data.url)).toMatch(/\/label-qualirepar$/);
    expect(String(data.description)).toContain('jusqu’à 60\u00a0€');
  });
});
