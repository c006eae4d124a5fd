import { holdEarlyTaps } from './lib/app-ready';
import { captureEarlyInstallPrompt } from './lib/early-install-prompt';
import './styles.css';

/**
 * The entry is kept tiny: a prerendered page is painted first, then the app is loaded and
 * hydrates it. Evaluated at once, the app's modules (React, the router, the page) ran before the
 * browser's first paint and held the already-complete HTML off screen for as long (Lighthouse:
 * first paint 400 ms later on a phone). Pages that are not prerendered have nothing to paint: the
 * app loads at once.
 */
const start = () => void import('./boot');

captureEarlyInstallPrompt();

if (document.getElementById('root')?.hasChildNodes()) {
  holdEarlyTaps();
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
