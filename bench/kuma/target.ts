import path from 'node:path';
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

/** Starts counting-target.mjs through bench/local-target.ts (the same target process our benchmarks use). */
export async function startCountingTarget(): Promise<CountingTarget> {
  const previous = process.env.BENCH_TARGET_SCRIPT;
  process.env.BENCH_TARGET_SCRIPT = path.join(import.meta.dirname, 'counting-target.mjs');
  const { child, url } = await startLocalTarget().finally(() => {
    if (previous === undefined) delete process.env.BENCH_TARGET_SCRIPT;
    else process.env.BENCH_TARGET_SCRIPT = previous;
  });
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
