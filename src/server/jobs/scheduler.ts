import type { FastifyBaseLogger } from 'fastify';
import { isDiskFull } from '../lib/disk-full.ts';
import type { LeaderWork } from '../services/leadership.ts';
import type { Services } from '../services/container.ts';
import { dailyBackupJob } from './daily-backup.job.ts';
import type { Job } from './job.ts';
import { pollGameServersJob } from './poll-game-servers.job.ts';
import { pollMediaJob } from './poll-media.job.ts';
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
    ...services.gameServerPollers.map(pollGameServersJob),
    pollMediaJob(services.mediaPoller),
    dailyBackupJob(services),
  ];
}

/** Starts the jobs every instance runs (see `runJobs`); the leader-only ones run through `leaderWork`. */
export function startScheduler(services: Services, log: FastifyBaseLogger): { stop(): Promise<void> } {
  return runJobs(
    serverJobs(services).filter((job) => !job.leaderOnly),
    log,
  );
}

/**
 * What the leading instance runs: the monitor and every leader-only job. Leadership starts it when this
 * instance takes the lock and stops it when the lock is lost, so a deployment runs each of them once.
 */
export function leaderWork(services: Services, log: FastifyBaseLogger): LeaderWork {
  let jobs: { stop(): Promise<void> } | null = null;
  return {
    async start() {
      await services.monitor.start();
      jobs = runJobs(
        serverJobs(services).filter((job) => job.leaderOnly),
        log,
      );
    },
    async stop() {
      await Promise.all([jobs?.stop(), services.monitor.stop()]);
      jobs = null;
    },
  };
}

/**
 * Runs each job at its interval, never two runs of one job at once (a tick while the last run is still going is
 * skipped); errors are logged, not thrown. `stop` resolves once runs in progress have ended, so the database is
 * not closed under a job. A job that fails for a full disk is logged once until it runs again, not every second
 * (the outbox runs every second; its log lines would go to a disk that has no room for them either).
 */
export function runJobs(
  jobs: readonly Job[],
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
): { stop(): Promise<void> } {
  const running = new Map<string, Promise<void>>();
  const blockedByFullDisk = new Set<string>();
  const failed = (job: Job, error: unknown) => {
    if (!isDiskFull(error)) {
      log.error({ err: error, job: job.name }, 'job failed');
    } else if (!blockedByFullDisk.has(job.name)) {
      blockedByFullDisk.add(job.name);
      log.warn({ err: error, job: job.name }, 'job cannot write: the disk is full (logged again once it runs)');
    }
  };
  const succeeded = (job: Job) => {
    if (blockedByFullDisk.delete(job.name)) log.info({ job: job.name }, 'job runs again after the full disk');
  };
  const timers = jobs.map((job) => {
    const tick = () => {
      if (running.has(job.name)) return;
      const run = job
        .run()
        .then(
          () => succeeded(job),
          (error: unknown) => failed(job, error),
        )
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    };
    const timer = setInterval(tick, job.intervalMs);
    timer.unref();
    if (job.runAtStart) tick();
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
