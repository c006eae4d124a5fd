import { formatCents } from '@erepare/shared/format';

export type TotalsRows = {
  subtotalCents: number;
  couponDiscountCents: number;
  couponCode?: string | null;
  loyaltyDiscountCents: number;
  /** null: no method chosen yet. */
  shippingCents: number | null;
  shippingLabel?: string;
  totalCents: number;
};

/** Subtotal, discounts, shipping and total as a description list (read in order by screen readers). */
export function TotalsList({ rows, totalLabel = 'Total TTC' }: { rows: TotalsRows; totalLabel?: string }) {
  const line = 'flex items-baseline justify-between gap-3';
  return (
    <dl className="grid gap-2 text-sm">
      <div className={line}>
        <dt>Sous-total</dt>
        <dd>{formatCents(rows.subtotalCents)}</dd>
      </div>
      {rows.couponDiscountCents > 0 ? (
        <div className={`${line} text-emerald-700 dark:text-emerald-300`}>
          <dt>{rows.couponCode ? `Code promo ${rows.couponCode}` : 'Code promo'}</dt>
          <dd>{`−${formatCents(rows.couponDiscountCents)}`}</dd>
        </div>
      ) : null}
      <div className={line}>
        <dt>{rows.shippingLabel ? `Livraison (${rows.shippingLabel})` : 'Livraison'}</dt>
        <dd>{rows.shippingCents === null ? 'À choisir' : rows.shippingCents === 0 ? 'Gratuit' : formatCents(rows.shippingCents)}</dd>
      </div>
      {rows.loyaltyDiscountCents > 0 ? (
        <div className={`${line} text-emerald-700 dark:text-emerald-300`}>
          <dt>Points fidélité</dt>
          <dd>{`−${formatCents(rows.loyaltyDiscountCents)}`}</dd>
        </div>
      ) : null}
      <div className={`${line} border-t border-slate-200 pt-2 text-base font-bold dark:border-slate-700`}>
        <dt>{totalLabel}</dt>
        <dd>{formatCents(rows.totalCents)}</dd>
      </div>
    </dl>
  );
}
