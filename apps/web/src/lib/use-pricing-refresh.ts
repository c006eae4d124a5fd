import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { CartItem } from '@erepare/shared/cart';
import { productToCartItem, refreshCartLines, setAppliedCoupon, setLoyaltyApplied, type AppliedCoupon } from './cart-store';
import { shopKeys, shopQueries, validateCoupon } from './shop-api';
import type { StaleTotalCode } from './orders-api';

type RefreshInput = {
  code: StaleTotalCode;
  items: readonly Pick<CartItem, 'product_id' | 'quantity'>[];
  coupon: AppliedCoupon | null;
};


/** Prices read again after a 409 (product id → its current prices), applied over the cart's. */
export type PriceOverrides = ReadonlyMap<number, Pick<CartItem, 'price' | 'sale_price'>>;

/**
 * After a 409 TOTAL_CHANGED / LOYALTY_UNAVAILABLE: reads again everything the summary's total
 * depends on, so the customer sees the server's total and can order again.
 *   - shipping methods and the loyalty balance (their queries are refetched);
 *   - LOYALTY_UNAVAILABLE: the loyalty toggle is turned off;
 *   - each cart product, fresh (shop API query options): the stored cart lines take its current
 *     price and stock (so the cart page agrees), and `overrides` applies them at once here;
 *   - the applied coupon is checked again (its discount was computed for the old prices).
 * Never throws: whatever could not be read keeps its previous value.
 */
export function usePricingRefresh() {
  const queryClient = useQueryClient();
  const [overrides, setOverrides] = useState<PriceOverrides>(() => new Map());

  const refresh = useCallback(
    async ({ code, items, coupon }: RefreshInput) => {
      if (code === 'LOYALTY_UNAVAILABLE') setLoyaltyApplied(false);
      const refetches = Promise.allSettled([
        queryClient.invalidateQueries({ queryKey: shopKeys.shippingMethods }),
        queryClient.invalidateQueries({ queryKey: shopKeys.loyalty }),
      ]);
      const products = await Promise.allSettled(
        items.map((item) => queryClient.fetchQuery({ ...shopQueries.product(item.product_id), staleTime: 0 })),
      );
      const freshProducts = products.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      refreshCartLines(freshProducts);
      const fresh = freshProducts.map(productToCartItem);
      if (fresh.length > 0) {
        setOverrides((previous) => {
          const next = new Map(previous);
          for (const line of fresh) next.set(line.product_id, { price: line.price, sale_price: line.sale_price });
          return next;
        });
      }
      if (coupon) {
        const check = await validateCoupon(
          coupon.code,
          items.map(({ product_id, quantity }) => ({ product_id, quantity })),
        ).catch(() => null);
        if (check?.status === 'valid') setAppliedCoupon({ code: check.code, discountCents: check.discountCents });
        else if (check?.status === 'invalid') setAppliedCoupon(null);
      }
      await refetches;
    },
    [queryClient],
  );

  return { overrides, refresh };
}
