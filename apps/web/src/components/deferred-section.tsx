import { lazy, memo, Suspense, type ComponentType } from 'react';

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
 * hydrates it once the code has come. Memoised with a stable child: an update reaching a part not
 * yet hydrated would make React drop its HTML for the (empty) fallback.
 */
export function deferredSection(id: string, load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Part = lazy(() => nearViewport(id).then(load));
  const content = <Part />;
  return memo(function DeferredSection() {
    return (
      <div id={id}>
        <Suspense fallback={null}>{content}</Suspense>
      </div>
    );
  });
}
