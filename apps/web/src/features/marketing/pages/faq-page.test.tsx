import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { faqCategories, faqEntries } from '../content/faq';
import { FaqPage } from './faq-page';

function renderFaq() {
  return render(
    <MemoryRouter>
      <FaqPage />
    </MemoryRouter>,
  );
}

const questions = () => screen.getAllByRole('button', { expanded: false }).concat(screen.queryAllByRole('button', { expanded: true }));

describe('FaqPage', () => {
  it('holds the 13 entries in the 5 categories of the spec', () => {
    expect(faqEntries).toHaveLength(13);
    expect(faqCategories).toEqual(['Réparations', 'Interventions à domicile', 'Garanties & Données', 'Devis & Services', 'Vendre son appareil']);
    expect(new Set(faqEntries.map((entry) => entry.category))).toEqual(new Set(faqCategories));
    renderFaq();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent).slice(0, 5)).toEqual([...faqCategories]);
    expect(questions()).toHaveLength(13);
  });

  it('filters by category with pressed buttons', async () => {
    const user = userEvent.setup();
    renderFaq();
    const filters = within(screen.getByRole('group', { name: 'Filtrer par catégorie' })).getAllByRole('button');
    expect(filters.map((filter) => filter.textContent)).toEqual(['Toutes', ...faqCategories]);
    expect(filters[0]).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Vendre son appareil' }));
    expect(screen.getByRole('button', { name: 'Vendre son appareil' })).toHaveAttribute('aria-pressed', 'true');
    expect(filters[0]).toHaveAttribute('aria-pressed', 'false');
    expect(questions().map((question) => question.textContent)).toEqual([
      'Quand suis-je payé si je vends mon appareil\u00a0?',
      'Rachetez-vous les appareils bloqués ou signalés volés\u00a0?',
    ]);
    await user.click(screen.getByRole('button', { name: 'Toutes' }));
    expect(questions()).toHaveLength(13);
  });

  it('opens only one answer at a time, and a second click closes it', async () => {
    const user = userEvent.setup();
    renderFaq();
    const first = screen.getByRole('button', { name: /Quels appareils réparez-vous/ });
    const other = screen.getByRole('button', { name: /Rachetez-vous les appareils/ });
    expect(document.getElementById(first.getAttribute('aria-controls')!)).not.toBeVisible();
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: /Quels appareils réparez-vous/ })).toHaveTextContent('à partir de 29 €');
    await user.click(other);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(other).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);
    await user.click(other);
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('states the business facts and links the devisauto quote module to /devis-en-ligne', async () => {
    const user = userEvent.setup();
    renderFaq();
    const text = faqEntries.map((entry) => entry.answer).join(' ');
    for (const fact of ['garantie 6\u00a0mois', 'casse', 'oxydation', '29\u00a0€', '24 à 48\u00a0heures', '45\u00a0minutes à 1\u00a0heure', '24\u00a0h', 'après-midi uniquement', 'certaines réparations Apple', 'immédiatement', '2\u00a0jours ouvrés', 'IMEI', 'liste noire'])
      expect(text).toContain(fact);
    await user.click(screen.getByRole('button', { name: /Comment obtenir un devis/ }));
    const answer = screen.getByRole('region', { name: /Comment obtenir un devis/ });
    expect(answer).toHaveTextContent('devisauto');
    expect(within(answer).getByRole('link')).toHaveAttribute('href', '/devis-en-ligne');
    expect(screen.getByRole('link', { name: /Demander un devis/ })).toHaveAttribute('href', '/devis-en-ligne');
    expect(screen.getByRole('link', { name: /Nous contacter/ })).toHaveAttribute('href', '/contact');
  });

  it('publishes the 13 questions as FAQPage structured data', () => {
    const { container } = renderFaq();
    const script = container.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script!.textContent) as { '@type': string; mainEntity: { '@type': string; name: string; acceptedAnswer: { text: string } }[] };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(13);
    expect(data.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: faqEntries[0]!.question,
      acceptedAnswer: { '@type': 'Answer', text: faqEntries[0]!.answer },
    });
  });
});
