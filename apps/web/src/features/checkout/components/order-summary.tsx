import { ChevronDown, MapPin } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { formatCents } from '@erepare/shared/format';
import { setLoyaltyApplied } from '../../../lib/cart-store';
import { CartLines, type DisplayLine } from './cart-lines';
import { TotalsList, type TotalsRows } from './totals-list';
import { TrustBadges } from './trust-badges';

type OrderSummaryProps = {
  lines: readonly DisplayLine[];
  totals: TotalsRows;
  /** The promo code entry (absent once the order exists). */
  promo?: ReactNode;
  /** Loyalty toggle: shown to a signed-in customer with a balance above 0. */
  loyalty?: { balanceCents: number; applied: boolean; discountCents: number } | null;
  totalLabel?: string;
  /** Relay delivery: the chosen Colissimo point (name, then its address). */
  relay?: { name: string; address: string } | null;
};

function LoyaltyToggle({ balanceCents, applied, discountCents }: { balanceCents: number; applied: boolean; discountCents: number }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
      <input
        id={id}
        type="checkbox"
        checked={applied}
        onChange={(event) => setLoyaltyApplied(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-6 shrink-0 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="font-medium">
          Utiliser mes points fidélité
        </label>
        <p id={`${id}-hint`} className="text-slate-600 dark:text-slate-400">
          {`Solde disponible\u00a0: ${formatCents(balanceCents)}`}
          {applied && discountCents > 0 ? ` — réduction de ${formatCents(discountCents)}` : ''}
        </p>
      </div>
    </div>
  );
}

/**
 * The side summary (spec 2 §2): lines, promo code, loyalty, shipping, total and the three badges.
 * Sticky beside the steps on a wide screen; on a phone a "Récapitulatif" bar that opens it, with
 * the total always visible.
 */
export function OrderSummary({ lines, totals, promo, loyalty, totalLabel, relay }: OrderSummaryProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-ink-900">
      <h2 id={`${id}-title`} className="sr-only lg:not-sr-only lg:block lg:px-5 lg:pt-5 lg:text-lg lg:font-bold">
        Récapitulatif
      </h2>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-content`}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-14 w-full items-center justify-between gap-3 rounded-2xl px-4 py-3 text-left lg:hidden"
      >
        <span className="flex items-center gap-2">
          <ChevronDown aria-hidden="true" className={`size-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
          <span>
            <span className="block font-semibold">Récapitulatif</span>
            <span className="block text-sm text-slate-600 dark:text-slate-400">{`${count} article${count > 1 ? 's' : ''}`}</span>
          </span>
        </span>
        <span className="text-base font-bold">{formatCents(totals.totalCents)}</span>
      </button>
      <div id={`${id}-content`} className={`${open ? 'grid' : 'hidden'} gap-4 border-t border-slate-200 p-4 lg:grid lg:border-t-0 lg:p-5 dark:border-slate-700`}>
        <CartLines lines={lines} />
        {promo ? <div className="border-t border-slate-200 pt-4 dark:border-slate-700">{promo}</div> : null}
        {loyalty ? <LoyaltyToggle {...loyalty} /> : null}
        <div className="border-t border-slate-200 pt-4 dark:border-slate-700">
          <TotalsList rows={totals} {...(totalLabel ? { totalLabel } : {})} />
        </div>
        {relay ? (
          <p className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-ink-800">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" />
            <span>
              <span className="block font-medium">{`Point relais\u00a0: ${relay.name}`}</span>
              <span className="block text-slate-600 dark:text-slate-400">{relay.address}</span>
            </span>
          </p>
        ) : null}
        <TrustBadges />
      </div>
    </section>
  );
}
