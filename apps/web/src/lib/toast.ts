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

/**
 * A toast given an `id` replaces the one last shown with that id. Not by handing sonner the same
 * id: a toast updated while it is leaving (its 200 ms exit once its time is up) is never shown
 * (sonner issue #730; an e2e caught « Ticket … ajouté au suivi » lost that way). The former one
 * is dismissed and the new one gets an id of its own.
 */
const shown = new Map<string, string>();
let serial = 0;

export function notify(kind: Kind, message: string, options: ToastOptions = {}): void {
  requestToaster();
  void mounted
    .then(() => import('sonner'))
    .then(({ toast }) => {
      const key = options.id;
      if (key === undefined) {
        toast[kind](message);
        return;
      }
      const previous = shown.get(key);
      if (previous !== undefined) toast.dismiss(previous);
      serial += 1;
      const id = `${key}#${serial}`;
      shown.set(key, id);
      toast[kind](message, { id });
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
