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
      // Changes come by server and time, so each server's buckets come in order: a piece either adds to the last
      // bucket or begins the next.
      const buckets: BucketCounts[] = [];
      for (let index = 0; index < changes.length; index += 1) {
        const change = changes[index];
        if (!change || !wanted.has(change.subjectId)) continue;
        const next = changes[index + 1];
        const until = next?.subjectId === change.subjectId ? Math.min(next.at, now) : now;
        for (let start = Math.max(change.at, since); start < until;) {
          const bucket = Math.floor(start / size) * size;
          const end = Math.min(until, bucket + size);
          let last = buckets.at(-1);
          if (last?.subjectId !== change.subjectId || last.bucket !== bucket) {
            last = { subjectId: change.subjectId, bucket, checks: 0, upChecks: 0, timedChecks: 0, responseTimeSum: 0 };
            buckets.push(last);
          }
          last.checks += end - start;
          if (change.status) last.upChecks += end - start;
          start = end;
        }
      }
      return Promise.resolve(buckets);
    },
  };
}
