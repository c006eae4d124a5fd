import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { estimateAmounts, estimateLineKindLabels, estimateLineKinds, estimateStatuses, estimateStatusLabels, estimateTotalRows, estimateVatRates, type EstimateLineKind, type EstimateStatus, type EstimateVatRate } from '@erepare/shared/estimates';
import { vatRateLabel } from '@erepare/shared/invoice-vat';
import { repairBonusCategories } from '@erepare/shared/repair-bonus';
import {
  adminEstimateListResponseSchema,
  adminEstimateResponseSchema,
  estimateDraftResponseSchema,
  type AdminEstimate,
  type AdminEstimateSummary,
  type EstimateDraft,
} from '@erepare/shared/schemas/estimates';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorBox, Field, SuccessBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { DataTable } from '../components/data-table';
import { SelectFilter } from '../components/list-filters';
import { adminKey, useAdminList } from '../components/use-admin-list';
import { AMOUNT_FORMAT_MESSAGE, centsToInput, formatDateTime, formatDay, formatEuros, parseEuros } from './shop/money';
import { BackToList, CheckboxField, Facts, MiniTable, Panel, Pill, SectionLink, SelectField, TextareaField, useDetailId } from './shop/kit';

/** « Devis » (issue 24 §1): estimates sent to customers, their answers, revisions and withdrawals. */

const statusTone = (status: EstimateStatus) => (status === 'accepted' ? 'good' : status === 'declined' || status === 'withdrawn' ? 'bad' : status === 'sent' ? 'warn' : 'neutral');

const column = createColumnHelper<AdminEstimateSummary>();
const money = { className: 'text-right tabular-nums', headerClassName: 'text-right' };
const columns = [
  // No break inside a number or a state: on a phone the table scrolls sideways instead.
  column.accessor('estimateNumber', { header: 'Devis', meta: { className: 'whitespace-nowrap' } }),
  column.accessor('customerName', { header: 'Client', cell: (info) => info.getValue() || '—' }),
  column.accessor('ticketNumber', { header: 'Ticket', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('status', { header: 'Statut', meta: { className: 'whitespace-nowrap' }, cell: (info) => <Pill tone={statusTone(info.getValue())}>{estimateStatusLabels[info.getValue()]}</Pill> }),
  column.accessor('toPayCents', { header: 'À payer', meta: money, cell: (info) => formatEuros(info.getValue()) }),
  column.accessor('validUntil', { header: 'Valable jusqu’au', cell: (info) => formatDay(info.getValue()) }),
  column.accessor('createdAt', { header: 'Envoyé le', cell: (info) => formatDateTime(info.getValue()) }),
];

export function EstimatesSection() {
  const { id } = useDetailId();
  const numericId = id ? Number(id) : NaN;
  if (id === 'nouveau') return <EstimateCreate />;
  if (id && Number.isInteger(numericId) && numericId > 0) return <EstimateDetail id={numericId} />;
  return <EstimatesList />;
}

function EstimatesList() {
  const { hrefFor } = useDetailId();
  const list = useAdminList({ key: 'estimates', path: '/api/admin/estimates', schema: adminEstimateListResponseSchema, filterKeys: ['status'] });
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Un devis se crée depuis une demande de devis (rubrique «&nbsp;Messages&nbsp;») ou depuis la fiche d’un ticket, bouton «&nbsp;Créer un devis&nbsp;».
      </p>
      <DataTable
        caption="Devis"
        captionHidden
        columns={columns}
        {...list.tableProps}
        loadingLabel="Chargement des devis…"
        emptyMessage="Aucun devis ne correspond à ces critères."
        getRowHref={(estimate) => hrefFor(estimate.id)}
        rowLabel={(estimate) => `Ouvrir le devis ${estimate.estimateNumber}`}
        toolbar={
          <SelectFilter label="Statut" value={list.filters.status ?? ''} onChange={(value) => list.setFilter('status', value)} options={estimateStatuses.map((status) => ({ value: status, label: estimateStatusLabels[status] }))} allLabel="Tous" />
        }
      />
    </div>
  );
}

const estimateKey = (id: number) => [...adminKey('estimates'), 'detail', id] as const;

function EstimateDetail({ id }: { id: number }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [revising, setRevising] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const query = useQuery({ queryKey: estimateKey(id), queryFn: ({ signal }) => apiRequest(`/api/admin/estimates/${id}`, { schema: adminEstimateResponseSchema, signal }) });
  const withdraw = useMutation({
    mutationFn: () => apiRequest(`/api/admin/estimates/${id}/withdraw`, { method: 'POST', schema: adminEstimateResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey('estimates') }),
  });
  if (query.isPending) return <Spinner label="Chargement du devis…" />;
  if (query.isError) return <ErrorBox>{query.error.message}</ErrorBox>;
  const estimate = query.data.data;
  if (revising) {
    return (
      <EstimateForm
        title={`Réviser le devis ${estimate.estimateNumber}`}
        path={`/api/admin/estimates/${id}/revise`}
        source={{}}
        vatRegime={estimate.vatRegime}
        initial={estimate}
        suggestedBonus={estimate.bonusCategory}
        onCancel={() => setRevising(false)}
        onDone={(next) => {
          setRevising(false);
          void navigate(`?${new URLSearchParams({ section: params.get('section') ?? 'devis', id: String(next.id) }).toString()}`);
        }}
      />
    );
  }
  const rows = estimateTotalRows(estimate, estimate.vatRegime);
  return (
    <div className="space-y-5">
      <BackToList />
      <h2 className="text-2xl font-bold">
        Devis {estimate.estimateNumber} <Pill tone={statusTone(estimate.status)}>{estimateStatusLabels[estimate.status]}</Pill>
      </h2>
      {withdraw.isSuccess ? <SuccessBox>{withdraw.data.message}</SuccessBox> : null}
      {withdraw.isError ? <ErrorBox>{withdraw.error.message}</ErrorBox> : null}
      {estimate.status === 'sent' || estimate.status === 'declined' ? (
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => setRevising(true)}>Réviser</Button>
          {estimate.status === 'sent' ? (
            <Button variant="secondary" onClick={() => setWithdrawing(true)} disabled={withdraw.isPending}>
              Retirer
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title="Résumé">
          <Facts
            items={[
              ['Client', estimate.customerName || '—'],
              ['E-mail', estimate.email],
              ['Téléphone', estimate.phone || '—'],
              ['SMS', estimate.smsConsent ? 'Accepte les SMS' : 'Pas de SMS'],
              ['Demande', estimate.quoteReference ?? '—'],
              ['Ticket', estimate.ticketNumber ? <SectionLink key="t" section="tickets" id={estimate.ticketNumber}>{estimate.ticketNumber}</SectionLink> : '—'],
              ['Appareil', estimate.deviceLabel || '—'],
              ['Délai', `${estimate.leadTimeDays} jour(s)`],
              ['Valable jusqu’au', formatDay(estimate.validUntil)],
              ['Envoyé le', formatDateTime(estimate.createdAt)],
              ['Réponse', estimate.decidedAt ? `${estimateStatusLabels[estimate.status]} le ${formatDateTime(estimate.decidedAt)}` : '—'],
              ...(estimate.declineReason ? [['Motif du refus', estimate.declineReason] as [string, string]] : []),
              ...(estimate.supersededBy ? [['Remplacé par', <SectionLink key="n" section="devis" id={estimate.supersededBy.id}>{estimate.supersededBy.estimateNumber}</SectionLink>] as [string, React.ReactNode]] : []),
              ...(estimate.supersedes ? [['Remplace', <SectionLink key="p" section="devis" id={estimate.supersedes.id}>{estimate.supersedes.estimateNumber}</SectionLink>] as [string, React.ReactNode]] : []),
            ]}
          />
        </Panel>
        <Panel title="Montants">
          <MiniTable
            caption="Lignes du devis"
            head={['Désignation', 'Type', 'Qté', 'TVA', 'Total TTC']}
            empty="Aucune ligne."
            rows={estimate.lines.map((line) => [line.label, estimateLineKindLabels[line.kind], String(line.quantity), estimate.vatRegime === 'franchise' ? '—' : vatRateLabel(line.vatRate), formatEuros(line.totalCents)])}
          />
          <Facts items={rows.map((row) => [row.label, row.strong ? <strong key={row.label}>{formatEuros(row.cents)}</strong> : formatEuros(row.cents)])} />
          {estimate.note ? <p className="mt-3 whitespace-pre-line text-sm">{estimate.note}</p> : null}
        </Panel>
      </div>
      {withdrawing ? (
        <ConfirmDialog
          title={`Retirer le devis ${estimate.estimateNumber}\u00a0?`}
          confirmLabel="Retirer le devis"
          onCancel={() => setWithdrawing(false)}
          onConfirm={() => {
            setWithdrawing(false);
            withdraw.mutate(undefined, { onSuccess: () => void client.invalidateQueries({ queryKey: estimateKey(id) }) });
          }}
        >
          Le lien envoyé au client ne fonctionnera plus&nbsp;: sa page dira que le devis a été retiré.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function EstimateCreate() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const quoteRequestId = params.get('quoteRequestId');
  const ticket = params.get('ticket');
  const source = quoteRequestId ? { quoteRequestId: Number(quoteRequestId) } : ticket ? { ticket } : null;
  const query = useQuery({
    queryKey: [...adminKey('estimates'), 'draft', quoteRequestId, ticket],
    queryFn: ({ signal }) => apiRequest(`/api/admin/estimates/draft?${new URLSearchParams(quoteRequestId ? { quoteRequestId } : { ticket: ticket ?? '' }).toString()}`, { schema: estimateDraftResponseSchema, signal }),
    enabled: source !== null,
  });
  if (!source) return <ErrorBox>Ouvrez une demande de devis ou un ticket, puis «&nbsp;Créer un devis&nbsp;».</ErrorBox>;
  if (query.isPending) return <Spinner label="Préparation du devis…" />;
  if (query.isError) return <ErrorBox>{query.error.message}</ErrorBox>;
  const draft = query.data.data;
  return (
    <div className="space-y-5">
      <BackToList />
      <EstimateForm
        title={`Nouveau devis pour ${draft.customerName || draft.email}`}
        path="/api/admin/estimates"
        source={source}
        vatRegime={draft.vatRegime}
        draft={draft}
        suggestedBonus={draft.suggestedBonusCategory}
        onDone={(estimate) => void navigate(`?${new URLSearchParams({ section: params.get('section') ?? 'devis', id: String(estimate.id) }).toString()}`)}
      />
    </div>
  );
}

type LineState = { kind: EstimateLineKind; label: string; quantity: string; unitPrice: string; vatRate: EstimateVatRate };

function EstimateForm({
  title,
  path,
  source,
  vatRegime,
  draft,
  initial,
  suggestedBonus,
  onDone,
  onCancel,
}: {
  title: string;
  path: string;
  source: { quoteRequestId?: number; ticket?: string };
  vatRegime: 'standard' | 'franchise';
  draft?: EstimateDraft;
  initial?: AdminEstimate;
  suggestedBonus: string | null;
  onDone: (estimate: AdminEstimate) => void;
  onCancel?: () => void;
}) {
  const client = useQueryClient();
  const startLines: LineState[] = initial
    ? initial.lines.map((line) => ({ kind: line.kind, label: line.label, quantity: String(line.quantity), unitPrice: centsToInput(line.unitPriceCents), vatRate: line.vatRate }))
    : (draft?.suggestedLines.length ? draft.suggestedLines : [{ kind: 'part' as const, label: '', quantity: 1, unitPriceCents: 0 }]).map((line) => ({
        kind: line.kind,
        label: line.label,
        quantity: String(line.quantity),
        unitPrice: line.unitPriceCents ? centsToInput(line.unitPriceCents) : '',
        vatRate: '20' as const,
      }));
  const [lines, setLines] = useState<LineState[]>(startLines);
  const [leadTime, setLeadTime] = useState(String(initial?.leadTimeDays ?? 2));
  const [validUntil, setValidUntil] = useState(draft?.validUntil ?? initial?.validUntil ?? '');
  const [deposit, setDeposit] = useState(initial?.depositCents ? centsToInput(initial.depositCents) : '');
  const [bonus, setBonus] = useState(suggestedBonus !== null);
  const [bonusCategory, setBonusCategory] = useState(suggestedBonus ?? 'smartphone');
  const [note, setNote] = useState(initial?.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: (body: unknown) => apiRequest(path, { method: 'POST', body, schema: adminEstimateResponseSchema }),
    onSuccess: (response) => {
      void client.invalidateQueries({ queryKey: adminKey('estimates') });
      onDone(response.data);
    },
  });

  const parsedLines = lines.map((line) => ({ kind: line.kind, label: line.label.trim(), quantity: Number(line.quantity), unitPriceCents: parseEuros(line.unitPrice), vatRate: line.vatRate }));
  const pricable = parsedLines.filter((line): line is typeof line & { unitPriceCents: number } => line.unitPriceCents !== null && !Number.isNaN(line.unitPriceCents) && Number.isInteger(line.quantity) && line.quantity > 0);
  const preview = estimateAmounts(pricable, vatRegime, bonus ? bonusCategory : null, 0);
  const update = (index: number, patch: Partial<LineState>) => setLines((current) => current.map((line, i) => (i === index ? { ...line, ...patch } : line)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    for (const [index, line] of parsedLines.entries()) {
      if (line.unitPriceCents === null || Number.isNaN(line.unitPriceCents)) return setError(`Ligne ${index + 1} : ${line.unitPriceCents === null ? 'prix unitaire requis' : AMOUNT_FORMAT_MESSAGE}`);
    }
    const depositCents = deposit.trim() ? parseEuros(deposit) : 0;
    if (depositCents === null || Number.isNaN(depositCents)) return setError(`Acompte : ${AMOUNT_FORMAT_MESSAGE}`);
    submit.mutate({
      ...source,
      lines: parsedLines.map((line) => ({ kind: line.kind, label: line.label, quantity: line.quantity, unitPriceCents: line.unitPriceCents, ...(vatRegime === 'standard' ? { vatRate: line.vatRate } : {}) })),
      leadTimeDays: Number(leadTime),
      ...(validUntil ? { validUntil } : {}),
      ...(depositCents ? { depositCents } : {}),
      bonus,
      ...(bonus ? { bonusCategory } : {}),
      ...(note.trim() ? { note } : {}),
    });
  };

  return (
    <Panel title={title}>
      <form noValidate className="space-y-5" onSubmit={onSubmit}>
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        {submit.isError ? <ErrorBox>{submit.error.message}</ErrorBox> : null}
        {draft ? (
          <p className="text-sm">
            Envoyé à <strong>{draft.email}</strong>
            {draft.deviceLabel ? ` · ${draft.deviceLabel}` : ''}
            {draft.existing.length ? ` · déjà ${draft.existing.length} devis pour cette demande (pensez à «\u00a0Réviser\u00a0»)` : ''}
          </p>
        ) : null}
        <fieldset className="space-y-3">
          <legend className="mb-2 text-base font-semibold">Lignes (prix TTC)</legend>
          {lines.map((line, index) => (
            <div key={index} className="grid gap-3 rounded-xl border border-slate-300 p-3 sm:grid-cols-2 lg:grid-cols-[1fr_2fr_0.6fr_1fr_1fr_auto] lg:items-start dark:border-slate-600">
              <SelectField label={`Type (ligne ${index + 1})`} value={line.kind} onChange={(event) => update(index, { kind: event.target.value as EstimateLineKind })}>
                {estimateLineKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {estimateLineKindLabels[kind]}
                  </option>
                ))}
              </SelectField>
              <Field label={`Désignation (ligne ${index + 1})`} maxLength={200} value={line.label} onChange={(event) => update(index, { label: event.target.value })} />
              <Field label="Quantité" type="number" min={1} max={999} inputMode="numeric" value={line.quantity} onChange={(event) => update(index, { quantity: event.target.value })} />
              <Field label="Prix unitaire TTC (€)" inputMode="decimal" value={line.unitPrice} onChange={(event) => update(index, { unitPrice: event.target.value })} />
              {vatRegime === 'standard' ? (
                <SelectField label="TVA" value={line.vatRate} onChange={(event) => update(index, { vatRate: event.target.value as EstimateVatRate })}>
                  {estimateVatRates.map((rate) => (
                    <option key={rate} value={rate}>
                      {vatRateLabel(rate)}
                    </option>
                  ))}
                </SelectField>
              ) : (
                <p className="text-sm lg:mt-7">TVA non applicable</p>
              )}
              {lines.length > 1 ? (
                <Button variant="ghost" className="lg:mt-6" onClick={() => setLines((current) => current.filter((_, i) => i !== index))} aria-label={`Retirer la ligne ${index + 1}`}>
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              ) : null}
            </div>
          ))}
          <Button variant="secondary" onClick={() => setLines((current) => [...current, { kind: 'labour', label: '', quantity: '1', unitPrice: '', vatRate: '20' }])} disabled={lines.length >= 50}>
            <Plus aria-hidden="true" className="size-4" />
            Ajouter une ligne
          </Button>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-base font-semibold">Bonus réparation QualiRépar</legend>
          <CheckboxField
            label="Déduire le bonus réparation"
            hint="Appareil hors garantie, réparation (pas un simple diagnostic). Coché d’office quand l’appareil y a droit&nbsp;; décochez si ce n’est pas le cas."
            checked={bonus}
            onChange={(event) => setBonus(event.target.checked)}
          />
          {bonus ? (
            <SelectField label="Catégorie de l’appareil" className="max-w-xs" value={bonusCategory} onChange={(event) => setBonusCategory(event.target.value)}>
              {repairBonusCategories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.label} ({formatEuros(category.amountCents)})
                </option>
              ))}
            </SelectField>
          ) : null}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Délai de réparation (jours)" type="number" min={0} max={365} inputMode="numeric" value={leadTime} onChange={(event) => setLeadTime(event.target.value)} />
          <Field label="Valable jusqu’au" type="date" value={validUntil} onChange={(event) => setValidUntil(event.target.value)} hint="30 jours par défaut" />
          <Field label="Acompte demandé (€, facultatif)" inputMode="decimal" value={deposit} onChange={(event) => setDeposit(event.target.value)} />
        </div>
        <TextareaField label="Remarques pour le client" maxLength={2000} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
        <dl className="rounded-xl border border-slate-300 p-3 dark:border-slate-600" aria-live="polite">
          {estimateTotalRows(preview, vatRegime).map((row) => (
            <div key={row.label} className={`flex justify-between gap-4 ${row.strong ? 'font-bold' : ''}`}>
              <dt>{row.label}</dt>
              <dd className="tabular-nums">{formatEuros(row.cents)}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={submit.isPending}>
            {submit.isPending ? 'Envoi…' : 'Envoyer le devis au client'}
          </Button>
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              Annuler
            </Button>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}
