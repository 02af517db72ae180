import type { Services } from '../services/container.ts';
import type { Job } from './job.ts';

/**
 * Runs the notification outbox every second: turns status changes into deliveries and sends the due ones. Each run
 * re-reads the SMTP settings, so a change saved by another instance applies within a second (see 0005).
 */
export const sendNotificationsJob = (services: { outbox: Pick<Services['outbox'], 'runOnce'> }): Job => ({
  name: 'send-notifications',
  intervalMs: 1_000,
  leaderOnly: false,
  run: async () => {
    await services.outbox.runOnce();
  },
});
