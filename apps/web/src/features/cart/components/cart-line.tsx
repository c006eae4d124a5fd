import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { cartLineCap, cartUnitPrice, type CartItem } from '@erepare/shared/cart';
import { formatCents } from '@erepare/shared/format';
import { ProductImage } from '../../../components/product-image';
import { PriceTag } from '../../../components/ui/price-tag';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';

type CartLineProps = {
  item: CartItem;
  onQuantity: (item: CartItem, quantity: number) => void;
  onRemove: (item: CartItem) => void;
};

/** A cart line: picture and name open the product; − / + within 1..stock; remove. */
export function CartLine({ item, onQuantity, onRemove }: CartLineProps) {
  const unit = Math.round(cartUnitPrice(item) * 100);
  const regular = Math.round(item.price * 100);
  const cap = cartLineCap(item);
  return (
    <li className="flex gap-3 py-4 sm:gap-4">
      <Link to={`/produit/${item.product_id}`} tabIndex={-1} aria-hidden="true" className="block size-20 shrink-0 overflow-hidden rounded-xl border border-slate-200 sm:size-24 dark:border-slate-700">
        <ProductImage src={item.image || item.images[0]?.src} alt="" category={item.category} name={item.name} iconClassName="size-1/2" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            {item.brand ? <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{item.brand}</p> : null}
            <h3 className="text-sm leading-snug font-semibold sm:text-base">
              <Link to={`/produit/${item.product_id}`} className="hover:underline">
                {item.name}
              </Link>
            </h3>
            <PriceTag priceCents={unit} regularCents={regular > unit ? regular : null} size="sm" className="mt-0.5 text-sm" />
          </div>
          <button
            type="button"
            onClick={() => onRemove(item)}
            className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-red-50 hover:text-red-700 dark:text-slate-300 dark:hover:bg-red-950 dark:hover:text-red-300"
          >
            <Trash2 aria-hidden="true" className="size-5" />
            <span className="sr-only">Retirer {item.name} du panier</span>
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <QuantityStepper value={item.quantity} max={cap} onChange={(quantity) => onQuantity(item, quantity)} itemName={item.name} size="sm" />
          <p className="text-base font-bold tabular-nums">
            <span className="sr-only">Total de la ligne&nbsp;: </span>
            {formatCents(unit * item.quantity)}
          </p>
        </div>
        {!item.in_stock ? (
          <p className="text-sm font-semibold text-red-800 dark:text-red-300">Épuisé&nbsp;: retirez cet article pour commander.</p>
        ) : item.stock_quantity !== null && item.stock_quantity > 0 && item.quantity >= item.stock_quantity ? (
          <p className="text-xs text-amber-800 dark:text-amber-300">Quantité maximale disponible</p>
        ) : null}
      </div>
    </li>
  );
}
