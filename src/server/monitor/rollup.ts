/** One finished check as the writer stores it. */
export interface CheckResult {
  serviceId: number;
  status: boolean;
  /** ISO 8601 UTC wall-clock time the check started. */
  timestamp: string;
  /** Milliseconds to a complete HTTP answer; null when the exchange failed (see docs/decisions/0004-monitoring.md). */
  responseTime: number | null;
  /** Why the check failed (the condition, or the exchange's error); null or absent when it passed. */
  reason?: string | null;
}

/** What one batch adds to one service's hourly or daily bucket. */
export interface RollupDelta {
  serviceId: number;
  bucket: string;
  checks: number;
  upChecks: number;
  timedChecks: number;
  responseTimeSum: number;
  responseTimeMin: number | null;
  responseTimeMax: number | null;
}

/** The ISO start of the UTC hour of an ISO timestamp. */
export function hourBucket(timestamp: string): string {
  return `${timestamp.slice(0, 13)}:00:00.000Z`;
}

/** The ISO start of the UTC day of an ISO timestamp. */
export function dayBucket(timestamp: string): string {
  return `${timestamp.slice(0, 10)}T00:00:00.000Z`;
}

function minOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}

function maxOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

/** Folds one bucket delta into another: the same arithmetic the upsert does in SQL. */
export function mergeRollup(into: RollupDelta, add: RollupDelta): RollupDelta {
  into.checks += add.checks;
  into.upChecks += add.upChecks;
  into.timedChecks += add.timedChecks;
  into.responseTimeSum += add.responseTimeSum;
  into.responseTimeMin = minOf(into.responseTimeMin, add.responseTimeMin);
  into.responseTimeMax = maxOf(into.responseTimeMax, add.responseTimeMax);
  return into;
}

/** Groups check results into per-service, per-bucket deltas (one upsert row each). */
export function rollUp(results: readonly CheckResult[], bucketOf: (timestamp: string) => string): RollupDelta[] {
  const byKey = new Map<string, RollupDelta>();
  for (const result of results) {
    const bucket = bucketOf(result.timestamp);
    const key = `${result.serviceId}|${bucket}`;
    const time = result.responseTime;
    const delta: RollupDelta = {
      serviceId: result.serviceId,
      bucket,
      checks: 1,
      upChecks: result.status ? 1 : 0,
      timedChecks: time === null ? 0 : 1,
      responseTimeSum: time ?? 0,
      responseTimeMin: time,
      responseTimeMax: time,
    };
    const existing = byKey.get(key);
    if (existing) mergeRollup(existing, delta);
    else byKey.set(key, delta);
  }
  return [...byKey.values()];
}

/** Uptime in percent with two decimals, or null when there were no checks. */
export function uptimePercent(upChecks: number, checks: number): number | null {
  if (checks <= 0) return null;
  return Math.round((upChecks / checks) * 10_000) / 100;
}

/** Average response time in whole ms, or null when no check had one. */
export function averageResponseTime(sum: number, timedChecks: number): number | null {
  return timedChecks > 0 ? Math.round(sum / timedChecks) : null;
}
