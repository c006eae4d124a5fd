import { useEffect, useMemo, useState } from 'react';

/**
 * A long list shown in slices, one task each: its first `first` items at once, then `step` more
 * per task until all are shown; a new list starts again from its first slice. Hundreds of rows
 * rendered in one go were one long task (100 ms on a fast computer, four times that on a phone):
 * no tap or key could be answered meanwhile. React's useDeferredValue slices such a render
 * itself; Preact, which the browser build runs on (docs/decisions.md), renders it in one piece.
 */
export function useGrowingList<T>(items: readonly T[], first = 25, step = 50): readonly T[] {
  const [shown, setShown] = useState({ items, count: first });
  const count = shown.items === items ? shown.count : first;
  useEffect(() => {
    if (count >= items.length) return;
    const timer = setTimeout(() => setShown({ items, count: count + step }), 0);
    return () => clearTimeout(timer);
  }, [items, count, step]);
  return useMemo(() => (count >= items.length ? items : items.slice(0, count)), [items, count]);
}
