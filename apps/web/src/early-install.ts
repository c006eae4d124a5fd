// Evaluated before the app (imported first): the browser may offer installation before the
// app's code has run; the install feature takes the offer when it starts listening. Nothing to
// catch when the page is rendered on the server.
import { captureEarlyInstallPrompt } from './lib/early-install-prompt';

if (typeof window !== 'undefined') captureEarlyInstallPrompt();
