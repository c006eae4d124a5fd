import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode, type Ref } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';

type Navigate = (to: string, options: { replace: boolean; state?: unknown }) => void;

/** The router's navigation, read once for the whole app (AppNavigation) instead of once per link. */
const NavigationContext = createContext<Navigate | null>(null);

/** Gives every Link below it the router's navigation. Rendered once, inside the router. */
export function AppNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <NavigationContext.Provider value={navigate as Navigate}>{children}</NavigationContext.Provider>;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of the site ("/contact", "/boutique?categorie=…"). */
  to: string;
  /** Replace the current history entry (by default: only when the link leads where the visitor already is). */
  replace?: boolean;
  state?: unknown;
  /** Open the page as a new document (the browser's own navigation). */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** A plain click: no modifier key (new tab, new window, download), main button. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * A link to a page of the site, opened by the router (no new document). It is an `<a href>` with one
 * click handler: react-router's Link runs a dozen hooks per link (path resolution, URL building,
 * prefetch and discovery state), and a page's ~60 links (header, footer, content) made it a fifth
 * of a page's hydration on a phone. Outside the app's navigation (a test's bare router) it is
 * react-router's Link.
 */
export function Link({ to, replace, state, reloadDocument, onClick, target, ...props }: LinkProps) {
  const navigate = useContext(NavigationContext);
  if (!navigate) {
    return <RouterLink to={to} {...(replace === undefined ? {} : { replace })} state={state} reloadDocument={reloadDocument} onClick={onClick} target={target} {...props} />;
  }
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (reloadDocument || event.defaultPrevented || !isPlainClick(event) || (target && target !== '_self')) return;
    event.preventDefault();
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    navigate(to, { replace: replace ?? here === to, ...(state === undefined ? {} : { state }) });
  };
  return <a href={to} target={target} onClick={handleClick} {...props} />;
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on this very path, not on the pages below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** Whether `pathname` is the page `to` (or, unless `end`, a page below it), as react-router's NavLink decides. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = (to.split(/[?#]/)[0] ?? to).toLowerCase();
  if (here === target || (target.endsWith('/') && here === target.slice(0, -1))) return true;
  if (end) return false;
  const base = target.endsWith('/') ? target.slice(0, -1) : target;
  return here.startsWith(base) && here.charAt(base.length) === '/';
}

/** A Link that knows whether it leads to the current page (aria-current="page" and its class). */
export function NavLink({ end = false, className, to, ...props }: NavLinkProps) {
  const isActive = isActivePath(useLocation().pathname, to, end);
  return (
    <Link
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  );
}
