import { createColumnHelper } from '@tanstack/react-table';
import { staffStatusLabel } from '@erepare/shared/ticket-status';
import { adminTicketListResponseSchema, type AdminTicketListItem } from '@erepare/shared/schemas/admin-repair';
import { DataTable } from '../components/data-table';
import { CreateOrReadOnly } from './repair/repair-detail';
import { SearchFilter, SelectFilter } from '../components/list-filters';
import { useAdminList } from '../components/use-admin-list';
import { isReadOnlyError, useRepairReadOnly, useStatuses } from './repair/api';
import { TicketCreate } from './repair/ticket-create';
import { TicketDetail } from './repair/ticket-detail';
import { formatDateTime, formatDay, formatEuros } from './shop/money';
import { ColourBadge, InfoBox, useDetailId } from './shop/kit';
import { DateFilter } from './repair/date-filter';

const column = createColumnHelper<AdminTicketListItem>();

const columns = [
  column.accessor('ticketNumber', { id: 'number', header: 'Ticket', enableSorting: true, meta: { sortDescFirst: true } }),
  column.accessor((ticket) => ticket.customer.fullName, { id: 'customer', header: 'Client', cell: (info) => info.getValue() || '—' }),
  column.accessor((ticket) => ticket.devices.map((device) => device.name).join(', '), { id: 'devices', header: 'Appareils', cell: (info) => info.getValue() || '—' }),
  column.accessor('status', { header: 'Statut', cell: (info) => <ColourBadge name={staffStatusLabel(info.getValue())} color={info.row.original.statusColor} /> }),
  column.accessor('totalCents', { header: 'Estimation', meta: { className: 'text-right tabular-nums', headerClassName: 'text-right' }, cell: (info) => formatEuros(info.getValue()) }),
  column.accessor('dueOn', { header: 'À rendre le', cell: (info) => formatDay(info.getValue()) }),
  column.accessor('createdAt', { id: 'created', header: 'Créé le', enableSorting: true, meta: { sortDescFirst: true }, cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor('updatedAt', { id: 'updated', header: 'Mis à jour', enableSorting: true, meta: { sortDescFirst: true }, cell: (info) => formatDateTime(info.getValue()) }),
];

export function TicketsSection() {
  const { id } = useDetailId();
  if (id === 'nouveau') return <TicketCreate />;
  if (id) return <TicketDetail ticket={id} />;
  return <TicketsList />;
}

function TicketsList() {
  const { hrefFor } = useDetailId();
  const statuses = useStatuses();
  const readOnly = useRepairReadOnly();
  const list = useAdminList({
    key: 'tickets',
    path: '/api/admin/tickets',
    schema: adminTicketListResponseSchema,
    filterKeys: ['q', 'status', 'statusType', 'from', 'to'],
    defaultSort: { id: 'created', desc: true },
  });
  if (isReadOnlyError(list.query.error)) return <InfoBox>{list.query.error.message}</InfoBox>;
  return (
    <div className="space-y-4">
      <CreateOrReadOnly readOnly={readOnly} to={hrefFor('nouveau')}>
        Nouveau ticket
      </CreateOrReadOnly>
      <DataTable
        caption="Tickets de réparation"
        captionHidden
        columns={columns}
        {...list.tableProps}
        loadingLabel="Chargement des tickets…"
        emptyMessage="Aucun ticket ne correspond à ces critères."
        getRowHref={(ticket) => hrefFor(ticket.ticketNumber)}
        rowLabel={(ticket) => `Ouvrir le ticket ${ticket.ticketNumber}`}
        toolbar={
          <div className="flex flex-wrap items-end gap-3">
            <SearchFilter label="Rechercher" placeholder="N° de ticket, client, appareil" value={list.filters.q ?? ''} onChange={(value) => list.setFilter('q', value)} />
            <SelectFilter
              label="Statut"
              value={list.filters.status ?? ''}
              onChange={(value) => list.setFilter('status', value)}
              options={(statuses.data ?? []).map((status) => ({ value: status.name, label: staffStatusLabel(status.name) }))}
            />
            <SelectFilter
              label="Ouverts / fermés"
              value={list.filters.statusType ?? ''}
              onChange={(value) => list.setFilter('statusType', value)}
              options={[
                { value: 'Open', label: 'Ouverts' },
                { value: 'Closed', label: 'Fermés' },
              ]}
              className="w-full sm:w-44"
            />
            <DateFilter label="Du" value={list.filters.from ?? ''} onChange={(value) => list.setFilter('from', value)} />
            <DateFilter label="Au" value={list.filters.to ?? ''} onChange={(value) => list.setFilter('to', value)} />
          </div>
        }
      />
    </div>
  );
}
