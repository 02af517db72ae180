/** Runs a task once fewer than the limit are running; the others wait their turn, first come first served. */
export type ConcurrencyLimit = <T>(task: () => Promise<T>) => Promise<T>;

/** At most `limit` tasks at a time through the returned function. */
export function concurrencyLimit(limit: number): ConcurrencyLimit {
  if (!Number.isInteger(limit) || limit < 1) throw new Error('the limit must be a positive integer');
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // A slot freed with tasks waiting passes straight to the oldest of them.
    if (next) next();
    else running -= 1;
  };
  return async (task) => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
