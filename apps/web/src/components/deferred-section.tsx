import { lazy, memo, Suspense, type ComponentType } from 'react';
import { isHydrating } from '../preact/hydration';
import { afterTasksHydrating } from './hydrate-in-turn';

/**
 * Resolves once the element `id` enters the viewport (its HTML is already on screen: only its
 * interactivity waits for the code); at once where it is not in the document
 * (the build-time render, or a page reached by a link: nothing to wait for then).
 */
export function nearViewport(id: string, margin = '0px'): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const element = document.getElementById(id);
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
  });
}

/**
 * A part of a prerendered page whose code loads when the visitor scrolls near it. Its HTML is in
 * the page from the start (the build waits for it); the browser keeps that HTML as it is and
 * hydrates it once the code has come. The part is one element (its `id`): a suspended part keeps
 * its HTML only if it has a single root (Preact removes the others until it resumes). Memoised
 * with a stable child: an update reaching a part not yet hydrated would drop its HTML for the
 * (empty) fallback.
 */
export function deferredSection(id: string, load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Part = lazy(() => {
    // Started while the page hydrates: the part hydrates when it comes, with its stores' server
    // values (what the HTML was built with) until its render is done.
    const hydrating = isHydrating();
    return nearViewport(id)
      .then(load)
      .then((loaded) => (hydrating ? afterTasksHydrating(0).then(() => loaded) : loaded))
      .then(({ default: Content }) => ({
        default: function Section() {
          return (
            <div id={id}>
              <Content />
            </div>
          );
        },
      }));
  });
  const content = <Part />;
  return memo(function DeferredSection() {
    return <Suspense fallback={null}>{content}</Suspense>;
  });
}
