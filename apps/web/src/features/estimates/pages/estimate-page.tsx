import { Download, FileText, TriangleAlert } from 'lucide-react';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { estimateMessages, estimateStatusLabels } from '@erepare/shared/estimates';
import { formatDateTime } from '@erepare/shared/format';
import type { PublicEstimate } from '@erepare/shared/schemas/estimates';
import type { EstimateLinkPage } from '@erepare/shared/web-context';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { estimatePdfUrl, useEstimateDecision, useEstimateLink } from '../api/estimate-link';
import { EstimateDecision } from '../components/estimate-decision';
import { EstimateDetails } from '../components/estimate-details';
import { lazyComponent } from '../../../lib/lazy-component';

/**
 * The next steps under an accepted estimate (booking, deposit payment with its payment code): an
 * estimate opened from its e-mail is not accepted yet, so its first load goes without them. An
 * accepted one is rendered whole by the server; the browser keeps that HTML until this code comes.
 */
const EstimateJourneyPanels = lazyComponent(() => import('../components/journey-panels').then((m) => ({ default: m.EstimateJourneyPanels })));

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-balance">{title}</h1>
      <div className="mt-6">{children}</div>
    </section>
  );
}

function LinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <Shell title={title}>
      <div role="status" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>{message}</p>
      </div>
    </Shell>
  );
}

const stateTitles = { expired: 'Lien expiré', superseded: 'Devis remplacé', withdrawn: 'Devis retiré' } as const;

/**
 * /devis/consulter?token=… (issue 24 §1): the estimate a secret link opens, without an account;
 * accept or decline once. `initial`: the server's answer the page was rendered with (null: ask).
 */
export function EstimatePage({ initial = null }: { initial?: EstimateLinkPage | null }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useEstimateLink(token, initial);
  if (!token) return <LinkProblem title="Lien incomplet" message={estimateMessages.unknown} />;
  if (initial && !initial.ok) return <LinkProblem title="Lien non valide" message={initial.message} />;
  if (link.isPending) return <Spinner label="Chargement du devis…" />;
  if (link.isError) {
    const message = link.error instanceof ApiError ? link.error.message : estimateMessages.unknown;
    return <LinkProblem title="Lien non valide" message={message} />;
  }
  const view = link.data.data;
  if (view.state !== 'valid' || !view.estimate) return <LinkProblem title={stateTitles[view.state === 'valid' ? 'withdrawn' : view.state]} message={view.message ?? estimateMessages.unknown} />;
  return <EstimateView estimate={view.estimate} token={token} depositPaid={view.depositPaid ?? false} />;
}

function EstimateView({ estimate, token, depositPaid }: { estimate: PublicEstimate; token: string; depositPaid: boolean }) {
  const decision = useEstimateDecision(token);

  return (
    <Shell title={`Devis ${estimate.estimateNumber}`}>
      <p className="text-lg text-slate-700 dark:text-slate-300">
        {estimate.shop.name} · {estimate.ticketNumber ? `réparation ${estimate.ticketNumber} · ` : ''}établi le {formatDateTime(estimate.createdAt).slice(0, 10)}
      </p>
      <p className="mt-2">
        <span className="inline-flex items-center gap-1 rounded-full border border-slate-300 px-3 py-1 text-sm font-medium dark:border-slate-600">
          <FileText aria-hidden="true" className="size-4" />
          {estimate.lapsed ? 'Expiré' : estimateStatusLabels[estimate.status]}
        </span>
      </p>

      <div className="mt-6">
        <EstimateDetails estimate={estimate} />
      </div>

      <EstimateDecision estimate={estimate} decision={decision}>
        <a className={buttonClasses('secondary')} href={estimatePdfUrl(token)} download>
          <Download aria-hidden="true" className="size-4" />
          Télécharger le PDF
        </a>
      </EstimateDecision>

      {/* The booking and the deposit payment (issue 24 §3, §4) are added here by their features. */}
      {estimate.status === 'accepted' && (
        <Suspense fallback={null}>
          <EstimateJourneyPanels estimate={estimate} token={token} depositPaid={depositPaid} />
        </Suspense>
      )}

      <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">
        Une question&nbsp;? {estimate.shop.name}, {estimate.shop.address} · {estimate.shop.phone} · {estimate.shop.email}
      </p>
    </Shell>
  );
}
