import { useQuery } from '@tanstack/react-query';
import { repairPaymentMethodLabel } from '@erepare/shared/repair-payments';
import { adminRepairPaymentsResponseSchema, type AdminRepairPayment } from '@erepare/shared/schemas/repair-payments';
import { ErrorBox } from '../../../../components/ui/field';
import { apiRequest } from '../../../../lib/api-client';
import { MiniTable, Panel, Pill } from '../shop/kit';
import { formatDateTime, formatEuros } from '../shop/money';
import { repairKeys } from './api';

const stateLabels: Record<string, { label: string; tone: 'neutral' | 'good' | 'warn' | 'bad' }> = {
  succeeded: { label: 'Payé', tone: 'good' },
  created: { label: 'En attente', tone: 'neutral' },
  pending: { label: 'En attente', tone: 'neutral' },
  processing: { label: 'En cours', tone: 'neutral' },
  failed: { label: 'Échoué', tone: 'bad' },
  canceled: { label: 'Abandonné', tone: 'neutral' },
};

const postLabels: Record<AdminRepairPayment['postStatus'], { label: string; tone: 'neutral' | 'good' | 'warn' | 'bad' }> = {
  none: { label: '—', tone: 'neutral' },
  pending: { label: 'À envoyer', tone: 'warn' },
  posted: { label: 'Envoyé', tone: 'good' },
  failed: { label: 'Échec', tone: 'bad' },
};

export function useOnlinePayments(invoiceId: number) {
  return useQuery({
    queryKey: [...repairKeys.invoices, 'detail', invoiceId, 'online-payments'] as const,
    queryFn: ({ signal }) => apiRequest(`/api/admin/invoices/${invoiceId}/online-payments`, { schema: adminRepairPaymentsResponseSchema, signal }).then((response) => response.data),
  });
}

/**
 * The payments customers started online for this invoice (issue 24 §4): when, how, the provider's
 * reference, the amount and state, and, with RepairDesk, whether the payment reached it (the
 * posting job retries; its last error is shown).
 */
export function OnlinePaymentsPanel({ invoiceId }: { invoiceId: number }) {
  const payments = useOnlinePayments(invoiceId);
  // The RepairDesk column only when a payment is to be posted there (local invoices: none).
  const repairDesk = payments.data?.some((payment) => payment.postStatus !== 'none') ?? false;
  const head = ['Date', 'Moyen', 'Référence', 'Montant', 'État', ...(repairDesk ? ['RepairDesk'] : [])];
  return (
    <Panel title="Paiements en ligne">
      {payments.isError ? <ErrorBox>{payments.error.message}</ErrorBox> : null}
      {payments.isPending ? <p className="text-sm text-slate-600 dark:text-slate-300">Chargement des paiements en ligne…</p> : null}
      {payments.isSuccess ? (
        <MiniTable
          caption="Paiements en ligne de la facture"
          head={head}
          empty="Aucun paiement en ligne."
          rows={payments.data.map((payment) => {
            const state = stateLabels[payment.status] ?? { label: payment.status, tone: 'neutral' as const };
            const post = postLabels[payment.postStatus];
            return [
              formatDateTime(payment.paidAt ?? payment.createdAt),
              `${repairPaymentMethodLabel(payment.provider)}${payment.purpose === 'deposit' ? ' · acompte' : ''}`,
              <span key="ref" className="font-mono text-xs break-all">
                {payment.providerRef}
              </span>,
              formatEuros(payment.amountCents),
              <span key="state" className="space-y-1">
                <Pill tone={state.tone}>{state.label}</Pill>
                {payment.lastError ? <span className="block text-xs text-red-800 dark:text-red-200">{payment.lastError}</span> : null}
              </span>,
              ...(repairDesk
                ? [
                    <span key="post" className="space-y-1">
                      <Pill tone={post.tone}>{post.label}</Pill>
                      {payment.postAttempts > 0 && payment.postStatus !== 'posted' ? (
                        <span className="block text-xs text-slate-700 dark:text-slate-300">
                          {payment.postAttempts} tentative{payment.postAttempts > 1 ? 's' : ''}
                        </span>
                      ) : null}
                      {payment.postError ? <span className="block text-xs text-red-800 dark:text-red-200">{payment.postError}</span> : null}
                    </span>,
                  ]
                : []),
            ];
          })}
        />
      ) : null}
    </Panel>
  );
}
