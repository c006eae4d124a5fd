import { useSyncExternalStore } from 'react';
import { takeEarlyInstallPrompt } from '../../lib/early-install-prompt';
import { readItem, writeItem } from '../../lib/storage';

/**
 * The browser's install prompt (beforeinstallprompt), kept from the moment it fires so the banner
 * (after 3 s) and the notifications tab's card can offer it; whether the app already runs
 * installed; the remembered dismissal of the banner.
 */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
};

export const BANNER_DISMISSED_KEY = 'installBannerDismissed';

export type InstallState = { prompt: InstallPromptEvent | null; installed: boolean };

let state: InstallState = { prompt: null, installed: false };
const listeners = new Set<() => void>();

function update(patch: Partial<InstallState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

let listening = false;

/** Starts listening (once): the prompt fires early, before any component asks for it. */
export function listenForInstallPrompt(target: Window | undefined = typeof window === 'undefined' ? undefined : window): void {
  // No window when the page is rendered at build time.
  if (listening || !target) return;
  listening = true;
  const early = takeEarlyInstallPrompt();
  if (early) update({ prompt: early as InstallPromptEvent });
  target.addEventListener('beforeinstallprompt', (event) => {
    // The site shows its own banner instead of the browser's mini-infobar.
    event.preventDefault();
    update({ prompt: event as InstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => update({ prompt: null, installed: true }));
}

/** Running as an installed app (display-mode standalone, or iOS's navigator.standalone). */
export function isStandalone(win: Window = window): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  const displayMode = typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches;
  return iosStandalone || displayMode;
}

export function bannerDismissed(): boolean {
  return readItem(BANNER_DISMISSED_KEY) === '1';
}

export function dismissBanner(): void {
  writeItem(BANNER_DISMISSED_KEY, '1');
}

/** Spec 1 §2: shown with a native prompt, unless dismissed, installed or running installed. */
export function shouldShowBanner(input: { hasPrompt: boolean; dismissed: boolean; installed: boolean; standalone: boolean }): boolean {
  return input.hasPrompt && !input.dismissed && !input.installed && !input.standalone;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable' | 'error';

/** Shows the native prompt (usable once: it is forgotten afterwards). */
export async function promptInstall(): Promise<InstallOutcome> {
  const { prompt } = state;
  if (!prompt) return 'unavailable';
  try {
    await prompt.prompt();
    const choice = await prompt.userChoice;
    update({ prompt: null, installed: choice.outcome === 'accepted' ? true : state.installed });
    return choice.outcome;
  } catch {
    update({ prompt: null });
    return 'error';
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Test hook. */
export function resetInstallState(): void {
  state = { prompt: null, installed: false };
  listening = false;
}
