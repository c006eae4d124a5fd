import { useSyncExternalStore } from 'react';
import { CART_STORAGE_KEY, countCartItemsFromJson } from '@erepare/shared/cart';
import { readItem, subscribeToKey } from './storage';

const subscribe = (onChange: () => void) => subscribeToKey(CART_STORAGE_KEY, onChange);
const snapshot = () => countCartItemsFromJson(readItem(CART_STORAGE_KEY));

/** Item count of the stored cart, updated when the cart changes in this tab or another one. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, snapshot, () => 0);
}
