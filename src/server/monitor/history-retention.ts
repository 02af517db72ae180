import type { StatusHistoryRepository } from '../repositories/status-history.repository.ts';
import { HOUR_MS, hourOf } from './check-samples.ts';
import { dayBucket, hourBucket } from './rollup.ts';

/** How long each level of history is kept. */
export interface HistoryRetention {
  rawMs: number;
  hourlyMs: number;
  dailyMs: number;
}

const DAY_MS = 24 * HOUR_MS;

/**
 * Raw checks 48 h (the recent bar and a day of detail), hourly buckets 90 days, daily buckets 400 days. State
 * changes (of services, and of game servers and the media server: their only history) are kept as long as the daily
 * buckets, see `STATE_CHANGES_RETENTION_MS`.
 */
export const DEFAULT_RETENTION: HistoryRetention = {
  rawMs: 48 * HOUR_MS,
  hourlyMs: 90 * DAY_MS,
  dailyMs: 400 * DAY_MS,
};

/**
 * How long processed state changes are kept: 400 days, as long as the services' daily buckets.
 * - Game servers and the media server: whatever period a service's uptime is given for (up to 365 days, whole UTC
 *   days) a game server's could be too; status pages read 90 days. Each subject's last change before that is kept
 *   too: it is the state the kept ones start from (docs/decisions/0020-maintenance-status-pages.md).
 * - Services: uptime comes from the rollups; the changes are read for the latest one (the next change's
 *   previousChangedAt, the "duration" of alert mails), for the history's last 10 (each service keeps its 10 newest
 *   from before the cutoff, so that list stays whole for a quiet service), and by a delivery being sent (minutes
 *   old). Nothing reads them further back.
 */
export const STATE_CHANGES_RETENTION_MS = 400 * DAY_MS;

/**
 * A finished hour is packed once this long has passed since it ended, so the results of checks started just
 * before the hour turned (written up to a flush interval later) usually arrive first. A later one is merged in.
 */
const PACK_DELAY_MS = 60_000;

// Services go in groups, one transaction each, so a large backlog never holds the (SQLite: only) write lock long.
const GROUP = 100;

/** What one run of pruning did: raw checks packed into hours, and checks and buckets deleted. */
export interface PruneResult {
  packed: number;
  logs: number;
  hourly: number;
  daily: number;
}

/** Packs the raw checks of finished hours, then deletes history past its retention, service group by group. */
export async function pruneHistory(
  repository: StatusHistoryRepository,
  now: Date,
  retention: HistoryRetention = DEFAULT_RETENTION,
): Promise<PruneResult> {
  const at = now.getTime();
  const packBefore = hourOf(at - PACK_DELAY_MS);
  const rawBefore = at - retention.rawMs;
  // Whole buckets only: a bucket goes once all of it is past the retention.
  const hourlyBefore = hourBucket(new Date(at - retention.hourlyMs).toISOString());
  const dailyBefore = dayBucket(new Date(at - retention.dailyMs).toISOString());
  const result: PruneResult = { packed: 0, logs: 0, hourly: 0, daily: 0 };
  const ids = await repository.serviceIds();
  for (let start = 0; start < ids.length; start += GROUP) {
    const group = ids.slice(start, start + GROUP);
    result.packed += await repository.packChecksBefore(group, packBefore);
    result.logs += await repository.deleteChecksBefore(group, rawBefore);
    result.hourly += await repository.deleteRollupsBefore('service_status_hourly', group, hourlyBefore);
    result.daily += await repository.deleteRollupsBefore('service_status_daily', group, dailyBefore);
    // Let check results in between groups.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return result;
}
