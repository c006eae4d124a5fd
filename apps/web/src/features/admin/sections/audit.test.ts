import { describe, expect, it } from 'vitest';
import { diffEntries } from './audit';

describe('diffEntries (audit before → after)', () => {
  it('lists only the fields that changed, added or removed', () => {
    expect(diffEntries({ name: 'Écran', price: 100, stock: 2 }, { name: 'Écran', price: 120, featured: true })).toEqual([
      { field: 'price', before: 100, after: 120 },
      { field: 'stock', before: 2, after: undefined },
      { field: 'featured', before: undefined, after: true },
    ]);
  });
  it('shows a creation (no before) and plain values', () => {
    expect(diffEntries(null, { code: 'NOEL' })).toEqual([{ field: 'code', before: undefined, after: 'NOEL' }]);
    expect(diffEntries('new', 'handled')).toEqual([{ field: '', before: 'new', after: 'handled' }]);
    expect(diffEntries(null, null)).toEqual([]);
  });
});
