import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cartSubtotalCents } from '@erepare/shared/cart';
import { computeTotals, type Totals } from '@erepare/shared/shop';
import type { ShippingMethod } from '@erepare/shared/schemas/shop';
import { useAppliedCoupon, useCart, useLoyaltyApplied, type AppliedCoupon, type CartState } from '../../../lib/cart-store';
import { useSession } from '../../../lib/session';
import { shopQueries } from '../../../lib/shop-api';
import { toShippingDefinition } from '@erepare/shared/shop';
import type { PriceOverrides } from '../../../lib/use-pricing-refresh';

/** Current prices of cart products, re-read from the shop after the server said the total changed. */

export type CheckoutPricing = {
  /** The cart, its lines at the re-read prices when there are any. */
  cart: CartState;
  coupon: AppliedCoupon | null;
  signedIn: boolean;
  /** Balance usable now (0 for visitors or when it could not be read). */
  loyaltyBalanceCents: number;
  /** The customer chose to use their points and may (signed in, balance above 0). */
  useLoyalty: boolean;
  totals: Totals;
};

/** The cart with the re-read prices applied (the stored cart is left as it is). */
function repriced(cart: CartState, overrides: PriceOverrides | undefined): CartState {
  if (!overrides || overrides.size === 0) return cart;
  let changed = false;
  const items = cart.items.map((item) => {
    const current = overrides.get(item.product_id);
    if (!current || (current.price === item.price && current.sale_price === item.sale_price)) return item;
    changed = true;
    return { ...item, price: current.price, sale_price: current.sale_price };
  });
  return changed ? { ...cart, items, subtotalCents: cartSubtotalCents(items) } : cart;
}

/**
 * The figures of the side summary, with the shared rules (the same computeTotals as the cart and
 * the server): subtotal − coupon + shipping − loyalty, never below 0. `overrides`: prices re-read
 * after a 409 TOTAL_CHANGED, so the summary shows (and the next order sends) the server's total.
 */
export function useCheckoutPricing(shippingMethod: ShippingMethod | null, overrides?: PriceOverrides): CheckoutPricing {
  const storedCart = useCart();
  const cart = useMemo(() => repriced(storedCart, overrides), [storedCart, overrides]);
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
