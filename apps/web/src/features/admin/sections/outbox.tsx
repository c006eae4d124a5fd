import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { RotateCw } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '@erepare/shared/format';
import {
  mailStatusLabels,
  mailStatuses,
  outboxListResponseSchema,
  outboxMailResponseSchema,
  type MailStatus,
  type OutboxItem,
} from '@erepare/shared/schemas/admin-core';
import { Button } from '../../../components/ui/button';
import { DetailAside, ErrorRetry } from './shop/kit';
import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { DataTable } from '../components/data-table';
import { SearchFilter, SelectFilter } from '../components/list-filters';
import { sectionHref } from '../components/admin-nav';
import { adminKey, useAdminList } from '../components/use-admin-list';
import { SmsOutbox } from './sms-outbox';

export const mailKindLabels: Record<string, string> = {
  email_verification: 'Vérification d’adresse',
  password_reset: 'Mot de passe oublié',
  account_created: 'Compte créé',
  signup_notice: 'Nouvelle inscription',
  order_confirmation: 'Confirmation de commande',
  order_notification: 'Nouvelle commande (boutique)',
  order_expired: 'Commande expirée',
  order_payment_received: 'Paiement reçu',
  contact_message: 'Message de contact',
  quote_request: 'Demande de devis',
  quote_acknowledgement: 'Accusé de demande de devis',
  staff_reply: 'Réponse de l’équipe',
  ticket_status: 'Statut de réparation',
};

const statusTone: Record<MailStatus, string> = {
  pending: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  sending: 'bg-sky-100 text-sky-950 dark:bg-sky-950 dark:text-sky-100',
  sent: 'bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100',
  failed: 'bg-red-100 text-red-950 dark:bg-red-950 dark:text-red-100',
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusTone[status]}`}>{mailStatusLabels[status]}</span>;
}

const canRetry = (status: MailStatus) => status === 'failed' || status === 'pending';
const outboxKey = adminKey('outbox');

function useRetry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/admin/outbox/${id}/retry`, { method: 'POST', schema: outboxMailResponseSchema }),
    onSuccess: (response) => {
      toastSuccess(response.message ?? 'L’e-mail sera renvoyé dans un instant.');
      void queryClient.invalidateQueries({ queryKey: outboxKey });
      void queryClient.invalidateQueries({ queryKey: adminKey('overview') });
      void queryClient.invalidateQueries({ queryKey: adminKey('outbox-mail') });
    },
  });
}

function MailDetail({ id, closeHref }: { id: number; closeHref: string }) {
  const retry = useRetry();
  const mail = useQuery({
    queryKey: [...adminKey('outbox-mail'), id],
    queryFn: ({ signal }) => apiRequest(`/api/admin/outbox/${id}`, { schema: outboxMailResponseSchema, signal }),
    // A mail on its way: look again until it is sent or failed.
    refetchInterval: (query) => {
      const status = query.state.data?.data.status;
      return status === 'pending' || status === 'sending' ? 2_000 : false;
    },
  });

  let body: React.ReactNode;
  if (mail.isPending) body = <Spinner label="Chargement de l’e-mail…" />;
  else if (mail.error)
    body = <ErrorRetry message={mail.error.message} onRetry={() => void mail.refetch()} />;
  else {
    const data = mail.data.data;
    body = (
      <div className="space-y-4">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Destinataire</dt>
          <dd className="break-all">{data.to}</dd>
          <dt className="font-medium">Objet</dt>
          <dd>{data.subject}</dd>
          <dt className="font-medium">Type</dt>
          <dd>{mailKindLabels[data.kind] ?? data.kind}</dd>
          <dt className="font-medium">Statut</dt>
          <dd>
            <MailStatusBadge status={data.status} /> · {data.attempts} tentative{data.attempts > 1 ? 's' : ''}
          </dd>
          <dt className="font-medium">Créé le</dt>
          <dd>{formatDateTime(data.createdAt)}</dd>
          {data.sentAt ? (
            <>
              <dt className="font-medium">Envoyé le</dt>
              <dd>{formatDateTime(data.sentAt)}</dd>
            </>
          ) : null}
          {data.lastError ? (
            <>
              <dt className="font-medium">Dernière erreur</dt>
              <dd className="break-words text-red-800 dark:text-red-300">{data.lastError}</dd>
            </>
          ) : null}
        </dl>
        {retry.error ? <ErrorBox>{retry.error.message}</ErrorBox> : null}
        {canRetry(data.status) ? (
          <Button onClick={() => retry.mutate(data.id)} disabled={retry.isPending}>
            <RotateCw aria-hidden="true" className="size-4" />
            {retry.isPending ? 'Envoi…' : 'Renvoyer'}
          </Button>
        ) : null}
        <section aria-labelledby="mail-text-heading">
          <h3 id="mail-text-heading" className="mb-1 font-semibold">
            Version texte
          </h3>
          <pre className="max-h-80 overflow-auto rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap dark:bg-ink-800" tabIndex={0}>
            {data.text}
          </pre>
        </section>
        {data.html ? (
          <details>
            <summary className="cursor-pointer font-semibold">Version HTML (aperçu)</summary>
            {/* No token in `sandbox`: no scripts, no forms, no navigation of this page. */}
            <iframe title={`Aperçu HTML de l’e-mail «\u00a0${data.subject}\u00a0»`} sandbox="" srcDoc={data.html} className="mt-2 h-96 w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700" />
          </details>
        ) : null}
      </div>
    );
  }

  return (
    <DetailAside headingId="mail-detail-heading" title={`E-mail n° ${id}`} focusKey={id} closeHref={closeHref} closeLabel="Fermer l’e-mail">
      {body}
    </DetailAside>
  );
}

const column = createColumnHelper<OutboxItem>();

function MailOutbox() {
  const [searchParams] = useSearchParams();
  const list = useAdminList({ key: 'outbox', path: '/api/admin/outbox', schema: outboxListResponseSchema, filterKeys: ['status', 'q'] });
  const retry = useRetry();
  const selected = Number(searchParams.get('id')) || null;

  const hrefWith = (id: number | null) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set('id', String(id));
    else next.delete('id');
    return `?${next.toString()}`;
  };

  const columns = useMemo(
    () => [
      column.accessor('subject', { header: 'Objet', cell: (info) => info.getValue() || '(sans objet)', meta: { className: 'min-w-48' } }),
      column.accessor('to', { header: 'Destinataire', cell: (info) => <span className="break-all">{info.getValue()}</span> }),
      column.accessor('kind', { header: 'Type', cell: (info) => mailKindLabels[info.getValue()] ?? info.getValue() }),
      column.accessor('createdAt', { header: 'Créé le', cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span> }),
      column.accessor('status', { header: 'Statut', cell: (info) => <MailStatusBadge status={info.getValue()} /> }),
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
              aria-label={`Renvoyer l’e-mail «\u00a0${row.original.subject}\u00a0» à ${row.original.to}`}
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
    <div className={selected ? 'grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : ''}>
      <div className="min-w-0 space-y-3">
        {retry.error ? <ErrorBox>{retry.error.message}</ErrorBox> : null}
        <DataTable
          caption="E-mails envoyés par le site (les plus récents d’abord)"
          captionHidden
          columns={columns}
          {...list.tableProps}
          onSortChange={undefined}
          loadingLabel="Chargement des e-mails…"
          emptyMessage="Aucun e-mail pour ce filtre."
          getRowHref={(mail) => hrefWith(mail.id)}
          rowLabel={(mail) => `Voir l’e-mail «\u00a0${mail.subject || 'sans objet'}\u00a0» à ${mail.to}`}
          toolbar={
            <>
              <SelectFilter
                label="Statut"
                value={list.filters.status ?? ''}
                onChange={(value) => list.setFilter('status', value)}
                options={mailStatuses.map((status) => ({ value: status, label: mailStatusLabels[status] }))}
              />
              <SearchFilter label="Rechercher (destinataire ou objet)" value={list.filters.q ?? ''} onChange={(value) => list.setFilter('q', value)} />
            </>
          }
        />
      </div>
      {selected ? <MailDetail id={selected} closeHref={hrefWith(null)} /> : null}
    </div>
  );
}

/** E-mails, or the service SMS (issue 24 §5): two views of the outboxes, chosen by `canal` in the address. */
export function OutboxSection() {
  const [searchParams] = useSearchParams();
  const channel = searchParams.get('canal') === 'sms' ? 'sms' : 'mail';
  const tabs = [
    { id: 'mail', label: 'E-mails', href: sectionHref('e-mails') },
    { id: 'sms', label: 'SMS', href: sectionHref('e-mails', { canal: 'sms' }) },
  ] as const;
  return (
    <div className="space-y-4">
      <nav aria-label="Canal">
        <ul className="flex gap-2">
          {tabs.map((tab) => (
            <li key={tab.id}>
              <Link
                to={tab.href}
                aria-current={channel === tab.id ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-lg border px-4 text-sm font-semibold ${
                  channel === tab.id
                    ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-ink-950'
                    : 'border-slate-300 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-ink-800'
                }`}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {channel === 'sms' ? <SmsOutbox /> : <MailOutbox />}
    </div>
  );
}
