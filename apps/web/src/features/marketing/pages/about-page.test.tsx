import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AboutPage } from './about-page';

function renderAbout() {
  return render(
    <MemoryRouter initialEntries={['/a-propos']}>
      <AboutPage />
    </MemoryRouter>,
  );
}

describe('AboutPage', () => {
  it('has one h1 and states the about page’s own key figures exactly', () => {
    renderAbout();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const figures = within(screen.getByRole('region', { name: 'L’atelier en chiffres' })).getAllByRole('listitem');
    expect(figures.map((item) => item.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      '10 ansd’expérience',
      '4500+réparations',
      '6000+clients',
      '500 Torécupérés',
      '95 %de réussite en récupération de données',
    ]);
  });

  it('lists the six services and the five advantages of the spec', () => {
    renderAbout();
    const services = within(screen.getByRole('region', { name: 'Nos services' })).getAllByRole('heading', { level: 3 });
    expect(services.map((heading) => heading.textContent)).toEqual([
      'Dépannage de PC de bureau',
      'Réparation de tablettes',
      'Récupération de données',
      'Web et serveurs',
      'Suppression de virus',
      'Réparation de smartphones',
    ]);
    const advantages = within(screen.getByRole('region', { name: 'Pourquoi nous confier votre appareil' })).getAllByRole('heading', {
      level: 3,
    });
    expect(advantages.map((heading) => heading.textContent)).toEqual([
      'Diagnostic gratuit',
      'Pièces en stock',
      'Qualité d’origine',
      'Rapidité',
      'Technicien spécialisé',
    ]);
  });

  it('shows the « Pas réparé, pas payé » guarantee and presents the owner without an invented name', () => {
    renderAbout();
    expect(screen.getByRole('heading', { level: 2, name: '«\u00a0Pas réparé, pas payé\u00a0»' })).toBeInTheDocument();
    const owner = screen.getByRole('region', { name: 'Le fondateur, technicien de l’atelier' });
    expect(owner).toHaveTextContent('le fondateur lui-même');
  });

  it('links only to pages that exist: service pages, the quote and the contact page', () => {
    renderAbout();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const href of hrefs) {
      expect(href).toMatch(/^(\/services\/(maintenance|recuperation|web|virus)|\/devis-en-ligne|\/contact|tel:\+\d+)$/);
    }
    expect(hrefs).toContain('/services/recuperation');
  });
});
