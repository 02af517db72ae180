import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services/container.ts';
import { purgeSessionsJob } from './purge-sessions.job.ts';
import { pruneLoginAttemptsJob } from './prune-login-attempts.job.ts';

/** A periodic background job; its rules live in services. */
export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<void>;
}

/** Runs each job at its interval, never two runs of one job at once; errors are logged, not thrown. */
export function startScheduler(services: Services, log: FastifyBaseLogger): { stop(): void } {
  const jobs = [purgeSessionsJob(services), pruneLoginAttemptsJob(services)];
  const timers = jobs.map((job) => {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      job
        .run()
        .catch((error: unknown) => log.error({ err: error, job: job.name }, 'job failed'))
        .finally(() => {
          running = false;
        });
    };
    const timer = setInterval(tick, job.intervalMs);
    timer.unref();
    return timer;
  });
  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
    },
  };
}
