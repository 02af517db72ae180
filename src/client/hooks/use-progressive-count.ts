import { useEffect, useLayoutEffect, useRef, useState } from 'react';

interface ProgressiveOptions {
  /** Items in the first render (enough for the first screen). */
  first: number;
  /** The smallest and largest step. */
  minStep: number;
  maxStep: number;
  /** How long one step's render and commit should take, in ms; the step size follows what the last one took. */
  budgetMs: number;
  /** While true the count holds. */
  isPaused: boolean;
}

// A step grows by at most half again and shrinks by at most half, so one fast or slow step (a collection, another
// process taking the core) does not swing the pace, and growth never overshoots the budget by much.
const MAX_GROWTH = 1.5;
const MAX_SHRINK = 0.5;

/**
 * How many items of a long list to render now: `first` at once, then more in steps, each in its own task after
 * the browser has had a turn (to paint, to answer input), until all are there. Each step is sized from the time
 * the last one's render and commit took, so a step stays near `budgetMs` on a fast machine and a loaded one alike,
 * and the list arrives in as few steps as that allows. The browser's style and layout of what a step added come
 * after, in the frame; they grow with the step, hence a budget well under a long task's 50 ms.
 *
 * The steps are ordinary updates, not transitions: a transition is thrown away and started again whenever a more
 * urgent update arrives (a pushed status change, a query's answer), and under a steady stream of them a list of
 * thousands did not finish for many seconds. A step of this size is short enough to run whole.
 */
export function useProgressiveCount(
  total: number,
  { first, minStep, maxStep, budgetMs, isPaused }: ProgressiveOptions,
): number {
  const [count, setCount] = useState(first);
  const pace = useRef({ size: minStep, startedAt: 0 });

  // Runs right after a step's commit: the time since its update was made is what rendering it cost.
  useLayoutEffect(() => {
    const step = pace.current;
    if (step.startedAt === 0) return;
    const took = Math.max(1, performance.now() - step.startedAt);
    const wanted = Math.min(step.size * MAX_GROWTH, Math.max(step.size * MAX_SHRINK, (step.size * budgetMs) / took));
    step.size = Math.round(Math.min(maxStep, Math.max(minStep, wanted)));
    step.startedAt = 0;
  }, [count, budgetMs, minStep, maxStep]);

  useEffect(() => {
    if (isPaused || count >= total) return;
    // A macrotask, so the browser can paint what the last step committed before the next one renders.
    const timer = setTimeout(() => {
      pace.current.startedAt = performance.now();
      setCount(Math.min(total, count + pace.current.size));
    }, 0);
    return () => clearTimeout(timer);
  }, [count, total, isPaused]);
  return Math.min(count, total);
}
