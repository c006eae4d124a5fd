import { estimateLineKindLabels, estimateTotalRows } from '@erepare/shared/estimates';
import { FRANCHISE_MENTION } from '@erepare/shared/invoice-document';
import { includedVatCents, vatRateLabel } from '@erepare/shared/invoice-vat';
import type { PublicEstimate } from '@erepare/shared/schemas/estimates';
import type { StoreProfile } from '@erepare/shared/store-profile';
import { shopBlock, type PdfModel } from '../pdf/model.js';
import { docCents, docDate, docText, fileNamePart } from '../pdf/text.js';

export function estimatePdfFileName(estimateNumber: string): string {
  return `devis-${fileNamePart(estimateNumber)}.pdf`;
}

const STATUS_LABELS: Record<PublicEstimate['status'], string> = { sent: 'En attente de votre réponse', accepted: 'Accepté', declined: 'Refusé' };

/**
 * The estimate as a PDF (issue 24 §1), drawn by the invoice machinery (model → render.ts): the
 * shop's identity, the lines with their unit price excluding VAT and rate, the totals of the one
 * shared rule (estimateTotalRows), the bonus deducted, the deposit, the lead time and validity.
 * Only what the customer's page shows: never their name, e-mail or phone.
 */
export function buildEstimatePdf(estimate: PublicEstimate, shop: StoreProfile): PdfModel {
  const franchise = estimate.vatRegime === 'franchise';
  const meta: [string, string][] = [
    ['Date', docDate(estimate.createdAt)],
    ['Valable jusqu’au', docDate(`${estimate.validUntil}T12:00:00Z`)],
    ['Délai de réparation', estimate.leadTimeDays === 0 ? 'dans la journée' : `${estimate.leadTimeDays} jour${estimate.leadTimeDays > 1 ? 's' : ''}`],
    ['Statut', docText(estimate.lapsed ? 'Expiré' : STATUS_LABELS[estimate.status])],
  ];
  if (estimate.ticketNumber) meta.push(['Ticket', docText(estimate.ticketNumber)]);
  const mentions = [
    'Devis gratuit. Les prix sont indiqués toutes taxes comprises\u00a0; le devis signé vaut commande de la réparation.',
    ...(franchise ? [FRANCHISE_MENTION] : []),
    ...(estimate.bonusCents > 0
      ? ['Bonus réparation\u00a0: aide de l’État (fonds réparation) versée à l’atelier labellisé QualiRépar, déduite du prix payé\u00a0; la TVA reste calculée sur le prix complet.']
      : []),
  ];
  return {
    fileName: estimatePdfFileName(estimate.estimateNumber),
    title: docText(`Devis ${estimate.estimateNumber}`),
    heading: 'Devis',
    reference: docText(`N° ${estimate.estimateNumber}`),
    meta,
    parties: estimate.deviceLabel ? [{ title: 'Appareil', lines: [docText(estimate.deviceLabel)] }] : [],
    tables: [
      {
        title: 'Détail',
        head: ['Désignation', 'Type', 'Qté', 'P.U. HT', 'TVA', 'Total TTC'],
        rows: estimate.lines.map((line) => [
          docText(line.label),
          docText(estimateLineKindLabels[line.kind]),
          String(line.quantity),
          docCents(line.unitPriceCents - includedVatCents(line.unitPriceCents, line.vatRate)),
          franchise ? '—' : docText(vatRateLabel(line.vatRate)),
          docCents(line.totalCents),
        ]),
        align: ['left', 'left', 'right', 'right', 'right', 'right'],
        widths: [4, 1.6, 0.7, 1.4, 1, 1.5],
      },
    ],
    totals: estimateTotalRows(estimate, estimate.vatRegime).map((row) => ({ label: docText(row.label), value: docCents(row.cents), ...(row.strong ? { strong: true } : {}) })),
    notes: estimate.note.trim() ? [{ title: 'Remarques', text: docText(estimate.note.trim()) }] : [],
    mentions: mentions.map(docText),
    shop: shopBlock(shop),
  };
}
