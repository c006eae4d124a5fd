import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, ClipboardCheck, FileText, Inbox, Mail, MessageSquareQuote, ShoppingBag, Wrench, XCircle } from 'lucide-react';
import { Suspense, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCents, formatDateTime } from '@erepare/shared/format';
import { overviewResponseSchema, type AdminOverview } from '@erepare/shared/schemas/admin-core';
import { ORDERS_TO_HANDLE } from '@erepare/shared/schemas/admin-shop';
import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { lazyComponent } from '../../../lib/lazy-component';
import { sectionHref } from '../components/admin-nav';
import { adminKey } from '../components/use-admin-list';
import { GoLiveChecklist } from '../components/go-live-checklist';

// Chart.js is loaded only when the overview shows a chart.
const BarChart = lazyComponent(() => import('../components/bar-chart').then((m) => ({ default: m.BarChart })));

export const overviewKey = adminKey('overview');

type CardProps = { to: string; label: string; value: ReactNode; detail?: ReactNode; icon: ReactNode; alert?: boolean };

function StatCard({ to, label, value, detail, icon, alert = false }: CardProps) {
  return (
    <li>
      <Link
        to={to}
        className={`flex h-full flex-col gap-1 rounded-2xl border bg-white p-4 shadow-sm hover:border-brand-600 dark:bg-ink-900 dark:hover:border-brand-400 ${
          alert ? 'border-red-300 dark:border-red-800' : 'border-slate-200 dark:border-slate-700'
        }`}
      >
        <span className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          {icon}
          {label}
        </span>
        <span className="text-3xl font-bold text-slate-900 dark:text-white">{value}</span>
        {detail ? <span className="text-sm text-slate-700 dark:text-slate-300">{detail}</span> : null}
      </Link>
    </li>
  );
}

const dayFormatter = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const longDayFormatter = new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' });
const formatDay = (day: string, long = false) => (long ? longDayFormatter : dayFormatter).format(new Date(`${day}T00:00:00Z`));
const formatEurosAxis = (cents: number) => formatCents(cents).replace(/,00\s/, '\u00a0');

function ChartPanel({ title, summary, children, table }: { title: string; summary: string; children: ReactNode; table: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-ink-900">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{summary}</p>
      <Suspense fallback={<Spinner label="Chargement du graphique…" />}>{children}</Suspense>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-800 underline dark:text-brand-300">Voir les données sous forme de tableau</summary>
        <div className="relative mt-2 max-h-80 overflow-auto" tabIndex={0} role="region" aria-label={`${title}\u00a0: tableau`}>
          {table}
        </div>
      </details>
    </section>
  );
}

const cell = 'border-b border-slate-100 px-2 py-1 dark:border-slate-800';

function Charts({ data }: { data: AdminOverview }) {
  const byStatus = useMemo(() => data.tickets?.byStatus ?? [], [data.tickets]);
  const statusLabels = useMemo(() => byStatus.map((row) => row.status), [byStatus]);
  const statusValues = useMemo(() => byStatus.map((row) => row.count), [byStatus]);
  const statusColors = useMemo(() => byStatus.map((row) => row.color || '#64748b'), [byStatus]);
  const salesLabels = useMemo(() => data.sales.map((row) => formatDay(row.day)), [data.sales]);
  const salesValues = useMemo(() => data.sales.map((row) => row.totalCents), [data.sales]);
  const salesTotal = data.sales.reduce((sum, row) => sum + row.totalCents, 0);
  const salesOrders = data.sales.reduce((sum, row) => sum + row.orders, 0);

  return (
    <div className="grid gap-4 xl:grid-cols-2">
      {data.tickets ? (
        <ChartPanel
          title="Tickets par statut"
          summary={`${data.tickets.open} ticket${data.tickets.open > 1 ? 's' : ''} ouvert${data.tickets.open > 1 ? 's' : ''}, ${byStatus.length} statut${byStatus.length > 1 ? 's' : ''} utilisé${byStatus.length > 1 ? 's' : ''}.`}
          table={
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Tickets par statut</caption>
              <thead>
                <tr>
                  <th scope="col" className={cell}>Statut</th>
                  <th scope="col" className={cell}>Type</th>
                  <th scope="col" className={`${cell} text-right`}>Tickets</th>
                </tr>
              </thead>
              <tbody>
                {byStatus.map((row) => (
                  <tr key={row.status}>
                    <th scope="row" className={`${cell} font-normal`}>
                      <Link className="underline" to={sectionHref('tickets', { status: row.status })}>
                        {row.status}
                      </Link>
                    </th>
                    <td className={cell}>{row.type === 'Open' ? 'Ouvert' : 'Fermé'}</td>
                    <td className={`${cell} text-right`}>{row.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        >
          {byStatus.length ? (
            <BarChart labels={statusLabels} values={statusValues} colors={statusColors} horizontal suggestedMax={5} height={Math.max(180, byStatus.length * 32)} />
          ) : (
            <p className="text-sm">Aucun ticket pour l’instant.</p>
          )}
        </ChartPanel>
      ) : null}
      <ChartPanel
        title="Ventes des 30 derniers jours"
        summary={`${formatCents(salesTotal)} encaissés sur ${salesOrders} commande${salesOrders > 1 ? 's' : ''} payée${salesOrders > 1 ? 's' : ''}.`}
        table={
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Ventes par jour</caption>
            <thead>
              <tr>
                <th scope="col" className={cell}>Jour</th>
                <th scope="col" className={`${cell} text-right`}>Commandes</th>
                <th scope="col" className={`${cell} text-right`}>Montant</th>
              </tr>
            </thead>
            <tbody>
              {data.sales.map((row) => (
                <tr key={row.day}>
                  <th scope="row" className={`${cell} font-normal`}>{formatDay(row.day, true)}</th>
                  <td className={`${cell} text-right`}>{row.orders}</td>
                  <td className={`${cell} text-right`}>{formatCents(row.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <BarChart labels={salesLabels} values={salesValues} colors="#0f766e" formatValue={formatEurosAxis} suggestedMax={10_000} />
      </ChartPanel>
    </div>
  );
}

/**
 * « Devis à traiter » (issue 24 §1): the customers' answers staff still have to act on — start the
 * repair or call for the drop-off after an acceptance, give the device back after a decline.
 */
function EstimateDecisions({ data }: { data: AdminOverview['estimates'] }) {
  const total = data.accepted + data.declined;
  return (
    <section aria-labelledby="overview-estimates" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-ink-900">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id="overview-estimates" className="flex items-center gap-2 text-lg font-semibold">
          <ClipboardCheck aria-hidden="true" className="size-5 shrink-0" />
          Devis à traiter
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {total === 0
            ? 'Aucune réponse de client en attente (14 derniers jours).'
            : `${data.accepted} accepté${data.accepted > 1 ? 's' : ''} · ${data.declined} refusé${data.declined > 1 ? 's' : ''} (14 derniers jours)`}
        </p>
      </div>
      {data.recent.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {data.recent.map((entry) => (
            <li key={entry.id}>
              <Link
                to={sectionHref('devis', { id: entry.id })}
                className="flex flex-col gap-1 py-2 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between dark:hover:bg-ink-800"
              >
                <span className="flex min-w-0 flex-wrap items-center gap-x-2">
                  {entry.status === 'accepted' ? (
                    <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-emerald-700 dark:text-emerald-300" />
                  ) : (
                    <XCircle aria-hidden="true" className="size-4 shrink-0 text-red-700 dark:text-red-300" />
                  )}
                  <span className="font-mono font-semibold whitespace-nowrap underline">{entry.estimateNumber}</span>
                  <span className="font-semibold">{entry.status === 'accepted' ? 'Accepté' : 'Refusé'}</span>
                  <span className="min-w-0 break-words text-slate-700 dark:text-slate-300">
                    {entry.customerName}
                    {entry.ticketNumber ? ` · ${entry.ticketNumber}` : ''}
                  </span>
                </span>
                <span className="text-sm text-slate-700 tabular-nums dark:text-slate-300">
                  {formatCents(entry.toPayCents)} · le {formatDateTime(entry.decidedAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {total > 0 ? (
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {data.accepted > 0 ? (
            <Link className="font-semibold text-brand-800 underline dark:text-brand-300" to={sectionHref('devis', { status: 'accepted' })}>
              Voir les devis acceptés
            </Link>
          ) : null}
          {data.declined > 0 ? (
            <Link className="font-semibold text-brand-800 underline dark:text-brand-300" to={sectionHref('devis', { status: 'declined' })}>
              Voir les devis refusés
            </Link>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

export function OverviewSection() {
  const overview = useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => apiRequest('/api/admin/overview', { schema: overviewResponseSchema, signal }),
    refetchInterval: 60_000,
  });

  if (overview.isPending) return <Spinner label="Chargement de la vue d’ensemble…" />;
  if (overview.error) {
    return (
      <ErrorBox>
        {overview.error.message}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void overview.refetch()}>
          Réessayer
        </button>
      </ErrorBox>
    );
  }
  const data = overview.data.data;
  const icon = 'size-5 shrink-0';

  return (
    <div className="space-y-6">
      <GoLiveChecklist />
      {data.repairNote ? (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          {data.repairNote}
        </p>
      ) : null}
      <section aria-labelledby="overview-figures">
        <h2 id="overview-figures" className="sr-only">
          Chiffres du jour
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.tickets ? (
            <StatCard
              to={sectionHref('tickets', { statusType: 'Open' })}
              label="Tickets ouverts"
              value={data.tickets.open}
              detail="Réparations en cours"
              icon={<Wrench aria-hidden="true" className={icon} />}
            />
          ) : null}
          <StatCard
            to={sectionHref('commandes', { status: ORDERS_TO_HANDLE })}
            label="Commandes à traiter"
            value={data.orders.toHandle}
            detail={`${data.orders.processing} en préparation · ${data.orders.onHold} en attente`}
            icon={<ShoppingBag aria-hidden="true" className={icon} />}
          />
          {data.invoices ? (
            <StatCard
              to={sectionHref('factures', { status: 'Unpaid' })}
              label="Factures impayées"
              value={data.invoices.unpaid}
              detail={`${formatCents(data.invoices.unpaidCents)} restant dus`}
              icon={<FileText aria-hidden="true" className={icon} />}
            />
          ) : null}
          <StatCard
            to={sectionHref('messages', { tab: 'messages', status: 'new' })}
            label="Nouveaux messages"
            value={data.inbox.messagesNew}
            detail={`${data.inbox.messagesInProgress} en cours`}
            icon={<Inbox aria-hidden="true" className={icon} />}
          />
          <StatCard
            to={sectionHref('messages', { tab: 'devis', status: 'new' })}
            label="Nouvelles demandes de devis"
            value={data.inbox.quotesNew}
            detail={`${data.inbox.quotesInProgress} en cours`}
            icon={<MessageSquareQuote aria-hidden="true" className={icon} />}
          />
          <StatCard
            to={sectionHref('e-mails', { status: 'failed' })}
            label="E-mails en échec"
            value={data.mail.failed}
            detail={data.mail.failed > 0 ? 'À renvoyer depuis les e-mails' : 'Aucun envoi en échec'}
            alert={data.mail.failed > 0}
            icon={data.mail.failed > 0 ? <AlertTriangle aria-hidden="true" className={icon} /> : <Mail aria-hidden="true" className={icon} />}
          />
        </ul>
      </section>
      <EstimateDecisions data={data.estimates} />
      <Charts data={data} />
    </div>
  );
}
