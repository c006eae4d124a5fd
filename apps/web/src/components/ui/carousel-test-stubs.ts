import { act, fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * jsdom has no layout observers; Embla needs them to start. `reducedMotion` answers the
 * `prefers-reduced-motion` media query (other queries never match).
 */
export function stubCarouselBrowser({ reducedMotion = false } = {}) {
  class Observer {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('ResizeObserver', Observer);
  vi.stubGlobal('IntersectionObserver', Observer);
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: reducedMotion && query.includes('prefers-reduced-motion'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/**
 * Loads Embla in every carousel on screen, as a visitor's pointer passing over it would (the
 * carousel loads it on first need), and waits until it is attached.
 */
export async function loadCarousels(): Promise<void> {
  for (const region of screen.queryAllByRole('region').filter((element) => element.getAttribute('aria-roledescription') === 'carousel')) {
    fireEvent.mouseEnter(region);
    fireEvent.mouseLeave(region);
  }
  await settleCarousels();
}

/** Waits for the dynamic imports of Embla and the carousels' updates that follow. */
export async function settleCarousels(): Promise<void> {
  await act(async () => {
    await vi.dynamicImportSettled();
  });
  await act(async () => {
    await Promise.resolve();
  });
}
