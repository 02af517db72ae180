import type { Services } from '../services/container.ts';
import type { Job } from './job.ts';

/**
 * Packs finished hours of raw checks and deletes history past its retention (raw checks, hourly and daily buckets,
 * processed state changes of services, game servers and the media server) every five minutes.
 */
export const pruneHistoryJob = (services: Services): Job => ({
  name: 'prune-history',
  // Often enough that each run deletes only a few minutes' worth of raw rows.
  intervalMs: 5 * 60_000,
  leaderOnly: true,
  run: async () => {
    await services.history.prune();
    await services.history.pruneStateChanges();
  },
});
