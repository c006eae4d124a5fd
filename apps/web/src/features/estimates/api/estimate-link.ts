import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estimateDecisionResponseSchema, estimateLinkViewResponseSchema } from '@erepare/shared/schemas/estimates';
import type { EstimateLinkPage } from '@erepare/shared/web-context';
import { apiRequest } from '../../../lib/api-client';

const linkKey = (token: string) => ['estimate-link', token] as const;

/**
 * The estimate a secret link opens (or the French state of a link that no longer does). `initial`
 * is the server's answer the page was rendered with: not asked again until a decision; a link the
 * server refused is not asked at all.
 */
export function useEstimateLink(token: string, initial: EstimateLinkPage | null = null) {
  return useQuery({
    queryKey: linkKey(token),
    ...(initial?.ok ? { initialData: { success: true as const, data: initial.view } } : {}),
    queryFn: ({ signal }) => apiRequest(`/api/estimate-links/view?${new URLSearchParams({ token }).toString()}`, { schema: estimateLinkViewResponseSchema, signal }),
    enabled: token !== '' && (initial === null || initial.ok),
    retry: false,
    staleTime: Infinity,
  });
}

export type DecisionInput = { decision: 'accept' | 'decline'; reason?: string };

/** Records the decision; the page then shows what was recorded (a second click answers the same). */
export function useEstimateDecision(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DecisionInput) => apiRequest('/api/estimate-links/decision', { method: 'POST', body: { token, ...input }, schema: estimateDecisionResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: linkKey(token) }),
  });
}

export function estimatePdfUrl(token: string): string {
  return `/api/estimate-links/pdf?${new URLSearchParams({ token }).toString()}`;
}
