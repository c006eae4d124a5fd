import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { cartUnitPrice, type CartItem } from '@erepare/shared/cart';
import { formatCents } from '@erepare/shared/format';
import type { Product } from '@erepare/shared/schemas/shop';
import { ApiError } from './api-client';
import { productToCartItem, readCart, refreshCartLines } from './cart-store';
import { shopQueries } from './shop-api';

const cents = (euros: number) => Math.round(euros * 100);

/**
 * What changed for the customer between the stored cart and the products as the server sells them
 * now, in French: a new price, a product sold out or no longer sold, a quantity above the stock.
 * `products` maps each line to its fresh product, or null when the server no longer sells it.
 */
export function describeCartChanges(items: readonly CartItem[], products: ReadonlyMap<number, Product | null>): string[] {
  const changes: string[] = [];
  for (const item of items) {
    if (!products.has(item.product_id)) continue;
    const product = products.get(item.product_id) ?? null;
    if (product === null) {
      changes.push(`«\u00a0${item.name}\u00a0» n’est plus en vente\u00a0: retirez-le du panier pour commander.`);
      continue;
    }
    const fresh = productToCartItem(product);
    if (!fresh.in_stock) {
      changes.push(`«\u00a0${fresh.name}\u00a0» est épuisé\u00a0: retirez-le du panier pour commander.`);
      continue;
    }
    const before = cents(cartUnitPrice(item));
    const after = cents(cartUnitPrice(fresh));
    if (before !== after) changes.push(`«\u00a0${fresh.name}\u00a0»\u00a0: le prix est passé de ${formatCents(before)} à ${formatCents(after)}.`);
    if (fresh.stock_quantity !== null && fresh.stock_quantity > 0 && item.quantity > fresh.stock_quantity) {
      changes.push(`«\u00a0${fresh.name}\u00a0»\u00a0: ${fresh.stock_quantity === 1 ? 'plus qu’un seul en stock' : `plus que ${fresh.stock_quantity} en stock`}, quantité ramenée à ${fresh.stock_quantity}.`);
    }
  }
  return changes;
}

/** The product ids of the cart, as one stable key (the check runs again when a line comes or goes). */
const idsOf = (items: readonly CartItem[]) => [...new Set(items.map((item) => item.product_id))].sort((a, b) => a - b).join(',');

/**
 * Issue 22 §3.3: the cart page and checkout show the server's current price and stock as soon as
 * they are displayed. Each product of the cart is read again (not from the cache); the stored lines
 * take the fresh price and stock (the applied code is checked again when a price moved), and what
 * changed is returned as sentences to show. A product the server cannot give (network) keeps its
 * line as it was: the server still decides at « Commander ».
 */
export function useFreshCart(items: readonly CartItem[]): { changes: string[]; checking: boolean } {
  const queryClient = useQueryClient();
  const ids = idsOf(items);
  const [state, setState] = useState<{ ids: string; changes: string[] }>({ ids: '', changes: [] });

  useEffect(() => {
    if (ids === '') return;
    let current = true;
    const productIds = ids.split(',').map(Number);
    void Promise.allSettled(productIds.map((id) => queryClient.fetchQuery({ ...shopQueries.product(id), staleTime: 0 }))).then((results) => {
      if (!current) return;
      const products = new Map<number, Product | null>();
      results.forEach((result, index) => {
        const id = productIds[index] ?? 0;
        if (result.status === 'fulfilled') products.set(id, result.value);
        else if (result.reason instanceof ApiError && result.reason.status === 404) products.set(id, null);
      });
      const before = readCart().items;
      const changes = describeCartChanges(before, products);
      refreshCartLines([...products.values()].filter((product): product is Product => product !== null));
      setState({ ids, changes });
    });
    return () => {
      current = false;
    };
  }, [ids, queryClient]);

  return { changes: state.ids === ids ? state.changes : [], checking: ids !== '' && state.ids !== ids };
}
