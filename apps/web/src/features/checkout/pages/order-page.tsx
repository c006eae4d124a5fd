import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toastError } from '../../../lib/toast';
import { shopMessages } from '@erepare/shared/shop';
import { ButtonLink } from '../../../components/ui/button';
import { useCart } from '../../../lib/cart-store';
import { orderQuery } from '../../../lib/orders-api';
import { OrderLookup } from '../components/order-lookup';
import { orderReferenceFrom } from '../../../lib/order-reference';
import { canPayOnline, OrderPayment } from '../payments/order-payment';
import { isPaymentConfirmedState, type PaymentConfirmedState } from '../payments/payment-return';

/** No order to show and an empty cart: back to the shop with "Votre panier est vide" (older variant). */
function EmptyRedirect() {
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toastError(shopMessages.emptyCart, { id: 'order-empty-cart' });
  }, []);
  return <Navigate replace to="/boutique" state={{ flash: shopMessages.emptyCart }} />;
}

/**
 * /commande: the confirmation of an order, found by ?order=&key= (or the order this tab placed).
 * Without any reference: the cart goes to checkout, an empty cart back to the shop.
 */
export function OrderPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useCart();
  const reference = orderReferenceFrom(params);
  if (reference) {
    const { id, key } = reference;
    return (
      <OrderLookup
        key={`${id}:${key}`}
        reference={reference}
        // After a confirmed payment (the return page, or the widget below).
        {...(isPaymentConfirmedState(location.state) ? { lead: 'Paiement confirmé' } : {})}
        payment={(order) =>
          canPayOnline(order, key) ? (
            <OrderPayment
              order={order}
              orderKey={key}
              onPaid={() => {
                // The order as the server now sees it (processing): the page says so, and empties the
                // cart if this tab placed it.
                void queryClient.invalidateQueries({ queryKey: orderQuery(id, key).queryKey });
                const state: PaymentConfirmedState = { paymentConfirmed: true };
                void navigate(`${location.pathname}${location.search}`, { replace: true, state });
              }}
            />
          ) : null
        }
      />
    );
  }
  if (params.has('order')) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-12 text-center sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight">{shopMessages.orderNotFound}</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-300">Le lien de cette commande est incomplet. Retrouvez vos commandes dans votre espace client.</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <ButtonLink to="/compte?tab=orders">Voir mes commandes</ButtonLink>
          <ButtonLink to="/boutique" variant="secondary">
            Continuer les achats
          </ButtonLink>
        </div>
      </div>
    );
  }
  if (cart.items.length === 0) return <EmptyRedirect />;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-12 text-center sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">Aucune commande à afficher</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{`Votre panier contient ${cart.count} article${cart.count > 1 ? 's' : ''}\u00a0: finalisez votre commande pour la voir ici.`}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonLink to="/checkout">Finaliser ma commande</ButtonLink>
        <ButtonLink to="/panier" variant="secondary">
          Voir mon panier
        </ButtonLink>
      </div>
    </div>
  );
}
