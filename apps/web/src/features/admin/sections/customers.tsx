import { createColumnHelper } from '@tanstack/react-table';
import { adminCustomerListResponseSchema, type AdminCustomerListItem } from '@erepare/shared/schemas/admin-repair';
import { DataTable } from '../components/data-table';
import { SearchFilter } from '../components/list-filters';
import { useAdminList } from '../components/use-admin-list';
import { isReadOnlyError } from './repair/api';
import { CustomerDetail } from './repair/customer-detail';
import { formatDay, formatEuros } from './shop/money';
import { InfoBox, useDetailId } from './shop/kit';

const column = createColumnHelper<AdminCustomerListItem>();
const columns = [
  column.accessor('fullName', { id: 'name', header: 'Client', enableSorting: true, cell: (info) => info.getValue() || `Client ${info.row.original.id}` }),
  column.accessor('email', { header: 'E-mail', enableSorting: true, cell: (info) => info.getValue() ?? '—' }),
  column.accessor((customer) => customer.phone || customer.mobile, { id: 'phone', header: 'Téléphone', cell: (info) => info.getValue() || '—' }),
  column.accessor('city', { header: 'Ville', cell: (info) => info.getValue() || '—' }),
  column.accessor('ticketCount', { header: 'Tickets', meta: { className: 'text-right tabular-nums', headerClassName: 'text-right' }, cell: (info) => info.getValue() ?? '—' }),
  column.accessor('invoiceCount', { header: 'Factures', meta: { className: 'text-right tabular-nums', headerClassName: 'text-right' }, cell: (info) => info.getValue() ?? '—' }),
  column.accessor('loyaltyBalanceCents', { header: 'Fidélité', meta: { className: 'text-right tabular-nums', headerClassName: 'text-right' }, cell: (info) => formatEuros(info.getValue()) }),
  column.accessor('createdAt', { id: 'created', header: 'Client depuis', enableSorting: true, meta: { sortDescFirst: true }, cell: (info) => formatDay(info.getValue()) }),
];

export function CustomersSection() {
  const { id } = useDetailId();
  const numericId = id ? Number(id) : NaN;
  if (id && Number.isInteger(numericId) && numericId > 0) return <CustomerDetail id={numericId} />;
  return <CustomersList />;
}

function CustomersList() {
  const { hrefFor } = useDetailId();
  const list = useAdminList({ key: 'customers', path: '/api/admin/customers', schema: adminCustomerListResponseSchema, filterKeys: ['q'], defaultSort: { id: 'name', desc: false } });
  if (isReadOnlyError(list.query.error)) return <InfoBox>{list.query.error.message}</InfoBox>;
  return (
    <DataTable
      caption="Clients de l’atelier"
      captionHidden
      columns={columns}
      {...list.tableProps}
      loadingLabel="Chargement des clients…"
      emptyMessage="Aucun client ne correspond à cette recherche."
      getRowHref={(customer) => hrefFor(customer.id)}
      rowLabel={(customer) => `Ouvrir la fiche de ${customer.fullName || `client ${customer.id}`}`}
      toolbar={<SearchFilter label="Rechercher" placeholder="Nom, e-mail, téléphone, société" value={list.filters.q ?? ''} onChange={(value) => list.setFilter('q', value)} />}
    />
  );
}
