import type { Services } from '../services/container.ts';
import type { Job } from './job.ts';

/** Deletes sign-in attempts past their retention window, daily. */
export const pruneLoginAttemptsJob = (services: Services): Job => ({
  name: 'prune-login-attempts',
  intervalMs: 24 * 60 * 60_000,
  leaderOnly: true,
  run: () => services.loginAttempts.prune(),
});
