import { useQuery } from '@tanstack/react-query';
import { computeTotals, type Totals } from '@erepare/shared/shop';
import type { ShippingMethod } from '@erepare/shared/schemas/shop';
import { useAppliedCoupon, useCart, useLoyaltyApplied, type AppliedCoupon, type CartState } from '../../../lib/cart-store';
import { useSession } from '../../../lib/session';
import { shopQueries } from '../../../lib/shop-api';
import { toShippingDefinition } from '../lib/shipping';

export type CheckoutPricing = {
  cart: CartState;
  coupon: AppliedCoupon | null;
  signedIn: boolean;
  /** Balance usable now (0 for visitors or when it could not be read). */
  loyaltyBalanceCents: number;
  /** The customer chose to use their points and may (signed in, balance above 0). */
  useLoyalty: boolean;
  totals: Totals;
};

/**
 * The figures of the side summary, with the shared rules (the same computeTotals as the cart and
 * the server): subtotal − coupon + shipping − loyalty, never below 0.
 */
export function useCheckoutPricing(shippingMethod: ShippingMethod | null): CheckoutPricing {
  const cart = useCart();
  const coupon = useAppliedCoupon();
  const loyaltyChosen = useLoyaltyApplied();
  const session = useSession();
  const signedIn = Boolean(session.data);
  const loyalty = useQuery({ ...shopQueries.loyalty(), enabled: signedIn });
  const loyaltyBalanceCents = signedIn ? (loyalty.data ?? 0) : 0;
  const useLoyalty = loyaltyChosen && loyaltyBalanceCents > 0;
  const totals = computeTotals({
    subtotalCents: cart.subtotalCents,
    couponDiscountCents: coupon?.discountCents ?? 0,
    loyaltyBalanceCents: useLoyalty ? loyaltyBalanceCents : 0,
    shippingMethod: shippingMethod ? toShippingDefinition(shippingMethod) : null,
  });
  return { cart, coupon, signedIn, loyaltyBalanceCents, useLoyalty, totals };
}
