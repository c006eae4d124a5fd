import { useSyncExternalStore } from 'react';

/**
 * Toasts without paying for them up front: the toast area (sonner, ~11 kB gzip) is loaded and
 * mounted the first time something is said, then the message is shown. Pages that never toast
 * never download it.
 */
type Kind = 'success' | 'error' | 'message';
export type ToastOptions = { id?: string };

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Mounts the toast area (loaded once). */
export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function notify(kind: Kind, message: string, options: ToastOptions = {}): void {
  requestToaster();
  void mounted
    .then(() => import('sonner'))
    .then(({ toast }) => {
      toast[kind](message, options);
    });
}

export const toastSuccess = (message: string, options?: ToastOptions) => notify('success', message, options);
export const toastError = (message: string, options?: ToastOptions) => notify('error', message, options);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast was asked for: the providers then mount the toast area. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted, () => false);
}

/** Called by the toast area once it listens (its own effects have run). */
export function toasterMounted(): void {
  markMounted();
}
