import { useLayoutEffect, useRef, type RefObject } from 'react';

/** The latest value of a callback, for effects that must not re-run when its identity changes. */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
