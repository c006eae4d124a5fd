import { CreditCard, Download, RotateCcw } from 'lucide-react';
import { vatRateLabel as sharedVatRateLabel, isVatRate } from '@erepare/shared/invoice-vat';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { invoicePaymentSchema, invoiceRefundSchema, paymentMethods, type AdminInvoice } from '@erepare/shared/schemas/admin-repair';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { ErrorBox, Field } from '../../../../components/ui/field';
import { AMOUNT_FORMAT_MESSAGE, formatDateTime, formatDay, formatEuros, parseEuros } from '../shop/money';
import { applyIssues, DetailHeading, Facts, InfoBox, MiniTable, Panel, Pill, SectionLink, SelectField, TextareaField } from '../shop/kit';
import { usePdfExport } from '../../../../lib/pdf-download';
import { useInvoice, useInvoiceAction, useRepairReadOnly } from './api';
import { RepairDetail } from './repair-detail';
import { invoiceStatusLabel, invoiceStatusTone } from './labels';
import { OnlinePaymentsPanel } from './online-payments';

/** A line's rate as staff read it (the shared label; a rate this code does not know is shown as it came). */
export const vatRateLabel = (rate: string) => (isVatRate(rate) ? sharedVatRateLabel(rate) : rate);

export function InvoiceDetail({ id }: { id: number }) {
  return (
    <RepairDetail query={useInvoice(id)} label="Chargement de la facture…">
      {(data) => <InvoiceView invoice={data} />}
    </RepairDetail>
  );
}

function InvoiceView({ invoice }: { invoice: AdminInvoice }) {
  const readOnly = useRepairReadOnly();
  const [form, setForm] = useState<'payment' | 'refund' | null>(null);
  const creditable = invoice.totalCents - invoice.creditedCents;
  const pdf = usePdfExport();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <DetailHeading>Facture {invoice.invoiceNumber}</DetailHeading>
        <Pill tone={invoiceStatusTone(invoice.status)}>{invoiceStatusLabel(invoice.status)}</Pill>
        <Button
          variant="secondary"
          className="ml-auto"
          onClick={() => void pdf.run('invoice', `/api/repairdesk/invoices/${invoice.id}/pdf`, `facture-${invoice.invoiceNumber}.pdf`)}
          disabled={pdf.busy !== null}
        >
          <Download aria-hidden="true" className="size-4" />
          {pdf.busy ? 'Préparation du PDF…' : 'Télécharger la facture (PDF)'}
        </Button>
      </div>
      {pdf.error ? <ErrorBox>{pdf.error}</ErrorBox> : null}
      {readOnly ? (
        <InfoBox>{readOnly}</InfoBox>
      ) : (
        <div className="flex flex-wrap gap-2">
          {invoice.amountDueCents > 0 ? (
            <Button onClick={() => setForm('payment')} disabled={form === 'payment'}>
              <CreditCard aria-hidden="true" className="size-4" />
              Enregistrer un paiement
            </Button>
          ) : null}
          {creditable > 0 ? (
            <Button variant="secondary" onClick={() => setForm('refund')} disabled={form === 'refund'}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Rembourser (avoir)
            </Button>
          ) : null}
        </div>
      )}
      {form === 'payment' ? <PaymentForm invoice={invoice} onDone={() => setForm(null)} /> : null}
      {form === 'refund' ? <RefundForm invoice={invoice} creditable={creditable} onDone={() => setForm(null)} /> : null}
      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title="Résumé">
          <Facts
            items={[
              ['Client', <SectionLink key="c" section="clients" id={invoice.customer.id}>{invoice.customer.fullName || `Client ${invoice.customer.id}`}</SectionLink>],
              // A business customer's identity, as the invoice prints it (issue 22 §1).
              ...(invoice.customer.organization ? ([['Société', invoice.customer.organization]] as [string, string][]) : []),
              ...(invoice.customer.siren ? ([['SIREN', invoice.customer.siren]] as [string, string][]) : []),
              ...(invoice.customer.vatNumber ? ([['N° TVA intracommunautaire', invoice.customer.vatNumber]] as [string, string][]) : []),
              ['Ticket', invoice.ticket ? <SectionLink key="t" section="tickets" id={invoice.ticket.ticketNumber}>{invoice.ticket.ticketNumber}</SectionLink> : '—'],
              ['Émise le', formatDateTime(invoice.createdAt)],
              ['Échéance', formatDay(invoice.dueOn)],
              ['Total HT', formatEuros(invoice.subtotalCents)],
              ['TVA', formatEuros(invoice.taxCents)],
              ['Total TTC', <strong key="t">{formatEuros(invoice.totalCents)}</strong>],
              ['Payé', formatEuros(invoice.amountPaidCents)],
              ['Avoirs', formatEuros(invoice.creditedCents)],
              ...(invoice.bonusCents > 0 ? [[invoice.bonusLabel ?? 'Bonus réparation QualiRépar', `− ${formatEuros(invoice.bonusCents)}`] as [string, string]] : []),
              ['Reste à payer', <strong key="d">{formatEuros(invoice.amountDueCents)}</strong>],
              ['Remarques', invoice.notes],
            ]}
          />
        </Panel>
        <Panel title="TVA">
          {invoice.vatBreakdown.length > 0 ? (
            <MiniTable
              caption="Détail de la TVA par taux"
              head={['Taux', 'Base HT', 'TVA']}
              empty="Aucune TVA."
              rows={invoice.vatBreakdown.map((row) => [vatRateLabel(row.rate), formatEuros(row.baseCents), formatEuros(row.taxCents)])}
            />
          ) : null}
          {invoice.marginScheme ? (
            <p className="mt-3 text-sm">
              <strong>TVA sur la marge</strong>&nbsp;: {formatEuros(invoice.marginTotalCents)} de biens d’occasion, sans TVA apparente.
            </p>
          ) : null}
          {invoice.mentions.length > 0 ? (
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              {invoice.mentions.map((mention) => (
                <li key={mention}>{mention}</li>
              ))}
            </ul>
          ) : null}
        </Panel>
      </div>
      <Panel title="Lignes">
        <MiniTable
          caption={`Lignes de la facture ${invoice.invoiceNumber}`}
          head={['Désignation', 'Référence', 'Quantité', 'Prix unitaire TTC', 'TVA', 'Total TTC']}
          empty="Aucune ligne."
          rows={invoice.lines.map((line) => [line.name, line.sku || '—', line.quantity, formatEuros(line.unitPriceCents), line.vatRate === 'margin' ? 'TVA sur la marge' : `${vatRateLabel(line.vatRate)} (${formatEuros(line.taxCents)})`, formatEuros(line.totalCents)])}
        />
      </Panel>
      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title="Paiements">
          <MiniTable
            caption="Paiements et remboursements"
            head={['Date', 'Type', 'Moyen', 'Montant', 'Référence']}
            empty="Aucun paiement."
            rows={invoice.payments.map((payment) => [
              formatDateTime(payment.paidAt),
              payment.kind === 'refund' ? 'Remboursement' : 'Paiement',
              payment.method,
              formatEuros(payment.amountCents),
              payment.transactionId || '—',
            ])}
          />
        </Panel>
        <Panel title="Avoirs">
          <MiniTable
            caption="Avoirs de la facture"
            head={['Avoir', 'Date', 'Montant', 'Remboursé', 'Motif']}
            empty="Aucun avoir."
            rows={invoice.creditNotes.map((note) => [note.creditNoteNumber, formatDay(note.createdAt), formatEuros(note.amountCents), formatEuros(note.refundedCents), note.reason])}
          />
        </Panel>
      </div>
      <OnlinePaymentsPanel invoiceId={invoice.id} />
    </div>
  );
}

type PaymentValues = { amount: string; method: string; transactionId: string };

function PaymentForm({ invoice, onDone }: { invoice: AdminInvoice; onDone: () => void }) {
  const action = useInvoiceAction(invoice.id);
  const form = useForm<PaymentValues>({ defaultValues: { amount: '', method: 'Carte bancaire', transactionId: '' } });
  const { errors } = form.formState;
  const onSubmit = (values: PaymentValues) => {
    const amountCents = parseEuros(values.amount);
    if (amountCents === null || Number.isNaN(amountCents)) return void form.setError('amount', { message: amountCents === null ? 'Montant requis' : AMOUNT_FORMAT_MESSAGE });
    if (amountCents > invoice.amountDueCents) return void form.setError('amount', { message: `Ce paiement dépasse le reste à payer (${formatEuros(invoice.amountDueCents)}).` });
    const parsed = invoicePaymentSchema.safeParse({ amountCents, method: values.method, ...(values.transactionId.trim() ? { transactionId: values.transactionId } : {}) });
    if (!parsed.success) return void applyIssues(form.setError, parsed.error.issues, { amountCents: 'amount' });
    action.mutate({ kind: 'payment', body: parsed.data }, { onSuccess: onDone });
  };
  return (
    <Panel title="Enregistrer un paiement">
      <form noValidate className="space-y-3" onSubmit={form.handleSubmit(onSubmit)}>
        {action.error ? <ErrorBox>{action.error.message}</ErrorBox> : null}
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Montant (€)" inputMode="decimal" hint={`Reste à payer\u00a0: ${formatEuros(invoice.amountDueCents)}`} error={errors.amount?.message} {...form.register('amount')} />
          <SelectField label="Moyen de paiement" error={errors.method?.message} {...form.register('method')}>
            {paymentMethods.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </SelectField>
          <Field label="Référence de transaction" maxLength={80} error={errors.transactionId?.message} {...form.register('transactionId')} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={action.isPending}>
            {action.isPending ? 'Enregistrement…' : 'Enregistrer le paiement'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Annuler
          </Button>
        </div>
      </form>
    </Panel>
  );
}

type RefundValues = { amount: string; reason: string; method: string };

function RefundForm({ invoice, creditable, onDone }: { invoice: AdminInvoice; creditable: number; onDone: () => void }) {
  const action = useInvoiceAction(invoice.id);
  const form = useForm<RefundValues>({ defaultValues: { amount: '', reason: '', method: '' } });
  const { errors } = form.formState;
  const [pending, setPending] = useState<{ amountCents: number; reason: string; method?: (typeof paymentMethods)[number] } | null>(null);
  const onSubmit = (values: RefundValues) => {
    const amountCents = parseEuros(values.amount);
    if (amountCents === null || Number.isNaN(amountCents)) return void form.setError('amount', { message: amountCents === null ? 'Montant requis' : AMOUNT_FORMAT_MESSAGE });
    if (amountCents > creditable) return void form.setError('amount', { message: `Cet avoir dépasse le montant encore créditable de la facture (${formatEuros(creditable)}).` });
    const parsed = invoiceRefundSchema.safeParse({ amountCents, reason: values.reason, ...(values.method ? { method: values.method } : {}) });
    if (!parsed.success) return void applyIssues(form.setError, parsed.error.issues, { amountCents: 'amount' });
    setPending(parsed.data);
  };
  return (
    <Panel title="Rembourser&nbsp;: établir un avoir">
      <form noValidate className="space-y-3" onSubmit={form.handleSubmit(onSubmit)}>
        {action.error ? <ErrorBox>{action.error.message}</ErrorBox> : null}
        <p className="text-sm text-slate-700 dark:text-slate-300">Une facture émise ne se modifie pas&nbsp;: l’avoir annule d’abord ce qui reste dû, puis rembourse ce que le client a payé en trop.</p>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Montant de l’avoir (€)" inputMode="decimal" hint={`Au plus ${formatEuros(creditable)}`} error={errors.amount?.message} {...form.register('amount')} />
          <SelectField label="Moyen de remboursement" error={errors.method?.message} {...form.register('method')}>
            <option value="">Celui du dernier paiement</option>
            {paymentMethods.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </SelectField>
          <TextareaField label="Motif" rows={2} maxLength={300} error={errors.reason?.message} {...form.register('reason')} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={action.isPending}>
            {action.isPending ? 'Émission…' : 'Émettre l’avoir'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Annuler
          </Button>
        </div>
      </form>
      {pending ? (
        <ConfirmDialog
          title={`Émettre un avoir de ${formatEuros(pending.amountCents)}\u00a0?`}
          confirmLabel="Émettre l’avoir"
          onCancel={() => setPending(null)}
          onConfirm={() => {
            const body = pending;
            setPending(null);
            action.mutate({ kind: 'refund', body }, { onSuccess: onDone });
          }}
        >
          Sur la facture {invoice.invoiceNumber}. Un avoir émis ne peut pas être annulé.
        </ConfirmDialog>
      ) : null}
    </Panel>
  );
}
