/**
 * Each area of the site keeps its own light/dark choice (spec 1 §2, spec 3 §2): the shop defaults
 * to light, everything else to dark; tracking and quote pages keep `suivi_theme` and `devis_theme`.
 */
export type Theme = 'light' | 'dark';
export type ThemeArea = 'shop' | 'tracking' | 'quote' | 'site';

export const themeStorageKeys: Readonly<Record<ThemeArea, string>> = {
  shop: 'boutique_theme',
  tracking: 'suivi_theme',
  quote: 'devis_theme',
  site: 'site_theme',
};

export const themeDefaults: Readonly<Record<ThemeArea, Theme>> = {
  shop: 'light',
  tracking: 'dark',
  quote: 'dark',
  site: 'dark',
};

// Spec: /boutique (and its beta notice), /produit/*, /panier, /checkout; everything else is dark.
// The order confirmation (/commande) and the payment return pages end the checkout: they stay in
// its theme rather than flashing dark right after a light checkout.
const shopPrefixes = ['/boutique', '/produit/', '/panier', '/checkout', '/commande', '/payment/'];

export function themeAreaForPath(pathname: string): ThemeArea {
  if (shopPrefixes.some((prefix) => pathname.startsWith(prefix))) return 'shop';
  if (pathname.startsWith('/suivi') || pathname.startsWith('/secure-account')) return 'tracking';
  if (pathname.startsWith('/devis')) return 'quote';
  return 'site';
}

export function parseTheme(value: unknown): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}
