import { startTransition, useEffect, useState } from 'react';

// One shared clock for every relative time on the page, instead of a timer per card.
const TICK_MS = 5_000;
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      // A transition: with a thousand cards on the page, React renders their new texts in short slices between
      // frames instead of in one task (an external store's update would be rendered synchronously).
      startTransition(() => {
        for (const notify of listeners) notify();
      });
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time in ms, re-rendering every few seconds so 'checked 12s ago' keeps counting. */
export function useNow(): number {
  // While the clock runs, every component reads the same instant; the first one to mount starts it afresh.
  const [value, setValue] = useState(() => (timer === undefined ? Date.now() : now));
  useEffect(() => subscribe(() => setValue(now)), []);
  return value;
}
