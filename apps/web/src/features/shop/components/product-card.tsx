import { memo } from 'react';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { decimalToCents } from '@erepare/shared/shop';
import type { Product } from '@erepare/shared/schemas/shop';
import { ProductImage } from '../../../components/product-image';
import { PriceTag } from '../../../components/ui/price-tag';
import { StockStatus } from './stock-status';

type ProductCardProps = { product: Product; onAdd: (product: Product) => unknown; priority?: boolean };

/**
 * A product of the catalogue: the whole card opens the product; the button adds one to the cart.
 * Memoised: the catalogue re-renders whenever one of its queries settles (categories, payment
 * methods, the next page); the twelve cards do not need to, and on a phone that work is what
 * delays the page's response to the first tap.
 */
export const ProductCard = memo(function ProductCard({ product, onAdd, priority = false }: ProductCardProps) {
  const price = decimalToCents(product.price) ?? 0;
  const regular = decimalToCents(product.regular_price);
  const available = product.in_stock && product.stock_quantity > 0;
  const image = product.images[0];
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md dark:border-slate-700 dark:bg-ink-900">
      <div className="relative">
        <ProductImage src={image?.src} alt="" category={product.category} name={product.name} priority={priority} />
        <div className="absolute inset-x-2 top-2 flex flex-wrap items-start gap-1">
          {product.on_sale && regular !== null && regular > price ? (
            <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
              -{Math.round(((regular - price) / regular) * 100)}&nbsp;%
            </span>
          ) : null}
          {product.product_type === 'device' ? (
            <span className="rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-200 dark:bg-ink-950/90 dark:text-slate-100 dark:ring-slate-700">
              Reconditionné
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        {product.brand ? <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{product.brand}</p> : null}
        <h3 className="line-clamp-3 text-sm leading-snug font-semibold sm:line-clamp-2 sm:text-base">
          {/* The link covers the card (after:inset-0); the add button sits above it. */}
          <Link to={`/produit/${product.id}`} className="outline-none after:absolute after:inset-0 after:content-['']">
            {product.name}
          </Link>
        </h3>
        <PriceTag priceCents={price} regularCents={product.on_sale ? regular : null} size="sm" className="mt-auto pt-1" />
        <StockStatus product={product} className="text-xs sm:text-sm" />
        <button
          type="button"
          onClick={() => onAdd(product)}
          disabled={!available}
          aria-label={available ? `Ajouter ${product.name} au panier` : `${product.name}\u00a0: indisponible`}
          className="relative z-10 mt-2 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-600 dark:bg-brand-400 dark:text-ink-950 dark:hover:bg-brand-300 dark:disabled:bg-slate-800 dark:disabled:text-slate-400"
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          {available ? 'Ajouter' : 'Indisponible'}
        </button>
      </div>
    </article>
  );
});

/** Grey card while the page loads (same size as a card: the grid does not jump). */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-ink-900">
      <div className="aspect-square w-full animate-pulse bg-slate-100 dark:bg-ink-800" />
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100 dark:bg-ink-800" />
        <div className="h-4 w-full animate-pulse rounded bg-slate-100 dark:bg-ink-800" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100 dark:bg-ink-800" />
        <div className="mt-2 h-5 w-1/2 animate-pulse rounded bg-slate-100 dark:bg-ink-800" />
        <div className="mt-2 h-11 w-full animate-pulse rounded-lg bg-slate-100 dark:bg-ink-800" />
      </div>
    </div>
  );
}
