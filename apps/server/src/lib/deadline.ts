/**
 * An abort signal that fires after `ms`, as AbortSignal.timeout does, but on this process's own
 * timers: a test moves it with a fake clock (vi.useFakeTimers) instead of waiting for it.
 * `done()` clears the timer once the call is over.
 */
export function deadline(ms: number): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`The operation timed out after ${ms} ms.`, 'TimeoutError')), ms);
  timer.unref();
  return { signal: controller.signal, done: () => clearTimeout(timer) };
}
