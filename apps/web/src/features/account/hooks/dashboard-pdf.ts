import { useCallback, useState } from 'react';
import { useStoreProfile } from '../../../lib/store-profile';
import type * as PdfExport from '../lib/pdf/export';
import type { PdfOptions } from '../lib/pdf/model';
import { ticketMessages } from '../components/dashboard/model/tickets';
import { useAccountProfile } from './dashboard-data';

type Exporter = (pdf: typeof PdfExport, options: PdfOptions) => string;

/**
 * PDF exports: jsPDF and its table plugin are loaded with import() on the first click only (the
 * /compte bundle does not carry them). The customer's organisation (profile) decides the
 * business-only late-fee mention; the shop's current profile gives the identity block, the footer
 * and the VAT regime.
 */
export function usePdfExport() {
  const profile = useAccountProfile();
  const storeProfile = useStoreProfile();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const organisation = profile.data?.profile.orgonization ?? '';

  const run = useCallback(
    async (key: string, exporter: Exporter): Promise<string | null> => {
      setBusy(key);
      setError(null);
      try {
        const pdf = await import('../lib/pdf/export');
        return exporter(pdf, { organisation, vatRegime: storeProfile.vatRegime, shop: storeProfile });
      } catch {
        setError(ticketMessages.pdfError);
        return null;
      } finally {
        setBusy(null);
      }
    },
    [organisation, storeProfile],
  );

  return { run, busy, error, clearError: () => setError(null) };
}
