import { startLocalTarget } from '../local-target.ts';

export interface TargetCounts {
  /** Requests answered so far. */
  total: number;
  /** Distinct paths (one per monitor) requested at or after the given time. */
  pathsSince: number;
}

export interface CountingTarget {
  url: string;
  counts(sinceMs: number): Promise<TargetCounts>;
  stop(): void;
}

/** Starts bench/monitor-target.mjs (the target every benchmark uses; it also counts requests per path). */
export async function startCountingTarget(): Promise<CountingTarget> {
  const { child, url } = await startLocalTarget();
  let nextId = 0;
  return {
    url,
    counts(sinceMs) {
      const id = (nextId += 1);
      return new Promise((resolve) => {
        const onMessage = (message: TargetCounts & { id: number }) => {
          if (message.id !== id) return;
          child.off('message', onMessage);
          resolve({ total: message.total, pathsSince: message.pathsSince });
        };
        child.on('message', onMessage);
        child.send({ id, since: sinceMs });
      });
    },
    stop: () => child.kill('SIGTERM'),
  };
}
