import { useCallback, useSyncExternalStore } from 'react';

/**
 * Browser storage that never throws (private mode, quota, disabled storage) and tells other
 * components of this tab about changes: the native `storage` event only reaches other tabs.
 */
type Area = 'local' | 'session';

const CHANGE_EVENT = 'erepare:storage';

function store(area: Area): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string, area: Area = 'local'): string | null {
  try {
    return store(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null, area: Area = 'local'): void {
  try {
    const target = store(area);
    if (!target) return;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // Storage full or disabled: the value simply is not kept.
  }
  window.dispatchEvent(new CustomEvent<string>(CHANGE_EVENT, { detail: key }));
}

export function readJson<T>(key: string, area: Area = 'local'): T | null {
  const raw = readItem(key, area);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Calls `onChange` when `key` changes in this tab or another one. Returns the unsubscribe. */
export function subscribeToKey(key: string, onChange: () => void): () => void {
  const local = (event: Event) => {
    if ((event as CustomEvent<string>).detail === key) onChange();
  };
  const crossTab = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange();
  };
  window.addEventListener(CHANGE_EVENT, local);
  window.addEventListener('storage', crossTab);
  return () => {
    window.removeEventListener(CHANGE_EVENT, local);
    window.removeEventListener('storage', crossTab);
  };
}

/**
 * The stored value of `key`, kept up to date; null on the server and while a server-rendered page
 * hydrates (what its HTML was rendered with), then the browser's value.
 */
export function useStoredItem(key: string, area: Area = 'local'): string | null {
  const subscribe = useCallback((onChange: () => void) => subscribeToKey(key, onChange), [key]);
  return useSyncExternalStore(
    subscribe,
    () => readItem(key, area),
    () => null,
  );
}
