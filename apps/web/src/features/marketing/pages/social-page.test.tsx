import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { defaultStoreProfile } from '@erepare/shared/store-profile';
import { SocialPage } from './social-page';

describe('SocialPage', () => {
  it('links to the three social pages of the store profile, in a new tab, with noopener and a hint', () => {
    render(
      <MemoryRouter>
        <SocialPage />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const expected = [
      ['Facebook', defaultStoreProfile.social.facebook],
      ['Instagram', defaultStoreProfile.social.instagram],
      ['TikTok', defaultStoreProfile.social.tiktok],
    ] as const;
    for (const [name, url] of expected) {
      const link = screen.getByRole('link', { name: `Nous suivre sur ${name} (nouvel onglet)` });
      expect(link).toHaveAttribute('href', url);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getAllByText('@erepare.exemple')).toHaveLength(3);
  });
});
