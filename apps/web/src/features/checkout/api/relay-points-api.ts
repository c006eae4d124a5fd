import { queryOptions } from '@tanstack/react-query';
import { RELAY_SEARCH_DEFAULT_RESULTS, relayPointsResponseSchema, type RelayPoint } from '@erepare/shared/relay-points';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/colissimo/relay-points?postalCode=&maxResults=10 (spec 2 §7): the points, nearest first. */
export async function fetchRelayPoints(postalCode: string, signal?: AbortSignal): Promise<RelayPoint[]> {
  const query = new URLSearchParams({ postalCode, maxResults: String(RELAY_SEARCH_DEFAULT_RESULTS) });
  const response = await apiRequest(`/api/colissimo/relay-points?${query.toString()}`, {
    schema: relayPointsResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return response.data;
}

export const relayPointsQuery = (postalCode: string) =>
  queryOptions({
    queryKey: ['checkout', 'relay-points', postalCode] as const,
    queryFn: ({ signal }) => fetchRelayPoints(postalCode, signal),
    // The server keeps Colissimo's answer 15 minutes; the browser a few, for back-and-forth typing.
    staleTime: 5 * 60_000,
    // A failure is shown at once with its "Réessayer" button (spec 2 §8), not after silent retries.
    retry: false,
  });
