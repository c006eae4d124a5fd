import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_READY_EVENT, holdEarlyTaps } from './app-ready';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('taps before the app is ready', () => {
  it('are held on buttons and replayed once the app has taken over; links and fields are left alone', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<button id="menu">Menu</button><a id="link" href="#ici"><span>Lien</span></a><input id="field">';
    const doc = document.implementation.createHTMLDocument('x');
    doc.body.innerHTML = document.body.innerHTML;
    holdEarlyTaps(doc);
    const clicks: string[] = [];
    doc.addEventListener('click', (event) => clicks.push((event.target as Element).id || (event.target as Element).tagName));

    (doc.getElementById('menu') as HTMLElement).click();
    (doc.getElementById('menu') as HTMLElement).click();
    (doc.querySelector('#link span') as HTMLElement).click();
    (doc.getElementById('field') as HTMLElement).click();
    // The button's taps are held (once); the link and the field got theirs.
    expect(clicks).toEqual(['SPAN', 'field']);

    doc.dispatchEvent(new Event(APP_READY_EVENT));
    vi.runAllTimers();
    expect(clicks).toEqual(['SPAN', 'field', 'menu']);
    // Afterwards, taps go through at once.
    (doc.getElementById('menu') as HTMLElement).click();
    expect(clicks).toEqual(['SPAN', 'field', 'menu', 'menu']);
  });
});

describe('typing before the app is ready', () => {
  it('gives the typed text again to the app, then replays the submit', () => {
    vi.useFakeTimers();
    const doc = document.implementation.createHTMLDocument('x');
    doc.body.innerHTML = '<form><input id="q"><button>Rechercher</button></form>';
    holdEarlyTaps(doc);
    const field = doc.getElementById('q') as HTMLInputElement;
    field.value = 'T-6679';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    // Hydration puts the app's own (empty) value back.
    field.value = '';
    const seen: string[] = [];
    doc.addEventListener('input', () => seen.push(field.value));
    doc.addEventListener('submit', (event) => {
      event.preventDefault();
      seen.push(`submit:${field.value}`);
    });
    (doc.querySelector('button') as HTMLButtonElement).click();
    expect(seen).toEqual([]);
    doc.dispatchEvent(new Event(APP_READY_EVENT));
    vi.runAllTimers();
    expect(seen).toEqual(['T-6679', 'submit:T-6679']);
  });
});

describe('a part the app renders again at hydration', () => {
  it('gets the typed text and the tap on its new elements, found at the same place', () => {
    vi.useFakeTimers();
    const doc = document.implementation.createHTMLDocument('x');
    const markup = '<form><input id="q" name="ticket"><button type="submit">Rechercher</button></form>';
    doc.body.innerHTML = `<header><button>Menu</button></header><main>${markup}</main>`;
    holdEarlyTaps(doc);
    const field = doc.getElementById('q') as HTMLInputElement;
    field.value = 'T-6679';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    (doc.querySelector('main button') as HTMLButtonElement).click();

    // Like React on the first discrete event on a part not hydrated yet, whose prerendered HTML
    // does not match the app's: the part is rendered again, with new elements.
    const main = doc.querySelector('main') as HTMLElement;
    let rendered = false;
    const rerender = (event: Event) => {
      if (rendered || !main.contains(event.target as Node)) return;
      rendered = true;
      main.innerHTML = markup;
    };
    for (const type of ['auxclick', 'input', 'click']) doc.addEventListener(type, rerender, true);
    const seen: string[] = [];
    doc.addEventListener('submit', (event) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      seen.push(`submit:${(form.elements.namedItem('ticket') as HTMLInputElement).value}:${form.isConnected}`);
    });
    doc.dispatchEvent(new Event(APP_READY_EVENT));
    vi.runAllTimers();
    expect(field.isConnected).toBe(false);
    expect(seen).toEqual(['submit:T-6679:true']);
    expect((doc.getElementById('q') as HTMLInputElement).value).toBe('T-6679');
  });

  it('drops a tap whose element is gone, rather than tapping whatever took its place', () => {
    vi.useFakeTimers();
    const doc = document.implementation.createHTMLDocument('x');
    doc.body.innerHTML = '<main><button id="a">Supprimer A</button></main>';
    holdEarlyTaps(doc);
    (doc.getElementById('a') as HTMLButtonElement).click();
    let rendered = false;
    const rerender = () => {
      if (rendered) return;
      rendered = true;
      (doc.querySelector('main') as HTMLElement).innerHTML = '<button id="b">Supprimer B</button>';
    };
    for (const type of ['auxclick', 'click']) doc.addEventListener(type, rerender, true);
    const clicks: string[] = [];
    doc.addEventListener('click', (event) => clicks.push((event.target as Element).id));
    doc.dispatchEvent(new Event(APP_READY_EVENT));
    vi.runAllTimers();
    expect(clicks).toEqual([]);
  });
});
