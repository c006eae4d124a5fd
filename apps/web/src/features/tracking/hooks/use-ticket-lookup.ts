import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { fetchTicket } from '../api/tracking-api';

/** One ticket looked up by its normalised number; nothing is asked while the number is null. */
export function useTicketLookup(number: string | null) {
  return useQuery({
    queryKey: ['tracking', 'ticket', number],
    queryFn: ({ signal }) => fetchTicket(number ?? '', signal),
    enabled: number !== null,
    staleTime: 30_000,
    // An unknown or malformed number will not be found by asking again; a lost connection may.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    retryDelay: 1_000,
  });
}
