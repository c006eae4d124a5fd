import { describe, expect, it } from 'vitest';
import { parseTheme, themeAreaForPath, themeDefaults, themeStorageKeys } from './theme.js';

describe('theme areas', () => {
  it.each([
    ['/boutique', 'shop'],
    ['/boutique-beta', 'shop'],
    ['/produit/3', 'shop'],
    ['/panier', 'shop'],
    ['/checkout', 'shop'],
    ['/commande', 'shop'],
    ['/payment/success', 'shop'],
    ['/payment/cancel', 'shop'],
    ['/suivi', 'tracking'],
    ['/suivi-moderne', 'tracking'],
    ['/secure-account', 'tracking'],
    ['/devis-en-ligne', 'quote'],
    ['/', 'site'],
    ['/contact', 'site'],
    ['/services/coques', 'site'],
    ['/compte', 'site'],
    ['/reparation-bordeaux', 'site'],
  ] as const)('puts %s in the %s area', (path, area) => {
    expect(themeAreaForPath(path)).toBe(area);
  });

  it('defaults the shop to light and every other area to dark', () => {
    expect(themeDefaults).toEqual({ shop: 'light', tracking: 'dark', quote: 'dark', site: 'dark' });
  });

  it('keeps each area under its own storage key (suivi_theme, devis_theme from the spec)', () => {
    expect(themeStorageKeys.tracking).toBe('suivi_theme');
    expect(themeStorageKeys.quote).toBe('devis_theme');
    const keys = Object.values(themeStorageKeys);
    expect(new Set(keys).size).toBe(4);
  });

  it('parses only light and dark', () => {
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('Dark')).toBeNull();
    expect(parseTheme('')).toBeNull();
    expect(parseTheme(null)).toBeNull();
    expect(parseTheme(1)).toBeNull();
  });
});
