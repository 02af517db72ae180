import { dayBucket, hourBucket, rollUp, type CheckResult } from '../../src/server/monitor/rollup.ts';
import type { StatusHistoryRepository } from '../../src/server/repositories/status-history.repository.ts';

/** Writes results the way the monitor does: one batch with its rollups; returns the services that still exist. */
export function writeResults(repository: StatusHistoryRepository, results: CheckResult[]): Promise<Set<number>> {
  const latest = new Map(results.map((result) => [result.serviceId, result]));
  return repository.writeBatch({
    results,
    latest: [...latest.values()],
    changes: [],
    hourly: rollUp(results, hourBucket),
    daily: rollUp(results, dayBucket),
  });
}
