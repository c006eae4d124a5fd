import { useCallback } from 'react';
import { toast } from 'sonner';
import type { Product } from '@erepare/shared/schemas/shop';
import { addToCart } from '../../../lib/cart-store';

/** Adds to the cart and says so with the spec's toast ("{name} ajouté au panier", or the reason it failed). */
export function useAddToCart() {
  return useCallback((product: Product, quantity = 1) => {
    const result = addToCart(product, quantity);
    if (result.ok) toast.success(result.message, { id: 'cart' });
    else toast.error(result.message, { id: 'cart' });
    return result.ok;
  }, []);
}
