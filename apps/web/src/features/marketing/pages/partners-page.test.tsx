import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCarousels, stubCarouselBrowser } from '../../../components/ui/carousel-test-stubs';
import { partners } from '../content/partners';
import { PartnersPage } from './partners-page';

function renderPartners() {
  return render(
    <MemoryRouter>
      <PartnersPage />
    </MemoryRouter>,
  );
}

const thumbnails = () =>
  within(screen.getByRole('list', { name: 'Miniatures' }))
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

const current = () => screen.getAllByRole('group').find((slide) => !slide.hasAttribute('inert'))!;

beforeEach(() => {
  stubCarouselBrowser();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PartnersPage', () => {
  it('shows the 5 brands in the three families', () => {
    renderPartners();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const carousel = screen.getByRole('region', { name: 'Nos marques partenaires' });
    expect(within(carousel).getAllByRole('group')).toHaveLength(5);
    expect(new Set(partners.map((partner) => partner.category))).toEqual(
      new Set(['Mémoire et stockage', 'Accessoires', 'Protection mobile']),
    );
  });

  it('shows only the thumbnails within 2 positions of the current brand, and wraps both ways', async () => {
    renderPartners();
    await loadCarousels();
    const names = partners.map((partner) => partner.name);
    expect(thumbnails()).toEqual(names.slice(0, 3));
    fireEvent.click(screen.getByRole('button', { name: 'Diapositive précédente' }));
    expect(current()).toHaveAccessibleName('5 sur 5');
    expect(thumbnails()).toEqual(names.slice(2));
    fireEvent.click(screen.getByRole('button', { name: 'Diapositive suivante' }));
    expect(current()).toHaveAccessibleName('1 sur 5');
    fireEvent.click(within(screen.getByRole('list', { name: 'Miniatures' })).getByRole('button', { name: names[2] }));
    expect(thumbnails()).toEqual(names);
  });

  it('rotates every 5 s and stops while the pointer is over it', async () => {
    vi.useFakeTimers();
    renderPartners();
    await loadCarousels();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(current()).toHaveAccessibleName('2 sur 5');
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Nos marques partenaires' }));
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(current()).toHaveAccessibleName('2 sur 5');
  });
});
