import { CalendarRange, RefreshCw, RotateCcw, Search } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { formatDate } from '@erepare/shared/format';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { useDashboardTickets, useRefreshDashboard, useStatuses } from '../hooks/use-dashboard-data';
import { useMediaQuery } from '../hooks/use-media-query';
import {
  categoryOptions,
  countLabel,
  dashboardMessages,
  dashboardPeriod,
  DASHBOARD_PERIOD_DAYS,
  emptyListMessage,
  filterTickets,
  hasActiveFilters,
  MOBILE_MAX_WIDTH,
  noFilters,
  statusOptions,
  toDashboardTicket,
  type DashboardFilters,
  type DashboardState,
} from '../lib/dashboard-tickets';
import { formatUpdateTime } from '../lib/format';
import { TicketCards, TicketTable } from './ticket-list';

const controlClasses =
  'block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-500 dark:bg-ink-900 dark:text-slate-100';

const LIST_CAPTION = `Tickets de réparation des ${DASHBOARD_PERIOD_DAYS} derniers jours`;

function errorMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 0 ? NETWORK_ERROR_MESSAGE : dashboardMessages.httpError;
}

function Controls({
  filters,
  onChange,
  onShowResults,
  statuses,
}: {
  filters: DashboardFilters;
  onChange: (filters: DashboardFilters) => void;
  /** The list follows the fields as they change; « Voir les résultats » (or Enter) takes the visitor to it. */
  onShowResults: () => void;
  statuses: { value: string; label: string }[];
}) {
  const id = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const active = hasActiveFilters(filters);
  return (
    <form
      role="search"
      aria-label="Filtrer les tickets"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        onShowResults();
      }}
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium">
          Rechercher
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
          <input
            ref={searchRef}
            id={`${id}-search`}
            type="search"
            value={filters.search}
            onChange={(event) => onChange({ ...filters, search: event.target.value })}
            aria-describedby={`${id}-search-hint`}
            autoComplete="off"
            enterKeyHint="search"
            className={`${controlClasses} pl-9`}
          />
        </div>
        <p id={`${id}-search-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          Client (ex. Client #12), appareil, modèle ou problème
        </p>
      </div>
      <div className="lg:self-start">
        <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-medium">
          Statut
        </label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.target.value })}
          className={controlClasses}
        >
          <option value="">Tous les statuts</option>
          {statuses.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="lg:self-start">
        <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-medium">
          Catégorie
        </label>
        <select
          id={`${id}-category`}
          value={filters.category}
          onChange={(event) => onChange({ ...filters, category: event.target.value })}
          className={controlClasses}
        >
          <option value="">Toutes les catégories</option>
          {categoryOptions.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-2 lg:self-start lg:pt-6">
        <Button type="submit" variant="secondary" className="flex-1 sm:flex-none">
          Voir les résultats
        </Button>
        {/* Kept in place when inactive (no shift of the fields as one types), except on phones. */}
        <div className={`flex-1 sm:flex-none ${active ? '' : 'hidden sm:block'}`}>
          <Button
            variant="ghost"
            disabled={!active}
            onClick={() => {
              onChange(noFilters);
              // The button is disabled (or gone, on phones) once the filters are cleared.
              searchRef.current?.focus();
            }}
            className="w-full sm:w-auto"
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Réinitialiser <span className="sr-only">les filtres</span>
          </Button>
        </div>
      </div>
    </form>
  );
}

const noSubscription = () => () => undefined;

/**
 * False on the server and while a server-rendered page hydrates, true afterwards (and at once when the
 * page is rendered in the browser). What depends on the browser's date and time zone waits for it:
 * the server may render it on another day or in another zone, and a different text would not match, so React
 * would throw the server-rendered content away and render it again (a hydration error, and the taps
 * React replays on it would be lost).
 */
function useAfterHydration(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/**
 * The public dashboard (spec 3 §2-§4, §7-§9): anonymised tickets of the last 14 days, searched
 * and filtered in the browser, as a table from 768 px and as cards below.
 */
export function Dashboard() {
  const tickets = useDashboardTickets();
  const statuses = useStatuses();
  const refresh = useRefreshDashboard();
  const wide = useMediaQuery(`(min-width: ${MOBILE_MAX_WIDTH}px)`, true);
  const [filters, setFilters] = useState<DashboardFilters>(noFilters);
  const [openedAt] = useState(() => Date.now());
  const id = useId();
  const resultsRef = useRef<HTMLDivElement>(null);

  const all = useMemo(() => (tickets.data ?? []).map(toDashboardTicket), [tickets.data]);
  const state: DashboardState = tickets.isError
    ? { kind: 'error', message: errorMessage(tickets.error) }
    : tickets.data
      ? { kind: 'loaded', tickets: all }
      : { kind: 'loading' };
  const shown = useMemo(() => (state.kind === 'loaded' ? filterTickets(all, filters) : []), [state.kind, all, filters]);
  // The list (up to hundreds of rows) renders as a deferred value: React renders it in the
  // background, in an interruptible render that leaves the page responsive to taps and typing (a
  // filter change, the arrival of the data). The table and the cards are memoised so another
  // render skips them.
  const listed = useDeferredValue(shown);
  const options = useMemo(() => statusOptions(statuses.data ?? [], all), [statuses.data, all]);
  const empty = emptyListMessage(state, shown.length, filters);
  // Today's period once hydrated (the server-rendered page, built on another day, names none).
  const afterHydration = useAfterHydration();
  const period = afterHydration ? dashboardPeriod(tickets.dataUpdatedAt || openedAt) : null;
  const refreshing = tickets.isFetching || statuses.isFetching;

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight">
            Réparations des {DASHBOARD_PERIOD_DAYS} derniers jours
          </h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            Dernière mise à jour&nbsp;:{' '}
            {tickets.dataUpdatedAt ? (
              <time dateTime={new Date(tickets.dataUpdatedAt).toISOString()} className="font-semibold">
                {formatUpdateTime(tickets.dataUpdatedAt)}
              </time>
            ) : (
              <span className="font-semibold">en cours…</span>
            )}
          </p>
        </div>
        <Button variant="secondary" onClick={refresh} aria-busy={refreshing} aria-describedby={`${id}-auto-refresh`}>
          <RefreshCw aria-hidden="true" className={`size-4 ${refreshing ? 'motion-safe:animate-spin' : ''}`} />
          Actualiser
        </Button>
      </div>

      <div className="flex gap-3 rounded-xl border border-brand-300 bg-brand-50 p-4 text-sm text-slate-800 dark:border-brand-800 dark:bg-ink-900 dark:text-slate-200">
        <CalendarRange aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-300" />
        <div>
          <p>
            <strong>Période d’affichage&nbsp;: {DASHBOARD_PERIOD_DAYS} derniers jours</strong>
            {period ? `, du ${formatDate(period.from)} au ${formatDate(period.to)}` : ''}.
          </p>
          <p id={`${id}-auto-refresh`} className="mt-1">
            Le tableau s’actualise automatiquement toutes les 5 minutes. Les clients sont anonymisés (Client #numéro).
          </p>
        </div>
      </div>

      <Controls filters={filters} onChange={setFilters} onShowResults={() => resultsRef.current?.focus()} statuses={options} />

      {state.kind === 'error' ? (
        <ErrorBox>
          <span className="flex flex-wrap items-center justify-between gap-3">
            <span>{state.message}</span>
            <Button variant="secondary" onClick={refresh} aria-busy={refreshing} className="min-h-10">
              <RefreshCw aria-hidden="true" className="size-4" />
              Réessayer
            </Button>
          </span>
        </ErrorBox>
      ) : null}

      {state.kind === 'loading' ? <Spinner label={dashboardMessages.loading} /> : null}

      <div ref={resultsRef} tabIndex={-1} role="status" aria-live="polite" className={`outline-none ${state.kind === 'loading' ? 'sr-only' : ''}`}>
        {state.kind === 'loading' ? null : empty === null ? (
          <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{countLabel(shown.length, all.length)}</p>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-400 px-4 py-10 text-center font-medium text-slate-700 dark:border-slate-600 dark:text-slate-300">
            {empty}
          </p>
        )}
      </div>

      {listed.length > 0 ? (
        wide ? (
          <TicketTable tickets={listed} caption={LIST_CAPTION} />
        ) : (
          <TicketCards tickets={listed} caption={LIST_CAPTION} />
        )
      ) : null}
    </section>
  );
}
