import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultStoreProfile, mapsUrl } from '@erepare/shared/store-profile';
import { settleCarousels, stubCarouselBrowser } from '../../../components/ui/carousel-test-stubs';
import { HomePage } from './home-page';
import { ReviewCard } from '../components/home/reviews-carousel';
import { reviewsNotice } from '../content/home-sections';

/** The home page as after a link to it: the part below the first screen loads at once. */
async function renderHome() {
  const view = render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
  // The part below the fold is a lazy chunk: its first import can take seconds on a busy machine.
  await screen.findByRole('heading', { name: 'Comment ça marche' }, { timeout: 10_000 });
  await settleCarousels();
  return view;
}

const nbsp = '\u00a0';

beforeEach(() => {
  stubCarouselBrowser();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HomePage', () => {
  it('has one h1 and the hero carousel with its two buttons', async () => {
    await renderHome();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const hero = screen.getByRole('region', { name: 'Nos réparations à la une' });
    expect(hero).toHaveAttribute('aria-roledescription', 'carousel');
    const first = within(hero).getAllByRole('group')[0]!;
    expect(within(first).getByRole('link', { name: /Prendre RDV/ })).toHaveAttribute('href', '/devis-en-ligne');
    expect(within(first).getByRole('link', { name: /En savoir plus/ })).toHaveAttribute('href', '/contact');
    expect(within(hero).getByRole('button', { name: 'Diapositive suivante' })).toBeInTheDocument();
  });

  it('shows the category counts and the statistics of spec 3 §9', async () => {
    await renderHome();
    const categories = screen.getByRole('region', { name: 'Tous vos appareils, une seule adresse' });
    const cards = within(categories).getAllByRole('listitem');
    expect(cards.map((card) => [within(card).getByRole('heading').textContent, card.textContent?.match(/\d+\+/)?.[0]])).toEqual([
      ['Mobiles', '3200+'],
      ['Tablettes', '1800+'],
      ['Ordinateurs', '950+'],
      ['Consoles', '750+'],
    ]);
    const stats = screen.getByRole('region', { name: 'Notre expérience en chiffres' });
    // Testing Library folds the non-breaking spaces of the page into plain spaces.
    for (const figure of ['12 ans', '6700+', '99 %', '10k+']) expect(within(stats).getByText(figure)).toBeInTheDocument();
  });

  it('has the 5-slide services carousel with its starting prices', async () => {
    await renderHome();
    const services = screen.getByRole('region', { name: 'Services et prix de départ' });
    const slides = within(services).getAllByRole('group');
    expect(slides).toHaveLength(5);
    expect(slides.map((slide) => slide.querySelector('strong')?.textContent)).toEqual(
      [49, 79, 39, 59, 89].map((euros) => `${euros}${nbsp}€`),
    );
    expect(within(services).getByRole('button', { name: 'Mettre en pause le défilement' })).toBeInTheDocument();
  });

  it('runs the repair centre as real tabs driven by the keyboard', async () => {
    const user = userEvent.setup();
    await renderHome();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Smartphones', 'Tablettes', 'Ordinateurs', 'Consoles', 'Général']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1, -1]);

    await user.click(tabs[0]!);
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Tablettes');
    await user.keyboard('{End}');
    expect(tabs[4]).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('À partir de 29 €');
    await user.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tabs[4]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');

    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('button')).toHaveLength(8);
    expect(within(panel).getByRole('heading', { name: 'Réparations courantes' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Réparations avancées' })).toBeInTheDocument();
  });

  it('highlights a hovered or focused repair and shows its 6-month warranty card', async () => {
    await renderHome();
    const panel = screen.getByRole('tabpanel');
    const battery = within(panel).getByRole('button', { name: 'Batterie' });
    fireEvent.mouseEnter(battery);
    expect(battery).toHaveAttribute('aria-pressed', 'true');
    const card = panel.querySelector('[aria-live="polite"]')!;
    expect(card).toHaveTextContent('Batterie');
    expect(card).toHaveTextContent('Garantie 6 mois');
    const recovery = within(panel).getByRole('button', { name: 'Récupération de données' });
    fireEvent.focus(recovery);
    expect(recovery).toHaveAttribute('aria-pressed', 'true');
    expect(battery).toHaveAttribute('aria-pressed', 'false');
    expect(card).toHaveTextContent('Récupération de données');
    expect(screen.getByRole('link', { name: 'Demander un devis' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Commencer un diagnostic' })).toHaveAttribute('href', '/devis-en-ligne');
  });

  it('explains the chosen part of the 8-part repair selector and links to the online quote', async () => {
    const user = userEvent.setup();
    await renderHome();
    const parts = within(screen.getByRole('list', { name: 'Pièces de l’appareil' })).getAllByRole('button');
    expect(parts.map((part) => part.textContent)).toEqual([
      'Écran',
      'Caméra',
      'Haut-parleur',
      'Connecteur de charge',
      'Batterie',
      'Bouton home',
      'Micro',
      'Antenne',
    ]);
    await user.click(parts[7]!);
    expect(parts[7]).toHaveAttribute('aria-pressed', 'true');
    const explanation = document.getElementById('selecteur-explication')!;
    expect(within(explanation).getByRole('heading', { name: 'Antenne' })).toBeInTheDocument();
    expect(within(explanation).getByRole('link', { name: /Obtenir un devis/ })).toHaveAttribute('href', '/devis-en-ligne');
  });

  it('shows the three steps, the reviews with their stars and the 6 testimonials', async () => {
    await renderHome();
    const steps = screen.getByRole('region', { name: 'Comment ça marche' });
    expect(within(steps).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      `Étape 1${nbsp}: Contact`,
      `Étape 2${nbsp}: Devis et réparation`,
      `Étape 3${nbsp}: Récupération`,
    ]);
    const reviews = screen.getByRole('region', { name: 'Avis clients' });
    const first = within(reviews).getAllByRole('group')[0]!;
    expect(within(first).getByRole('img', { name: `Note${nbsp}: 5 sur 5` })).toBeInTheDocument();
    // The sample reviews are not verified: no "Avis vérifié" badge (French consumer code), and the
    // page says how reviews are collected and checked.
    expect(within(reviews).queryByText('Avis vérifié')).toBeNull();
    expect(screen.getByText(reviewsNotice.replace(/\s+/g, ' '))).toBeInTheDocument();
    expect(within(reviews).getAllByRole('button', { name: /^Avis de / })).toHaveLength(within(reviews).getAllByRole('group').length);
    expect(within(screen.getByRole('region', { name: 'Témoignages de clients' })).getAllByRole('group')).toHaveLength(6);
  });

  it('shows the "Avis vérifié" badge only on a review matched to a real repair', () => {
    const review = { name: 'Léa P.', rating: 5 as const, text: 'Parfait.' };
    const { unmount } = render(<ReviewCard review={{ ...review, verified: true }} />);
    expect(screen.getByText('Avis vérifié')).toBeInTheDocument();
    unmount();
    render(<ReviewCard review={{ ...review, verified: false }} />);
    expect(screen.queryByText('Avis vérifié')).toBeNull();
  });

  it('has the promo start button, the FAQ excerpt and the closing map and phone links', async () => {
    const user = userEvent.setup();
    await renderHome();
    expect(screen.getByRole('link', { name: /Commencer mon devis/ })).toHaveAttribute('href', '/devis-en-ligne');
    const faq = screen.getByRole('region', { name: 'Questions fréquentes' });
    const questions = within(faq).getAllByRole('button');
    await user.click(questions[0]!);
    await user.click(questions[1]!);
    expect(questions.filter((question) => question.getAttribute('aria-expanded') === 'true')).toEqual([questions[1]]);
    expect(within(faq).getByRole('link', { name: /Voir toutes les questions/ })).toHaveAttribute('href', '/faq');
    const map = screen.getByRole('link', { name: /Voir l’itinéraire/ });
    expect(map).toHaveAttribute('href', mapsUrl(defaultStoreProfile));
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    expect(map).toHaveAccessibleName(/nouvel onglet/);
    expect(screen.getByRole('link', { name: `Appeler le ${defaultStoreProfile.phone.display}` })).toHaveAttribute(
      'href',
      `tel:${defaultStoreProfile.phone.e164}`,
    );
  });
});
