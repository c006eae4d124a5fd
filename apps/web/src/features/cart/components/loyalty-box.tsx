import { Coins } from 'lucide-react';
import { useId } from 'react';
import { formatCents } from '@erepare/shared/format';
import { setLoyaltyApplied } from '../../../lib/cart-store';

type LoyaltyBoxProps = { balanceCents: number; applied: boolean; discountCents: number };

/** Loyalty points (spec 2 §5): for a signed-in customer with a balance; discount = min(balance, subtotal). */
export function LoyaltyBox({ balanceCents, applied, discountCents }: LoyaltyBoxProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-ink-900">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-bold">
        <Coins aria-hidden="true" className="size-4" />
        Points fidélité
      </h2>
      <label htmlFor={`${id}-toggle`} className="mt-3 flex min-h-11 cursor-pointer items-center justify-between gap-3">
        <span className="text-sm">Utiliser mes points ({formatCents(balanceCents)})</span>
        <span className="relative inline-flex shrink-0 items-center">
          <input
            id={`${id}-toggle`}
            type="checkbox"
            role="switch"
            checked={applied}
            onChange={(event) => setLoyaltyApplied(event.target.checked)}
            aria-describedby={`${id}-hint`}
            className="peer h-7 w-12 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors checked:bg-emerald-700 dark:bg-slate-600 dark:checked:bg-emerald-500"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute left-1 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
          />
        </span>
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-700 dark:text-slate-300">
        {applied ? `-${formatCents(discountCents)} sur cette commande` : 'Vos points réduisent le total, jusqu’au montant de vos articles.'}
      </p>
    </section>
  );
}
