import { ArrowLeft, ChevronRight, Download, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { estimateStatusLabels, type EstimateStatus } from '@erepare/shared/estimates';
import { formatCents, formatDate } from '@erepare/shared/format';
import type { SessionUser } from '@erepare/shared/schemas/auth';
import type { AccountEstimate } from '@erepare/shared/schemas/estimates';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { usePdfExport } from '../../../lib/pdf-download';
import { accountEstimatePdfUrl, useAccountEstimateDecision, useAccountEstimates } from '../api/account-estimates';
import { EstimateDecision } from './estimate-decision';
import { EstimateDetails } from './estimate-details';

export const accountEstimateTexts = {
  heading: 'Mes devis',
  loading: 'Chargement de vos devis…',
  empty: 'Aucun devis pour le moment.',
  emptyHint: 'Les devis que l’atelier vous envoie apparaîtront ici\u00a0: vous pourrez les accepter ou les refuser en ligne.',
  loadError: 'Impossible de charger vos devis pour le moment.',
  back: 'Retour à mes devis',
  expired: 'Expiré',
} as const;

type Tone = 'orange' | 'green' | 'red' | 'grey';

const toneClasses: Record<Tone, string> = {
  orange: 'border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-700 dark:bg-orange-950 dark:text-orange-200',
  green: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
  red: 'border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-200',
  grey: 'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-600 dark:bg-ink-800 dark:text-slate-200',
};

const statusTones: Record<EstimateStatus, Tone> = { sent: 'orange', accepted: 'green', declined: 'red', superseded: 'grey', withdrawn: 'grey' };

/** The state a customer reads: awaiting an answer (orange: something to do), accepted, declined, withdrawn, or expired. */
export function accountEstimateState(estimate: Pick<AccountEstimate, 'status' | 'lapsed'>): { label: string; tone: Tone } {
  if (estimate.status === 'sent' && estimate.lapsed) return { label: accountEstimateTexts.expired, tone: 'grey' };
  return { label: estimateStatusLabels[estimate.status], tone: statusTones[estimate.status] };
}

function StateBadge({ estimate }: { estimate: Pick<AccountEstimate, 'status' | 'lapsed'> }) {
  const { label, tone } = accountEstimateState(estimate);
  return (
    <span className={`inline-flex max-w-full items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${toneClasses[tone]}`} data-tone={tone}>
      {label}
    </span>
  );
}

const day = (isoDay: string) => formatDate(`${isoDay}T12:00:00Z`);

/**
 * « Mes devis » in the account (issue 24 §1), above the repair tickets: the estimates the server
 * says are the user's (linked customer or verified e-mail), each opened in place with the same view
 * as the secret link, « Accepter » / « Refuser » and the PDF. An unverified account owns none: the
 * tickets' notice already tells it to verify its address, so nothing is shown.
 */
export function AccountEstimates({ user }: { user: SessionUser }) {
  const estimates = useAccountEstimates(user.email_verified);
  const [selected, setSelected] = useState<number | null>(null);
  const [returnTo, setReturnTo] = useState<number | null>(null);
  if (!user.email_verified) return null;
  const list = estimates.data?.data ?? [];
  const open = selected === null ? null : (list.find((estimate) => estimate.id === selected) ?? null);

  return (
    <section aria-labelledby="estimates-heading" className="space-y-5">
      <h2 id="estimates-heading" className="text-2xl font-bold tracking-tight">
        {accountEstimateTexts.heading}
      </h2>
      {estimates.isPending ? <Spinner label={accountEstimateTexts.loading} /> : null}
      {estimates.isError ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-medium">
            {estimates.error instanceof ApiError && estimates.error.message === NETWORK_ERROR_MESSAGE ? NETWORK_ERROR_MESSAGE : accountEstimateTexts.loadError}
          </p>
          <Button variant="secondary" onClick={() => void estimates.refetch()} disabled={estimates.isFetching} className="shrink-0">
            <RefreshCw aria-hidden="true" className={`size-4 ${estimates.isFetching ? 'motion-safe:animate-spin' : ''}`} />
            Réessayer
          </Button>
        </div>
      ) : null}
      {estimates.isSuccess && open ? (
        <EstimateDetail
          estimate={open}
          onBack={() => {
            setReturnTo(open.id);
            setSelected(null);
          }}
        />
      ) : null}
      {estimates.isSuccess && !open ? <EstimateList estimates={list} returnTo={returnTo} onOpen={setSelected} /> : null}
    </section>
  );
}

function EstimateList({ estimates, returnTo, onOpen }: { estimates: AccountEstimate[]; returnTo: number | null; onOpen: (id: number) => void }) {
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (returnTo !== null) listRef.current?.querySelector<HTMLElement>(`[data-estimate="${returnTo}"]`)?.focus();
  }, [returnTo]);

  if (estimates.length === 0) {
    return (
      <div className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-4 text-sm text-slate-800 dark:border-slate-700 dark:bg-ink-900/60 dark:text-slate-200">
        <p className="font-semibold">{accountEstimateTexts.empty}</p>
        <p className="mt-1">{accountEstimateTexts.emptyHint}</p>
      </div>
    );
  }
  return (
    <ul ref={listRef} aria-label={accountEstimateTexts.heading} className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {estimates.map((estimate) => (
        <li key={estimate.id} className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-ink-900">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-mono text-base font-bold">{estimate.estimateNumber}</span>
            <StateBadge estimate={estimate} />
          </div>
          <p className="font-semibold text-slate-900 dark:text-slate-100">{estimate.deviceLabel || 'Appareil non précisé'}</p>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-2 dark:text-slate-300">
            <div className="flex gap-1">
              <dt>Établi le</dt>
              <dd>
                <time dateTime={estimate.createdAt}>{formatDate(estimate.createdAt)}</time>
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>Valable jusqu’au</dt>
              <dd>
                <time dateTime={estimate.validUntil}>{day(estimate.validUntil)}</time>
              </dd>
            </div>
            <div className="flex gap-1 sm:col-span-2">
              <dt>{estimate.bonusCents > 0 ? 'À payer après bonus' : 'À payer'}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">{formatCents(estimate.toPayCents)}</dd>
            </div>
          </dl>
          <Button
            variant="secondary"
            data-estimate={estimate.id}
            aria-label={`Voir le devis ${estimate.estimateNumber}`}
            onClick={() => onOpen(estimate.id)}
            className="mt-auto self-start"
          >
            Voir le devis
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </li>
      ))}
    </ul>
  );
}

function EstimateDetail({ estimate, onBack }: { estimate: AccountEstimate; onBack: () => void }) {
  const decision = useAccountEstimateDecision(estimate.id);
  const pdf = usePdfExport();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // The account's page shows the estimate the way the link's page does (its status narrowed to what a customer decides on).
  const view = { ...estimate, status: estimate.status === 'accepted' || estimate.status === 'declined' ? estimate.status : ('sent' as const) };

  return (
    <article aria-labelledby="estimate-detail-heading" className="space-y-5">
      <Button variant="secondary" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {accountEstimateTexts.back}
      </Button>
      <div>
        <h3 id="estimate-detail-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
          Devis <span className="font-mono">{estimate.estimateNumber}</span>
        </h3>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <StateBadge estimate={estimate} />
          <span>
            {estimate.ticketNumber ? `Réparation ${estimate.ticketNumber} · ` : ''}établi le {formatDate(estimate.createdAt)}
          </span>
        </p>
      </div>
      <EstimateDetails estimate={view} />
      <EstimateDecision estimate={estimate} decision={decision}>
        <Button
          variant="secondary"
          disabled={pdf.busy !== null}
          onClick={() => void pdf.run('estimate', accountEstimatePdfUrl(estimate.id), `devis-${estimate.estimateNumber}.pdf`)}
        >
          <Download aria-hidden="true" className="size-4" />
          {pdf.busy ? 'Préparation du PDF…' : 'Télécharger le PDF'}
        </Button>
      </EstimateDecision>
      {pdf.error ? <ErrorBox>{pdf.error}</ErrorBox> : null}
    </article>
  );
}
