/**
 * The `react` module of the browser build (Preact's compatibility layer plus what the app needs
 * of React 19), tested on Preact itself: the rest of the web unit tests run on React.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createElement, createRef, forwardRef, hydrate, render, useEffect, useState } from 'preact/compat';
import { act } from 'preact/test-utils';
// Imported for its effects too: it teaches Preact to pass `ref` as a prop.
import { useEffectEvent, useSyncExternalStore } from './react';
import { setHydrating } from './hydration';

afterEach(() => {
  document.body.innerHTML = '';
});

function mount(): HTMLDivElement {
  const container = document.createElement('div');
  document.body.append(container);
  return container;
}

describe('ref as a prop (React 19)', () => {
  it('reaches a plain function component, which can put it on its input', async () => {
    // What a form library's register() does: the ref comes with the other props.
    function Input(props: { name: string }) {
      return createElement('input', props);
    }
    const ref = createRef<HTMLInputElement>();
    await act(() => {
      render(createElement(Input, { name: 'message', ref }), mount());
    });
    expect(ref.current).toBeInstanceOf(HTMLInputElement);
    expect(ref.current?.name).toBe('message');
  });

  it('still works through forwardRef', async () => {
    const Input = forwardRef<HTMLInputElement, { name: string }>(function Input(props, ref) {
      return createElement('input', { ...props, ref });
    });
    const ref = createRef<HTMLInputElement>();
    await act(() => {
      render(createElement(Input, { name: 'email', ref }), mount());
    });
    expect(ref.current?.name).toBe('email');
  });
});

describe('useSyncExternalStore', () => {
  let stored = 3;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  function Badge() {
    const count = useSyncExternalStore(subscribe, () => stored, () => 0);
    return createElement('span', { 'aria-label': `Panier, ${count} articles` }, String(count));
  }

  it('hydrates with the server value, then shows the browser value', async () => {
    const container = mount();
    container.innerHTML = '<span aria-label="Panier, 0 articles">0</span>';
    setHydrating(true);
    try {
      hydrate(createElement(Badge, null), container);
    } finally {
      setHydrating(false);
    }
    // Preact keeps the server's attributes while hydrating: the first render matched them.
    expect(container.querySelector('span')?.getAttribute('aria-label')).toBe('Panier, 0 articles');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(container.querySelector('span')?.getAttribute('aria-label')).toBe('Panier, 3 articles');
    expect(container.textContent).toBe('3');
  });

  it('renders the browser value at once outside hydration, and follows the store', async () => {
    const container = mount();
    await act(() => {
      render(createElement(Badge, null), container);
    });
    expect(container.textContent).toBe('3');
    stored = 5;
    await act(() => {
      listeners.forEach((listener) => listener());
    });
    expect(container.textContent).toBe('5');
  });
});

describe('useEffectEvent', () => {
  it('calls the latest handler, from an effect that does not depend on it', async () => {
    const seen: number[] = [];
    function Counter() {
      const [count, setCount] = useState(0);
      const report = useEffectEvent(() => {
        seen.push(count);
      });
      // Called from an effect, as React requires: it sees the render's latest values.
      useEffect(() => {
        report();
        if (count === 0) setCount(1);
      }, [count]);
      return null;
    }
    await act(() => {
      render(createElement(Counter, null), mount());
    });
    expect(seen).toEqual([0, 1]);
  });
});
