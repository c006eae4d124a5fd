/** Dispatched on `document` once the app has rendered or hydrated the page (boot.tsx). */
export const APP_READY_EVENT = 'erepare:app-ready';

/**
 * Taps on buttons of a prerendered page before the app has hydrated it would do nothing (the
 * button is only HTML then): they are held and replayed once the app is ready. Links work
 * without the app and are left alone; so are form fields (typing works natively).
 */
export function holdEarlyTaps(doc: Document = document): void {
  const held: Element[] = [];
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('button, [role="button"], [role="tab"]') : null;
    if (!target || target.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(target)) held.push(target);
  };
  doc.addEventListener('click', hold, true);
  doc.addEventListener(
    APP_READY_EVENT,
    () => {
      doc.removeEventListener('click', hold, true);
      // After React's own work of this turn: its listeners are attached by then.
      setTimeout(() => {
        for (const element of held) if (element.isConnected && element instanceof HTMLElement) element.click();
      }, 0);
    },
    { once: true },
  );
}
