import { createColumnHelper } from '@tanstack/react-table';
import { adminInvoiceListResponseSchema, invoiceStatuses, type AdminInvoiceSummary } from '@erepare/shared/schemas/admin-repair';
import { DataTable } from '../components/data-table';
import { CreateOrReadOnly } from './repair/repair-detail';
import { SearchFilter, SelectFilter } from '../components/list-filters';
import { useAdminList } from '../components/use-admin-list';
import { isReadOnlyError, useRepairReadOnly } from './repair/api';
import { InvoiceCreate } from './repair/invoice-create';
import { InvoiceDetail } from './repair/invoice-detail';
import { invoiceStatusLabel, invoiceStatusTone } from './repair/labels';
import { formatDateTime, formatEuros } from './shop/money';
import { InfoBox, Pill, useDetailId } from './shop/kit';

const column = createColumnHelper<AdminInvoiceSummary>();
const money = { className: 'text-right tabular-nums', headerClassName: 'text-right' };
const columns = [
  column.accessor('invoiceNumber', { id: 'number', header: 'Facture', enableSorting: true, meta: { sortDescFirst: true } }),
  column.accessor('customerName', { header: 'Client', cell: (info) => info.getValue() || '—' }),
  column.accessor('ticketNumber', { header: 'Ticket', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('status', { header: 'Statut', cell: (info) => <Pill tone={invoiceStatusTone(info.getValue())}>{invoiceStatusLabel(info.getValue())}</Pill> }),
  column.accessor('totalCents', { id: 'total', header: 'Total TTC', enableSorting: true, meta: { ...money, sortDescFirst: true }, cell: (info) => formatEuros(info.getValue()) }),
  column.accessor('amountDueCents', { header: 'Reste à payer', meta: money, cell: (info) => formatEuros(info.getValue()) }),
  column.accessor('createdAt', { id: 'created', header: 'Émise le', enableSorting: true, meta: { sortDescFirst: true }, cell: (info) => formatDateTime(info.getValue()) }),
];

export function InvoicesSection() {
  const { id } = useDetailId();
  const numericId = id ? Number(id) : NaN;
  if (id === 'nouveau') return <InvoiceCreate />;
  if (id && Number.isInteger(numericId) && numericId > 0) return <InvoiceDetail id={numericId} />;
  return <InvoicesList />;
}

function InvoicesList() {
  const { hrefFor } = useDetailId();
  const readOnly = useRepairReadOnly();
  const list = useAdminList({
    key: 'invoices',
    path: '/api/admin/invoices',
    schema: adminInvoiceListResponseSchema,
    filterKeys: ['q', 'status'],
    defaultSort: { id: 'created', desc: true },
  });
  if (isReadOnlyError(list.query.error)) return <InfoBox>{list.query.error.message}</InfoBox>;
  return (
    <div className="space-y-4">
      <CreateOrReadOnly readOnly={readOnly} to={hrefFor('nouveau')}>
        Nouvelle facture
      </CreateOrReadOnly>
      <DataTable
        caption="Factures"
        captionHidden
        columns={columns}
        {...list.tableProps}
        loadingLabel="Chargement des factures…"
        emptyMessage="Aucune facture ne correspond à ces critères."
        getRowHref={(invoice) => hrefFor(invoice.id)}
        rowLabel={(invoice) => `Ouvrir la facture ${invoice.invoiceNumber}`}
        toolbar={
          <div className="flex flex-wrap items-end gap-3">
            <SearchFilter label="Rechercher" placeholder="N° de facture, client, ticket" value={list.filters.q ?? ''} onChange={(value) => list.setFilter('q', value)} />
            <SelectFilter label="Statut" value={list.filters.status ?? ''} onChange={(value) => list.setFilter('status', value)} options={invoiceStatuses.map((status) => ({ value: status, label: invoiceStatusLabel(status) }))} allLabel="Toutes" />
          </div>
        }
      />
    </div>
  );
}
