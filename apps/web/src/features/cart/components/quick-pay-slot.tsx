import { useQuery } from '@tanstack/react-query';
import { Component, Suspense, type ReactNode } from 'react';
import { lazyComponent } from '../../../lib/lazy-component';
import type { CartItem } from '@erepare/shared/cart';
import type { AppliedCoupon } from '../../../lib/cart-store';
import { QUICK_PAY_MIN_CENTS, quickPayConfigQuery, quickPayPublishableKey } from '../lib/quick-pay-config';

/** The block and Stripe's code: a chunk of its own, fetched only when Stripe takes cards. */
const QuickPay = lazyComponent(() => import('./quick-pay').then((module) => ({ default: module.QuickPay })));

/** The chunk failed to load (offline, new deployment): the normal checkout is right above. */
class QuickPayBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export type QuickPaySlotProps = {
  items: readonly CartItem[];
  subtotalCents: number;
  coupon: AppliedCoupon | null;
  /** The loyalty balance used on this cart (0 when the customer does not use their points). */
  loyaltyBalanceCents: number;
  /** The total the cart shows: quick pay is offered from 0,50 € (Stripe's minimum). */
  cartTotalCents: number;
};

/**
 * The express payment's place on the cart (spec 2 §2). Nothing at all without Stripe card payments
 * (GET /api/payments/config), nor below 0,50 €: no chunk, no script.
 */
export function QuickPaySlot({ cartTotalCents, ...props }: QuickPaySlotProps) {
  const config = useQuery(quickPayConfigQuery);
  const publishableKey = quickPayPublishableKey(config.data);
  if (!publishableKey || cartTotalCents < QUICK_PAY_MIN_CENTS) return null;
  return (
    <QuickPayBoundary>
      <Suspense fallback={null}>
        <QuickPay publishableKey={publishableKey} {...props} />
      </Suspense>
    </QuickPayBoundary>
  );
}
