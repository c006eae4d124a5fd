/**
 * DataTable — the staff dashboard's table (TanStack Table, everything done by the server).
 *
 * The table never sorts, filters or pages itself: it shows the page the API returned and reports
 * what the user asked for. Pair it with `useAdminList` (./use-admin-list.ts), which keeps page,
 * sort and filters in the URL and fetches the page; `list.tableProps` fills most props:
 *
 *   const list = useAdminList({ key: 'orders', path: '/api/admin/orders', schema: adminOrdersResponseSchema,
 *     filterKeys: ['status', 'q'], defaultSort: { id: 'date', desc: true } });
 *   <DataTable caption="Commandes" columns={columns} {...list.tableProps}
 *     getRowHref={(order) => sectionHref('commandes', { id: order.id })} rowLabel={(o) => `Ouvrir la commande ${o.number}`} />
 *
 * Props
 * - `columns`  TanStack column definitions (`createColumnHelper<T>()`). A column is sortable only
 *   with `enableSorting: true`; its `id` (or accessor key) is the API's `sort` value. Optional
 *   `meta: { className?: string; headerClassName?: string; sortDescFirst?: boolean }`.
 * - `rows`, `total`  the current page's rows (undefined while the first page loads) and the
 *   server's total count.
 * - `page` (from 1), `pageSize`, `onPageChange(page)`, `onPageSizeChange?(size)` and
 *   `pageSizeOptions?` (default 10/20/50/100): "Page 2 sur 14", "Précédent"/"Suivant".
 * - `sort?: { id, desc } | null`, `onSortChange?(sort)`: headers of sortable columns are
 *   `<button>`s; the sorted `<th>` carries `aria-sort`.
 * - `isLoading` (first load: spinner with `loadingLabel`), `isFetching` (a new page is on its way:
 *   the table stays, marked busy), `error` + `onRetry` ("Réessayer"), `emptyMessage`.
 * - `caption` (required, read by screen readers; `captionHidden` keeps it visually hidden).
 * - `getRowHref?(row)` renders the first cell as a link (e.g. `?section=commandes&id=12`);
 *   or `onRowOpen?(row)` renders it as a button. `rowLabel?(row)` gives that control an
 *   accessible name when the cell's text is not enough. A mouse click anywhere on the row
 *   activates the same control; keyboard users Tab to it.
 * - `getRowId?(row)` stable React keys (default: `row.id` when present, else the index).
 * - `toolbar?` content shown above the table (filters), `footer?` below.
 */
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';

declare module '@tanstack/react-table' {
  // Module augmentation needs `interface`, and the library's own type parameters.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the body cells of this column. */
    className?: string;
    /** Classes of the header cell. */
    headerClassName?: string;
    /** First click sorts descending (dates, amounts). */
    sortDescFirst?: boolean;
  }
}

export type SortState = { id: string; desc: boolean };

export const DEFAULT_PAGE_SIZES = [10, 20, 50, 100];

export type DataTableProps<T> = {
  // TanStack's column helper returns ColumnDef<T, string>, ColumnDef<T, number>…: only `any`
  // accepts a mixed list (the library's documented typing).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  rows: T[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: ((pageSize: number) => void) | undefined;
  pageSizeOptions?: number[];
  sort?: SortState | null | undefined;
  onSortChange?: ((sort: SortState | null) => void) | undefined;
  isLoading?: boolean;
  isFetching?: boolean;
  error?: Error | null;
  onRetry?: (() => void) | undefined;
  caption: string;
  captionHidden?: boolean;
  emptyMessage?: ReactNode;
  loadingLabel?: string;
  getRowHref?: (row: T) => string;
  onRowOpen?: (row: T) => void;
  rowLabel?: (row: T) => string;
  getRowId?: (row: T, index: number) => string;
  toolbar?: ReactNode;
  footer?: ReactNode;
};

function defaultRowId<T>(row: T, index: number): string {
  if (row && typeof row === 'object' && 'id' in row && (typeof row.id === 'number' || typeof row.id === 'string')) return String(row.id);
  return String(index);
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"]';

export function DataTable<T>({
  columns,
  rows,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = DEFAULT_PAGE_SIZES,
  sort = null,
  onSortChange,
  isLoading = false,
  isFetching = false,
  error = null,
  onRetry,
  caption,
  captionHidden = false,
  emptyMessage = 'Aucun résultat.',
  loadingLabel = 'Chargement de la liste…',
  getRowHref,
  onRowOpen,
  rowLabel,
  getRowId = defaultRowId,
  toolbar,
  footer,
}: DataTableProps<T>) {
  const id = useId();
  const captionId = `${id}-caption`;
  const sorting: SortingState = sort ? [{ id: sort.id, desc: sort.desc }] : [];

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns new functions each render by design.
  const table = useReactTable<T>({
    data: rows ?? [],
    columns,
    getRowId,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize } },
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total,
    enableSorting: Boolean(onSortChange),
    enableMultiSort: false,
    defaultColumn: { enableSorting: false },
    getCoreRowModel: getCoreRowModel(),
  });

  const pages = pageCount(total, pageSize);
  const hasRows = Boolean(rows && rows.length > 0);
  const openable = Boolean(getRowHref ?? onRowOpen);

  const toggleSort = (columnId: string, descFirst: boolean) => {
    if (!onSortChange) return;
    if (sort?.id === columnId) onSortChange({ id: columnId, desc: !sort.desc });
    else onSortChange({ id: columnId, desc: descFirst });
  };

  let body: ReactNode;
  if (error && !hasRows) {
    body = (
      <ErrorBox>
        {error.message}{' '}
        {onRetry ? (
          <button type="button" className="font-semibold underline" onClick={onRetry}>
            Réessayer
          </button>
        ) : null}
      </ErrorBox>
    );
  } else if (isLoading && !rows) {
    body = <Spinner label={loadingLabel} />;
  } else if (!hasRows) {
    body = (
      <p role="status" className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-slate-700 dark:border-slate-600 dark:text-slate-300">
        {emptyMessage}
      </p>
    );
  }

  return (
    <div className="space-y-3">
      {toolbar ? <div className="flex flex-wrap items-end gap-3">{toolbar}</div> : null}
      {body ?? (
        <>
          {error ? (
            <ErrorBox>
              {error.message}{' '}
              {onRetry ? (
                <button type="button" className="font-semibold underline" onClick={onRetry}>
                  Réessayer
                </button>
              ) : null}
            </ErrorBox>
          ) : null}
          {/* The table scrolls inside its own box on narrow screens; the box is focusable so keyboard users can scroll it,
              and positioned so that visually hidden (absolute) texts of the table stay inside it instead of widening the page. */}
          <div
            role="region"
            aria-labelledby={captionId}
            tabIndex={0}
            className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-ink-900"
          >
            <table aria-busy={isFetching || undefined} className={`w-full border-collapse text-left text-sm ${isFetching ? 'opacity-70' : ''}`}>
              <caption id={captionId} className={captionHidden ? 'sr-only' : 'px-4 pt-3 text-left text-base font-semibold'}>
                {caption}
              </caption>
              <thead className="bg-slate-50 dark:bg-ink-800">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => {
                      const sortable = header.column.getCanSort();
                      const sorted = sort?.id === header.column.id ? (sort.desc ? 'descending' : 'ascending') : undefined;
                      const label = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                      const meta = header.column.columnDef.meta;
                      return (
                        <th
                          key={header.id}
                          scope="col"
                          aria-sort={sorted}
                          className={`whitespace-nowrap border-b border-slate-200 px-3 py-2 font-semibold text-slate-800 dark:border-slate-700 dark:text-slate-100 ${meta?.headerClassName ?? ''}`}
                        >
                          {sortable ? (
                            <button
                              type="button"
                              className="-mx-1 inline-flex min-h-9 items-center gap-1 rounded px-1 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                              onClick={() => toggleSort(header.column.id, Boolean(meta?.sortDescFirst))}
                            >
                              {label}
                              {sorted === 'ascending' ? (
                                <ArrowUp aria-hidden="true" className="size-4" />
                              ) : sorted === 'descending' ? (
                                <ArrowDown aria-hidden="true" className="size-4" />
                              ) : (
                                <ArrowUpDown aria-hidden="true" className="size-4 opacity-60" />
                              )}
                            </button>
                          ) : (
                            label
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr
                    key={row.id}
                    className={`border-b border-slate-100 last:border-b-0 dark:border-slate-800 ${openable ? 'cursor-pointer hover:bg-slate-50 dark:hover:bg-ink-800' : ''}`}
                    onClick={
                      openable
                        ? (event) => {
                            // Mouse convenience only: the real control is the link or button of the first cell.
                            const target = event.target as HTMLElement;
                            if (target.closest(INTERACTIVE)) return;
                            if (window.getSelection()?.toString()) return;
                            event.currentTarget.querySelector<HTMLElement>('[data-row-open]')?.click();
                          }
                        : undefined
                    }
                  >
                    {row.getVisibleCells().map((cell, index) => {
                      const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                      const label = rowLabel?.(row.original);
                      let inner: ReactNode = content;
                      if (index === 0 && getRowHref) {
                        inner = (
                          <Link
                            data-row-open=""
                            to={getRowHref(row.original)}
                            aria-label={label}
                            className="font-semibold text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-300"
                          >
                            {content}
                          </Link>
                        );
                      } else if (index === 0 && onRowOpen) {
                        inner = (
                          <button
                            data-row-open=""
                            type="button"
                            aria-label={label}
                            onClick={() => onRowOpen(row.original)}
                            className="text-left font-semibold text-brand-800 underline underline-offset-2 hover:no-underline dark:text-brand-300"
                          >
                            {content}
                          </button>
                        );
                      }
                      return (
                        <td key={cell.id} className={`px-3 py-2 align-top text-slate-800 dark:text-slate-200 ${cell.column.columnDef.meta?.className ?? ''}`}>
                          {inner}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pagination
        page={page}
        pages={pages}
        total={total}
        pageSize={pageSize}
        pageSizeOptions={pageSizeOptions}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
        disabled={Boolean(error && !hasRows) || (isLoading && !rows)}
      />
      {footer}
    </div>
  );
}

type PaginationProps = {
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  pageSizeOptions: number[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: ((pageSize: number) => void) | undefined;
  disabled: boolean;
};

function Pagination({ page, pages, total, pageSize, pageSizeOptions, onPageChange, onPageSizeChange, disabled }: PaginationProps) {
  const id = useId();
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-700 dark:text-slate-300">
        {total} résultat{total > 1 ? 's' : ''} · <span>Page {Math.min(page, pages)} sur {pages}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {onPageSizeChange ? (
          <span className="flex items-center gap-2">
            <label htmlFor={`${id}-size`}>Lignes par page</label>
            <select
              id={`${id}-size`}
              value={pageSize}
              disabled={disabled}
              onChange={(event) => onPageSizeChange(Number(event.target.value))}
              className="min-h-11 rounded-lg border border-slate-400 bg-white px-2 dark:border-slate-600 dark:bg-ink-900"
            >
              {pageSizeOptions.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </span>
        ) : null}
        <Button variant="secondary" disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
          Précédent
        </Button>
        <Button variant="secondary" disabled={disabled || page >= pages} onClick={() => onPageChange(page + 1)}>
          Suivant
        </Button>
      </div>
    </nav>
  );
}
