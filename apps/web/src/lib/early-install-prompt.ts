/**
 * The browser may offer installation (beforeinstallprompt) before the app's code has loaded — on
 * a server-rendered page the app loads after the first paint. The entry keeps that event here;
 * the install feature takes it when it starts listening.
 */
let early: Event | null = null;

export function captureEarlyInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // The site shows its own banner instead of the browser's mini-infobar.
    event.preventDefault();
    early = event;
  });
}

/** The offer the browser made before the app listened, once. */
export function takeEarlyInstallPrompt(): Event | null {
  const event = early;
  early = null;
  return event;
}
