/** Dispatched on `document` once the app has rendered or hydrated the page (boot.tsx). */
export const APP_READY_EVENT = 'erepare:app-ready';

/** Sets a field's value the way typing does, so React's onChange sees it. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  // React notes the value it last saw through the element's own setter: clear it that way, then
  // type through the prototype's, so the change is seen even if hydration kept the typed text.
  field.value = '';
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Taps on buttons of a prerendered page before the app has hydrated it would do nothing (the
 * button is only HTML then): they are held and replayed once the app is ready. What was typed
 * into text fields meanwhile is given again to the app (hydration puts back the app's own value),
 * before the taps, so a search typed and submitted early still works. Links work without the
 * app and are left alone.
 */
export function holdEarlyTaps(doc: Document = document): void {
  const held: Element[] = [];
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('button, [role="button"], [role="tab"]') : null;
    if (!target || target.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.includes(target)) held.push(target);
  };
  const remember = (event: Event) => {
    const field = event.target;
    if ((field instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(field.type)) || field instanceof HTMLTextAreaElement) {
      typed.set(field, field.value);
    }
  };
  // Enter in a field submits its form: held like a tap on the form's button.
  const holdSubmit = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    const button = form?.querySelector('button[type="submit"], button:not([type])');
    if (button && !held.includes(button)) held.push(button);
  };
  doc.addEventListener('click', hold, true);
  doc.addEventListener('input', remember, true);
  doc.addEventListener('submit', holdSubmit, true);
  doc.addEventListener(
    APP_READY_EVENT,
    () => {
      doc.removeEventListener('click', hold, true);
      doc.removeEventListener('input', remember, true);
      doc.removeEventListener('submit', holdSubmit, true);
      // After React's own work of this turn: its listeners are attached by then.
      setTimeout(() => {
        for (const [field, value] of typed) if (field.isConnected) typeInto(field, value);
        for (const element of held) if (element.isConnected && element instanceof HTMLElement) element.click();
      }, 0);
    },
    { once: true },
  );
}
