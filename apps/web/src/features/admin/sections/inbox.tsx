import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Reply, Save, Send } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useSearchParams, Link } from 'react-router';
import { formatDateTime } from '@erepare/shared/format';
import { formatDropOffDate } from '@erepare/shared/quote-catalogue';
import {
  inboxMessageResponseSchema,
  inboxMessagesResponseSchema,
  inboxQuoteResponseSchema,
  inboxQuotesResponseSchema,
  inboxReplyBodySchema,
  inboxReplyResponseSchema,
  type InboxMessage,
  type InboxQuote,
  type InboxReplyBody,
} from '@erepare/shared/schemas/admin-core';
import { inboxHeldLabel, inboxStatusLabels, inboxStatuses, type InboxStatus } from '@erepare/shared/schemas/common';
import { Button } from '../../../components/ui/button';
import { DetailAside, ErrorRetry, SectionLink } from './shop/kit';
import { ErrorBox, Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest, type Parser } from '../../../lib/api-client';
import { useStoreProfile } from '../../../lib/store-profile';
import { toastSuccess } from '../../../lib/toast';
import { sectionHref } from '../components/admin-nav';
import { DataTable } from '../components/data-table';
import { SearchFilter, SelectFilter } from '../components/list-filters';
import { adminKey, useAdminList } from '../components/use-admin-list';

type Tab = 'messages' | 'devis';
type Kind = { tab: Tab; api: 'messages' | 'quotes'; key: string; photoPath: string; noun: string };
const kinds: Record<Tab, Kind> = {
  messages: { tab: 'messages', api: 'messages', key: 'inbox-messages', photoPath: 'attachments', noun: 'message' },
  devis: { tab: 'devis', api: 'quotes', key: 'inbox-quotes', photoPath: 'photos', noun: 'demande de devis' },
};

const statusTone: Record<InboxStatus, string> = {
  new: 'bg-sky-100 text-sky-950 dark:bg-sky-950 dark:text-sky-100',
  in_progress: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  handled: 'bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100',
};

function StatusBadge({ status }: { status: InboxStatus }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusTone[status]}`}>{inboxStatusLabels[status]}</span>;
}

/** An item the site-wide safety valve held back (an unusual day's volume): staff check and release it. */
function HeldBadge() {
  return (
    <span className="inline-block rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-rose-950 dark:bg-rose-950 dark:text-rose-100">
      {inboxHeldLabel}
    </span>
  );
}

function StatusCell({ status, held }: { status: InboxStatus; held: boolean }) {
  return (
    <span className="flex flex-wrap gap-1">
      <StatusBadge status={status} />
      {held ? <HeldBadge /> : null}
    </span>
  );
}

const heldOptions = [
  { value: 'true', label: 'Retenus pour vérification' },
  { value: 'false', label: 'Non retenus' },
];

const statusOptions = inboxStatuses.map((status) => ({ value: status, label: inboxStatusLabels[status] }));
const control =
  'block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-600 dark:bg-ink-900 dark:text-slate-100';

function useInvalidateInbox(kind: Kind) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKey(kind.key) });
    void queryClient.invalidateQueries({ queryKey: adminKey(`${kind.key}-item`) });
    void queryClient.invalidateQueries({ queryKey: adminKey('overview') });
    void queryClient.invalidateQueries({ queryKey: adminKey('outbox') });
    void queryClient.invalidateQueries({ queryKey: adminKey('audit') });
  };
}

function StatusForm({ kind, id, status }: { kind: Kind; id: number; status: InboxStatus }) {
  const selectId = useId();
  const [value, setValue] = useState<InboxStatus>(status);
  const [shown, setShown] = useState(status);
  if (shown !== status) {
    setShown(status);
    setValue(status);
  }
  const invalidate = useInvalidateInbox(kind);
  const save = useMutation({
    mutationFn: (next: InboxStatus) =>
      apiRequest(`/api/admin/inbox/${kind.api}/${id}`, {
        method: 'PATCH',
        body: { status: next },
        schema: (kind.api === 'messages' ? inboxMessageResponseSchema : inboxQuoteResponseSchema) as Parser<{ message?: string | undefined }>,
      }),
    onSuccess: (response) => {
      toastSuccess(response.message ?? 'Statut enregistré');
      invalidate();
    },
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value);
      }}
    >
      <div>
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
          Statut
        </label>
        <select id={selectId} value={value} onChange={(event) => setValue(event.target.value as InboxStatus)} className={control}>
          {statusOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" disabled={save.isPending || value === status}>
        <Save aria-hidden="true" className="size-4" />
        {save.isPending ? 'Enregistrement…' : 'Enregistrer le statut'}
      </Button>
      {save.error ? (
        <div className="w-full">
          <ErrorBox>{save.error.message}</ErrorBox>
        </div>
      ) : null}
    </form>
  );
}

/**
 * Held by the site-wide safety valve: not mailed to the shop yet. Releasing it sends it to the
 * shop's address like any other (once).
 */
function ReleaseHeld({ kind, id }: { kind: Kind; id: number }) {
  const invalidate = useInvalidateInbox(kind);
  const release = useMutation({
    mutationFn: () =>
      apiRequest(`/api/admin/inbox/${kind.api}/${id}/release`, {
        method: 'POST',
        schema: (kind.api === 'messages' ? inboxMessageResponseSchema : inboxQuoteResponseSchema) as Parser<{ message?: string | undefined }>,
      }),
    onSuccess: (response) => {
      toastSuccess(response.message ?? 'Libéré');
      invalidate();
    },
  });
  return (
    <div className="space-y-2 rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm dark:border-rose-800 dark:bg-rose-950">
      <p>
        <strong>{inboxHeldLabel}.</strong> Le site a reçu un volume inhabituel ce jour-là&nbsp;:{' '}
        {kind.api === 'messages'
          ? 'ce message a été enregistré mais pas encore transmis à l’adresse e-mail de la boutique. Vérifiez-le, puis libérez-le.'
          : 'cette demande de devis a été enregistrée mais pas encore transmise à l’adresse e-mail de la boutique. Vérifiez-la, puis libérez-la.'}
      </p>
      <Button type="button" variant="secondary" onClick={() => release.mutate()} disabled={release.isPending}>
        <Send aria-hidden="true" className="size-4" />
        {release.isPending ? 'Libération…' : 'Libérer et transmettre à la boutique'}
      </Button>
      {release.error ? <ErrorBox>{release.error.message}</ErrorBox> : null}
    </div>
  );
}

type ReplyValues = { message: string; subject: string; status: 'handled' | 'in_progress' };

// The subject is optional: an empty field means "the default subject", not an empty one.
const replyResolver: Resolver<ReplyValues> = async (values, context, options) => {
  const body: InboxReplyBody = { message: values.message, status: values.status, ...(values.subject.trim() ? { subject: values.subject } : {}) };
  const result = await zodResolver(inboxReplyBodySchema)(body, context, options as never);
  return result.errors && Object.keys(result.errors).length ? { values: {}, errors: result.errors } : { values, errors: {} };
};

function ReplyForm({ kind, id, to, defaultSubject }: { kind: Kind; id: number; to: string; defaultSubject: string }) {
  const invalidate = useInvalidateInbox(kind);
  const messageId = useId();
  const form = useForm<ReplyValues>({ resolver: replyResolver, defaultValues: { message: '', subject: '', status: 'handled' } });
  const { errors } = form.formState;
  const reply = useMutation({
    mutationFn: (values: ReplyValues) =>
      apiRequest(`/api/admin/inbox/${kind.api}/${id}/reply`, {
        method: 'POST',
        body: { message: values.message.trim(), status: values.status, ...(values.subject.trim() ? { subject: values.subject.trim() } : {}) },
        schema: inboxReplyResponseSchema,
      }),
    onSuccess: (response) => {
      toastSuccess(response.message);
      form.reset({ message: '', subject: '', status: 'handled' });
      invalidate();
    },
  });
  return (
    <form noValidate aria-labelledby={`${messageId}-heading`} className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700" onSubmit={form.handleSubmit((values) => reply.mutate(values))}>
      <h3 id={`${messageId}-heading`} className="font-semibold">
        Répondre par e-mail
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        La réponse part à <strong className="break-all">{to}</strong> (l’adresse donnée avec la demande).
      </p>
      {reply.error ? <ErrorBox>{reply.error.message}</ErrorBox> : null}
      <Field label="Objet (facultatif)" hint={`Par défaut\u00a0: «\u00a0${defaultSubject}\u00a0»`} maxLength={150} error={errors.subject?.message} {...form.register('subject')} />
      <div>
        <label htmlFor={messageId} className="mb-1 block text-sm font-medium">
          Votre réponse
        </label>
        <textarea
          id={messageId}
          rows={6}
          maxLength={10_000}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageId}-error` : undefined}
          className={control}
          {...form.register('message')}
        />
        {errors.message ? (
          <p id={`${messageId}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
            {errors.message.message}
          </p>
        ) : null}
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Ensuite, la demande passe en</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" value="handled" className="size-5 accent-brand-700" {...form.register('status')} />
            Traité
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" value="in_progress" className="size-5 accent-brand-700" {...form.register('status')} />
            En cours
          </label>
        </div>
      </fieldset>
      <Button type="submit" disabled={reply.isPending}>
        <Reply aria-hidden="true" className="size-4" />
        {reply.isPending ? 'Envoi…' : 'Envoyer la réponse'}
      </Button>
    </form>
  );
}

function Photos({ kind, item, files, name }: { kind: Kind; item: number; files: { id: number }[]; name: string }) {
  if (files.length === 0) return null;
  return (
    <section aria-label="Photos jointes">
      <h3 className="mb-2 font-semibold">Photos jointes ({files.length})</h3>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
        {files.map((file, index) => {
          const src = `/api/admin/inbox/${kind.api}/${item}/${kind.photoPath}/${file.id}`;
          return (
            <li key={file.id}>
              <a href={src} target="_blank" rel="noopener noreferrer" className="block rounded-lg border border-slate-200 p-1 dark:border-slate-700">
                <img src={src} alt={`Photo ${index + 1} envoyée par ${name} (ouvre l’image en grand dans un nouvel onglet)`} loading="lazy" className="aspect-square w-full rounded object-cover" />
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-medium">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

type InboxItem = { message: InboxMessage; quote: null } | { message: null; quote: InboxQuote };

function Detail({ kind, id, closeHref }: { kind: Kind; id: number; closeHref: string }) {
  const shopName = useStoreProfile().name;
  const item = useQuery({
    queryKey: [...adminKey(`${kind.key}-item`), id],
    queryFn: async ({ signal }): Promise<InboxItem> => {
      if (kind.api === 'messages') {
        const response = await apiRequest(`/api/admin/inbox/messages/${id}`, { schema: inboxMessageResponseSchema, signal });
        return { message: response.data, quote: null };
      }
      const response = await apiRequest(`/api/admin/inbox/quotes/${id}`, { schema: inboxQuoteResponseSchema, signal });
      return { message: null, quote: response.data };
    },
  });

  let body: React.ReactNode;
  if (item.isPending) body = <Spinner label="Chargement…" />;
  else if (item.error)
    body = <ErrorRetry message={item.error.message} onRetry={() => void item.refetch()} />;
  else if (item.data.message) {
    const m = item.data.message;
    body = (
      <div className="space-y-4">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <Row label="De">{m.name}</Row>
          <Row label="E-mail">
            <a className="underline" href={`mailto:${m.email}`}>
              {m.email}
            </a>
          </Row>
          {m.phone ? <Row label="Téléphone">{m.phone}</Row> : null}
          <Row label="Reçu le">{formatDateTime(m.createdAt)}</Row>
          <Row label="Statut">
            <StatusCell status={m.status} held={m.held} />
          </Row>
          <Row label="Objet">{m.subject}</Row>
        </dl>
        {m.held ? <ReleaseHeld kind={kind} id={m.id} /> : null}
        <p className="rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap dark:bg-ink-800">{m.message}</p>
        <Photos kind={kind} item={m.id} files={m.attachments} name={m.name} />
        <StatusForm kind={kind} id={m.id} status={m.status} />
        <ReplyForm key={m.id} kind={kind} id={m.id} to={m.email} defaultSubject={`Re\u00a0: ${m.subject}`} />
      </div>
    );
  } else if (item.data.quote) {
    const q = item.data.quote;
    body = (
      <div className="space-y-4">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <Row label="Référence">{q.reference}</Row>
          <Row label="Appareil">{[q.category, q.brand, q.model].filter(Boolean).join(' · ')}</Row>
          <Row label="Panne">{q.faultLabel || q.fault}</Row>
          {q.priceFromEuros !== null ? <Row label="Prix indicatif">{`à partir de ${q.priceFromEuros}\u00a0€`}</Row> : null}
          <Row label="Dépôt souhaité">
            {formatDropOffDate(q.dropOffDate)}, {q.dropOffSlot === 'matin' ? 'le matin' : 'l’après-midi'}
          </Row>
          <Row label="Client">{q.name}</Row>
          <Row label="E-mail">
            <a className="underline" href={`mailto:${q.email}`}>
              {q.email}
            </a>
          </Row>
          {q.phone ? <Row label="Téléphone">{q.phone}</Row> : null}
          <Row label="Reçue le">{formatDateTime(q.createdAt)}</Row>
          <Row label="Statut">
            <StatusCell status={q.status} held={q.held} />
          </Row>
        </dl>
        {q.held ? <ReleaseHeld kind={kind} id={q.id} /> : null}
        {q.description ? <p className="rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap dark:bg-ink-800">{q.description}</p> : null}
        <Photos kind={kind} item={q.id} files={q.photos} name={q.name} />
        <StatusForm kind={kind} id={q.id} status={q.status} />
        {/* Issue 24 §1: a priced estimate with its secret link, instead of a free-text reply. */}
        <p>
          <SectionLink section="devis" id="nouveau" params={{ quoteRequestId: q.id }}>
            Créer un devis
          </SectionLink>
        </p>
        <ReplyForm key={q.id} kind={kind} id={q.id} to={q.email} defaultSubject={`Votre demande de devis ${q.reference} – ${shopName}`} />
      </div>
    );
  }

  return (
    <DetailAside
      headingId="inbox-detail-heading"
      title={kind.api === 'messages' ? `Message n° ${id}` : `Demande de devis n° ${id}`}
      focusKey={id}
      closeHref={closeHref}
      closeLabel="Fermer"
    >
      {body}
    </DetailAside>
  );
}

const messageColumn = createColumnHelper<InboxMessage>();
const quoteColumn = createColumnHelper<InboxQuote>();
const dateCell = (value: string) => <span className="whitespace-nowrap">{formatDateTime(value)}</span>;

function MessagesList({ hrefWith }: { hrefWith: (id: number | null) => string }) {
  const list = useAdminList({ key: 'inbox-messages', path: '/api/admin/inbox/messages', schema: inboxMessagesResponseSchema, filterKeys: ['status', 'held', 'q'] });
  const columns = useMemo(
    () => [
      messageColumn.accessor('subject', { header: 'Objet', meta: { className: 'min-w-48' } }),
      messageColumn.accessor('name', {
        header: 'De',
        cell: ({ row }) => (
          <span>
            {row.original.name}
            <span className="block text-xs break-all text-slate-700 dark:text-slate-300">{row.original.email}</span>
          </span>
        ),
      }),
      messageColumn.accessor('createdAt', { header: 'Reçu le', cell: (info) => dateCell(info.getValue()) }),
      messageColumn.accessor('status', { header: 'Statut', cell: ({ row }) => <StatusCell status={row.original.status} held={row.original.held} /> }),
      messageColumn.accessor('attachments', { header: 'Photos', cell: (info) => info.getValue().length || '—', meta: { className: 'text-right', headerClassName: 'text-right' } }),
    ],
    [],
  );
  return (
    <DataTable
      caption="Messages de contact (les plus récents d’abord)"
      captionHidden
      columns={columns}
      {...list.tableProps}
      onSortChange={undefined}
      loadingLabel="Chargement des messages…"
      emptyMessage="Aucun message pour ce filtre."
      getRowHref={(message) => hrefWith(message.id)}
      rowLabel={(message) => `${message.subject} — message de ${message.name}`}
      toolbar={<Filters status={list.filters.status ?? ''} held={list.filters.held ?? ''} q={list.filters.q ?? ''} setFilter={list.setFilter} searchLabel="Rechercher (nom ou e-mail)" />}
    />
  );
}

function QuotesList({ hrefWith }: { hrefWith: (id: number | null) => string }) {
  const list = useAdminList({ key: 'inbox-quotes', path: '/api/admin/inbox/quotes', schema: inboxQuotesResponseSchema, filterKeys: ['status', 'held', 'q'] });
  const columns = useMemo(
    () => [
      quoteColumn.accessor('reference', { header: 'Référence', cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span> }),
      quoteColumn.display({ id: 'device', header: 'Appareil', cell: ({ row }) => `${row.original.brand} ${row.original.model}`.trim() || row.original.category }),
      quoteColumn.accessor('faultLabel', { header: 'Panne' }),
      quoteColumn.accessor('name', {
        header: 'Client',
        cell: ({ row }) => (
          <span>
            {row.original.name}
            <span className="block text-xs break-all text-slate-700 dark:text-slate-300">{row.original.email}</span>
          </span>
        ),
      }),
      quoteColumn.accessor('createdAt', { header: 'Reçue le', cell: (info) => dateCell(info.getValue()) }),
      quoteColumn.accessor('status', { header: 'Statut', cell: ({ row }) => <StatusCell status={row.original.status} held={row.original.held} /> }),
    ],
    [],
  );
  return (
    <DataTable
      caption="Demandes de devis (les plus récentes d’abord)"
      captionHidden
      columns={columns}
      {...list.tableProps}
      onSortChange={undefined}
      loadingLabel="Chargement des demandes de devis…"
      emptyMessage="Aucune demande de devis pour ce filtre."
      getRowHref={(quote) => hrefWith(quote.id)}
      rowLabel={(quote) => `${quote.reference} — demande de ${quote.name}`}
      toolbar={<Filters status={list.filters.status ?? ''} held={list.filters.held ?? ''} q={list.filters.q ?? ''} setFilter={list.setFilter} searchLabel="Rechercher (nom, e-mail ou référence)" />}
    />
  );
}

function Filters({
  status,
  held,
  q,
  setFilter,
  searchLabel,
}: {
  status: string;
  held: string;
  q: string;
  setFilter: (name: string, value: string) => void;
  searchLabel: string;
}) {
  return (
    <>
      <SelectFilter label="Statut" value={status} onChange={(value) => setFilter('status', value)} options={statusOptions} />
      <SelectFilter label="Vérification" value={held} onChange={(value) => setFilter('held', value)} options={heldOptions} />
      <SearchFilter label={searchLabel} value={q} onChange={(value) => setFilter('q', value)} />
    </>
  );
}

export function InboxSection() {
  const [searchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'devis' ? 'devis' : 'messages';
  const kind = kinds[tab];
  const selected = Number(searchParams.get('id')) || null;

  const hrefWith = (id: number | null) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set('id', String(id));
    else next.delete('id');
    return `?${next.toString()}`;
  };

  const tabLink = (target: Tab, label: string) => (
    <Link
      to={sectionHref('messages', { tab: target === 'messages' ? null : target })}
      aria-current={tab === target ? 'page' : undefined}
      className={`inline-flex min-h-11 items-center border-b-2 px-4 font-semibold ${
        tab === target ? 'border-brand-700 text-brand-800 dark:border-brand-400 dark:text-brand-300' : 'border-transparent text-slate-700 hover:border-slate-400 dark:text-slate-300'
      }`}
    >
      {label}
    </Link>
  );

  return (
    <div className="space-y-4">
      <nav aria-label="Type de demande" className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700">
        {tabLink('messages', 'Messages de contact')}
        {tabLink('devis', 'Demandes de devis')}
      </nav>
      <div className={selected ? 'grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : ''}>
        <div className="min-w-0">{tab === 'messages' ? <MessagesList hrefWith={hrefWith} /> : <QuotesList hrefWith={hrefWith} />}</div>
        {selected ? <Detail key={`${tab}-${selected}`} kind={kind} id={selected} closeHref={hrefWith(null)} /> : null}
      </div>
    </div>
  );
}
