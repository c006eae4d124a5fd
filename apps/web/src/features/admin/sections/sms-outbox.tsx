import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { RotateCw } from 'lucide-react';
import { useMemo } from 'react';
import { formatDateTime } from '@erepare/shared/format';
import { mailStatusLabels, mailStatuses, type MailStatus } from '@erepare/shared/schemas/admin-core';
import { smsKindLabels, smsOutboxItemResponseSchema, smsOutboxListResponseSchema, type SmsOutboxItem } from '@erepare/shared/schemas/admin-sms';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { apiRequest } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { DataTable } from '../components/data-table';
import { SelectFilter } from '../components/list-filters';
import { adminKey, useAdminList } from '../components/use-admin-list';

/**
 * Administration → E-mails → SMS (issue 24 §5): the service SMS, their state and last error, and
 * « Renvoyer » for one that failed or waits. Staff see the full number (to call the customer when
 * a message did not leave).
 */

const smsOutboxKey = adminKey('sms-outbox');

const statusTone: Record<MailStatus, string> = {
  pending: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  sending: 'bg-sky-100 text-sky-950 dark:bg-sky-950 dark:text-sky-100',
  sent: 'bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100',
  failed: 'bg-red-100 text-red-950 dark:bg-red-950 dark:text-red-100',
};

const canRetry = (status: MailStatus) => status === 'failed' || status === 'pending';

/** +33612345678 → 06 12 34 56 78; other countries as stored. */
export function displayNumber(number: string): string {
  return /^\+33[67]\d{8}$/.test(number) ? `0${number.slice(3)}`.replace(/(\d{2})(?=\d)/g, '$1 ') : number;
}

const column = createColumnHelper<SmsOutboxItem>();

export function SmsOutbox() {
  const queryClient = useQueryClient();
  const list = useAdminList({ key: 'sms-outbox', path: '/api/admin/sms-outbox', schema: smsOutboxListResponseSchema, filterKeys: ['status'] });
  const retry = useMutation({
    mutationFn: (id: number) => apiRequest(`/api/admin/sms-outbox/${id}/retry`, { method: 'POST', schema: smsOutboxItemResponseSchema }),
    onSuccess: (response) => {
      toastSuccess(response.message);
      void queryClient.invalidateQueries({ queryKey: smsOutboxKey });
    },
  });
  const enabled = list.query.data?.enabled;

  const columns = useMemo(
    () => [
      column.accessor('body', { header: 'Message', cell: (info) => <span className="block max-w-md break-words">{info.getValue()}</span>, meta: { className: 'min-w-56' } }),
      column.accessor('to', { header: 'Numéro', cell: (info) => <span className="whitespace-nowrap">{displayNumber(info.getValue())}</span> }),
      column.accessor('kind', { header: 'Type', cell: (info) => smsKindLabels[info.getValue()] ?? info.getValue() }),
      column.accessor('createdAt', { header: 'Créé le', cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span> }),
      column.accessor('status', {
        header: 'Statut',
        cell: ({ row }) => (
          <span className="space-y-1">
            <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusTone[row.original.status]}`}>{mailStatusLabels[row.original.status]}</span>
            {row.original.status === 'pending' ? (
              <span className="block text-xs text-slate-700 dark:text-slate-300">Envoi prévu le {formatDateTime(row.original.nextAttemptAt)}</span>
            ) : null}
            {row.original.lastError ? <span className="block max-w-xs text-xs break-words text-red-800 dark:text-red-300">{row.original.lastError}</span> : null}
          </span>
        ),
      }),
      column.accessor('attempts', { header: 'Tentatives', meta: { className: 'text-right', headerClassName: 'text-right' } }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) =>
          canRetry(row.original.status) ? (
            <Button
              variant="secondary"
              className="min-h-9 px-3"
              disabled={retry.isPending}
              onClick={() => retry.mutate(row.original.id)}
              aria-label={`Renvoyer le SMS n° ${row.original.id} au ${displayNumber(row.original.to)}`}
            >
              <RotateCw aria-hidden="true" className="size-4" />
              Renvoyer
            </Button>
          ) : null,
      }),
    ],
    [retry],
  );

  return (
    <div className="min-w-0 space-y-3">
      {enabled === false ? (
        <p className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
          Les SMS ne sont pas configurés&nbsp;: aucun SMS ne part. Pour prévenir par SMS les clients qui l’acceptent (devis, rendez-vous, appareil prêt), renseignez SMS_PROVIDER et BREVO_API_KEY (voir docs/sms.md).
        </p>
      ) : null}
      {retry.error ? <ErrorBox>{retry.error.message}</ErrorBox> : null}
      <DataTable
        caption="SMS envoyés par le site (les plus récents d’abord)"
        captionHidden
        columns={columns}
        {...list.tableProps}
        onSortChange={undefined}
        loadingLabel="Chargement des SMS…"
        emptyMessage="Aucun SMS pour ce filtre."
        toolbar={
          <SelectFilter
            label="Statut"
            value={list.filters.status ?? ''}
            onChange={(value) => list.setFilter('status', value)}
            options={mailStatuses.map((status) => ({ value: status, label: mailStatusLabels[status] }))}
          />
        }
      />
    </div>
  );
}
