import { describe, expect, it } from 'vitest';
import { countCartItems, countCartItemsFromJson } from './cart.js';

describe('countCartItems', () => {
  it('sums the quantities of valid entries', () => {
    expect(countCartItems([{ id: 1, quantity: 2 }, { id: 2, quantity: 3 }])).toBe(5);
  });

  it('counts entries that only have a product_id', () => {
    expect(countCartItems([{ product_id: 7, quantity: 4 }])).toBe(4);
    expect(countCartItems([{ id: 1, quantity: 1 }, { product_id: 'abc', quantity: 2 }])).toBe(3);
  });

  it('ignores entries without id and product_id', () => {
    expect(countCartItems([{ quantity: 5 }, { id: 1, quantity: 1 }])).toBe(1);
    expect(countCartItems([{ id: null, product_id: '', quantity: 5 }])).toBe(0);
    expect(countCartItems([{ name: 'Coque', quantity: 3 }])).toBe(0);
  });

  it('ignores entries without a usable quantity', () => {
    expect(countCartItems([{ id: 1 }, { id: 2, quantity: 2 }])).toBe(2);
    expect(countCartItems([{ id: 1, quantity: null }])).toBe(0);
    expect(countCartItems([{ id: 1, quantity: 0 }])).toBe(0);
    expect(countCartItems([{ id: 1, quantity: -3 }])).toBe(0);
    expect(countCartItems([{ id: 1, quantity: 'beaucoup' }])).toBe(0);
  });

  it('accepts a numeric string quantity', () => {
    expect(countCartItems([{ id: 1, quantity: '3' }])).toBe(3);
  });

  it('ignores non-object entries and non-array carts', () => {
    expect(countCartItems([null, 3, 'x', { id: 1, quantity: 1 }])).toBe(1);
    expect(countCartItems({ id: 1, quantity: 2 })).toBe(0);
    expect(countCartItems(null)).toBe(0);
    expect(countCartItems(undefined)).toBe(0);
    expect(countCartItems([])).toBe(0);
  });
});

describe('countCartItemsFromJson', () => {
  it('reads the stored JSON', () => {
    expect(countCartItemsFromJson(JSON.stringify([{ id: 1, quantity: 2 }, { product_id: 9, quantity: 1 }, { quantity: 4 }]))).toBe(3);
  });

  it('counts corrupt or missing storage as an empty cart', () => {
    expect(countCartItemsFromJson('[{"id":1,"quantity":2')).toBe(0);
    expect(countCartItemsFromJson('pas du json')).toBe(0);
    expect(countCartItemsFromJson('')).toBe(0);
    expect(countCartItemsFromJson(null)).toBe(0);
    expect(countCartItemsFromJson('{"id":1,"quantity":2}')).toBe(0);
  });
});
