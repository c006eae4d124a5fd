import type { AdminInvoiceSummary } from '@erepare/shared/schemas/admin-repair';

/** French words for the repair desk's stored values (statuses of invoices, status types). */
export const invoiceStatusLabels: Record<AdminInvoiceSummary['status'], string> = {
  Paid: 'Payée',
  Unpaid: 'Non payée',
  Partial: 'Partiellement payée',
  Refunded: 'Remboursée',
};

export const invoiceStatusLabel = (status: string) => invoiceStatusLabels[status as AdminInvoiceSummary['status']] ?? status;

export const invoiceStatusTone = (status: string): 'good' | 'warn' | 'bad' | 'neutral' =>
  status === 'Paid' ? 'good' : status === 'Unpaid' || status === 'Partial' ? 'warn' : status === 'Refunded' ? 'bad' : 'neutral';

export const statusTypeLabel = (type: string | null) => (type === 'Closed' ? 'Fermé' : type === 'Open' ? 'Ouvert' : '—');
