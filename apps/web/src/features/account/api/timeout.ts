/** Raised when a call took longer than its time limit (spec 1 §7: 10 s for invoices). */
export class RequestTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`Délai de ${ms} ms dépassé`);
    this.name = 'RequestTimeoutError';
  }
}

/**
 * Runs a call with its own abort signal, aborted after `ms` (a RequestTimeoutError then) or when
 * the caller's signal aborts (TanStack Query cancelling: the AbortError goes through untouched).
 */
export async function withTimeout<T>(ms: number, outer: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const forward = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', forward, { once: true });
  try {
    return await run(controller.signal);
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError(ms);
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
}
