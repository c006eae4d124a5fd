import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { StoreProfileProvider } from '../../../lib/store-profile';
import { defaultPlaceholders, savedStoreProfile } from '../../../test/saved-store-profile';
import { Footer } from './footer';

const pageText = () => (document.body.textContent ?? '').replace(/\u00a0/g, ' ');

describe('Footer', () => {
  it('shows the saved store profile, not the default placeholders', () => {
    render(
      <StoreProfileProvider initial={savedStoreProfile}>
        <MemoryRouter>
          <Footer />
        </MemoryRouter>
      </StoreProfileProvider>,
    );
    expect(screen.getByRole('heading', { name: 'L’atelier Atelier Test' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '05 00 11 22 33' })).toHaveAttribute('href', 'tel:+33500112233');
    expect(screen.getByRole('link', { name: 'bonjour@atelier-test.example' })).toHaveAttribute('href', 'mailto:bonjour@atelier-test.example');
    expect(screen.getByRole('link', { name: /WhatsApp 06 11 22 33 44/ })).toHaveAttribute('href', 'https://wa.me/33611223344');
    expect(screen.getByText('12 rue des Essais, 33120 Arcachon')).toBeInTheDocument();
    expect(screen.getByText('Du lundi au vendredi')).toBeInTheDocument();
    const text = pageText();
    expect(text).toContain('Atelier Test – Arcachon · SIRET 123 456 789 00012');
    for (const placeholder of [...defaultPlaceholders, defaultStoreProfile.openingHours[0]!.days]) expect(text).not.toContain(placeholder);
  });

  it('shows the default profile without a provider', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: defaultStoreProfile.phone.display })).toHaveAttribute('href', `tel:${defaultStoreProfile.phone.e164}`);
    expect(pageText()).toContain(`SIRET ${defaultStoreProfile.siret}`);
  });
});
