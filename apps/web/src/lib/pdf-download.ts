import { useCallback, useState } from 'react';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';

export const PDF_ERROR_MESSAGE = 'Erreur lors de la génération du PDF. Veuillez réessayer.';

/** The file name the server gave (Content-Disposition), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? fallback;
}

/**
 * Asks the server for a PDF (it draws every invoice, order and repair sheet: issue 22 §1) and saves
 * it under the server's file name. A refusal keeps the server's French message.
 */
export async function downloadPdf(url: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/pdf, application/json' } });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok || !response.headers.get('content-type')?.startsWith('application/pdf')) {
    const payload: unknown = await response.json().catch(() => null);
    const message = payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string' ? payload.message : PDF_ERROR_MESSAGE;
    throw new ApiError(response.status, message);
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started with the click; the object URL is released once the browser took it.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}

/**
 * The PDF buttons (account and admin): one download at a time, its key while it runs (the button says
 * « Préparation du PDF… »), and the reason in French when it fails.
 */
export function usePdfExport() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async (key: string, url: string, fallbackName: string): Promise<string | null> => {
    setBusy(key);
    setError(null);
    try {
      return await downloadPdf(url, fallbackName);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status !== 0 && failure.status < 500 ? failure.message : PDF_ERROR_MESSAGE);
      return null;
    } finally {
      setBusy(null);
    }
  }, []);

  return { run, busy, error, clearError: () => setError(null) };
}
