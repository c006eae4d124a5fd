import { Banknote, Download, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ORDER_STATUS_LABELS } from '@erepare/shared/shop';
import { adminOrderStatusBodySchema, adminRefundBodySchema, productVatRateLabels, type AdminOrderDetail, type AdminOrderStatus } from '@erepare/shared/schemas/admin-shop';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { ErrorBox, Field } from '../../../../components/ui/field';
import { usePdfExport } from '../../../../lib/pdf-download';
import { useStoreProfile } from '../../../../lib/store-profile';
import { AMOUNT_FORMAT_MESSAGE, formatDateTime, formatEuros, parseEuros } from './money';
import { applyIssues, BackToList, DetailHeading, CheckboxField, Facts, MiniTable, Panel, Pill, QueryState, SelectField, TextareaField } from './kit';
import { useAdminOrder, useOrderAction } from './orders-api';

export const orderStatusLabel = (status: string) => ORDER_STATUS_LABELS[status as AdminOrderStatus] ?? status;

export function orderStatusTone(status: string): 'neutral' | 'good' | 'warn' | 'bad' {
  if (status === 'completed' || status === 'processing') return 'good';
  if (status === 'on-hold' || status === 'pending') return 'warn';
  if (status === 'cancelled' || status === 'failed' || status === 'refunded') return 'bad';
  return 'neutral';
}

export function OrderDetail({ id }: { id: number }) {
  const order = useAdminOrder(id);
  return (
    <div className="space-y-5">
      <BackToList />
      <QueryState query={order} label="Chargement de la commande…">
        {() => (order.data ? <OrderView order={order.data} /> : null)}
      </QueryState>
    </div>
  );
}

function addressLines(address: Record<string, string>): string {
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ');
  const city = [address.postcode, address.city].filter(Boolean).join(' ');
  return [name, address.company, address.address_1, address.address_2, city, address.country, address.email, address.phone].filter(Boolean).join('\n');
}

function OrderView({ order }: { order: AdminOrderDetail }) {
  const pdf = usePdfExport();
  const franchise = useStoreProfile().vatRegime === 'franchise';
  const invoiceNumber = order.invoiceNumber ?? null;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <DetailHeading>Commande n° {order.number}</DetailHeading>
        <Pill tone={orderStatusTone(order.status)}>{order.statusLabel}</Pill>
        {/* A paid order's invoice (issue 22 §1), the PDF its buyer downloads. */}
        {invoiceNumber ? (
          <Button
            variant="secondary"
            className="ml-auto"
            onClick={() => void pdf.run('invoice', `/api/shop/orders/${order.id}/pdf`, `facture-${invoiceNumber}.pdf`)}
            disabled={pdf.busy !== null}
          >
            <Download aria-hidden="true" className="size-4" />
            {pdf.busy === 'invoice' ? 'Préparation du PDF…' : 'Télécharger la facture (PDF)'}
          </Button>
        ) : null}
      </div>
      {pdf.error ? <ErrorBox>{pdf.error}</ErrorBox> : null}
      <OrderActions order={order} />
      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title="Résumé">
          <Facts
            items={[
              ['Client', `${order.customerName} <${order.email}>`],
              ['Passée le', formatDateTime(order.createdAt)],
              ['Paiement', order.paymentMethodTitle || order.paymentMethod],
              // The reference the customer was told to write on the transfer (e-mail, confirmation page).
              ...(order.paymentMethod === 'bacs' ? ([['Référence du virement', <span key="r" className="font-mono">{order.number}</span>]] as [string, React.ReactNode][]) : []),
              ['Payée le', order.paidAt ? formatDateTime(order.paidAt) : 'Non payée'],
              [
                'Facture',
                invoiceNumber ? (
                  <span key="f">
                    <span className="font-mono">{invoiceNumber}</span>
                    {order.invoicedAt ? ` du ${formatDateTime(order.invoicedAt)}` : ''}
                  </span>
                ) : order.paidAt ? (
                  'Aucune (payée avant la numérotation des factures de la boutique)'
                ) : (
                  'Émise au paiement'
                ),
              ],
              ['Sous-total', formatEuros(order.subtotalCents)],
              ['Remise', order.discountCents ? `− ${formatEuros(order.discountCents)}${order.couponCode ? ` (code ${order.couponCode})` : ''}` : '—'],
              ['Fidélité', order.loyaltyCents ? `− ${formatEuros(order.loyaltyCents)}` : '—'],
              ['Livraison', `${order.shippingMethodTitle} : ${formatEuros(order.shippingCents)}`],
              ['Total', <strong key="t">{formatEuros(order.totalCents)}</strong>],
              ['Encaissé', formatEuros(order.paidCents)],
              ['Remboursé', formatEuros(order.refundedCents)],
              ['Note du client', order.customerNote],
            ]}
          />
        </Panel>
        <Panel title="Livraison et réservation">
          <Facts
            items={[
              ['Mode', order.shippingMethodTitle],
              [
                'Point relais',
                order.relayPoint
                  ? `${order.relayPoint.name} (${order.relayPoint.id}), ${order.relayPoint.address1} ${order.relayPoint.address2}, ${order.relayPoint.postcode} ${order.relayPoint.city}`
                  : '—',
              ],
              ['Adresse de livraison', <span key="s" className="whitespace-pre-line">{addressLines(order.shipping) || '—'}</span>],
              ['Facturation', <span key="b" className="whitespace-pre-line">{addressLines(order.billing) || '—'}</span>],
              [
                'Réservation du stock',
                order.reservation.stockReleasedAt
                  ? `Stock remis en vente le ${formatDateTime(order.reservation.stockReleasedAt)}`
                  : order.reservation.expiresAt
                    ? `Réservé jusqu’au ${formatDateTime(order.reservation.expiresAt)} (annulation automatique si non payée)`
                    : '—',
              ],
            ]}
          />
        </Panel>
      </div>
      <Panel title="Articles">
        <MiniTable
          caption={`Articles de la commande ${order.number}`}
          head={['Article', 'Référence', 'Quantité', 'Prix unitaire TTC', 'TVA', 'Total TTC']}
          empty="Aucun article."
          rows={order.lines.map((line) => [
            line.name,
            line.sku || '—',
            line.quantity,
            formatEuros(line.unitPriceCents),
            // The rate copied when the order was placed, as the invoice prints it; none under the franchise.
            franchise ? '—' : productVatRateLabels[line.vatRate ?? '20'],
            formatEuros(line.totalCents),
          ])}
        />
      </Panel>
      <Panel title="Historique">
        <MiniTable
          caption="Historique des statuts"
          head={['Date', 'Changement', 'Note']}
          empty="Aucun changement enregistré."
          rows={order.events.map((event) => [
            formatDateTime(event.createdAt),
            `${event.fromStatus ? `${orderStatusLabel(event.fromStatus)} → ` : ''}${orderStatusLabel(event.toStatus)}`,
            event.note || '—',
          ])}
        />
      </Panel>
      {/* One above the other: the refunds' credit notes (number and PDF) need the page's width. */}
      <div className="grid gap-5">
        <Panel title="Paiements">
          <MiniTable
            caption="Paiements de la commande"
            head={['Date', 'Moyen', 'Montant', 'État', 'Référence']}
            empty="Aucun paiement."
            rows={order.payments.map((payment) => [
              formatDateTime(payment.createdAt),
              `${payment.provider}${payment.method ? ` (${payment.method})` : ''}`,
              formatEuros(payment.amountCents),
              payment.status,
              payment.providerRef || '—',
            ])}
          />
        </Panel>
        <Panel title="Remboursements">
          <MiniTable
            caption="Remboursements de la commande"
            head={['Date', 'Montant', 'Avoir', 'Motif', 'Par']}
            empty="Aucun remboursement."
            rows={order.refunds.map((refund) => [
              formatDateTime(refund.createdAt),
              formatEuros(refund.amountCents),
              // The credit note the refund issued (issue 22 §1), the PDF the buyer gets too.
              refund.creditNoteNumber ? (
                <span key="a" className="flex flex-wrap items-center gap-2">
                  <span className="font-mono">{refund.creditNoteNumber}</span>
                  <CreditNoteButton orderId={order.id} number={refund.creditNoteNumber} pdf={pdf} />
                </span>
              ) : (
                '—'
              ),
              refund.reason,
              refund.actorEmail,
            ])}
          />
        </Panel>
      </div>
    </div>
  );
}

function CreditNoteButton({ orderId, number, pdf }: { orderId: number; number: string; pdf: ReturnType<typeof usePdfExport> }) {
  const key = `credit-note:${number}`;
  return (
    <Button
      variant="secondary"
      className="whitespace-nowrap"
      aria-label={`Télécharger l’avoir ${number}`}
      onClick={() => void pdf.run(key, `/api/shop/orders/${orderId}/credit-notes/${encodeURIComponent(number)}/pdf`, `avoir-${number}.pdf`)}
      disabled={pdf.busy !== null}
    >
      <Download aria-hidden="true" className="size-4" />
      {pdf.busy === key ? 'Préparation du PDF…' : 'Télécharger l’avoir'}
    </Button>
  );
}

function OrderActions({ order }: { order: AdminOrderDetail }) {
  const action = useOrderAction(order.id);
  const [confirmTransfer, setConfirmTransfer] = useState(false);
  const [showRefund, setShowRefund] = useState(false);
  const canRefund = order.refundableCents > 0;
  if (!order.canMarkTransferReceived && order.allowedTransitions.length === 0 && !canRefund) return null;
  return (
    <Panel title="Actions">
      <div className="space-y-4">
        {action.error && !showRefund ? <ErrorBox>{action.error.message}</ErrorBox> : null}
        <div className="flex flex-wrap items-end gap-4">
          {order.canMarkTransferReceived ? (
            <Button onClick={() => setConfirmTransfer(true)} disabled={action.isPending}>
              <Banknote aria-hidden="true" className="size-4" />
              Virement reçu
            </Button>
          ) : null}
          {order.allowedTransitions.length > 0 ? <StatusChange order={order} action={action} /> : null}
          {canRefund && !showRefund ? (
            <Button variant="secondary" onClick={() => setShowRefund(true)}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Rembourser
            </Button>
          ) : null}
        </div>
        {showRefund ? <RefundForm order={order} onDone={() => setShowRefund(false)} /> : null}
      </div>
      {confirmTransfer ? (
        <ConfirmDialog
          title="Confirmer la réception du virement&nbsp;?"
          confirmLabel="Virement reçu"
          tone="primary"
          onCancel={() => setConfirmTransfer(false)}
          onConfirm={() => {
            setConfirmTransfer(false);
            action.mutate({ kind: 'transfer', body: {} });
          }}
        >
          La commande n° {order.number} ({formatEuros(order.totalCents)}) passera «&nbsp;{orderStatusLabel('processing')}&nbsp;» et le client recevra un e-mail.
        </ConfirmDialog>
      ) : null}
    </Panel>
  );
}

function StatusChange({ order, action }: { order: AdminOrderDetail; action: ReturnType<typeof useOrderAction> }) {
  const [status, setStatus] = useState<string>('');
  const [note, setNote] = useState('');
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string>();
  const [noteError, setNoteError] = useState<string>();
  const submit = () => {
    const parsed = adminOrderStatusBodySchema.safeParse({ status, ...(note.trim() ? { note } : {}) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'note') setNoteError(issue.message);
      else setError(issue?.message ?? 'Choisissez un statut');
      return;
    }
    setError(undefined);
    setNoteError(undefined);
    setConfirm(true);
  };
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <SelectField label="Changer le statut" value={status} onChange={(event) => setStatus(event.target.value)} error={error} className="min-w-56">
        <option value="">Choisir…</option>
        {order.allowedTransitions.map((next) => (
          <option key={next} value={next}>
            {orderStatusLabel(next)}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Note (facultative)"
        hint="Gardée dans l’historique de la commande."
        rows={1}
        maxLength={500}
        value={note}
        error={noteError}
        onChange={(event) => setNote(event.target.value)}
        className="min-w-64 flex-1"
      />
      <Button type="submit" variant="secondary" disabled={action.isPending}>
        Appliquer
      </Button>
      {confirm ? (
        <ConfirmDialog
          title={`Passer la commande en «\u00a0${orderStatusLabel(status)}\u00a0»\u00a0?`}
          confirmLabel="Confirmer"
          tone={status === 'cancelled' ? 'danger' : 'primary'}
          onCancel={() => setConfirm(false)}
          onConfirm={() => {
            setConfirm(false);
            action.mutate(
              { kind: 'status', body: { status: status as AdminOrderStatus, ...(note.trim() ? { note: note.trim() } : {}) } },
              {
                onSuccess: () => {
                  setStatus('');
                  setNote('');
                },
              },
            );
          }}
        >
          {status === 'cancelled' ? 'Le stock réservé sera remis en vente et le client prévenu par e-mail.' : `Commande n° ${order.number}.`}
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

type RefundValues = { amount: string; reason: string; restock: boolean };

function RefundForm({ order, onDone }: { order: AdminOrderDetail; onDone: () => void }) {
  const action = useOrderAction(order.id);
  const form = useForm<RefundValues>({ defaultValues: { amount: '', reason: '', restock: false } });
  const { errors } = form.formState;
  const [pending, setPending] = useState<{ amountCents: number; reason: string; restock: boolean } | null>(null);
  const onSubmit = (values: RefundValues) => {
    const amountCents = parseEuros(values.amount);
    if (amountCents === null || Number.isNaN(amountCents)) {
      form.setError('amount', { message: amountCents === null ? 'Montant du remboursement requis' : AMOUNT_FORMAT_MESSAGE });
      return;
    }
    if (amountCents > order.refundableCents) {
      form.setError('amount', { message: `Le remboursement ne peut pas dépasser ${formatEuros(order.refundableCents)}` });
      return;
    }
    const full = amountCents === order.refundableCents;
    const body = { amountCents, reason: values.reason, ...(full && values.restock ? { restock: true } : {}) };
    const parsed = adminRefundBodySchema.safeParse(body);
    if (!parsed.success) {
      applyIssues(form.setError, parsed.error.issues, { amountCents: 'amount' });
      return;
    }
    setPending({ amountCents: parsed.data.amountCents, reason: parsed.data.reason, restock: Boolean(parsed.data.restock) });
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-3 rounded-xl border border-slate-300 p-4 dark:border-slate-600" aria-label="Remboursement">
      <h3 className="font-semibold">Rembourser</h3>
      {action.error ? <ErrorBox>{action.error.message}</ErrorBox> : null}
      {errors.root ? <ErrorBox>{errors.root.message}</ErrorBox> : null}
      <Field
        label="Montant (€)"
        inputMode="decimal"
        autoComplete="off"
        hint={`Au plus ${formatEuros(order.refundableCents)}, par exemple 12,50`}
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <TextareaField label="Motif" rows={2} maxLength={500} error={errors.reason?.message} {...form.register('reason')} />
      <CheckboxField label="Remettre les articles en stock" hint="Remboursement total seulement&nbsp;: les articles sont revenus ou ne sont jamais partis." {...form.register('restock')} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={action.isPending}>
          {action.isPending ? 'Remboursement…' : 'Rembourser'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Annuler
        </Button>
      </div>
      {pending ? (
        <ConfirmDialog
          title={`Rembourser ${formatEuros(pending.amountCents)}\u00a0?`}
          confirmLabel="Rembourser"
          onCancel={() => setPending(null)}
          onConfirm={() => {
            const body = pending;
            setPending(null);
            action.mutate({ kind: 'refund', body: body.restock ? body : { amountCents: body.amountCents, reason: body.reason } }, { onSuccess: onDone });
          }}
        >
          Le remboursement est enregistré sur la commande n° {order.number}
          {pending.restock ? ' et les articles sont remis en stock' : ''}.
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
