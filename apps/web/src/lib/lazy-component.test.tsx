import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWhenOnline, lazyComponent } from './lazy-component';

afterEach(() => {
  vi.restoreAllMocks();
});

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: String(error) };
  }
  override render() {
    return this.state.error ? <p role="alert">Une erreur est survenue</p> : this.props.children;
  }
}

const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
const fetchFailed = () => new TypeError('Failed to fetch dynamically imported module');

describe('importWhenOnline', () => {
  it('online: a failed import fails', async () => {
    await expect(importWhenOnline(() => Promise.reject(fetchFailed()))).rejects.toThrow('Failed to fetch');
  });

  it('offline: waits for the connection, then imports again', async () => {
    const onLine = offline();
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(fetchFailed()).mockResolvedValueOnce('module');
    const settled = vi.fn();
    const result = importWhenOnline(load).then(settled);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await result;
    expect(settled).toHaveBeenCalledWith('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyComponent', () => {
  it('offline: the part keeps its fallback, the page no error; the part shows once the connection is back', async () => {
    const onLine = offline();
    let attempts = 0;
    const Part = lazyComponent(async () => {
      attempts += 1;
      if (attempts === 1) throw fetchFailed();
      return { default: () => <p>Avis clients</p> };
    });
    render(
      <Boundary>
        <h1>Accueil</h1>
        <Suspense fallback={<p>Chargement…</p>}>
          <Part />
        </Suspense>
      </Boundary>,
    );
    await vi.waitFor(() => expect(attempts).toBe(1));
    expect(screen.getByRole('heading', { name: 'Accueil' })).toBeTruthy();
    expect(screen.getByText('Chargement…')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    onLine.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Avis clients')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
