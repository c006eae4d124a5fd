import { Suspense, type ReactNode } from 'react';
import { beginResumedHydration, isFirstHydration, isHydrating } from '../preact/hydration';

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
  // Suspending is throwing the promise of the moment it may render (what lazy() does). Until that
  // moment the part stays suspended, whatever renders the layout again meanwhile (the settings
  // arriving, a store changing): rendered then, outside its turn, it would be hydrated with the
  // browser's values, and Preact keeps the HTML's attributes while hydrating (a stale label).
  let waiting = waitingTurns.get(turn);
  if (!waiting && isFirstHydration()) {
    waiting = afterTasksHydrating(turn).finally(() => waitingTurns.delete(turn));
    waitingTurns.set(turn, waiting);
  }
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (waiting) throw waiting;
  return <div className="contents">{children}</div>;
}

/** The layout parts waiting for their turn (by turn). */
const waitingTurns = new Map<number, Promise<void>>();

/** The parts of the page's content waiting to be hydrated apart, and those done (by name). */
const waitingApart = new Map<string, Promise<void>>();
const hydratedApart = new Set<string>();

function Apart({ name, children }: { name: string; children: ReactNode }) {
  // As HydrateInTurn: suspended until its task, whatever renders the page again meanwhile.
  let waiting = waitingApart.get(name);
  if (!waiting && isHydrating() && !hydratedApart.has(name)) {
    waiting = afterTasksHydrating(0).then(() => {
      hydratedApart.add(name);
      waitingApart.delete(name);
    });
    waitingApart.set(name, waiting);
  }
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (waiting) throw waiting;
  return <div className="contents">{children}</div>;
}

/**
 * A part of a page's content (a form, a gallery) hydrated in a task of its own, after the rest
 * of the content: the same reason as HydrateInTurn, one level down. Its HTML stays on screen
 * meanwhile; outside hydration it renders at once. `name` is unique on the page.
 */
export function HydrateApart({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Apart name={name}>{children}</Apart>
    </Suspense>
  );
}
