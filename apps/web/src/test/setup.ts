import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own clean-up.
// The files of a worker share one document (vitest.config.ts: isolate: false): what a test left
// in storage, on the document element or on the clock goes after each test.
afterEach(() => {
  vi.useRealTimers();
  // Files of the node environment (server rendering) have no document.
  if (typeof document === 'undefined') return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.head.replaceChildren();
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
  document.body.replaceChildren();
});
