import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createBrowserRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from '@erepare/shared/zod';
import { DataTable, type SortState } from './data-table';
import { useAdminList } from './use-admin-list';

type Row = { id: number; name: string; total: number };
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('name', { header: 'Nom', enableSorting: true }),
  column.accessor('total', { id: 'total', header: 'Total', enableSorting: true, meta: { sortDescFirst: true } }),
];
const rows: Row[] = [
  { id: 1, name: 'Alice', total: 10 },
  { id: 2, name: 'Bruno', total: 20 },
];

function Harness({ onOpen, href }: { onOpen?: (row: Row) => void; href?: boolean }) {
  const [page, setPage] = useState(2);
  const [sort, setSort] = useState<SortState | null>({ id: 'name', desc: false });
  const [pageSize, setPageSize] = useState(20);
  return (
    <MemoryRouter>
      <DataTable
        caption="Clients"
        columns={columns}
        rows={rows}
        total={275}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        sort={sort}
        onSortChange={setSort}
        {...(href ? { getRowHref: (row: Row) => `?section=clients&id=${row.id}`, rowLabel: (row: Row) => `Ouvrir ${row.name}` } : {})}
        {...(onOpen ? { onRowOpen: onOpen } : {})}
      />
    </MemoryRouter>
  );
}

describe('DataTable', () => {
  it('shows the sort on the header cell, sortable headers as buttons, and pages', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const table = screen.getByRole('table', { name: 'Clients' });
    const nameHeader = within(table).getByRole('columnheader', { name: /Nom/ });
    const totalHeader = within(table).getByRole('columnheader', { name: /Total/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(totalHeader).not.toHaveAttribute('aria-sort');

    await user.click(within(nameHeader).getByRole('button', { name: /Nom/ }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    // A column whose first sort is descending (amounts, dates).
    await user.click(within(totalHeader).getByRole('button', { name: /Total/ }));
    expect(totalHeader).toHaveAttribute('aria-sort', 'descending');
    expect(nameHeader).not.toHaveAttribute('aria-sort');

    expect(screen.getByText(/Page 2 sur 14/)).toBeInTheDocument();
    expect(screen.getByText(/275 résultats/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText(/Page 3 sur 14/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Lignes par page'), '100');
    expect(screen.getByText(/Page 1 sur 3/)).toBeInTheDocument();
  });

  it('opens a row with the first cell’s button, by keyboard or by a click anywhere on the row', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    const button = screen.getByRole('button', { name: 'Alice' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(rows[0]);
    await user.click(within(screen.getByRole('table')).getByText('20'));
    expect(onOpen).toHaveBeenLastCalledWith(rows[1]);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('renders the first cell as a link when rows have an address', () => {
    render(<Harness href />);
    expect(screen.getByRole('link', { name: 'Ouvrir Bruno' })).toHaveAttribute('href', '/?section=clients&id=2');
  });

  it('has loading, empty and error states', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    const props = { caption: 'Liste', columns, total: 0, page: 1, pageSize: 20, onPageChange: () => undefined };
    const { rerender } = render(<DataTable {...props} rows={undefined} isLoading loadingLabel="Chargement des clients…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement des clients…');
    rerender(<DataTable {...props} rows={[]} emptyMessage="Aucun client." />);
    expect(screen.getByText('Aucun client.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    rerender(<DataTable {...props} rows={undefined} error={new Error('Service temporairement indisponible.')} onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Service temporairement indisponible.');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});

const listSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id: z.number(), name: z.string(), total: z.number() })),
  pagination: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
});

function ListHarness() {
  const list = useAdminList({ key: 'clients', path: '/api/admin/clients', schema: listSchema, filterKeys: ['status'], defaultSort: { id: 'date', desc: true } });
  const location = useLocation();
  return (
    <>
      <p data-testid="url">{location.search}</p>
      <button type="button" onClick={() => list.setFilter('status', 'open')}>
        Filtrer
      </button>
      <DataTable caption="Clients" columns={columns} {...list.tableProps} />
    </>
  );
}

describe('useAdminList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps page, sort and filters in the URL and sends them to the API', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const page = Number(url.searchParams.get('page'));
      return new Response(JSON.stringify({ success: true, data: rows, pagination: { page, pageSize: 20, total: 45 } }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // A browser router, as the app's: the list reads the address from window.location.
    window.history.replaceState(null, '', '/admin-dashboard?section=clients&page=2');
    const router = createBrowserRouter([{ path: '/admin-dashboard', element: <ListHarness /> }]);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(/Page 2 sur 3/)).toBeInTheDocument();
    expect(fetch).toHaveBeenLastCalledWith('/api/admin/clients?page=2&pageSize=20', expect.anything());

    await user.click(screen.getByRole('button', { name: /Nom/ }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith('/api/admin/clients?page=1&pageSize=20&sort=name&order=asc', expect.anything()));
    expect(screen.getByTestId('url')).toHaveTextContent('?section=clients&sort=name&order=asc');

    await user.click(screen.getByRole('button', { name: 'Filtrer' }));
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith('/api/admin/clients?page=1&pageSize=20&sort=name&order=asc&status=open', expect.anything()));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByTestId('url')).toHaveTextContent('page=2');
    expect(screen.getByTestId('url')).toHaveTextContent('section=clients');
  });
});
