import { holdEarlyTaps } from './lib/app-ready';
import { captureEarlyInstallPrompt } from './lib/early-install-prompt';
import './styles.css';

/**
 * The entry is kept tiny: a prerendered page is painted first, then the app is loaded and
 * hydrates it. Evaluated at once, the app's modules (React, the router, the page) ran before the
 * browser's first paint and held the already-complete HTML off screen for as long (Lighthouse:
 * first paint 400 ms later on a phone). Pages that are not prerendered have nothing to paint: the
 * app loads at once.
 *
 * On a prerendered page the libraries are evaluated in steps, each in its own task, so the page
 * keeps answering taps while the app starts (one long task blocked it for ~300 ms on a mid-range
 * phone). Elsewhere nothing is on screen yet: the app is evaluated at once.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('react-router');
  await nextTask();
  await import('./boot');
}

captureEarlyInstallPrompt();

if (document.getElementById('root')?.hasChildNodes()) {
  holdEarlyTaps();
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
} else {
  void import('./boot');
}
