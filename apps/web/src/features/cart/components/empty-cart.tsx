import { ShoppingCart, Truck } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { useFreeDeliveryText } from '../../../lib/free-delivery';

/** Empty cart (spec 2 §2): a way to the shop and the free-delivery rule as staff set it (above 50 € by default). */
export function EmptyCart() {
  const freeDelivery = useFreeDeliveryText();
  return (
    <section className="mx-auto max-w-md px-4 py-12 text-center sm:py-16">
      <span className="mx-auto inline-flex size-20 items-center justify-center rounded-full bg-slate-100 dark:bg-ink-800">
        <ShoppingCart aria-hidden="true" className="size-9 text-slate-600 dark:text-slate-300" />
      </span>
      <h1 className="mt-5 text-2xl font-bold sm:text-3xl">Votre panier est vide</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">Smartphones reconditionnés et accessoires vous attendent dans la boutique.</p>
      <ButtonLink to="/boutique" className="mt-6 w-full sm:w-auto">
        Découvrir la boutique
      </ButtonLink>
      {freeDelivery ? (
        <p className="mt-5 inline-flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <Truck aria-hidden="true" className="size-4" />
          {freeDelivery}
        </p>
      ) : null}
    </section>
  );
}
