import { CheckCircle2, XCircle } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { estimateMessages } from '@erepare/shared/estimates';
import { formatDateTime } from '@erepare/shared/format';
import type { EstimateStatus } from '@erepare/shared/estimates';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBox, SuccessBox } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import type { DecisionInput } from '../api/estimate-link';

/** The part of a decision mutation this block reads (the link's and the account's hooks both fit). */
export type DecisionMutation = {
  mutate: (input: DecisionInput) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: { message?: string | undefined } | undefined;
};

/**
 * « Accepter le devis » / « Refuser » (reason optional, in a dialog), and what was recorded: the
 * same block on the secret-link page and in the account. `children`: further actions (the PDF).
 */
export function EstimateDecision({
  estimate,
  decision,
  children,
}: {
  estimate: { status: EstimateStatus; lapsed: boolean; decidedAt: string | null };
  decision: DecisionMutation;
  children?: ReactNode;
}) {
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const open = estimate.status === 'sent' && !estimate.lapsed;
  const outcome = decision.data;

  return (
    <>
      <div className="mt-6 space-y-4" aria-live="polite">
        {outcome?.message ? <SuccessBox>{outcome.message}</SuccessBox> : null}
        {decision.isError ? <ErrorBox>{decision.error instanceof ApiError ? decision.error.message : estimateMessages.unknown}</ErrorBox> : null}
        {!outcome && estimate.status === 'accepted' ? (
          <p className="flex items-center gap-2 font-semibold text-green-800 dark:text-green-300">
            <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
            Vous avez accepté ce devis{estimate.decidedAt ? ` le ${formatDateTime(estimate.decidedAt)}` : ''}.
          </p>
        ) : null}
        {!outcome && estimate.status === 'declined' ? (
          <p className="flex items-center gap-2 font-semibold">
            <XCircle aria-hidden="true" className="size-5 shrink-0" />
            Vous avez refusé ce devis{estimate.decidedAt ? ` le ${formatDateTime(estimate.decidedAt)}` : ''}.
          </p>
        ) : null}
        {estimate.status === 'withdrawn' ? <ErrorBox>{estimateMessages.withdrawn}</ErrorBox> : null}
        {estimate.status === 'sent' && estimate.lapsed ? <ErrorBox>{estimateMessages.pastValidity}</ErrorBox> : null}
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
        {children}
      </div>

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
          <p>Vous pourrez récupérer votre appareil à l’atelier. Dites-nous pourquoi si vous le souhaitez&nbsp;:</p>
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
    </>
  );
}
