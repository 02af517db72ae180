import Fastify from 'fastify';
import type { LeaderWork } from '../../src/server/services/leadership.ts';

export { until } from './until.ts';

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
