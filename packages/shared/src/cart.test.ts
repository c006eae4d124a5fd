import { describe, expect, it } from 'vitest';
import { countCartItems, countCartItemsFromJson, parseStoredCart } from './cart.js';

/** A stored line as the cart writes it (the fields the cart page needs to show it). */
const line = (overrides: Record<string, unknown> = {}) => ({ id: 1, product_id: 1, name: 'Coque', price: 9.9, quantity: 1, ...overrides });

describe('countCartItems: the badge counts what the cart page shows (issue 22 §3.4)', () => {
  it('sums the quantities of the lines', () => {
    expect(countCartItems([line({ quantity: 2 }), line({ id: 2, product_id: 2, quantity: 3 })])).toBe(5);
  });

  it('counts a line that has only a product_id, or only an id', () => {
    expect(countCartItems([line({ id: undefined, product_id: 7, quantity: 4 })])).toBe(4);
    expect(countCartItems([line({ product_id: undefined, id: 3, quantity: 2 })])).toBe(2);
  });

  it('does not count what the cart page does not show: no id, no usable quantity, no price or no name', () => {
    expect(countCartItems([line({ id: undefined, product_id: undefined, quantity: 5 }), line()])).toBe(1);
    expect(countCartItems([line({ product_id: 'abc', id: 'abc', quantity: 2 })])).toBe(0);
    for (const quantity of [undefined, null, 0, -3, 'beaucoup']) expect(countCartItems([line({ quantity })]), String(quantity)).toBe(0);
    expect(countCartItems([{ id: 1, quantity: 2 }])).toBe(0);
    expect(countCartItems([line({ name: '  ' })])).toBe(0);
    expect(countCartItems([line({ price: -1 })])).toBe(0);
  });

  it('accepts a numeric string quantity, whole, capped at the stock like the cart page', () => {
    expect(countCartItems([line({ quantity: '3' })])).toBe(3);
    expect(countCartItems([line({ quantity: 2.7 })])).toBe(2);
    expect(countCartItems([line({ quantity: 9, stock_quantity: 4 })])).toBe(4);
  });

  it('adds up two lines of one product the way the cart page merges them', () => {
    const stored = [line({ quantity: 2, stock_quantity: 3 }), line({ quantity: 2, stock_quantity: 3 })];
    expect(countCartItems(stored)).toBe(parseStoredCart(JSON.stringify(stored)).reduce((sum, item) => sum + item.quantity, 0));
    expect(countCartItems(stored)).toBe(3);
  });

  it('ignores non-object entries and non-array carts', () => {
    expect(countCartItems([null, 3, 'x', line()])).toBe(1);
    expect(countCartItems(line({ quantity: 2 }))).toBe(0);
    expect(countCartItems(null)).toBe(0);
    expect(countCartItems(undefined)).toBe(0);
    expect(countCartItems([])).toBe(0);
  });
});

describe('countCartItemsFromJson', () => {
  it('reads the stored JSON', () => {
    expect(countCartItemsFromJson(JSON.stringify([line({ quantity: 2 }), line({ id: 9, product_id: 9, quantity: 1 }), { quantity: 4 }]))).toBe(3);
  });

  it('counts corrupt or missing storage as an empty cart', () => {
    expect(countCartItemsFromJson('[{"id":1,"quantity":2')).toBe(0);
    expect(countCartItemsFromJson('pas du json')).toBe(0);
    expect(countCartItemsFromJson('')).toBe(0);
    expect(countCartItemsFromJson(null)).toBe(0);
    expect(countCartItemsFromJson(JSON.stringify(line()))).toBe(0);
  });
});
