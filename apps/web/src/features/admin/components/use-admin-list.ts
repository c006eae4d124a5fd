import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { apiRequest, type Parser } from '../../../lib/api-client';
import type { SortState } from './data-table';

/**
 * A server-paged admin list whose page, page size, sort and filters live in the URL search params
 * (so a reload, a shared link or the back button keep them), fetched with TanStack Query under
 * `['admin', key, params]` — invalidate `adminKey(key)` after a change.
 *
 * URL params: `page`, `pageSize`, `sort`, `order` (asc|desc: the API's names) and every name in
 * `filterKeys` (e.g. `status`, `q`). Other params (`section`, `id`, …) are left alone. Empty values
 * are removed; changing a filter, the sort or the page size goes back to page 1.
 */
export type ListResponse = { data: unknown[]; pagination: { page: number; pageSize: number; total: number } };

export type UseAdminListOptions<R extends ListResponse> = {
  /** Query key part, e.g. 'orders'. */
  key: string;
  /** API path without query string, e.g. '/api/admin/orders'. */
  path: string;
  /** The endpoint's shared response schema. */
  schema: Parser<R>;
  /** URL params forwarded to the API as filters. */
  filterKeys?: readonly string[];
  /** Sort when the URL has none (not sent: the API's own default applies). `null`: no sort param. */
  defaultSort?: SortState | null;
  defaultPageSize?: number;
  /** Fixed params always sent (not in the URL). */
  fixedParams?: Record<string, string>;
  enabled?: boolean;
};

export const adminKey = (key: string) => ['admin', key] as const;

const clampInt = (value: string | null, fallback: number, min: number, max: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : fallback;
};

export function useAdminList<R extends ListResponse>({
  key,
  path,
  schema,
  filterKeys = [],
  defaultSort = null,
  defaultPageSize = 20,
  fixedParams,
  enabled = true,
}: UseAdminListOptions<R>) {
  const [searchParams, setSearchParams] = useSearchParams();

  const page = clampInt(searchParams.get('page'), 1, 1, 100_000);
  const pageSize = clampInt(searchParams.get('pageSize'), defaultPageSize, 1, 100);
  const sortParam = searchParams.get('sort');
  const sort: SortState | null = sortParam ? { id: sortParam, desc: searchParams.get('order') === 'desc' } : defaultSort;
  const filterKeyList = filterKeys.join(',');
  const filters = useMemo(() => {
    const values: Record<string, string> = {};
    for (const name of filterKeyList ? filterKeyList.split(',') : []) values[name] = searchParams.get(name) ?? '';
    return values;
  }, [searchParams, filterKeyList]);

  const apiParams = useMemo(() => {
    const params = new URLSearchParams(fixedParams);
    params.set('page', String(page));
    params.set('pageSize', String(pageSize));
    if (sortParam) {
      params.set('sort', sortParam);
      params.set('order', searchParams.get('order') === 'desc' ? 'desc' : 'asc');
    }
    for (const [name, value] of Object.entries(filters)) if (value.trim()) params.set(name, value.trim());
    return params.toString();
  }, [fixedParams, page, pageSize, sortParam, searchParams, filters]);

  const query = useQuery({
    queryKey: [...adminKey(key), apiParams],
    queryFn: ({ signal }) => apiRequest(`${path}?${apiParams}`, { schema, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

  /** Writes URL params (null/'' removes one); `resetPage` goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>, { resetPage = true, replace = false } = {}) => {
      // From the address as it is now (the browser router keeps it in window.location), not as
      // this component last rendered it: the router renders a navigation in a transition, and a
      // change made meanwhile (a search sent 300 ms after typing, while a link to a row's detail
      // is being followed) would otherwise drop what that navigation added.
      const next = new URLSearchParams(window.location.search);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(name);
        else next.set(name, String(value));
      }
      if (resetPage && !('page' in changes)) next.delete('page');
      setSearchParams(next, { replace, preventScrollReset: true });
    },
    [setSearchParams],
  );

  const setPage = useCallback((next: number) => update({ page: next > 1 ? next : null }, { resetPage: false }), [update]);
  const setPageSize = useCallback((next: number) => update({ pageSize: next === defaultPageSize ? null : next }), [update, defaultPageSize]);
  const setSort = useCallback(
    (next: SortState | null) => {
      const isDefault = next && defaultSort && next.id === defaultSort.id && next.desc === defaultSort.desc;
      update(next && !isDefault ? { sort: next.id, order: next.desc ? 'desc' : 'asc' } : { sort: null, order: null });
    },
    [update, defaultSort],
  );
  /** Filters are typed: replace the history entry instead of adding one per keystroke. */
  const setFilter = useCallback((name: string, value: string) => update({ [name]: value }, { replace: true }), [update]);
  const setFilters = useCallback((values: Record<string, string>) => update(values, { replace: true }), [update]);

  const data = query.data;
  const rows = data?.data as R['data'] | undefined;
  const total = data?.pagination.total ?? 0;

  return {
    query,
    rows,
    total,
    page,
    pageSize,
    sort,
    filters,
    setPage,
    setPageSize,
    setSort,
    setFilter,
    setFilters,
    /** Spread into <DataTable>. */
    tableProps: {
      rows,
      total,
      page,
      pageSize,
      sort,
      onPageChange: setPage,
      onPageSizeChange: setPageSize,
      onSortChange: setSort,
      isLoading: query.isPending,
      isFetching: query.isFetching && !query.isPending,
      error: query.error,
      onRetry: () => void query.refetch(),
    },
  };
}
