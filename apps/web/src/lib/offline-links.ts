/**
 * Offline, a link inside the site is followed as a plain document navigation rather than by
 * React Router: the router would fetch the page's code and data, fail, and show an error (or
 * reload the page being left). As a document request it reaches the service worker, which answers
 * with its copy of the page, or with the offline page.
 */
export function followLinksAsDocumentsWhenOffline(target: Pick<Window, 'addEventListener' | 'removeEventListener' | 'location' | 'navigator'> = window): () => void {
  const onClick = (event: MouseEvent) => {
    if (target.navigator.onLine || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    if (new URL(anchor.href, target.location.href).origin !== target.location.origin) return;
    // Before React sees the click (capture, on the window): the link's own handler, which would
    // route in the app, never runs; the browser follows the href.
    event.stopPropagation();
  };
  target.addEventListener('click', onClick, true);
  return () => target.removeEventListener('click', onClick, true);
}
