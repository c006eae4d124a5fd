/**
 * What the app imports as `react` in the browser build and the prerender (vite.config.ts,
 * preact-aliases.ts): Preact's compatibility layer, about 11 kB gzip where React and react-dom
 * weigh 60 (issue 8: the home page's JavaScript ≤ 100 kB gzip), plus the two React APIs the app
 * uses that preact/compat lacks or simplifies:
 * - useSyncExternalStore with a server snapshot: preact/compat ignores the third argument. React
 *   renders the server value on the server and while hydrating, then the client value; Preact
 *   hydration keeps the server's attributes, so rendering the client value at once would leave
 *   them stale (a cart badge's label, a theme switch's state).
 * - useEffectEvent (React 19.2): a stable function that always calls the latest one.
 * - `ref` as an ordinary prop of function components (React 19): Preact keeps it for itself, so a
 *   component spreading its props on an input (a form library's `register()`) would lose it.
 * The unit tests run on React itself (vitest resolves `react` normally); the end-to-end tests run
 * this build.
 */
import * as compat from 'preact/compat';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore as preactStore } from 'preact/compat';
import { options, type VNode } from 'preact';
import { isHydrating } from './hydration';

// preact/compat's types are written as `export =`, which TypeScript cannot re-export with
// `export *`; its ES build has the named exports this re-exports. The app is typed against React.
// @ts-expect-error TS2498
export * from 'preact/compat';
export default compat;

type ComponentType = ((...args: never[]) => unknown) & { prototype?: { render?: unknown; isReactComponent?: unknown }; _forwarded?: boolean };

// A function component given a ref gets it as a prop, as in React 19. Class components keep their
// instance ref; forwardRef, memo and lazy (marked by preact/compat) handle theirs.
const previousVNodeHook = options.vnode?.bind(options);
options.vnode = (vnode: VNode) => {
  const type = vnode.type as unknown as ComponentType | string;
  if (typeof type === 'function' && vnode.ref && !type._forwarded && !type.prototype?.render && !type.prototype?.isReactComponent) {
    (vnode.props as { ref?: unknown }).ref = vnode.ref;
    (vnode as { ref?: unknown }).ref = null;
  }
  previousVNodeHook?.(vnode);
};

export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot?: () => T): T {
  const [serverValue, setServerValue] = useState(() => getServerSnapshot !== undefined && (typeof window === 'undefined' || isHydrating()));
  useEffect(() => {
    if (serverValue) setServerValue(false);
    // Once, after the hydrating render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return preactStore(subscribe, serverValue && getServerSnapshot ? getServerSnapshot : getSnapshot);
}

export function useEffectEvent<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latestRef = useRef(handler);
  useLayoutEffect(() => {
    latestRef.current = handler;
  });
  return useCallback((...args: A) => latestRef.current(...args), []);
}
