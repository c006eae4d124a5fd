import { useQuery } from '@tanstack/react-query';
import { Info, Truck } from 'lucide-react';
import { formatCents } from '@erepare/shared/format';
import { cartDeliveryEstimate, toShippingDefinition, type Totals } from '@erepare/shared/shop';
import type { AppliedCoupon } from '../../../lib/cart-store';
import { shopQueries } from '../../../lib/shop-api';
import { useStoreProfile } from '../../../lib/store-profile';

type CartSummaryProps = { totals: Totals; count: number; coupon: AppliedCoupon | null; loyaltyApplied: boolean };

/**
 * The cart's summary (spec 2 §9: subtotal − coupon − loyalty). Delivery follows the checkout's one
 * rule (free strictly above the threshold after coupon, else "à partir de …") with the prices and
 * thresholds staff set (the same list checkout uses; the built-in ones until it arrives): the
 * method is chosen at checkout, so the total says it does not include delivery when delivery is
 * not free.
 */
export function CartSummary({ totals, count, coupon, loyaltyApplied }: CartSummaryProps) {
  const profile = useStoreProfile();
  const shipping = useQuery(shopQueries.shippingMethods());
  const delivered = shipping.data?.filter((method) => !method.needs_relay).map(toShippingDefinition);
  const delivery = cartDeliveryEstimate(totals.subtotalAfterCouponCents, delivered);
  // How far the cart is from free delivery: the subtotal against the amount that makes it free.
  const progress = delivery.free ? 100 : Math.min(100, Math.round((totals.subtotalAfterCouponCents / (totals.subtotalAfterCouponCents + delivery.missingCents)) * 100));
  const row = 'flex items-baseline justify-between gap-3 py-1.5';
  return (
    <section aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="text-lg font-bold">
        Récapitulatif
      </h2>
      <dl className="mt-3 text-sm">
        <div className={row}>
          <dt>
            Sous-total ({count} article{count > 1 ? 's' : ''})
          </dt>
          <dd className="font-semibold tabular-nums">{formatCents(totals.subtotalCents)}</dd>
        </div>
        {coupon ? (
          <div className={row}>
            <dt>
              Code promo <span className="font-mono">{coupon.code}</span>
            </dt>
            <dd className="font-semibold text-emerald-800 tabular-nums dark:text-emerald-300">
              {coupon.pending ? 'vérification…' : `-${formatCents(totals.couponDiscountCents)}`}
            </dd>
          </div>
        ) : null}
        {loyaltyApplied && totals.loyaltyDiscountCents > 0 ? (
          <div className={row}>
            <dt>Points fidélité</dt>
            <dd className="font-semibold text-emerald-800 tabular-nums dark:text-emerald-300">-{formatCents(totals.loyaltyDiscountCents)}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt>Livraison</dt>
          <dd className="text-right font-semibold">
            {delivery.free ? <span className="text-emerald-800 dark:text-emerald-300">Offerte</span> : `à partir de ${formatCents(delivery.fromCents)}`}
          </dd>
        </div>
        <div className="mt-2 flex items-baseline justify-between gap-3 border-t border-slate-200 pt-3 dark:border-slate-700">
          <dt className="text-base font-bold">{delivery.free ? 'Total' : 'Total hors livraison'}</dt>
          <dd className="text-2xl font-bold tabular-nums">{formatCents(totals.totalCents)}</dd>
        </div>
      </dl>
      {delivery.free ? (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100">
          <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Livraison offerte sur cette commande.
        </p>
      ) : (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm dark:bg-ink-950">
          <p className="flex items-start gap-2 font-medium">
            <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Plus que {formatCents(delivery.missingCents)} pour la livraison offerte
          </p>
          <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
            <div className="h-full rounded-full bg-emerald-600" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}
      <p className="mt-3 flex items-start gap-2 text-xs text-slate-700 dark:text-slate-300">
        <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        Le mode de livraison se choisit à l’étape suivante (retrait gratuit à l’atelier de {profile.address.city}). Prix TTC.
      </p>
    </section>
  );
}
