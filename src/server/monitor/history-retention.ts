import type { StatusHistoryRepository } from '../repositories/status-history.repository.ts';
import { dayBucket, hourBucket } from './rollup.ts';

/** How long each level of history is kept. */
export interface HistoryRetention {
  rawMs: number;
  hourlyMs: number;
  dailyMs: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Raw checks 48 h (the recent bar and a day of detail), hourly buckets 90 days, daily buckets 400 days. */
export const DEFAULT_RETENTION: HistoryRetention = {
  rawMs: 48 * HOUR_MS,
  hourlyMs: 90 * DAY_MS,
  dailyMs: 400 * DAY_MS,
};

// Raw rows go in chunks so a large backlog never holds the (SQLite: only) write lock for long.
const CHUNK = 5_000;

/** Deletes history past its retention; returns how many rows of each kind went. */
export async function pruneHistory(
  repository: StatusHistoryRepository,
  now: Date,
  retention: HistoryRetention = DEFAULT_RETENTION,
): Promise<{ logs: number; hourly: number; daily: number }> {
  const at = now.getTime();
  const rawBefore = new Date(at - retention.rawMs).toISOString();
  let logs = 0;
  for (;;) {
    const deleted = await repository.deleteLogsBefore(rawBefore, CHUNK);
    logs += deleted;
    if (deleted < CHUNK) break;
    // Let check results in between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Whole buckets only: a bucket goes once all of it is past the retention.
  const hourly = await repository.deleteRollupsBefore(
    'service_status_hourly',
    hourBucket(new Date(at - retention.hourlyMs).toISOString()),
  );
  const daily = await repository.deleteRollupsBefore(
    'service_status_daily',
    dayBucket(new Date(at - retention.dailyMs).toISOString()),
  );
  return { logs, hourly, daily };
}
