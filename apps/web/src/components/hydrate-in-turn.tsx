import type { ReactNode } from 'react';
import { beginResumedHydration, isFirstHydration } from '../preact/hydration';

/**
 * Resolves after `turns` tasks, the part's stores then giving their server values until its
 * render is done (the render follows in the same task, once Suspense sees the promise resolved).
 */
export function afterTasksHydrating(turns: number): Promise<void> {
  return new Promise((resolve) => {
    let left = turns;
    const step = () => {
      if (left-- > 0) {
        setTimeout(step, 0);
        return;
      }
      const end = beginResumedHydration();
      setTimeout(end, 0);
      resolve();
    };
    setTimeout(step, 0);
  });
}

/**
 * A part of a prerendered page hydrated in its own task, `turn` tasks after the rest: one long
 * hydration task would block taps on a phone (Lighthouse counts it in the TBT). It suspends while
 * the page hydrates (its Suspense boundary keeps the HTML on screen, untouched), then hydrates when
 * its turn comes. Outside hydration (a page rendered in the browser) it renders at once. Its
 * children are wrapped in one element (`display: contents`, no box of its own): a suspended part
 * keeps its HTML only if it has a single root (Preact removes the others until it resumes).
 */
export function HydrateInTurn({ turn, children }: { turn: number; children: ReactNode }) {
  // Suspending is throwing the promise of the moment it may render (what lazy() does).
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (isFirstHydration()) throw afterTasksHydrating(turn);
  return <div className="contents">{children}</div>;
}
