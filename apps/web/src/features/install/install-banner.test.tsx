import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallAppCard } from './install-card';
import { InstallBanner } from './install-banner';
import { BANNER_DISMISSED_KEY, isStandalone, listenForInstallPrompt, resetInstallState, shouldShowBanner } from './install-prompt';

const toasts = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('../../lib/toast', () => ({ toastError: toasts.error, toastSuccess: vi.fn() }));

function firePrompt(outcome: 'accepted' | 'dismissed' | 'throw' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => (outcome === 'throw' ? Promise.reject(new Error('boom')) : Promise.resolve())),
    userChoice: Promise.resolve({ outcome: outcome === 'throw' ? 'dismissed' : outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

function stubDisplayMode(standalone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: standalone && query.includes('standalone'), media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
}

beforeEach(() => {
  localStorage.clear();
  resetInstallState();
  listenForInstallPrompt();
  stubDisplayMode(false);
  toasts.error.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('install banner', () => {
  it('decides from the prompt, the dismissal, the installation and standalone mode', () => {
    const base = { hasPrompt: true, dismissed: false, installed: false, standalone: false };
    expect(shouldShowBanner(base)).toBe(true);
    expect(shouldShowBanner({ ...base, hasPrompt: false })).toBe(false);
    expect(shouldShowBanner({ ...base, dismissed: true })).toBe(false);
    expect(shouldShowBanner({ ...base, installed: true })).toBe(false);
    expect(shouldShowBanner({ ...base, standalone: true })).toBe(false);
  });

  it('appears 3 s after load when the browser offers installation, and installs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<InstallBanner />);
    const event = firePrompt('accepted');
    expect(event.defaultPrevented).toBe(true);
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.queryByRole('region', { name: /Installer l’application/ })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('region', { name: 'Installer l’application E.repare' })).toBeInTheDocument();
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Installer' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: /Installer l’application/ })).toBeNull();
  });

  it('remembers a dismissal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { unmount } = render(<InstallBanner />);
    firePrompt();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Fermer la proposition d’installation' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(localStorage.getItem(BANNER_DISMISSED_KEY)).toBe('1');
    unmount();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<InstallBanner />);
    firePrompt();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('stays hidden when running as the installed app, or once installed', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubDisplayMode(true);
    expect(isStandalone()).toBe(true);
    const { unmount } = render(<InstallBanner />);
    firePrompt();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole('region')).toBeNull();
    unmount();

    stubDisplayMode(false);
    render(<InstallBanner />);
    firePrompt();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('says the spec’s install error when the prompt fails', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<InstallBanner />);
    firePrompt('throw');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Installer' }));
    expect(toasts.error).toHaveBeenCalledWith("Une erreur est survenue lors de l'installation. Veuillez réessayer.");
  });
});

describe('install card', () => {
  it('without a native prompt: manual steps for Safari, Firefox and Chrome/Edge, and the three benefits', () => {
    render(<InstallAppCard />);
    expect(screen.getByRole('heading', { name: 'Installer l’application' })).toBeInTheDocument();
    for (const benefit of ['Notifications automatiques', 'Accès rapide', 'Mode hors ligne']) expect(screen.getByText(benefit)).toBeInTheDocument();
    for (const browser of ['Safari (iPhone, iPad)', 'Firefox', 'Chrome et Edge']) expect(screen.getByText(browser)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Installer l’application' })).toBeNull();
  });

  it('with a native prompt: one button', async () => {
    render(<InstallAppCard />);
    const event = firePrompt('accepted');
    await userEvent.click(screen.getByRole('button', { name: 'Installer l’application' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(await screen.findByText('L’application est installée sur cet appareil.')).toBeInTheDocument();
  });
});
