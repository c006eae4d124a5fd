import ChevronDown from 'lucide-react/icons/chevron-down';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, Link, NavLink } from 'react-router';

export type NavItem = { to: string; label: string };

type NavDropdownProps = {
  label: string;
  /** When set, the label itself is a link and a separate button opens the list. */
  to?: string;
  items: readonly NavItem[];
};

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-ink-800 ${
    isActive ? 'text-brand-700 dark:text-brand-300' : 'text-slate-800 dark:text-slate-100'
  }`;

/**
 * A disclosure (button + list of links, not an ARIA menu): opens on click, on hover with a mouse,
 * closes on Escape, on leaving, and on navigation.
 */
export function NavDropdown({ label, to, items }: NavDropdownProps) {
  const { pathname } = useLocation();
  // Open for the page it was opened on (navigating closes it without an effect), and by what: a
  // list opened by hovering closes when the mouse leaves; one opened by a click stays open.
  const [opened, setOpened] = useState<{ on: string; by: 'hover' | 'click' } | null>(null);
  const open = opened?.on === pathname;
  const close = () => setOpened(null);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpened(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const active = items.some((item) => pathname === item.to) || (to !== undefined && pathname === to);

  return (
    <div
      ref={rootRef}
      className="relative flex items-center"
      onPointerEnter={(event) => {
        // Touch and pen open the list with a tap on the button, not by "hovering".
        if (event.pointerType === 'mouse' && !open) setOpened({ on: pathname, by: 'hover' });
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse' && opened?.by === 'hover') close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          close();
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      {to ? (
        <NavLink to={to} end className={linkClasses}>
          {label}
        </NavLink>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpened(open && opened?.by === 'click' ? null : { on: pathname, by: 'click' })}
        className={`inline-flex min-h-10 items-center gap-1 rounded-md text-sm font-medium hover:bg-slate-100 dark:hover:bg-ink-800 ${
          to ? 'px-1' : 'px-3'
        } ${active ? 'text-brand-700 dark:text-brand-300' : 'text-slate-800 dark:text-slate-100'}`}
        {...(to ? { 'aria-label': `Ouvrir le menu ${label}` } : {})}
      >
        {to ? null : label}
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {/* Padding, not margin, between the button and the list: the pointer never leaves the
          dropdown on its way down, so a list opened by hovering stays open. */}
      <div hidden={!open} className="absolute top-full left-0 z-50 pt-1">
      <ul
        id={listId}
        className="min-w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-ink-900"
      >
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-ink-800"
              aria-current={pathname === item.to ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
      </div>
    </div>
  );
}

export { linkClasses as navLinkClasses };
