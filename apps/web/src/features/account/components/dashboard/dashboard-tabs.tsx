import { Bell, CalendarClock, FileText, ShoppingBag, UserRound, Wrench, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { dashboardTabs, tabAfterKey, type DashboardTab } from './model/tabs';

const icons: Record<DashboardTab, LucideIcon> = {
  repairs: Wrench,
  bookings: CalendarClock,
  orders: ShoppingBag,
  invoices: FileText,
  profile: UserRound,
  notifications: Bell,
};

export const tabId = (tab: DashboardTab) => `compte-onglet-${tab}`;
export const panelId = (tab: DashboardTab) => `compte-panneau-${tab}`;

/**
 * The WAI-ARIA tabs pattern: one tab stop (roving tabindex), arrows move and select (wrapping),
 * Home and End go to the ends. On a phone the row scrolls sideways.
 */
export function DashboardTabs({ value, onChange }: { value: DashboardTab; onChange: (tab: DashboardTab) => void }) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);

  // On a narrow screen the row scrolls: keep the selected tab in view (without scrolling the page).
  useEffect(() => {
    const scroller = scrollerRef.current;
    const button = listRef.current?.querySelector<HTMLElement>(`#${tabId(value)}`);
    if (!scroller || !button) return;
    const left = button.offsetLeft;
    const right = left + button.offsetWidth;
    if (left < scroller.scrollLeft) scroller.scrollLeft = Math.max(0, left - 16);
    else if (right > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = right - scroller.clientWidth + 16;
  }, [value]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // From the focused tab, not from `value`: the address (and so `value`) is updated in a
    // transition, and a second key press may come before it.
    const focused = dashboardTabs.find((tab) => tabId(tab.id) === (event.target as HTMLElement).id)?.id ?? value;
    const next = tabAfterKey(focused, event.key);
    if (!next) return;
    event.preventDefault();
    onChange(next);
    listRef.current?.querySelector<HTMLButtonElement>(`#${tabId(next)}`)?.focus({ preventScroll: true });
  };

  return (
    <div ref={scrollerRef} className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <div
        ref={listRef}
        role="tablist"
        aria-label="Rubriques de mon compte"
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="flex min-w-max gap-1 border-b border-slate-300 dark:border-slate-700"
      >
        {dashboardTabs.map((tab) => {
          const Icon = icons[tab.id];
          const selected = tab.id === value;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.id)}
              className={`-mb-px inline-flex min-h-11 items-center gap-2 border-b-2 px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4 ${
                selected
                  ? 'border-brand-700 text-brand-800 dark:border-brand-300 dark:text-brand-300'
                  : 'border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900 dark:text-slate-300 dark:hover:border-slate-500 dark:hover:text-slate-100'
              }`}
            >
              <Icon aria-hidden="true" className="size-4" />
              {tab.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
