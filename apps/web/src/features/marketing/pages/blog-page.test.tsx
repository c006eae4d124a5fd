import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_NOTE } from '../components/blog/newsletter-box';
import { blogArticles } from '../content/blog';
import { BlogPage } from './blog-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderBlog() {
  return render(
    <MemoryRouter initialEntries={['/blog']}>
      <BlogPage />
    </MemoryRouter>,
  );
}

const listedTitles = () =>
  within(screen.getByRole('region', { name: 'Tous les articles' }))
    .getAllByRole('article')
    .map((article) => within(article).getByRole('heading', { level: 3 }).textContent);

describe('BlogPage', () => {
  it('shows the featured article apart, with its date in French, reading time and views', () => {
    renderBlog();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const featured = within(screen.getByRole('region', { name: 'À la une' })).getByRole('article');
    // Testing Library compares texts with their spaces collapsed (non-breaking ones included).
    expect(featured).toHaveTextContent('Écran cassé : faut-il réparer ou remplacer son smartphone ?');
    expect(featured).toHaveTextContent('14 octobre 2026');
    expect(featured).toHaveTextContent('6 min de lecture');
    expect(featured).toHaveTextContent('1 842 vues');
    expect(within(featured).getByText('14 octobre 2026')).toHaveAttribute('dateTime', '2026-10-14T09:00:00+02:00');
    expect(listedTitles()).not.toContain(featured.querySelector('h3')?.textContent);
  });

  it('filters the list by category with pressed toggle buttons, and back to all', async () => {
    const user = userEvent.setup();
    renderBlog();
    const all = screen.getByRole('button', { name: 'Tous' });
    expect(all).toHaveAttribute('aria-pressed', 'true');
    expect(listedTitles()).toHaveLength(blogArticles.length - 1);
    expect(screen.getByText('7 articles')).toBeInTheDocument();

    const mobile = screen.getByRole('button', { name: 'Mobile' });
    await user.click(mobile);
    expect(mobile).toHaveAttribute('aria-pressed', 'true');
    expect(all).toHaveAttribute('aria-pressed', 'false');
    expect(listedTitles()).toEqual([
      'Batterie qui se vide trop vite\u00a0: 7 gestes pour la ménager',
      'Sable et sel\u00a0: protéger son téléphone au bord du Bassin',
    ]);
    expect(screen.getByText('2 articles dans la catégorie « Mobile »')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actualités' }));
    const news = within(screen.getByRole('region', { name: 'Tous les articles' })).getAllByRole('article');
    expect(news).toHaveLength(2);
    for (const article of news) expect(article).toHaveTextContent('Actualités');

    await user.click(all);
    expect(listedTitles()).toHaveLength(blogArticles.length - 1);
  });

  it('lists the five filters of the spec and never links an article to a missing page', () => {
    renderBlog();
    const filters = within(screen.getByRole('group', { name: 'Filtrer les articles par catégorie' })).getAllByRole('button');
    expect(filters.map((button) => button.textContent)).toEqual(['Tous', 'Tech', 'Réparation', 'Mobile', 'Actualités']);
    for (const article of screen.getAllByRole('article')) {
      expect(within(article).queryAllByRole('link')).toHaveLength(0);
    }
  });

  it('newsletter: the button sends nothing anywhere and the page says subscription is not open yet', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const { container } = renderBlog();
    expect(container.querySelector('form')).toBeNull();
    const email = screen.getByLabelText('Adresse e-mail');
    await user.type(email, 'lea@example.fr{Enter}');
    const subscribe = screen.getByRole('button', { name: 'S’inscrire' });
    await user.click(subscribe);
    expect(fetch).not.toHaveBeenCalled();
    expect(email).toHaveValue('lea@example.fr');
    const note = 'Bientôt disponible : l’inscription n’est pas encore ouverte.';
    expect(email).toHaveAccessibleDescription(NEWSLETTER_NOTE);
    expect(subscribe).toHaveAccessibleDescription(NEWSLETTER_NOTE);
    expect(screen.getByText(note)).toBeInTheDocument();
    expect(NEWSLETTER_NOTE).toBe('Bientôt disponible\u00a0: l’inscription n’est pas encore ouverte.');
    expect(screen.queryByText(/merci|inscrit/i)).toBeNull();
  });
});
