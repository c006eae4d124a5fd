import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { ReparacteursPage } from './reparacteurs-page';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/label-reparacteurs']}>
      <ReparacteursPage />
    </MemoryRouter>,
  );
}

describe('ReparacteursPage', () => {
  it('explains the label, its benefits and the shop’s commitments', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Label RéparActeurs' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Qu’est-ce que le label RéparActeurs\u00a0?' })).toHaveTextContent(
      'Chambres de métiers et de l’artisanat',
    );
    expect(within(screen.getByRole('region', { name: 'Ce que la réparation vous apporte' })).getAllByRole('listitem')).toHaveLength(4);
    expect(within(screen.getByRole('region', { name: 'Nos engagements' })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('its two buttons do nothing but say « Bientôt disponible » in a live region', async () => {
    const user = userEvent.setup();
    renderPage();
    const buttons = [
      screen.getByRole('button', { name: 'Consulter la charte' }),
      screen.getByRole('button', { name: 'Découvrir nos conseils' }),
    ];
    for (const button of buttons) {
      await user.click(button);
      expect(button).toHaveAccessibleDescription(/^Bientôt disponible/);
    }
    for (const note of screen.getAllByText(/^Bientôt disponible/)) expect(note).toHaveAttribute('aria-live', 'polite');
  });

  it('carries the shop’s LocalBusiness structured data (the towns it serves)', () => {
    const { container } = renderPage();
    const script = container.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({
      name: defaultStoreProfile.name,
      address: { streetAddress: defaultStoreProfile.address.street, addressLocality: defaultStoreProfile.address.city },
      geo: { latitude: defaultStoreProfile.geo.latitude, longitude: defaultStoreProfile.geo.longitude },
      areaServed: expect.arrayContaining([{ '@type': 'City', name: 'Gujan-Mestras' }, { '@type': 'City', name: 'Arcachon' }]) as unknown,
    });
    expect(String(data.url)).toMatch(/\/label-reparacteurs$/);
  });
});
