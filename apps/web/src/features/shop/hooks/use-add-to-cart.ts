import { useCallback } from 'react';
import type { Product } from '@erepare/shared/schemas/shop';
import { addToCart } from '../../../lib/cart-store';
import { toastSuccess, toastError } from '../../../lib/toast';

/** Adds to the cart and says so with the spec's toast ("{name} ajouté au panier", or the reason it failed). */
export function useAddToCart() {
  return useCallback((product: Product, quantity = 1) => {
    const result = addToCart(product, quantity);
    if (result.ok) toastSuccess(result.message, { id: 'cart' });
    else toastError(result.message, { id: 'cart' });
    return result.ok;
  }, []);
}
