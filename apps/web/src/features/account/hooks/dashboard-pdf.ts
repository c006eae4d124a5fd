import { storeProfile } from '@erepare/shared/store-profile';
import { useCallback, useState } from 'react';
import type * as PdfExport from '../lib/pdf/export';
import type { PdfOptions } from '../lib/pdf/model';
import { ticketMessages } from '../components/dashboard/model/tickets';
import { useAccountProfile } from './dashboard-data';

type Exporter = (pdf: typeof PdfExport, options: PdfOptions) => string;

/**
 * PDF exports: jsPDF and its table plugin are loaded with import() on the first click only (the
 * /compte bundle does not carry them). The customer's organisation (profile) decides the
 * business-only late-fee mention; the VAT regime is the standard one until the store profile
 * carries the setting (admin issue).
 */
export function usePdfExport() {
  const profile = useAccountProfile();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const organisation = profile.data?.profile.orgonization ?? '';

  const run = useCallback(
    async (key: string, exporter: Exporter): Promise<string | null> => {
      setBusy(key);
      setError(null);
      try {
        const pdf = await import('../lib/pdf/export');
        return exporter(pdf, { organisation, vatRegime: storeProfile.vatRegime });
      } catch {
        setError(ticketMessages.pdfError);
        return null;
      } finally {
        setBusy(null);
      }
    },
    [organisation],
  );

  return { run, busy, error, clearError: () => setError(null) };
}
