import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRunReport } from '../notifications/outbox.service.ts';
import type { Job } from './job.ts';
import { runJobs } from './scheduler.ts';
import { sendNotificationsJob } from './send-notifications.job.ts';

/** A job whose runs stay in progress until the test ends them. */
function controlledJob(intervalMs: number) {
  const ends: (() => void)[] = [];
  let calls = 0;
  let active = 0;
  let maxActive = 0;
  const job: Job = {
    name: 'controlled',
    intervalMs,
    leaderOnly: false,
    run: () => {
      calls += 1;
      active += 1;
      maxActive = Math.max(maxActive, active);
      return new Promise<void>((resolve) => {
        ends.push(() => {
          active -= 1;
          resolve();
        });
      });
    },
  };
  return {
    job,
    calls: () => calls,
    maxActive: () => maxActive,
    endRun: () => ends.shift()?.(),
  };
}

const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };

beforeEach(() => {
  vi.useFakeTimers();
  log.error.mockReset();
  log.warn.mockReset();
  log.info.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('runJobs', () => {
  it('runs a job at its interval and never starts a second run while one is in progress', async () => {
    const controlled = controlledJob(1_000);
    const scheduler = runJobs([controlled.job], log);
    await vi.advanceTimersByTimeAsync(999);
    expect(controlled.calls()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(controlled.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000); // five ticks while the first run is still going: all skipped
    expect(controlled.calls()).toBe(1);
    controlled.endRun();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(controlled.calls()).toBe(2);
    controlled.endRun();
    expect(controlled.maxActive()).toBe(1);
    await scheduler.stop();
  });

  it('stop waits for the run in progress and no run starts after it', async () => {
    const controlled = controlledJob(1_000);
    const scheduler = runJobs([controlled.job], log);
    await vi.advanceTimersByTimeAsync(1_000);
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(stopped).toBe(false);
    controlled.endRun();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(controlled.calls()).toBe(1);
  });

  it('logs a failed run and runs again at the next tick', async () => {
    let calls = 0;
    const failing: Job = {
      name: 'failing',
      intervalMs: 1_000,
      leaderOnly: false,
      run: () => {
        calls += 1;
        return Promise.reject(new Error('boom'));
      },
    };
    const scheduler = runJobs([failing], log);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(2);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[0]?.[0]).toMatchObject({ job: 'failing' });
    await scheduler.stop();
  });

  it('logs a job failing for a full disk once, not at every run, and once more when it runs again', async () => {
    let full = true;
    const outbox: Job = {
      name: 'outbox',
      intervalMs: 1_000,
      leaderOnly: false,
      run: () =>
        full
          ? Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))
          : Promise.resolve(),
    };
    const scheduler = runJobs([outbox], log);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatchObject({ job: 'outbox' });
    full = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(log.info).toHaveBeenCalledTimes(1);
    full = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(log.warn).toHaveBeenCalledTimes(2);
    await scheduler.stop();
  });
});

describe('runAtStart', () => {
  it('runs a job at once when it asks to, then at its interval', async () => {
    let calls = 0;
    const job: Job = {
      name: 'eager',
      intervalMs: 10_000,
      leaderOnly: true,
      runAtStart: true,
      run: () => {
        calls += 1;
        return Promise.resolve();
      },
    };
    const scheduler = runJobs([job], log);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(2);
    await scheduler.stop();
  });
});

describe('sendNotificationsJob', () => {
  it('runs the outbox once per second', async () => {
    const report: OutboxRunReport = { enqueued: 0, sent: 0, skipped: 0, deferred: 0, retried: 0, failed: 0 };
    const runOnce = vi.fn(() => Promise.resolve(report));
    const job = sendNotificationsJob({ outbox: { runOnce } });
    expect(job.intervalMs).toBe(1_000);
    const scheduler = runJobs([job], log);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runOnce).toHaveBeenCalledTimes(3);
    await scheduler.stop();
  });
});
