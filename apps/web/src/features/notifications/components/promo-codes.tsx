import { useQuery } from '@tanstack/react-query';
import { Clock, TicketPercent } from 'lucide-react';
import { notificationMessages } from '@erepare/shared/notifications';
import { couponExpiryHint } from '@erepare/shared/shop';
import { CopyCodeButton } from '../../../components/copy-code-button';
import { couponValueLabel } from '../../../lib/coupon-display';
import { shopQueries } from '../../../lib/shop-api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { TOAST_ID } from '../hooks/use-notifications';

/** The active promo codes under the Promos filter (spec 1 §2): copy button and expiry hint. */
export function PromoCodes() {
  const coupons = useQuery(shopQueries.coupons());
  const list = coupons.data ?? [];
  if (coupons.isPending || list.length === 0) return null;
  return (
    <section aria-labelledby="promo-codes-title" className="border-b border-slate-200 px-4 py-3 dark:border-slate-700">
      <h3 id="promo-codes-title" className="flex items-center gap-2 text-sm font-bold">
        <TicketPercent aria-hidden="true" className="size-4" />
        Codes promo actifs
      </h3>
      <ul className="mt-2 space-y-2">
        {list.map((coupon) => {
          const hint = couponExpiryHint(coupon.date_expires ? new Date(coupon.date_expires) : null);
          return (
            <li key={coupon.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-dashed border-brand-600 p-3 dark:border-brand-400">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-mono font-bold tracking-wider">{coupon.code}</span>
                  <span className="text-sm font-bold text-red-700 dark:text-red-300">{couponValueLabel(coupon)}</span>
                </p>
                {coupon.description ? <p className="text-sm text-slate-700 dark:text-slate-300">{coupon.description}</p> : null}
                {hint ? (
                  <p className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800 dark:text-amber-300">
                    <Clock aria-hidden="true" className="size-3.5" />
                    {hint}
                  </p>
                ) : null}
              </div>
              <CopyCodeButton
                code={coupon.code}
                onCopied={() => toastSuccess(notificationMessages.copied, { id: TOAST_ID })}
                onError={() => toastError(notificationMessages.copyError, { id: TOAST_ID })}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
