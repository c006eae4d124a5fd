import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstimateLinkPage } from '@erepare/shared/web-context';
import { apiRequest, loadForRequest } from '../../../lib/api-client';

const linkKey = (token: string) => ['estimate-link', token] as const;

/**
 * The answers' schemas (zod, ~30 kB gzip with what they import) come with the first request: the
 * page rendered by the server with its estimate asks nothing until the customer decides, so its
 * first load goes without them.
 */
const schemas = () => loadForRequest(() => import('@erepare/shared/schemas/estimates'));

/**
 * The estimate a secret link opens (or the French state of a link that no longer does). `initial`
 * is the server's answer the page was rendered with: not asked again until a decision; a link the
 * server refused is not asked at all.
 */
export function useEstimateLink(token: string, initial: EstimateLinkPage | null = null) {
  return useQuery({
    queryKey: linkKey(token),
    ...(initial?.ok ? { initialData: { success: true as const, data: initial.view } } : {}),
    queryFn: async ({ signal }) =>
      apiRequest(`/api/estimate-links/view?${new URLSearchParams({ token }).toString()}`, { schema: (await schemas()).estimateLinkViewResponseSchema, signal }),
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
    mutationFn: async (input: DecisionInput) =>
      apiRequest('/api/estimate-links/decision', { method: 'POST', body: { token, ...input }, schema: (await schemas()).estimateDecisionResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: linkKey(token) }),
  });
}

export function estimatePdfUrl(token: string): string {
  return `/api/estimate-links/pdf?${new URLSearchParams({ token }).toString()}`;
}
