/**
 * Shop rules shared by the server (the authority) and the web app (which shows the same figures
 * before the server confirms them): money strings, shipping, coupons, totals (spec 2 §5, §9).
 * Every amount is in integer cents.
 */
import { formatAmount } from './format.js';
import type { ShippingMethod } from './schemas/shop.js';
import { PRODUCT_WARRANTY_MONTHS } from './warranty.js';

// ───────────────────────── money ─────────────────────────

/** WooCommerce convention for money in API answers: "49.90". */
export function centsToDecimal(cents: number): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "49.90" or "49,9" → 4990; null when it is not a plain non-negative decimal amount. */
export function decimalToCents(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
  const cleaned = value.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/**
 * An amount in text, without its currency sign: French decimals and thousands grouped as Intl
 * writes them ("1 234,50", a narrow no-break space between the groups), so a price never breaks
 * across a line. For display only: a form field's value stays ungrouped (the staff screens'
 * `centsToInput`), and an amount read back is parsed by `decimalToCents` / `parseEurosToCents`.
 * With its sign, use `formatCents` ("1 234,50 €").
 */
export function euroAmount(cents: number): string {
  return formatAmount(cents);
}

// ───────────────────────── constants ─────────────────────────

export const SHOP_PAGE_SIZE = 12;
export const SHORT_DESCRIPTION_LENGTH = 150;
/** Cap of a cart line when the stock is unknown (spec 2 §5). */
export const CART_UNKNOWN_STOCK_CAP = 999;
/** Commercial warranty on every product (spec 2 §1), apart from the legal guarantees: warranty.ts. */
export const WARRANTY_MONTHS = PRODUCT_WARRANTY_MONTHS;
/** Standard delivery is free when the subtotal after coupon is strictly above this. */
export const FREE_SHIPPING_ABOVE_CENTS = 5000;
/** Express delivery is free from this subtotal after coupon (inclusive). */
export const FREE_EXPRESS_FROM_CENTS = 10000;
/** Promo codes expiring within this many days show a hint (spec 2 §2, §9). */
export const PROMO_EXPIRY_WARNING_DAYS = 7;
/** Active promo codes kept for the banner; shown on desktop and on phones (spec 2 §2). */
export const PROMO_BANNER_KEPT = 5;
export const PROMO_BANNER_DESKTOP = 3;
export const PROMO_BANNER_MOBILE = 1;
export const FALLBACK_CATEGORIES = ['Smartphones', 'Ordinateurs', 'Tablettes', 'Accessoires'] as const;
/** PayPal never receives less than this (spec 2 §5). */
export const MINIMUM_ONLINE_TOTAL_CENTS = 1;
export const CART_TOAST_MS = 3000;

// ───────────────────────── shipping (spec 2 §9, issue 5 rule) ─────────────────────────

export type ShippingMethodId = 'local_pickup' | 'colissimo_no_sign' | 'colissimo_sign' | 'colissimo_relais' | 'chronopost';

export type ShippingMethodDefinition = {
  id: ShippingMethodId;
  title: string;
  description: string;
  costCents: number;
  /** 'standard': free strictly above 50 €; 'express': free from 100 €; 'pickup': always free. */
  kind: 'pickup' | 'standard' | 'express';
  /** A relay point must be chosen (the picker arrives with the payments issue). */
  needsRelay: boolean;
  needsAddress: boolean;
  /**
   * Threshold set by staff (admin shipping methods), replacing the kind's default (standard:
   * free strictly above it; express: free from it); null: never free. Absent: the default.
   */
  freeThresholdCents?: number | null;
};

export const SHIPPING_METHODS: readonly ShippingMethodDefinition[] = [
  {
    id: 'local_pickup',
    title: 'Retrait en boutique',
    description: 'Gratuit, à Gujan-Mestras, du mardi au samedi',
    costCents: 0,
    kind: 'pickup',
    needsRelay: false,
    needsAddress: false,
  },
  {
    id: 'colissimo_no_sign',
    title: 'Colissimo sans signature',
    description: 'Livraison à domicile en 48 h ouvrées',
    costCents: 690,
    kind: 'standard',
    needsRelay: false,
    needsAddress: true,
  },
  {
    id: 'colissimo_sign',
    title: 'Colissimo avec signature',
    description: 'Livraison à domicile contre signature en 48 h ouvrées',
    costCents: 990,
    kind: 'standard',
    needsRelay: false,
    needsAddress: true,
  },
  {
    id: 'colissimo_relais',
    title: 'Colissimo en point relais',
    description: 'Retrait dans un point relais ou un bureau de poste proche de chez vous',
    costCents: 590,
    kind: 'standard',
    needsRelay: true,
    needsAddress: true,
  },
  {
    id: 'chronopost',
    title: 'Chronopost express',
    description: 'Livraison express à domicile le lendemain avant 13 h',
    costCents: 1190,
    kind: 'express',
    needsRelay: false,
    needsAddress: true,
  },
];

export function findShippingMethod(id: string): ShippingMethodDefinition | undefined {
  return SHIPPING_METHODS.find((method) => method.id === id);
}

/** Subtotal after coupon from which (strictly above, for standard) a method ships free; null for pickup. */
export function freeShippingThresholdCents(method: ShippingMethodDefinition): number | null {
  if (method.kind === 'pickup') return null;
  if (method.freeThresholdCents !== undefined) return method.freeThresholdCents;
  return method.kind === 'express' ? FREE_EXPRESS_FROM_CENTS : FREE_SHIPPING_ABOVE_CENTS;
}

export function isShippingFree(method: ShippingMethodDefinition, subtotalAfterCouponCents: number): boolean {
  if (method.kind === 'pickup') return true;
  const threshold = freeShippingThresholdCents(method);
  if (threshold === null) return false;
  if (method.kind === 'express') return subtotalAfterCouponCents >= threshold;
  return subtotalAfterCouponCents > threshold;
}

export function shippingCostCents(method: ShippingMethodDefinition, subtotalAfterCouponCents: number): number {
  return isShippingFree(method, subtotalAfterCouponCents) ? 0 : method.costCents;
}

/**
 * What is missing for free delivery: for standard methods the subtotal must exceed 50 € (so 1 cent
 * more than 50 € is needed at exactly 50 €); for express it must reach 100 €. 0 when already free.
 */
export function missingForFreeShippingCents(method: ShippingMethodDefinition, subtotalAfterCouponCents: number): number {
  if (isShippingFree(method, subtotalAfterCouponCents)) return 0;
  const threshold = freeShippingThresholdCents(method);
  // Never free (staff removed the threshold): nothing to reach.
  if (threshold === null) return 0;
  const target = method.kind === 'express' ? threshold : threshold + 1;
  return Math.max(0, target - subtotalAfterCouponCents);
}

/** The API's method (`GET /api/shop/shipping-methods`) as the rules above take it: staff's price and threshold win. */
export function toShippingDefinition(method: ShippingMethod): ShippingMethodDefinition {
  return {
    id: method.id as ShippingMethodDefinition['id'],
    title: method.title,
    description: method.description,
    costCents: decimalToCents(method.cost) ?? 0,
    kind: method.kind,
    needsRelay: method.needs_relay,
    needsAddress: method.needs_address,
    freeThresholdCents: method.free_threshold === null ? null : (decimalToCents(method.free_threshold) ?? null),
  };
}

/**
 * The subtotal (after coupon) above which home delivery is free: the lowest threshold of the
 * standard methods, in cents; null when none is ever free. What "Livraison offerte au-delà de …"
 * says, from the same methods the cart and checkout apply.
 */
export function freeDeliveryAboveCents(
  methods: readonly ShippingMethodDefinition[] = SHIPPING_METHODS.filter((method) => !method.needsRelay),
): number | null {
  const thresholds = methods
    .filter((method) => method.kind === 'standard')
    .map(freeShippingThresholdCents)
    .filter((threshold): threshold is number => threshold !== null);
  return thresholds.length === 0 ? null : Math.min(...thresholds);
}

/** The cart's delivery line (one rule with checkout): free, or from the cheapest delivery method. */
export function cartDeliveryEstimate(
  subtotalAfterCouponCents: number,
  methods: readonly ShippingMethodDefinition[] = SHIPPING_METHODS.filter((method) => !method.needsRelay),
): { free: true } | { free: false; fromCents: number; missingCents: number } {
  const delivered = methods.filter((method) => method.kind === 'standard');
  if (delivered.length === 0 || delivered.some((method) => isShippingFree(method, subtotalAfterCouponCents))) return { free: true };
  const cheapest = delivered.reduce((best, method) => (method.costCents < best.costCents ? method : best));
  return { free: false, fromCents: cheapest.costCents, missingCents: missingForFreeShippingCents(cheapest, subtotalAfterCouponCents) };
}

// ───────────────────────── coupons (spec 2 §5, §8) ─────────────────────────

export const couponMessages = {
  notFound: 'Code promo invalide ou inexistant',
  inactive: 'Ce code promo n\'est plus actif',
  expired: 'Ce code promo a expiré',
  exhausted: 'Ce code promo a atteint sa limite d\'utilisation',
  // The spec's words (« Montant minimum requis: {amount}€ ») with French typography (issue 22 §4.6).
  minimum: (cents: number) => `Montant minimum requis\u00a0: ${euroAmount(cents)}\u00a0€`,
  maximum: (cents: number) => `Montant maximum dépassé\u00a0: ${euroAmount(cents)}\u00a0€`,
  failure: 'Erreur lors de la validation du code promo',
  empty: 'Veuillez entrer un code promo',
  invalidFallback: 'Code promo invalide',
  removed: 'Code promo retiré',
  // French typography (issue 22 §4.6): no-break spaces before « ! » and « € », none between the sign and the amount.
  appliedCart: (code: string, cents: number) => `Code ${code} appliqué\u00a0! -${euroAmount(cents)}\u00a0€`,
  appliedCheckout: (code: string, cents: number) => `Code promo «\u00a0${code}\u00a0» appliqué\u00a0! Réduction de ${euroAmount(cents)}\u00a0€`,
} as const;

export type CouponDiscountType = 'percent' | 'fixed_cart' | 'fixed_product';

export type CouponRule = {
  code: string;
  status: 'publish' | 'draft' | 'pending' | 'private' | 'trash';
  discountType: CouponDiscountType;
  /** Percent types: hundredths of a percent (1000 = 10 %); fixed types: cents. */
  amount: number;
  expiresAt: Date | null;
  usageLimit: number | null;
  usageCount: number;
  minimumCents: number;
  /** 0: no maximum. */
  maximumCents: number;
};

export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export type CouponEvaluation = { valid: true; discountCents: number } | { valid: false; error: string };

/**
 * The checks of spec 2 §5 in order: exists, published, not expired, usage below the limit, cart total
 * at or above the minimum, at or below the maximum when above 0. The discount never exceeds the total.
 */
export function evaluateCoupon(
  coupon: CouponRule | null | undefined,
  cart: { subtotalCents: number; itemCount: number },
  now: Date = new Date(),
): CouponEvaluation {
  if (!coupon) return { valid: false, error: couponMessages.notFound };
  if (coupon.status !== 'publish') return { valid: false, error: couponMessages.inactive };
  if (coupon.expiresAt && coupon.expiresAt.getTime() < now.getTime()) return { valid: false, error: couponMessages.expired };
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) return { valid: false, error: couponMessages.exhausted };
  if (cart.subtotalCents < coupon.minimumCents) return { valid: false, error: couponMessages.minimum(coupon.minimumCents) };
  if (coupon.maximumCents > 0 && cart.subtotalCents > coupon.maximumCents) {
    return { valid: false, error: couponMessages.maximum(coupon.maximumCents) };
  }
  let discount: number;
  if (coupon.discountType === 'percent') discount = Math.round((cart.subtotalCents * coupon.amount) / 10000);
  else if (coupon.discountType === 'fixed_product') discount = coupon.amount * cart.itemCount;
  else discount = coupon.amount;
  return { valid: true, discountCents: Math.max(0, Math.min(discount, cart.subtotalCents)) };
}

/** Days left before a coupon expires, counted in whole days (0 = expires today). */
export function couponDaysLeft(expiresAt: Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 86_400_000));
}

/** "Expire demain" at 1 day left, "N jours restants" at 7 days or fewer, otherwise nothing. */
export function couponExpiryHint(expiresAt: Date | null, now: Date = new Date()): string | null {
  if (!expiresAt) return null;
  const days = couponDaysLeft(expiresAt, now);
  if (days > PROMO_EXPIRY_WARNING_DAYS) return null;
  if (days <= 0) return 'Expire aujourd\'hui';
  if (days === 1) return 'Expire demain';
  return `${days} jours restants`;
}

// ───────────────────────── totals (spec 2 §9) ─────────────────────────

export type TotalsInput = {
  subtotalCents: number;
  couponDiscountCents: number;
  /** Balance available to the signed-in customer, 0 when not used. */
  loyaltyBalanceCents: number;
  /** Null on the cart page (no method chosen yet). */
  shippingMethod: ShippingMethodDefinition | null;
};

export type Totals = {
  subtotalCents: number;
  couponDiscountCents: number;
  subtotalAfterCouponCents: number;
  loyaltyDiscountCents: number;
  shippingCents: number;
  totalCents: number;
};

/**
 * Total = subtotal − coupon + shipping − loyalty, never below 0. Loyalty covers at most the
 * subtotal after coupon: the customer never loses points on a part of the price already removed.
 */
export function computeTotals(input: TotalsInput): Totals {
  const subtotal = Math.max(0, Math.round(input.subtotalCents));
  const coupon = Math.max(0, Math.min(Math.round(input.couponDiscountCents), subtotal));
  const afterCoupon = subtotal - coupon;
  const loyalty = Math.max(0, Math.min(Math.round(input.loyaltyBalanceCents), afterCoupon));
  const shipping = input.shippingMethod ? shippingCostCents(input.shippingMethod, afterCoupon) : 0;
  return {
    subtotalCents: subtotal,
    couponDiscountCents: coupon,
    subtotalAfterCouponCents: afterCoupon,
    loyaltyDiscountCents: loyalty,
    shippingCents: shipping,
    totalCents: Math.max(0, afterCoupon + shipping - loyalty),
  };
}

// ───────────────────────── payment methods ─────────────────────────

export type PaymentMethodId = 'bacs' | 'cod' | 'stripe' | 'klarna' | 'paypal' | 'revolut_pay';

/** Methods whose order is settled without an online payment (status set at creation). */
export const OFFLINE_PAYMENT_METHODS: readonly PaymentMethodId[] = ['bacs', 'cod'];

export const PAYMENT_METHOD_TITLES: Record<PaymentMethodId, string> = {
  bacs: 'Virement bancaire',
  cod: 'Paiement en boutique au retrait',
  stripe: 'Carte bancaire',
  klarna: 'Klarna',
  paypal: 'PayPal',
  revolut_pay: 'Revolut Pay',
};

// ───────────────────────── orders ─────────────────────────

export type OrderStatus = 'pending' | 'processing' | 'on-hold' | 'completed' | 'cancelled' | 'refunded' | 'failed';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'En attente de paiement',
  processing: 'En préparation',
  'on-hold': 'En attente de virement',
  completed: 'Terminée',
  cancelled: 'Annulée',
  refunded: 'Remboursée',
  failed: 'Échouée',
};

export const shopMessages = {
  emptyCartAtSubmit: 'Le panier est vide. Veuillez ajouter des articles avant de commander.',
  emptyCart: 'Votre panier est vide',
  productNotFound: 'Produit introuvable',
  productUnavailable: (name: string) => `${name} n'est plus disponible`,
  insufficientStock: (name: string, available: number) =>
    available > 0 ? `Stock insuffisant pour ${name}\u00a0: ${available} disponible${available > 1 ? 's' : ''}` : `${name} est en rupture de stock`,
  invalidData: (list: string[]) => `Données invalides: ${list.join(', ')}`,
  unknownShipping: 'Mode de livraison indisponible',
  addressRequired: 'Adresse requise',
  codNeedsPickup: 'Le paiement en boutique est réservé au retrait en boutique',
  unknownPayment: 'Mode de paiement indisponible',
  termsRequired: 'Veuillez accepter les conditions générales de vente',
  loyaltyNeedsAccount: 'Connectez-vous avec un compte vérifié pour utiliser vos points fidélité',
  orderNotFound: 'Commande introuvable',
  creditNoteNotFound: 'Avoir introuvable',
  orderCreated: (id: number | string) => `Commande #${id} créée avec succès !`,
  orderCreationFailed: 'Erreur lors de la création de la commande',
  retryOrContact: 'Veuillez réessayer ou contacter le support.',
  unknownError: 'Erreur inconnue',
  catalogueEmpty: 'Aucun produit n\'est en vente pour le moment',
  productsFound: 'Produits récupérés',
} as const;

/** The spec's per-field messages of checkout (spec 2 §5). */
export const checkoutFieldMessages = {
  email: 'Adresse e-mail requise',
  firstName: 'Prénom requis',
  lastName: 'Nom requis',
  phone: 'Téléphone requis',
  address1: 'Adresse requise',
  city: 'Ville requise',
  postcode: 'Code postal requis',
  billing: 'Données de facturation manquantes',
  items: 'Aucun article dans la commande',
} as const;
