import type { BucketCounts, StateChange } from '../repositories/uptime.repository.ts';
import { BUCKET_MS, type BucketSource } from './uptime-summary.ts';

/**
 * A game server's state changes as the services' rollups look: per hour or day, `checks` is the milliseconds its
 * state was known and `upChecks` those it was up, so `periodFigures` and `dailyBars` give "time up over time known".
 * A state holds from its change until the next one, the last until `now`. Time before the server's first recorded
 * state is unknown: no bucket, so a day with no knowledge is a bar without data and counts in no period.
 * `changes` are ordered by server and time (as `UptimeRepository.gameServerStates` reads them).
 */
export function stateBuckets(changes: readonly StateChange[], now: number): BucketSource {
  return {
    buckets: (level, ids, since) => {
      const size = BUCKET_MS[level];
      const wanted = new Set(ids);
      const buckets = new Map<string, BucketCounts>();
      const add = (subjectId: number, from: number, to: number, up: boolean) => {
        for (let start = Math.max(from, since); start < to;) {
          const bucket = Math.floor(start / size) * size;
          const end = Math.min(to, bucket + size);
          const key = `${subjectId}:${bucket}`;
          let counts = buckets.get(key);
          if (!counts) {
            counts = { subjectId, bucket, checks: 0, upChecks: 0, timedChecks: 0, responseTimeSum: 0 };
            buckets.set(key, counts);
          }
          counts.checks += end - start;
          if (up) counts.upChecks += end - start;
          start = end;
        }
      };
      changes.forEach((change, index) => {
        if (!wanted.has(change.subjectId)) return;
        const next = changes[index + 1];
        const until = next?.subjectId === change.subjectId ? Math.min(next.at, now) : now;
        add(change.subjectId, change.at, until, change.status);
      });
      return Promise.resolve([...buckets.values()].sort((a, b) => a.bucket - b.bucket));
    },
  };
}
