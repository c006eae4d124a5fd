import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';
import { stubCarouselBrowser } from './carousel-test-stubs';

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

  it('wraps both ways with the arrows', () => {
    render(<Carousel label="Nos services" slides={slides} slideNames={names} />);
    fireEvent.click(screen.getByRole('button', { name: 'Diapositive précédente' }));
    expect(currentSlide()).toHaveTextContent('Micro');
    expect(currentSlide()).toHaveAttribute('aria-label', '5 sur 5');
    fireEvent.click(screen.getByRole('button', { name: 'Diapositive suivante' }));
    expect(currentSlide()).toHaveTextContent('Écran');
    fireEvent.click(screen.getByRole('button', { name: 'Diapositive suivante' }));
    expect(currentSlide()).toHaveTextContent('Batterie');
    expect(currentDot()).toBe('Batterie');
  });

  it('goes to the slide of a dot', () => {
    render(<Carousel label="Nos services" slides={slides} slideNames={names} />);
    fireEvent.click(screen.getByRole('button', { name: 'Connecteur' }));
    expect(currentSlide()).toHaveTextContent('Connecteur');
    expect(currentDot()).toBe('Connecteur');
  });

  it('advances on its timer, wraps around, and stops while the pointer is over it', () => {
    vi.useFakeTimers();
    render(<Carousel label="Nos services" slides={slides} slideNames={names} autoplay={5000} pauseOnHover />);
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

  it('has a pause button that stops the rotation and a play button that restarts it', () => {
    vi.useFakeTimers();
    render(<Carousel label="Avis" slides={slides} autoplay={4000} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mettre en pause le défilement' }));
    advance(12_000);
    expect(currentSlide()).toHaveTextContent('Écran');
    fireEvent.click(screen.getByRole('button', { name: 'Lancer le défilement' }));
    advance(4000);
    expect(currentSlide()).toHaveTextContent('Batterie');
    expect(screen.getByRole('button', { name: 'Mettre en pause le défilement' })).toBeInTheDocument();
  });

  it('does not rotate by itself under prefers-reduced-motion, but the visitor may start it', () => {
    stubCarouselBrowser({ reducedMotion: true });
    vi.useFakeTimers();
    render(<Carousel label="Avis" slides={slides} autoplay={4000} />);
    advance(20_000);
    expect(currentSlide()).toHaveTextContent('Écran');
    fireEvent.click(screen.getByRole('button', { name: 'Lancer le défilement' }));
    advance(4000);
    expect(currentSlide()).toHaveTextContent('Batterie');
  });

  it('stops rotating while keyboard focus is inside a slide', () => {
    vi.useFakeTimers();
    render(<Carousel label="Avis" slides={names.map((name) => <a key={name} href="/contact">{name}</a>)} autoplay={4000} />);
    act(() => screen.getByRole('link', { name: 'Écran' }).focus());
    advance(12_000);
    expect(currentSlide()).toHaveTextContent('Écran');
    act(() => screen.getByRole('link', { name: 'Écran' }).blur());
    advance(4000);
    expect(currentSlide()).toHaveTextContent('Batterie');
  });

  it('has no rotation button when it does not rotate', () => {
    render(<Carousel label="Avis" slides={slides} />);
    expect(screen.queryByRole('button', { name: /défilement/ })).not.toBeInTheDocument();
  });

  it('shows only the thumbnails within the given range of the current slide', () => {
    render(<Carousel label="Marques" slides={slides} slideNames={names} thumbnail={(index) => names[index]} thumbnailRange={2} />);
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
