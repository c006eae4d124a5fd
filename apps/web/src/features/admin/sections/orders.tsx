import { createColumnHelper } from '@tanstack/react-table';
import { PAYMENT_METHOD_TITLES } from '@erepare/shared/shop';
import { adminOrderListResponseSchema, adminOrderStatuses, ORDERS_TO_HANDLE, type AdminOrderSummary } from '@erepare/shared/schemas/admin-shop';
import { DataTable } from '../components/data-table';
import { SearchFilter, SelectFilter } from '../components/list-filters';
import { useAdminList } from '../components/use-admin-list';
import { formatDateTime, formatEuros } from './shop/money';
import { useDetailId } from './shop/kit';
import { OrderDetail, orderStatusLabel, orderStatusTone } from './shop/order-detail';
import { Pill } from './shop/kit';

const column = createColumnHelper<AdminOrderSummary>();

const columns = [
  column.accessor('number', { header: 'Commande', cell: (info) => `n° ${info.getValue()}` }),
  column.accessor('createdAt', { id: 'date', header: 'Date', enableSorting: true, meta: { sortDescFirst: true }, cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor('customerName', {
    header: 'Client',
    cell: (info) => (
      <span>
        {info.getValue() || '—'}
        <span className="block text-xs text-slate-600 dark:text-slate-300">{info.row.original.email}</span>
      </span>
    ),
  }),
  column.accessor('status', { header: 'Statut', cell: (info) => <Pill tone={orderStatusTone(info.getValue())}>{info.row.original.statusLabel}</Pill> }),
  column.accessor('paymentMethodTitle', { header: 'Paiement', cell: (info) => info.getValue() || info.row.original.paymentMethod }),
  column.accessor('totalCents', {
    id: 'total',
    header: 'Total',
    enableSorting: true,
    meta: { sortDescFirst: true, className: 'text-right tabular-nums', headerClassName: 'text-right' },
    cell: (info) => formatEuros(info.getValue()),
  }),
  column.accessor('expiresAt', {
    header: 'Réservé jusqu’au',
    cell: (info) => (info.getValue() ? formatDateTime(info.getValue()) : '—'),
  }),
];

const statusOptions = [
  // What the overview's « Commandes à traiter » counts: being prepared, or waiting for a transfer.
  { value: ORDERS_TO_HANDLE, label: 'À traiter (en préparation ou en attente)' },
  ...adminOrderStatuses.map((status) => ({ value: status, label: orderStatusLabel(status) })),
];
const paymentOptions = Object.entries(PAYMENT_METHOD_TITLES).map(([value, label]) => ({ value, label }));

export function OrdersSection() {
  const { id } = useDetailId();
  const numericId = id ? Number(id) : NaN;
  if (id && Number.isInteger(numericId) && numericId > 0) return <OrderDetail id={numericId} />;
  return <OrdersList />;
}

function OrdersList() {
  const { hrefFor } = useDetailId();
  const list = useAdminList({
    key: 'orders',
    path: '/api/admin/orders',
    schema: adminOrderListResponseSchema,
    filterKeys: ['status', 'paymentMethod', 'search'],
    defaultSort: { id: 'date', desc: true },
  });
  return (
    <DataTable
      caption="Commandes de la boutique"
      captionHidden
      columns={columns}
      {...list.tableProps}
      loadingLabel="Chargement des commandes…"
      emptyMessage="Aucune commande ne correspond à ces critères."
      getRowHref={(order) => hrefFor(order.id)}
      rowLabel={(order) => `Ouvrir la commande n° ${order.number}`}
      toolbar={
        <div className="flex flex-wrap items-end gap-3">
          <SearchFilter label="Rechercher" placeholder="N° de commande, e-mail, nom" value={list.filters.search ?? ''} onChange={(value) => list.setFilter('search', value)} />
          <SelectFilter label="Statut" value={list.filters.status ?? ''} onChange={(value) => list.setFilter('status', value)} options={statusOptions} />
          <SelectFilter label="Paiement" value={list.filters.paymentMethod ?? ''} onChange={(value) => list.setFilter('paymentMethod', value)} options={paymentOptions} />
        </div>
      }
    />
  );
}
