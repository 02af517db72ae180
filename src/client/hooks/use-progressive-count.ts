import { startTransition, useEffect, useState } from 'react';

/**
 * How many items of a long list to render now: `first` at once (enough for the first screen), then more after
 * each commit until all are there: half as many again as are shown, between `step` and `maxStep` (few steps, since
 * each may redraw what is already there, but none big enough to block the page). The steps render as transitions, which React interrupts for input and
 * splits into short slices, so a list of thousands never blocks the page for long. While `isPaused` the count
 * holds (e.g. until the code the rest of the list needs has loaded).
 */
export function useProgressiveCount(
  total: number,
  { first, step, maxStep, isPaused }: { first: number; step: number; maxStep: number; isPaused: boolean },
): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (isPaused || count >= total) return;
    // A macrotask, so the browser can paint what the last step committed before the next one renders.
    const next = count + Math.min(maxStep, Math.max(step, Math.round(count / 2)));
    const timer = setTimeout(() => startTransition(() => setCount(Math.min(total, next))), 0);
    return () => clearTimeout(timer);
  }, [count, total, step, maxStep, isPaused]);
  return Math.min(count, total);
}
