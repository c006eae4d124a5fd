import { CheckCircle2, Download, FileText, TriangleAlert, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { estimateMessages, estimateStatusLabels } from '@erepare/shared/estimates';
import { formatDateTime } from '@erepare/shared/format';
import type { PublicEstimate } from '@erepare/shared/schemas/estimates';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBox, SuccessBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { estimatePdfUrl, useEstimateDecision, useEstimateLink } from '../api/estimate-link';
import { EstimateDetails } from '../components/estimate-details';
import { EstimateJourneyPanels } from '../components/journey-panels';

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

/** /devis/consulter?token=… (issue 24 §1): the estimate a secret link opens, without an account; accept or decline once. */
export function EstimatePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useEstimateLink(token);
  if (!token) return <LinkProblem title="Lien incomplet" message={estimateMessages.unknown} />;
  if (link.isPending) return <Spinner label="Chargement du devis…" />;
  if (link.isError) {
    const message = link.error instanceof ApiError ? link.error.message : estimateMessages.unknown;
    return <LinkProblem title="Lien non valide" message={message} />;
  }
  const view = link.data.data;
  if (view.state !== 'valid' || !view.estimate) return <LinkProblem title={stateTitles[view.state === 'valid' ? 'withdrawn' : view.state]} message={view.message ?? estimateMessages.unknown} />;
  return <EstimateView estimate={view.estimate} token={token} />;
}

function EstimateView({ estimate, token }: { estimate: PublicEstimate; token: string }) {
  const decision = useEstimateDecision(token);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const open = estimate.status === 'sent' && !estimate.lapsed;
  const outcome = decision.data;

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

      <div className="mt-6 space-y-4" aria-live="polite">
        {outcome ? <SuccessBox>{outcome.message}</SuccessBox> : null}
        {decision.isError ? <ErrorBox>{decision.error instanceof ApiError ? decision.error.message : estimateMessages.unknown}</ErrorBox> : null}
        {!outcome && estimate.status === 'accepted' ? (
          <p className="flex items-center gap-2 font-semibold text-green-800 dark:text-green-300">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            Vous avez accepté ce devis{estimate.decidedAt ? ` le ${formatDateTime(estimate.decidedAt)}` : ''}.
          </p>
        ) : null}
        {!outcome && estimate.status === 'declined' ? (
          <p className="flex items-center gap-2 font-semibold">
            <XCircle aria-hidden="true" className="size-5" />
            Vous avez refusé ce devis{estimate.decidedAt ? ` le ${formatDateTime(estimate.decidedAt)}` : ''}.
          </p>
        ) : null}
        {estimate.lapsed ? <ErrorBox>{estimateMessages.pastValidity}</ErrorBox> : null}
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {open ? (
          <>
            <Button disabled={decision.isPending} onClick={() => decision.mutate({ decision: 'accept' })}>
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {decision.isPending ? 'Enregistrement…' : 'Accepter le devis'}
            </Button>
            <Button variant="secondary" disabled={decision.isPending} onClick={() => setDeclining(true)}>
              <XCircle aria-hidden="true" className="size-4" />
              Refuser
            </Button>
          </>
        ) : null}
        <a className={buttonClasses('secondary')} href={estimatePdfUrl(token)} download>
          <Download aria-hidden="true" className="size-4" />
          Télécharger le PDF
        </a>
      </div>

      {/* The booking and the deposit payment (issue 24 §3, §4) are added here by their features. */}
      <EstimateJourneyPanels estimate={estimate} token={token} />

      <p className="mt-8 text-sm text-slate-600 dark:text-slate-400">
        Une question ? {estimate.shop.name}, {estimate.shop.address} · {estimate.shop.phone} · {estimate.shop.email}
      </p>

      {declining ? (
        <ConfirmDialog
          title="Refuser le devis"
          confirmLabel="Refuser le devis"
          onCancel={() => setDeclining(false)}
          onConfirm={() => {
            setDeclining(false);
            decision.mutate({ decision: 'decline', ...(reason.trim() ? { reason: reason.trim() } : {}) });
          }}
        >
          <p>Vous pourrez récupérer votre appareil à l’atelier. Dites-nous pourquoi si vous le souhaitez :</p>
          <label htmlFor={reasonId} className="mt-3 block text-sm font-medium text-slate-900 dark:text-slate-100">
            Motif (facultatif)
          </label>
          <textarea
            id={reasonId}
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100"
          />
        </ConfirmDialog>
      ) : null}
    </Shell>
  );
}
