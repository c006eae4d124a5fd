/**
 * Whether the page's server HTML is being hydrated. The `react` module of the build
 * (preact/react.ts) reads it: while hydrating, a store read through useSyncExternalStore gives
 * its server value, as React does, so the render matches the HTML (Preact keeps the HTML's
 * attributes while hydrating: a browser value rendered at once would leave them stale).
 *
 * Two cases: boot.tsx's `hydrateRoot` call (synchronous), and the parts whose hydration was put
 * off to a later task (components/hydrate-in-turn.tsx), while they render.
 */
let hydrating = false;
let resumed = 0;

export function isHydrating(): boolean {
  return hydrating || resumed > 0;
}

/** True only during boot.tsx's own `hydrateRoot` call. */
export function isFirstHydration(): boolean {
  return hydrating;
}

export function setHydrating(value: boolean): void {
  hydrating = value;
}

/** A put-off part starts rendering its hydration; the function returned ends it (once). */
export function beginResumedHydration(): () => void {
  resumed += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    resumed -= 1;
  };
}
