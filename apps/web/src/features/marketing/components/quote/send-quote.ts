import { quoteResponseSchema, type QuoteRequest, type QuoteResponse } from '@erepare/shared/schemas/quotes';
import { apiRequest } from '../../../../lib/api-client';

/** POST /api/quotes; throws an ApiError with the French message to show. */
export function sendQuoteRequest(body: QuoteRequest): Promise<QuoteResponse> {
  return apiRequest('/api/quotes', { method: 'POST', body, schema: quoteResponseSchema });
}
