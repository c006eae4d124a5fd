/**
 * Online payments (spec 2 §4, §5, §8, §9): the French texts the buyer sees, the Klarna plans
 * and the client ↔ server contract of the payment endpoints. One source for the server and the
 * web app.
 */
import { formatCents } from './format.js';

// ───────────────────────── messages (spec 2 §8) ─────────────────────────

export const paymentMessages = {
  /** The page's alert for any payment failure. */
  paymentError: (message: string) => `Erreur de paiement: ${message}`,
  klarnaPaymentError: (message: string) => `Erreur de paiement Klarna: ${message}`,
  paypalPaymentError: (message: string) => `Erreur de paiement PayPal: ${message}`,
  revolutPaymentError: (message: string) => `Erreur de paiement Revolut Pay: ${message}`,
  // Card (Stripe)
  httpError: (status: number) => `Erreur HTTP ${status}`,
  intentCreationFailed: 'Erreur lors de la création du Payment Intent',
  confirmationFailed: 'Erreur lors de la confirmation du paiement',
  genericFailure: 'Une erreur est survenue lors du paiement',
  configurationError: 'Erreur de configuration du paiement',
  stripeLoadFailed: 'Impossible de charger Stripe',
  // Klarna
  klarnaUnavailable: 'Service Klarna temporairement indisponible. Veuillez utiliser le paiement par carte bancaire.',
  stripeUnavailable: 'Stripe non disponible',
  klarnaPlanRequired: 'Veuillez sélectionner un plan de paiement Klarna',
  // PayPal
  paypalSdkFailed: 'Erreur de chargement PayPal SDK',
  paypalCaptureFailed: 'Erreur lors de la capture du paiement PayPal',
  paypalError: (message: string) => `Erreur PayPal: ${message}`,
  // Step 5 with a method that has no widget.
  methodInIntegration: "Mode de paiement en cours d'intégration",
  retry: 'Réessayer',
  // Server refusals (4xx, nothing changed)
  notConfigured: 'Ce mode de paiement n’est pas disponible pour le moment. Choisissez-en un autre ou contactez la boutique.',
  orderNotPayable: 'Cette commande n’est plus en attente de paiement.',
  wrongPaymentMethod: 'Cette commande n’a pas été passée avec ce mode de paiement.',
  paymentMismatch: 'Ce paiement ne correspond pas à cette commande.',
  amountMismatch: 'Le montant payé ne correspond pas au total de la commande.',
  currencyMismatch: 'La devise du paiement ne correspond pas à celle de la commande (EUR).',
  paymentNotCompleted: 'Le paiement n’est pas encore confirmé par la banque.',
  paymentDeclined: 'Le paiement a été refusé. Essayez une autre carte ou un autre mode de paiement.',
  paypalNotApproved: 'Le paiement PayPal n’a pas encore été approuvé. Validez-le dans la fenêtre PayPal puis réessayez.',
  providerUnavailable: 'Le service de paiement ne répond pas. Réessayez dans quelques instants.',
  invalidSignature: 'Signature du webhook invalide',
  /** The order was cancelled (unpaid in time) before the payment arrived: the money goes back. */
  lateRefunded: 'Votre commande avait expiré avant la confirmation du paiement\u00a0: le montant vous est intégralement remboursé.',
  // Return pages
  returnPending: 'Paiement en cours de confirmation. Vous recevrez un e-mail dès qu’il sera validé.',
  returnCancelled: 'Paiement annulé. Votre commande reste en attente\u00a0: vous pouvez choisir un autre mode de paiement.',
} as const;

// ───────────────────────── Klarna plans (spec 2 §9) ─────────────────────────

export const KLARNA_PLAN_IDS = ['pay_in_3', 'pay_in_4', 'pay_later', 'financing'] as const;
export type KlarnaPlanId = (typeof KLARNA_PLAN_IDS)[number];

/** Financing is offered only when the amount is strictly above 200 €. */
export const KLARNA_FINANCING_ABOVE_CENTS = 20_000;

export type KlarnaPlan = { id: KlarnaPlanId; title: string; description: string };

/** n instalments of a total in cents, the first carrying the remainder (they add up exactly). */
export function splitInstalments(totalCents: number, count: number): number[] {
  const base = Math.floor(totalCents / count);
  const first = totalCents - base * (count - 1);
  return [first, ...Array.from({ length: count - 1 }, () => base)];
}

/** The plans offered for an amount, with the texts of spec 2 §9. */
export function klarnaPlans(totalCents: number): KlarnaPlan[] {
  const euros = formatCents;
  const [first3 = 0, next3 = 0] = splitInstalments(totalCents, 3);
  const [first4 = 0, next4 = 0] = splitInstalments(totalCents, 4);
  const plans: KlarnaPlan[] = [
    {
      id: 'pay_in_3',
      title: 'Payer en 3 fois',
      description: `${euros(first3)} aujourd'hui, puis ${euros(next3)} à 30 jours et ${euros(next3)} à 60 jours, sans frais.`,
    },
    {
      id: 'pay_in_4',
      title: 'Payer en 4 fois',
      description: `${euros(first4)} aujourd'hui, puis ${euros(next4)} toutes les 2 semaines (4 paiements), sans frais.`,
    },
    {
      id: 'pay_later',
      title: 'Payer dans 30 jours',
      description: `${euros(totalCents)} à régler dans 30 jours, sans frais.`,
    },
  ];
  if (totalCents > KLARNA_FINANCING_ABOVE_CENTS) {
    plans.push({
      id: 'financing',
      title: 'Financement de 6 à 36 mois',
      description: `À partir de ${euros(Math.ceil(totalCents / 12))} par mois, sous réserve d'acceptation par Klarna.`,
    });
  }
  return plans;
}

export function isKlarnaPlanOffered(plan: string, totalCents: number): plan is KlarnaPlanId {
  return klarnaPlans(totalCents).some((candidate) => candidate.id === plan);
}

// ───────────────────────── public configuration ─────────────────────────

/**
 * GET /api/payments/config: what the browser needs to load a provider's script (public values
 * only: the publishable key, the PayPal client id). Null for a provider not configured.
 */
export type PaymentsPublicConfig = {
  stripe: { publishable_key: string; methods: ('card' | 'klarna' | 'revolut_pay')[] } | null;
  paypal: { client_id: string; currency: 'EUR' } | null;
  colissimo: boolean;
};
