import ChevronDown from 'lucide-react/icons/chevron-down';
import Menu from 'lucide-react/icons/menu';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import X from 'lucide-react/icons/x';
import { useEffect, useRef, useState } from 'react';
import { useLocation, Link, NavLink } from 'react-router';
import { useFeatureSlots } from '../../../lib/feature-slots';
import { useCartCount } from '../../../lib/use-cart-count';
import { serviceItems, trackingItems } from '../nav';
import { NavDropdown, navLinkClasses } from './nav-dropdown';
import { ThemeToggle } from './theme-toggle';

const mainLinks = [
  { to: '/', label: 'Accueil' },
  { to: '/boutique', label: 'Boutique' },
  { to: '/devis-en-ligne', label: 'Devis en ligne' },
] as const;

const endLinks = [
  { to: '/compte', label: 'Mon compte' },
  { to: '/contact', label: 'Contact' },
] as const;

function CartLink() {
  const count = useCartCount();
  const label = count === 0 ? 'Panier, vide' : `Panier, ${count} article${count > 1 ? 's' : ''}`;
  return (
    <Link
      to="/panier"
      aria-label={label}
      className="relative inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-ink-800"
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="cart-badge"
          className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-3 text-base font-medium hover:bg-slate-100 dark:hover:bg-ink-800 ${
    isActive ? 'text-brand-700 dark:text-brand-300' : 'text-slate-900 dark:text-slate-100'
  }`;

function MobileMenu({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  return (
    <nav id={id} hidden={!open} aria-label="Menu principal (mobile)" className="border-t border-slate-200 lg:hidden dark:border-slate-800">
      <ul className="max-h-[calc(100dvh-4rem)] space-y-1 overflow-y-auto px-4 py-3">
        {mainLinks.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={mobileLink} onClick={onClose}>
              {link.label}
            </NavLink>
          </li>
        ))}
        {trackingItems.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end className={mobileLink} onClick={onClose}>
              {item.label}
            </NavLink>
          </li>
        ))}
        <li>
          <details className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between rounded-lg px-3 py-3 text-base font-medium hover:bg-slate-100 dark:hover:bg-ink-800 [&::-webkit-details-marker]:hidden">
              Services
              <ChevronDown aria-hidden="true" className="size-5 transition-transform group-open:rotate-180" />
            </summary>
            <ul className="ml-3 border-l border-slate-200 pl-2 dark:border-slate-700">
              {serviceItems.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={mobileLink} onClick={onClose}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </details>
        </li>
        {endLinks.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={mobileLink} onClick={onClose}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Header() {
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: navigating closes it without an effect.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = openedOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenedOn(open ? pathname : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The notification bell (features/notifications), shown only to a signed-in user.
  const { HeaderNotifications } = useFeatureSlots();

  useEffect(() => {
    if (!menuOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenedOn(null);
        menuButton.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-ink-950/95 print:static">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Link to="/" className="mr-auto flex items-center gap-2 rounded-md text-lg font-extrabold tracking-tight lg:mr-4">
          <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
          <span>
            E<span className="text-brand-700 dark:text-brand-300">.</span>repare
          </span>
        </Link>
        <nav aria-label="Menu principal" className="hidden flex-1 items-center gap-1 lg:flex">
          {mainLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navLinkClasses}>
              {link.label}
            </NavLink>
          ))}
          <NavDropdown label="Suivi" to="/suivi" items={trackingItems} />
          <NavDropdown label="Services" to="/services" items={serviceItems} />
          {endLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClasses}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <ThemeToggle />
        {HeaderNotifications ? <HeaderNotifications /> : null}
        <CartLink />
        <button
          ref={menuButton}
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100 lg:hidden dark:hover:bg-ink-800"
          aria-expanded={menuOpen}
          aria-controls="menu-mobile"
          aria-label={menuOpen ? 'Fermer le menu' : 'Ouvrir le menu'}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </div>
      <MobileMenu id="menu-mobile" open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
