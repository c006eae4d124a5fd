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

/** Where an element sits in the page: its index among its parent's children, from the root down. */
function pathOf(element: Element): number[] {
  const path: number[] = [];
  for (let node = element; node.parentElement; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

function elementAt(doc: Document, path: number[]): Element | null {
  let node: Element | null | undefined = doc.documentElement;
  for (const index of path) node = node?.children[index];
  return node ?? null;
}

/** The same control, rendered again: same tag, type, name, label and text. */
function sameControl(a: Element, b: Element): boolean {
  return (
    a.tagName === b.tagName &&
    ['type', 'name', 'role', 'aria-label'].every((attribute) => a.getAttribute(attribute) === b.getAttribute(attribute)) &&
    a.textContent.trim() === b.textContent.trim()
  );
}

type Remembered<T extends Element> = { element: T; path: number[] };

/**
 * The app's element for one remembered before hydration. The page's parts are hydrated one by
 * one after the app is ready (Suspense boundaries); a discrete event on a part not yet hydrated
 * makes React hydrate it at once. An event no part of the app listens to (auxclick) does that
 * first, so the replayed input or tap goes to the app's element: where the app renders a part
 * differently from the prerendered HTML, React renders it again and replaces its elements (the
 * old one is then detached: the replayed tap would be lost), and the new one is found at the
 * same place.
 */
function appElement<T extends Element>({ element, path }: Remembered<T>, doc: Document): T | null {
  if (element.isConnected) element.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
  if (element.isConnected) return element;
  const found = elementAt(doc, path);
  return found && sameControl(found, element) ? (found as T) : null;
}

/**
 * Taps on buttons of a prerendered page before the app has hydrated it would do nothing (the
 * button is only HTML then): they are held and replayed once the app is ready. What was typed
 * into text fields meanwhile is given again to the app (hydration puts back the app's own value),
 * before the taps, so a search typed and submitted early still works. Links work without the
 * app and are left alone.
 */
export function holdEarlyTaps(doc: Document = document): void {
  const held: Remembered<Element>[] = [];
  const typed = new Map<HTMLInputElement | HTMLTextAreaElement, { path: number[]; value: string }>();
  const holdTap = (element: Element) => {
    if (!held.some((entry) => entry.element === element)) held.push({ element, path: pathOf(element) });
  };
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('button, [role="button"], [role="tab"]') : null;
    if (!target || target.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    holdTap(target);
  };
  const remember = (event: Event) => {
    const field = event.target;
    if ((field instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(field.type)) || field instanceof HTMLTextAreaElement) {
      typed.set(field, { path: pathOf(field), value: field.value });
    }
  };
  // Enter in a field submits its form: held like a tap on the form's button.
  const holdSubmit = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    const button = form?.querySelector('button[type="submit"], button:not([type])');
    if (button) holdTap(button);
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
        for (const [element, { path, value }] of typed) {
          const field = appElement({ element, path }, doc);
          if (field) typeInto(field, value);
        }
        for (const entry of held) {
          const element = appElement(entry, doc);
          if (element instanceof HTMLElement) element.click();
        }
      }, 0);
    },
    { once: true },
  );
}
