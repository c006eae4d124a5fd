/* global location, localStorage, document */
// Applies the stored light/dark choice of the page's area before the first paint (server-rendered
// pages paint before the app's code runs). Mirrors themeAreaForPath and themeStorageKeys of
// packages/shared/src/theme.ts; theme-boot.test.ts checks that both agree.
(function () {
  try {
    var path = location.pathname;
    var shop = ['/boutique', '/produit/', '/panier', '/checkout', '/commande', '/payment/'];
    var key = 'site_theme';
    var fallback = 'dark';
    for (var i = 0; i < shop.length; i += 1) {
      if (path.indexOf(shop[i]) === 0) {
        key = 'boutique_theme';
        fallback = 'light';
      }
    }
    if (key === 'site_theme' && (path.indexOf('/suivi') === 0 || path.indexOf('/secure-account') === 0)) key = 'suivi_theme';
    if (key === 'site_theme' && path.indexOf('/devis') === 0) key = 'devis_theme';
    var stored = localStorage.getItem(key);
    var theme = stored === 'light' || stored === 'dark' ? stored : fallback;
    var root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
  } catch {
    // No storage: the default theme of the HTML stays.
  }
})();
