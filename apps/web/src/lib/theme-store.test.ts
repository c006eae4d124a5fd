import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, readTheme, subscribeTheme, writeTheme } from './theme-store';

afterEach(() => {
  localStorage.clear();
});

describe('theme store', () => {
  it('falls back to each area default (shop light, others dark) and ignores garbage', () => {
    expect(readTheme('shop')).toBe('light');
    expect(readTheme('site')).toBe('dark');
    expect(readTheme('tracking')).toBe('dark');
    localStorage.setItem('suivi_theme', 'violet');
    expect(readTheme('tracking')).toBe('dark');
  });

  it('stores each area under its own key and notifies only that area', () => {
    const tracking = vi.fn();
    const quote = vi.fn();
    const offTracking = subscribeTheme('tracking', tracking);
    const offQuote = subscribeTheme('quote', quote);
    writeTheme('tracking', 'light');
    expect(localStorage.getItem('suivi_theme')).toBe('light');
    expect(readTheme('tracking')).toBe('light');
    expect(readTheme('quote')).toBe('dark');
    expect(tracking).toHaveBeenCalledTimes(1);
    expect(quote).not.toHaveBeenCalled();
    offTracking();
    offQuote();
    writeTheme('tracking', 'dark');
    expect(tracking).toHaveBeenCalledTimes(1);
  });

  it('hears changes made in another tab (storage event)', () => {
    const listener = vi.fn();
    const off = subscribeTheme('quote', listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'devis_theme', newValue: 'light' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'autre_cle', newValue: 'x' }));
    expect(listener).toHaveBeenCalledTimes(1);
    off();
  });

  it('applies the theme to the document', () => {
    applyTheme('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
