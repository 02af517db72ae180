import type { Services } from '../services/container.ts';
import type { Job } from './job.ts';

/**
 * The daily backup (BACKUP_SCHEDULE=daily, the default): looks every hour and makes one when none was made this
 * UTC day, then applies retention. Leader only: one backup per deployment, not per instance.
 */
export const dailyBackupJob = (services: Services): Job => ({
  name: 'daily-backup',
  intervalMs: 60 * 60_000,
  leaderOnly: true,
  run: async () => {
    await services.backups.runScheduled();
  },
});
