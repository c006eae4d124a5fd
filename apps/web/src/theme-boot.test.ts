import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { themeAreaForPath, themeDefaults, themeStorageKeys, type Theme } from '@erepare/shared/theme';

const source = fs.readFileSync(path.join(import.meta.dirname, './theme-boot.js'), 'utf8');

/** Runs theme-boot.js on `pathname` with `stored` in local storage; the theme it applies. */
function boot(pathname: string, stored: Record<string, string>): { dark: boolean; colorScheme: string } {
  const classes = new Set<string>(['dark']);
  const root = {
    classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    style: { colorScheme: '' },
  };
  vm.runInNewContext(source, {
    location: { pathname },
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    document: { documentElement: root },
  });
  return { dark: classes.has('dark'), colorScheme: root.style.colorScheme };
}

const paths = ['/', '/contact', '/boutique', '/boutique-beta', '/produit/12', '/panier', '/checkout', '/commande', '/payment/success', '/suivi', '/suivi-moderne', '/secure-account', '/devis-en-ligne', '/compte', '/services/coques', '/admin-dashboard'];

describe('theme-boot.js (the theme before the first paint)', () => {
  it.each(paths)('agrees with themeAreaForPath on %s, with and without a stored choice', (pathname) => {
    const area = themeAreaForPath(pathname);
    expect(boot(pathname, {})).toEqual({ dark: themeDefaults[area] === 'dark', colorScheme: themeDefaults[area] });
    for (const theme of ['light', 'dark'] as Theme[]) {
      expect(boot(pathname, { [themeStorageKeys[area]]: theme })).toEqual({ dark: theme === 'dark', colorScheme: theme });
    }
    // Another area's choice does not leak.
    const other = area === 'site' ? themeStorageKeys.shop : themeStorageKeys.site;
    expect(boot(pathname, { [other]: themeDefaults[area] === 'dark' ? 'light' : 'dark' }).colorScheme).toBe(themeDefaults[area]);
  });

  it('ignores a malformed stored value and survives storage errors', () => {
    expect(boot('/', { site_theme: 'purple' }).colorScheme).toBe(themeDefaults.site);
    expect(() =>
      void vm.runInNewContext(source, { location: { pathname: '/' }, localStorage: { getItem: () => { throw new Error('denied'); } }, document: {} }),
    ).not.toThrow();
  });
});
