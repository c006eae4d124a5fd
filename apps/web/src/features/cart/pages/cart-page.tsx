import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CartItem } from '@erepare/shared/cart';
import { formatCents } from '@erepare/shared/format';
import { cartDeliveryEstimate, computeTotals } from '@erepare/shared/shop';
import { ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  clearCart,
  removeFromCart,
  updateQuantity,
  useAppliedCoupon,
  useCart,
  useLoyaltyApplied,
} from '../../../lib/cart-store';
import { useSession } from '../../../lib/session';
import { shopQueries } from '../../../lib/shop-api';
import { useFreshCart } from '../../../lib/use-fresh-cart';
import { AdvantagesCard } from '../components/advantages-card';
import { CartChanges } from '../../../components/cart-changes';
import { CartLine } from '../components/cart-line';
import { CartSummary } from '../components/cart-summary';
import { EmptyCart } from '../components/empty-cart';
import { LoyaltyBox } from '../components/loyalty-box';
import { PromoBanner } from '../components/promo-banner';
import { PromoBox } from '../components/promo-box';
import { QuickPaySlot } from '../components/quick-pay-slot';
import { usePromoCode } from '../hooks/use-promo-code';
import { toastSuccess, toastError } from '../../../lib/toast';

/** Loyalty balance in cents of the signed-in customer; 0 for a visitor (the call is not made). */
function useLoyaltyBalance(): number {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const loyalty = useQuery({ ...shopQueries.loyalty(), enabled: signedIn });
  return signedIn ? (loyalty.data ?? 0) : 0;
}

export function CartPage() {
  const cart = useCart();
  const coupon = useAppliedCoupon();
  const loyaltyChosen = useLoyaltyApplied();
  const balance = useLoyaltyBalance();
  const promo = usePromoCode();
  const [confirmClear, setConfirmClear] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const fresh = useFreshCart(cart.items);

  if (cart.items.length === 0) return <EmptyCart />;

  const loyaltyApplied = loyaltyChosen && balance > 0;
  const totals = computeTotals({
    subtotalCents: cart.subtotalCents,
    couponDiscountCents: coupon && !coupon.pending ? coupon.discountCents : 0,
    loyaltyBalanceCents: loyaltyApplied ? balance : 0,
    shippingMethod: null,
  });

  const onQuantity = (item: CartItem, quantity: number) => {
    const result = updateQuantity(item.product_id, quantity);
    if (!result.ok) toastError(result.message, { id: 'cart' });
    else setAnnouncement(`${item.name}\u00a0: quantité ${Math.max(1, quantity)}`);
  };
  const onRemove = (item: CartItem) => {
    const result = removeFromCart(item.product_id);
    if (result.ok) toastSuccess(result.message, { id: 'cart' });
    else toastError(result.message, { id: 'cart' });
  };
  const onClear = () => {
    setConfirmClear(false);
    const result = clearCart();
    if (result.ok) toastSuccess(result.message, { id: 'cart' });
    else toastError(result.message, { id: 'cart' });
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          Mon panier{' '}
          <span className="text-lg font-medium text-slate-600 dark:text-slate-400">
            ({cart.count} article{cart.count > 1 ? 's' : ''})
          </span>
        </h1>
        <div className="hidden sm:block">
          <ButtonLink to="/boutique" variant="ghost">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Continuer mes achats
          </ButtonLink>
        </div>
      </div>
      <CartChanges changes={fresh.changes} />
      {/* On a phone the summary is far down: the total and the way on are also right here. */}
      <div className="mb-5 flex items-center justify-between gap-3 rounded-2xl bg-slate-50 p-3 lg:hidden dark:bg-ink-900">
        <p className="text-sm">
          {cartDeliveryEstimate(totals.subtotalAfterCouponCents).free ? 'Total' : 'Total hors livraison'}
          <span className="block text-lg font-bold tabular-nums">{formatCents(totals.totalCents)}</span>
        </p>
        <ButtonLink to="/checkout">
          Passer commande
          <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-8">
        <div className="space-y-6">
          <section aria-labelledby="cart-items-title" className="rounded-2xl border border-slate-200 bg-white px-4 dark:border-slate-700 dark:bg-ink-900">
            <h2 id="cart-items-title" className="sr-only">
              Articles
            </h2>
            <ul className="divide-y divide-slate-200 dark:divide-slate-700">
              {cart.items.map((item) => (
                <CartLine key={item.product_id} item={item} onQuantity={onQuantity} onRemove={onRemove} />
              ))}
            </ul>
            <div className="flex justify-end border-t border-slate-200 py-2 dark:border-slate-700">
              <button
                type="button"
                onClick={() => setConfirmClear(true)}
                className="-mr-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Vider le panier
              </button>
            </div>
          </section>
          <PromoBanner onUse={(code) => void promo.apply(code)} appliedCode={coupon?.code ?? null} busy={promo.busy} />
        </div>

        <div className="space-y-4 lg:sticky lg:top-20">
          <PromoBox coupon={coupon} busy={promo.busy} message={promo.message} onApply={promo.apply} onRemove={promo.remove} />
          {balance > 0 ? <LoyaltyBox balanceCents={balance} applied={loyaltyApplied} discountCents={totals.loyaltyDiscountCents} /> : null}
          <div className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-ink-900">
            <CartSummary totals={totals} count={cart.count} coupon={coupon} loyaltyApplied={loyaltyApplied} />
            <div className="mt-4 space-y-2">
              <ButtonLink to="/checkout" className="w-full text-base">
                Passer commande
                <ArrowRight aria-hidden="true" className="size-4" />
              </ButtonLink>
              <QuickPaySlot
                items={cart.items}
                subtotalCents={cart.subtotalCents}
                coupon={coupon}
                loyaltyBalanceCents={loyaltyApplied ? balance : 0}
                cartTotalCents={totals.totalCents}
              />
              <ButtonLink to="/boutique" variant="secondary" className="w-full">
                Continuer mes achats
              </ButtonLink>
            </div>
          </div>
          <AdvantagesCard />
        </div>
      </div>

      {confirmClear ? (
        <ConfirmDialog title="Vider le panier&nbsp;?" confirmLabel="Vider le panier" onConfirm={onClear} onCancel={() => setConfirmClear(false)}>
          {cart.count > 1 ? `Les ${cart.count} articles de votre panier seront retirés.` : 'L’article de votre panier sera retiré.'}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
