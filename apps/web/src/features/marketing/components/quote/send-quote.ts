import { quoteResponseSchema, type QuoteRequest, type QuoteResponse } from '@erepare/shared/schemas/quotes';
import { apiRequest } from '../../../../lib/api-client';
import { dataUrlToBlob, photoFilename, toFormData, type FormFile } from '../../../../lib/form-data';

/** What the wizard sends: the fields, and the photos as the draft keeps them (resized, as data URLs). */
export type QuoteSubmission = QuoteRequest & { photos: string[] };

/** POST /api/quotes as a multipart form (the photos as files); throws an ApiError with the French message to show. */
export function sendQuoteRequest({ photos, ...fields }: QuoteSubmission): Promise<QuoteResponse> {
  const files = photos.flatMap((photo, index): FormFile[] => {
    const blob = dataUrlToBlob(photo);
    return blob ? [{ blob, filename: photoFilename(blob.type, index) }] : [];
  });
  return apiRequest('/api/quotes', { method: 'POST', body: toFormData(fields, 'photos', files), schema: quoteResponseSchema });
}
