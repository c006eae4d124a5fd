import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { fetchDashboardTickets, fetchStatuses } from '../api/tracking-api';
import { DASHBOARD_REFRESH_MS } from '../lib/dashboard-tickets';
import { readTicketCache, writeTicketCache } from '../lib/ticket-cache';

export const statusesQueryKey = ['tracking', 'statuses'] as const;
export const ticketsQueryKey = ['tracking', 'dashboard-tickets'] as const;

/** Statuses for the filter; never fails (the default list stands in). */
export function useStatuses() {
  return useQuery({
    queryKey: statusesQueryKey,
    queryFn: ({ signal }) => fetchStatuses(signal),
    staleTime: DASHBOARD_REFRESH_MS,
    retry: false,
  });
}

/**
 * The dashboard's tickets: the cached list is shown at once while the fresh one loads, then
 * refreshed every 5 minutes (spec 3 §7 and §9). One quick retry only: the proxy already retries
 * on its side, and a visitor should not wait long for the error message.
 */
export function useDashboardTickets() {
  const queryClient = useQueryClient();
  // The cached list comes from local storage once the page is on screen: the server-rendered first
  // render (and so the hydration) has none.
  useEffect(() => {
    const cache = readTicketCache();
    if (cache && queryClient.getQueryData(ticketsQueryKey) === undefined) {
      queryClient.setQueryData(ticketsQueryKey, cache.tickets, { updatedAt: cache.savedAt });
    }
  }, [queryClient]);
  return useQuery({
    queryKey: ticketsQueryKey,
    queryFn: async ({ signal }) => {
      const tickets = await fetchDashboardTickets(signal);
      writeTicketCache(tickets);
      return tickets;
    },
    staleTime: 0,
    refetchInterval: DASHBOARD_REFRESH_MS,
    retry: 1,
    retryDelay: 1_000,
  });
}

/** The refresh button: statuses and tickets again (spec 3 §7). */
export function useRefreshDashboard(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.refetchQueries({ queryKey: statusesQueryKey });
    void queryClient.refetchQueries({ queryKey: ticketsQueryKey });
  }, [queryClient]);
}
