import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StoreProfileProvider } from '../../../lib/store-profile';
import { defaultPlaceholders, savedStoreProfile } from '../../../test/saved-store-profile';
import { CgvPage } from './cgv-page';
import { ContactPage } from './contact-page';
import { LegalPage } from './legal-page';

/** The contact, legal and CGV pages as staff see them once they have saved the shop's profile. */
function renderWithSavedProfile(path: string, page: ReactNode) {
  return render(
    <StoreProfileProvider initial={savedStoreProfile}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </StoreProfileProvider>,
  );
}

const pageText = () => (document.body.textContent ?? '').replace(/\u00a0/g, ' ').replace(/\s+/g, ' ');

function expectNoPlaceholder() {
  const text = pageText();
  for (const placeholder of defaultPlaceholders) expect(text).not.toContain(placeholder);
}

describe('pages with a saved store profile', () => {
  it('contact page: the saved name, town, phone, e-mail, WhatsApp and hours', () => {
    renderWithSavedProfile('/contact', <ContactPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'L’atelier Atelier Test' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '05 00 11 22 33' })).toHaveAttribute('href', 'tel:+33500112233');
    expect(screen.getByRole('link', { name: 'bonjour@atelier-test.example' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /WhatsApp.*06 11 22 33 44/ })).toHaveAttribute('href', 'https://wa.me/33611223344');
    const text = pageText();
    expect(text).toContain('passez à l’atelier de Arcachon');
    expect(text).toContain('12 rue des Essais, 33120 Arcachon');
    expect(text).toContain('Du lundi au vendredi');
    expectNoPlaceholder();
  });

  it('legal notice: the saved publisher, SIRET and phone', () => {
    renderWithSavedProfile('/mentions-legales', <LegalPage />);
    const text = pageText();
    expect(text).toContain('édité par Atelier Test SARL');
    expect(text).toContain('123 456 789 00012');
    expect(text).toContain('12 rue des Essais, 33120 Arcachon');
    expect(screen.getAllByRole('link', { name: '05 00 11 22 33' })[0]).toHaveAttribute('href', 'tel:+33500112233');
    expectNoPlaceholder();
  });

  it('CGV: the saved seller, SIRET, phone and consumer mediator', () => {
    renderWithSavedProfile('/cgv', <CgvPage />);
    const text = pageText();
    expect(text).toContain('Atelier Test SARL (Atelier Test)');
    expect(text).toContain('123 456 789 00012');
    expect(text).toContain('Médiateur Test de la consommation');
    expect(text).toContain('3 place du Médiateur, 75001 Paris');
    expect(screen.getAllByRole('link', { name: /www\.mediateur-test\.example/ })[0]).toHaveAttribute('href', 'https://www.mediateur-test.example');
    expect(screen.getAllByRole('link', { name: '05 00 11 22 33' })[0]).toHaveAttribute('href', 'tel:+33500112233');
    expectNoPlaceholder();
  });
});
