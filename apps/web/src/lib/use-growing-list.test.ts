import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGrowingList } from './use-growing-list';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const numbers = (length: number) => Array.from({ length }, (_, index) => index);

/** The next task: one more slice (its effect then asks for the following one). */
const nextTask = () =>
  act(() => {
    vi.advanceTimersToNextTimer();
  });

describe('useGrowingList', () => {
  it('shows a short list whole, at once (the same array)', () => {
    const items = numbers(10);
    const { result } = renderHook(() => useGrowingList(items, 25, 50));
    expect(result.current).toBe(items);
  });

  it('shows a long list slice by slice, one task each, then the list itself', () => {
    const items = numbers(120);
    const { result } = renderHook(() => useGrowingList(items, 25, 50));
    expect(result.current).toHaveLength(25);
    nextTask();
    expect(result.current).toHaveLength(75);
    expect(result.current.slice(0, 3)).toEqual([0, 1, 2]);
    nextTask();
    expect(result.current).toBe(items);
    for (let task = 0; task < 5; task += 1) nextTask();
    expect(result.current).toBe(items);
  });

  it('starts a new list again from its first slice, and keeps the same slice across renders', () => {
    let items = numbers(200);
    const { result, rerender } = renderHook(() => useGrowingList(items, 25, 50));
    nextTask();
    expect(result.current).toHaveLength(75);
    const before = result.current;
    rerender();
    expect(result.current).toBe(before);
    items = numbers(120).map((value) => value * 2);
    rerender();
    expect(result.current).toHaveLength(25);
    expect(result.current[1]).toBe(2);
    for (let task = 0; task < 5; task += 1) nextTask();
    expect(result.current).toBe(items);
  });
});
