import { performance } from 'node:perf_hooks';

/** What a background job tells after each run (the metrics count runs, failures and durations). */
export type JobRun = { failed: boolean; durationMs: number };
export type OnJobRun = (run: JobRun) => void;

/** Starts timing one run; the returned function reports it (to nobody when `onRun` is unset). */
export function timeJobRun(onRun: OnJobRun | undefined): (failed: boolean) => void {
  const started = performance.now();
  return (failed) => onRun?.({ failed, durationMs: performance.now() - started });
}
