import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services/container.ts';
import type { Job } from './job.ts';
import { purgeSessionsJob } from './purge-sessions.job.ts';
import { pruneHistoryJob } from './prune-history.job.ts';
import { pruneLoginAttemptsJob } from './prune-login-attempts.job.ts';
import { refreshMonitorSettingsJob } from './refresh-monitor-settings.job.ts';
import { sendNotificationsJob } from './send-notifications.job.ts';

/** Every periodic job of the server. */
export function serverJobs(services: Services): Job[] {
  return [
    sendNotificationsJob(services),
    purgeSessionsJob(services),
    pruneLoginAttemptsJob(services),
    pruneHistoryJob(services),
    refreshMonitorSettingsJob(services),
  ];
}

/** Starts every job of the server (see `runJobs`). */
export function startScheduler(services: Services, log: FastifyBaseLogger): { stop(): Promise<void> } {
  return runJobs(serverJobs(services), log);
}

/**
 * Runs each job at its interval, never two runs of one job at once (a tick while the last run is still going is
 * skipped); errors are logged, not thrown. `stop` resolves once runs in progress have ended, so the database is
 * not closed under a job.
 */
export function runJobs(jobs: readonly Job[], log: Pick<FastifyBaseLogger, 'error'>): { stop(): Promise<void> } {
  const running = new Map<string, Promise<void>>();
  const timers = jobs.map((job) => {
    const tick = () => {
      if (running.has(job.name)) return;
      const run = job
        .run()
        .catch((error: unknown) => log.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    };
    const timer = setInterval(tick, job.intervalMs);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
