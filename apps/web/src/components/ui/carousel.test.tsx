import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';
import { loadCarousels, settleCarousels, stubCarouselBrowser } from './carousel-test-stubs';

const names = ['Écran', 'Batterie', 'Caméra', 'Connecteur', 'Micro'];
const slides = names.map((name) => <p key={name}>{name}</p>);

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** The slide that is not `inert`, i.e. the one shown. */
function currentSlide(): HTMLElement {
  const visible = screen.getAllByRole('group').filter((slide) => !slide.hasAttribute('inert'));
  expect(visible).toHaveLength(1);
  return visible[0]!;
}

function currentDot(): string | null {
  const dots = within(screen.getByRole('list', { name: 'Choisir une diapositive' })).getAllByRole('button');
  return dots.find((dot) => dot.getAttribute('aria-current') === 'true')?.getAttribute('aria-label') ?? null;
}

beforeEach(() => {
  stubCarouselBrowser();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Carousel', () => {
  it('is a labelled carousel region whose slides are numbered groups, only the first one reachable at first', () => {
    render(<Carousel label="Nos services" slides={slides} slideNames={names} />);
    const region = screen.getByRole('region', { name: 'Nos services' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const groups = screen.getAllByRole('group');
    expect(groups).toHaveLength(5);
    expect(groups[1]).toHaveAttribute('aria-roledescription', 'slide');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['1 sur 5', '2 sur 5', '3 sur 5', '4 sur 5', '5 sur 5']);
    expect(currentSlide()).toHaveTextContent('Écran');
  });

  it('wraps both ways with the arrows', async () => {
    render(<Carousel label="Nos services" slides={slides} slideNames={names} />);
    await loadCarousels();
    fireEvent.click(screen.getByRole('button', { name: 'Diapositive précédente' }));
    expect(currentSlide()).toHaveTextContent('Micro');
    expect(currentSlide()).toHaveAttribute('aria-label', '5 sur 5');
    fireEvent.click(screen.getByRole('button', { name: 'Diapositive suivante' }));
    expect(currentSlide()).toHaveTextContent('Écran');
    fireEvent.click(screen.getByRole('button', { name: 'Diapositive suivante' }));
    expect(currentSlide()).toHaveTextContent('Batterie');
    expect(currentDot()).toBe('Batterie');
  });

  it('goes to the slide of a dot', async () => {
    render(<Carousel label="Nos services" slides={slides} slideNames={names} />);
    await loadCarousels();
    fireEvent.click(screen.getByRole('button', { name: 'Connecteur' }));
    expect(currentSlide()).toHaveTextContent('Connecteur');
    expect(currentDot()).toBe('Connecteur');
  });

  it('advances on its timer, wraps around, and stops while the pointer is over it', async () => {
    vi.useFakeTimers();
    render(<Carousel label="Nos services" slides={slides} slideNames={names} autoplay={5000} pauseOnHover />);
    await loadCarousels();
    advance(4900);
    expect(currentSlide()).toHaveTextContent('Écran');
    advance(200);
    expect(currentSlide()).toHaveTextContent('Batterie');
    advance(5000 * 4);
    expect(currentSlide()).toHaveTextContent('Écran');

    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Nos services' }));
    advance(20_000);
    expect(currentSlide()).toHaveTextContent('Écran');
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Nos services' }));
    advance(5000);
    expect(currentSlide()).toHaveTextContent('Batterie');
  });

  it('has a pause button that stops the rotation and a play button that restarts it', async () => {
    vi.useFakeTimers();
    render(<Carousel label="Avis" slides={slides} autoplay={4000} />);
    await loadCarousels();
    fireEvent.click(screen.getByRole('button', { name: 'Mettre en pause le défilement' }));
    advance(12_000);
    expect(currentSlide()).toHaveTextContent('Écran');
    fireEvent.click(screen.getByRole('button', { name: 'Lancer le défilement' }));
    advance(4000);
    expect(currentSlide()).toHaveTextContent('Batterie');
    expect(screen.getByRole('button', { name: 'Mettre en pause le défilement' })).toBeInTheDocument();
  });

  it('does not rotate by itself under prefers-reduced-motion, but the visitor may start it', async () => {
    stubCarouselBrowser({ reducedMotion: true });
    vi.useFakeTimers();
    render(<Carousel label="Avis" slides={slides} autoplay={4000} />);
    await loadCarousels();
    advance(20_000);
    expect(currentSlide()).toHaveTextContent('Écran');
    fireEvent.click(screen.getByRole('button', { name: 'Lancer le défilement' }));
    advance(4000);
    expect(currentSlide()).toHaveTextContent('Batterie');
  });

  it('stops rotating while keyboard focus is inside a slide', async () => {
    vi.useFakeTimers();
    render(<Carousel label="Avis" slides={names.map((name) => <a key={name} href="/contact">{name}</a>)} autoplay={4000} />);
    await loadCarousels();
    act(() => screen.getByRole('link', { name: 'Écran' }).focus());
    advance(12_000);
    expect(currentSlide()).toHaveTextContent('Écran');
    act(() => screen.getByRole('link', { name: 'Écran' }).blur());
    advance(4000);
    expect(currentSlide()).toHaveTextContent('Batterie');
  });

  it('loads Embla only when first needed, and makes the move that asked for it', async () => {
    render(<Carousel label="Nos services" slides={slides} slideNames={names} />);
    await settleCarousels();
    expect(currentSlide()).toHaveTextContent('Écran');
    fireEvent.click(screen.getByRole('button', { name: 'Diapositive suivante' }));
    // Not there yet: the first slide stays until Embla is attached, then the move is made.
    expect(currentSlide()).toHaveTextContent('Écran');
    await settleCarousels();
    expect(currentSlide()).toHaveTextContent('Batterie');
  });

  it('a rotating carousel loads Embla by itself before its first move', async () => {
    vi.useFakeTimers();
    render(<Carousel label="Avis" slides={slides} autoplay={5000} />);
    advance(2600);
    await settleCarousels();
    advance(2500);
    expect(currentSlide()).toHaveTextContent('Batterie');
  });

  it('has no rotation button when it does not rotate', () => {
    render(<Carousel label="Avis" slides={slides} />);
    expect(screen.queryByRole('button', { name: /défilement/ })).not.toBeInTheDocument();
  });

  it('shows only the thumbnails within the given range of the current slide', async () => {
    render(<Carousel label="Marques" slides={slides} slideNames={names} thumbnail={(index) => names[index]} thumbnailRange={2} />);
    await loadCarousels();
    const thumbs = () =>
      within(screen.getByRole('list', { name: 'Miniatures' }))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label'));
    expect(thumbs()).toEqual(['Écran', 'Batterie', 'Caméra']);
    fireEvent.click(screen.getByRole('button', { name: 'Diapositive précédente' }));
    expect(thumbs()).toEqual(['Caméra', 'Connecteur', 'Micro']);
    fireEvent.click(within(screen.getByRole('list', { name: 'Miniatures' })).getByRole('button', { name: 'Caméra' }));
    expect(currentSlide()).toHaveTextContent('Caméra');
    expect(thumbs()).toEqual(names);
  });
});
