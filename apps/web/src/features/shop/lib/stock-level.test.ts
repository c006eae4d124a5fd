import { describe, expect, it } from 'vitest';
import { stockLevel } from './catalogue-params';

describe('stock wording', () => {
  it('says « Plus qu’un seul » for the last one, « Plus que N » up to 5, then « En stock »; « Rupture de stock » at 0', () => {
    expect(stockLevel({ in_stock: true, stock_quantity: 1 })).toEqual({ tone: 'low', label: 'Plus qu’un seul en stock' });
    expect(stockLevel({ in_stock: true, stock_quantity: 2 }).label).toBe('Plus que 2 en stock');
    expect(stockLevel({ in_stock: true, stock_quantity: 40 }).label).toBe('En stock');
    expect(stockLevel({ in_stock: false, stock_quantity: 0 }).label).toBe('Rupture de stock');
  });
});
