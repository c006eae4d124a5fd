import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BlogBetaPage } from './blog-beta-page';

describe('BlogBetaPage', () => {
  it('says the blog is under development, in beta, launching soon, with a link home', () => {
    render(
      <MemoryRouter initialEntries={['/blog-beta']}>
        <BlogBetaPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Le blog est en cours de développement' })).toBeInTheDocument();
    expect(screen.getByText('Mode bêta')).toBeInTheDocument();
    expect(screen.getByText(/sera lancé très bientôt/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  });
});
