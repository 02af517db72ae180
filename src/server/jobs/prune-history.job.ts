import type { Services } from '../services/container.ts';
import type { Job } from './job.ts';

/** Deletes check history past its retention (raw rows, hourly and daily buckets) every five minutes. */
export const pruneHistoryJob = (services: Services): Job => ({
  name: 'prune-history',
  // Often enough that each run deletes only a few minutes' worth of raw rows.
  intervalMs: 5 * 60_000,
  leaderOnly: true,
  run: async () => {
    await services.history.prune();
  },
});
