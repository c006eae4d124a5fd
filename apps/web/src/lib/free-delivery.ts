import { useQuery } from '@tanstack/react-query';
import { formatCentsShort } from '@erepare/shared/format';
import { freeDeliveryAboveCents, toShippingDefinition } from '@erepare/shared/shop';
import { shopQueries } from './shop-api';

/**
 * "Livraison offerte au-delà de 50 € d’achat" with the threshold staff set (GET
 * /api/shop/shipping-methods, the list the cart and checkout use; the built-in rule until it
 * arrives); null when home delivery is never free.
 */
export function useFreeDeliveryText(): string | null {
  const shipping = useQuery(shopQueries.shippingMethods());
  const delivered = shipping.data?.filter((method) => !method.needs_relay).map(toShippingDefinition);
  const above = freeDeliveryAboveCents(delivered);
  if (above === null) return null;
  return above === 0 ? 'Livraison offerte dès le premier euro d’achat' : `Livraison offerte au-delà de ${formatCentsShort(above)} d’achat`;
}
