import Fastify from 'fastify';
import type { LeaderWork } from '../../src/server/services/leadership.ts';

// Shared by the leadership tests on any database (leadership.test.ts) and on PostgreSQL only (leadership.pg.test.ts).

export const log = Fastify({ logger: false }).log;
export const FAST = { retryMs: 40, heartbeatMs: 40 };

/** Work that records its runs and how many instances ran it at once. */
export function trackedWork(shared: { active: number; maxActive: number }) {
  const work = {
    starts: 0,
    stops: 0,
    running: false,
    start() {
      work.starts += 1;
      work.running = true;
      shared.active += 1;
      shared.maxActive = Math.max(shared.maxActive, shared.active);
      return Promise.resolve();
    },
    stop() {
      if (work.running) shared.active -= 1;
      work.running = false;
      work.stops += 1;
      return Promise.resolve();
    },
  } satisfies LeaderWork & Record<string, unknown>;
  return work;
}

export async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
