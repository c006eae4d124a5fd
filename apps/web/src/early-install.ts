// Evaluated before the app (main.tsx imports it first): the browser may offer installation
// before the app's code has run; the install feature takes the offer when it starts listening.
import { captureEarlyInstallPrompt } from './lib/early-install-prompt';

captureEarlyInstallPrompt();
