import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Clock, TicketPercent } from 'lucide-react';
import { useId, useState } from 'react';
import { couponExpiryHint, PROMO_BANNER_DESKTOP, PROMO_BANNER_KEPT, PROMO_BANNER_MOBILE } from '@erepare/shared/shop';
import type { Coupon } from '@erepare/shared/schemas/shop';
import { shopQueries } from '../../../lib/shop-api';
import { CopyCodeButton } from '../../../components/copy-code-button';
import { couponMinimumLabel, couponValueLabel } from '../../../lib/coupon-display';
import { toastError } from '../../../lib/toast';

/** Which breakpoint shows the banner's n-th code while collapsed: 1 on a phone, 3 from md up. */
function visibility(index: number, expanded: boolean): string {
  if (expanded || index < PROMO_BANNER_MOBILE) return 'flex';
  if (index < PROMO_BANNER_DESKTOP) return 'hidden md:flex';
  return 'hidden';
}

type PromoBannerProps = { onUse: (code: string) => void; appliedCode: string | null; busy: boolean };

/**
 * Active promo codes (spec 2 §2): 5 kept, 3 shown on a computer and 1 on a phone, the rest behind
 * "Voir plus"; each with copy (2 s "Copié !"), its expiry hint and a button to use it at once.
 */
export function PromoBanner({ onUse, appliedCode, busy }: PromoBannerProps) {
  const coupons = useQuery(shopQueries.coupons());
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const list: Coupon[] = (coupons.data ?? []).slice(0, PROMO_BANNER_KEPT);
  if (list.length === 0) return null;
  const toggleClass = list.length > PROMO_BANNER_DESKTOP ? '' : list.length > PROMO_BANNER_MOBILE ? 'md:hidden' : 'hidden';

  return (
    <section aria-labelledby={`${listId}-title`} className="rounded-2xl border border-brand-300 bg-brand-50 p-4 dark:border-brand-800 dark:bg-brand-800/20">
      <h2 id={`${listId}-title`} className="flex items-center gap-2 text-base font-bold text-brand-900 dark:text-brand-100">
        <TicketPercent aria-hidden="true" className="size-5" />
        Codes promo du moment
      </h2>
      <ul id={listId} className="mt-3 grid gap-3 md:grid-cols-3">
        {list.map((coupon, index) => {
          const hint = couponExpiryHint(coupon.date_expires ? new Date(coupon.date_expires) : null);
          const minimum = couponMinimumLabel(coupon);
          const applied = appliedCode === coupon.code.toUpperCase();
          return (
            <li
              key={coupon.id}
              className={`${visibility(index, expanded)} flex-col gap-2 rounded-xl border border-dashed border-brand-600 bg-white p-3 dark:border-brand-400 dark:bg-ink-900`}
            >
              <div className="flex items-baseline justify-between gap-2">
                <p className="font-mono text-base font-bold tracking-wider text-slate-900 dark:text-slate-50">{coupon.code}</p>
                <p className="shrink-0 font-bold text-red-700 dark:text-red-300">{couponValueLabel(coupon)}</p>
              </div>
              {coupon.description ? <p className="text-sm text-slate-700 dark:text-slate-300">{coupon.description}</p> : null}
              {minimum || hint ? (
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
                  {minimum ? <span>{minimum}</span> : null}
                  {hint ? (
                    <span className="inline-flex items-center gap-1 font-semibold text-amber-800 dark:text-amber-300">
                      <Clock aria-hidden="true" className="size-3.5" />
                      {hint}
                    </span>
                  ) : null}
                </p>
              ) : null}
              <div className="mt-auto flex flex-wrap gap-2 pt-1">
                <CopyCodeButton code={coupon.code} onError={() => toastError(`Copie impossible\u00a0: notez le code ${coupon.code}`, { id: 'copy' })} />
                <button
                  type="button"
                  onClick={() => onUse(coupon.code)}
                  disabled={busy || applied}
                  className="inline-flex min-h-11 flex-1 items-center justify-center rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-brand-400 dark:text-ink-950 dark:hover:bg-brand-300"
                >
                  {applied ? 'Appliqué' : 'Utiliser'}
                  {applied ? null : (
                    <>
                      {' '}
                      <span className="sr-only">le code {coupon.code}</span>
                    </>
                  )}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((value) => !value)}
        className={`${toggleClass} mt-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-900 hover:underline dark:text-brand-100`}
      >
        {expanded ? 'Voir moins' : 'Voir plus de codes'}
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${expanded ? 'rotate-180' : ''}`} />
      </button>
    </section>
  );
}
