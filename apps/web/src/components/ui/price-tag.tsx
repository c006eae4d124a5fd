import { formatCents } from '@erepare/shared/format';

type PriceTagProps = {
  /** Price paid, in cents. */
  priceCents: number;
  /** Price before the sale, in cents; shown struck through when higher. */
  regularCents?: number | null;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

const sizes = { sm: 'text-base', md: 'text-lg', lg: 'text-3xl' } as const;

/** A price, with the regular price struck through when on sale (read as "au lieu de …"). */
export function PriceTag({ priceCents, regularCents = null, size = 'md', className = '' }: PriceTagProps) {
  const onSale = regularCents !== null && regularCents > priceCents;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className={`${sizes[size]} font-bold tabular-nums ${onSale ? 'text-red-700 dark:text-red-300' : 'text-slate-900 dark:text-slate-50'}`}>
        {onSale ? <span className="sr-only">Prix promotionnel&nbsp;: </span> : null}
        {formatCents(priceCents)}
      </span>
      {onSale ? (
        <span className="text-sm text-slate-600 tabular-nums dark:text-slate-400">
          <span className="sr-only">au lieu de </span>
          <s>{formatCents(regularCents)}</s>
        </span>
      ) : null}
    </p>
  );
}
