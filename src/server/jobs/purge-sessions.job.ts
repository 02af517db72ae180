import type { Services } from '../services/container.ts';
import type { Job } from './job.ts';

/** Deletes expired sessions hourly so the table holds only live ones. */
export const purgeSessionsJob = (services: Services): Job => ({
  name: 'purge-sessions',
  intervalMs: 60 * 60_000,
  leaderOnly: true,
  run: async () => {
    await services.sessions.purgeExpired();
  },
});
