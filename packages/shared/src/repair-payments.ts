/**
 * Paying a repair invoice (or an estimate's deposit) online (issue 24 §4): the French texts the
 * customer and staff see. Amounts always come from the server (invoice-amounts.ts).
 */

export const REPAIR_PAYMENT_PROVIDERS = ['stripe', 'paypal'] as const;
export type RepairPaymentProvider = (typeof REPAIR_PAYMENT_PROVIDERS)[number];

/** How long the « Payer en ligne » link of the « prête à récupérer » e-mail stays valid. */
export const INVOICE_PAYMENT_LINK_DAYS = 30;

/** What the customer sees of an online payment once back from the provider. */
export type RepairPaymentState = 'paid' | 'pending' | 'failed' | 'canceled';

export const repairPaymentMessages = {
  invoiceNotFound: 'Facture introuvable',
  linkUnknown: 'Ce lien de paiement n’est pas valide. Vérifiez l’adresse reçue par e-mail ou contactez la boutique.',
  linkExpired: 'Ce lien de paiement a expiré. Payez depuis votre compte ou contactez la boutique pour en recevoir un nouveau.',
  linkRevoked: 'Ce lien de paiement n’est plus valable. Payez depuis votre compte ou contactez la boutique.',
  alreadyPaid: 'Cette facture est déjà réglée\u00a0: il n’y a rien à payer.',
  refunded: 'Cette facture a été remboursée\u00a0: il n’y a rien à payer.',
  nothingDue: 'Il n’y a rien à payer sur cette facture.',
  providerNotAvailable: 'Ce mode de paiement n’est pas disponible pour le moment. Choisissez-en un autre ou contactez la boutique.',
  estimateUnknown: 'Ce lien de devis n’est pas valide. Vérifiez l’adresse reçue par e-mail ou contactez la boutique.',
  estimateExpired: 'Ce lien de devis a expiré. Contactez la boutique pour en recevoir un nouveau.',
  estimateRevoked: 'Ce devis a été remplacé par une version plus récente\u00a0: utilisez le lien du dernier e-mail reçu.',
  noDeposit: 'Ce devis ne demande pas d’acompte.',
  depositNotYet: 'Acceptez d’abord le devis\u00a0: l’acompte se règle ensuite.',
  depositPaid: 'L’acompte de ce devis est déjà réglé.',
  paymentUnknown: 'Paiement introuvable.',
  notPaidYet: 'Le paiement n’est pas encore confirmé par la banque.',
  declined: 'Le paiement a été refusé. Essayez une autre carte ou un autre mode de paiement.',
  /** Return page texts. */
  returnPaid: 'Paiement confirmé\u00a0: merci\u00a0! Un reçu vous a été envoyé par e-mail.',
  returnPending: 'Paiement en cours de confirmation… Cette page se met à jour toute seule.',
  returnFailed: 'Le paiement n’a pas abouti. Aucun montant n’a été prélevé\u00a0: vous pouvez réessayer.',
  returnCanceled: 'Paiement annulé\u00a0: aucun montant n’a été prélevé.',
  returnSlow: 'La confirmation prend plus de temps que prévu. Vous recevrez un reçu par e-mail dès qu’elle arrivera\u00a0; vous pouvez fermer cette page.',
} as const;

/** How an online payment is named on the invoice (its payments list) and in the receipt. */
export function repairPaymentMethodLabel(provider: RepairPaymentProvider): string {
  return provider === 'paypal' ? 'PayPal (en ligne)' : 'Carte bancaire (en ligne)';
}

/** The customer-facing state of our repair_payments row. */
export function repairPaymentStateOf(status: string): RepairPaymentState {
  if (status === 'succeeded') return 'paid';
  if (status === 'failed') return 'failed';
  if (status === 'canceled') return 'canceled';
  return 'pending';
}
