import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountEstimateListResponseSchema, estimateDecisionResponseSchema } from '@erepare/shared/schemas/estimates';
import { apiRequest } from '../../../lib/api-client';
import type { DecisionInput } from './estimate-link';

/** Under the account's key: linking or signing out (which drop ['account']) drop these too. */
export const accountEstimatesKey = ['account', 'estimates'] as const;

/** The signed-in customer's estimates (the server applies the one ownership rule). */
export function useAccountEstimates(enabled: boolean) {
  return useQuery({
    queryKey: accountEstimatesKey,
    queryFn: ({ signal }) => apiRequest('/api/account/estimates', { schema: accountEstimateListResponseSchema, signal }),
    enabled,
    staleTime: 60_000,
    // The retry button is the customer's.
    retry: false,
  });
}

/** Accepts or declines from the account; the list is read again to show what was recorded. */
export function useAccountEstimateDecision(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DecisionInput) => apiRequest(`/api/account/estimates/${id}/decision`, { method: 'POST', body: input, schema: estimateDecisionResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: accountEstimatesKey }),
  });
}

export function accountEstimatePdfUrl(id: number): string {
  return `/api/account/estimates/${id}/pdf`;
}
