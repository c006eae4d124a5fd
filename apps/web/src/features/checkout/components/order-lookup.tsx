import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { Order } from '@erepare/shared/schemas/shop';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { clearCart } from '../../../lib/cart-store';
import { orderQuery } from '../../../lib/orders-api';
import { readOrderReference, rememberOrder, type OrderReference } from '../../../lib/order-reference';
import { OrderConfirmation } from './order-confirmation';

type OrderLookupProps = {
  reference: OrderReference;
  lead?: string;
  /** What to show for paying the order (the order page: the widget of a pending online order). */
  payment?: (order: Order) => ReactNode;
};

/**
 * Loads an order by id and key and shows it. When it is the order this tab just placed and it is
 * no longer waiting for an online payment, the cart is emptied once (a return from a payment page).
 */
export function OrderLookup({ reference, lead, payment }: OrderLookupProps) {
  const query = useQuery(orderQuery(reference.id, reference.key));
  const order = query.data;

  useEffect(() => {
    if (!order || order.status === 'pending' || order.status === 'cancelled' || order.status === 'failed') return;
    const remembered = readOrderReference();
    if (remembered && remembered.id === order.id && !remembered.cartCleared) {
      clearCart();
      rememberOrder({ ...remembered, cartCleared: true });
    }
  }, [order]);

  if (query.isPending) return <Spinner label="Chargement de votre commande…" />;
  if (query.isError || !order) {
    const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403 || query.error.status === 401);
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-12 text-center sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight">{notFound ? 'Commande introuvable' : 'Commande indisponible'}</h1>
        <p role="alert" className="mt-3 text-slate-700 dark:text-slate-300">
          {notFound
            ? 'Nous ne trouvons pas cette commande. Vérifiez le lien reçu par e-mail, ou retrouvez vos commandes dans votre espace client.'
            : query.error instanceof ApiError
              ? query.error.message
              : 'Impossible de charger la commande pour le moment.'}
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {notFound ? null : (
            <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
              Réessayer
            </Button>
          )}
          <ButtonLink to="/compte?tab=orders" variant={notFound ? 'primary' : 'secondary'}>
            Voir mes commandes
          </ButtonLink>
          <ButtonLink to="/boutique" variant="secondary">
            Continuer les achats
          </ButtonLink>
        </div>
      </div>
    );
  }
  // A payment's lead (« Paiement accepté ») only for an order the server says is paid.
  const shownLead = lead && order.date_paid ? lead : undefined;
  return <OrderConfirmation order={order} {...(shownLead ? { lead: shownLead } : {})} payment={payment?.(order)} />;
}
