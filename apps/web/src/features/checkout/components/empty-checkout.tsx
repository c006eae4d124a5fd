import { ShoppingCart } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';

/** Checkout with nothing to order (spec 2 §2): "Panier vide", to the shop or the cart. */
export function EmptyCheckout() {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 text-center sm:py-16">
      <ShoppingCart aria-hidden="true" className="mx-auto size-14 text-slate-400" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Panier vide</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">Ajoutez des articles à votre panier avant de passer commande.</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonLink to="/boutique">Voir la boutique</ButtonLink>
        <ButtonLink to="/panier" variant="secondary">
          Voir mon panier
        </ButtonLink>
      </div>
    </div>
  );
}
