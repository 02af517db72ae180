import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Checks of one service in one rollup bucket: what uptime and average response time are computed from. */
export interface BucketCounts {
  serviceId: number;
  /** Epoch ms the hour or day began. */
  bucket: number;
  checks: number;
  upChecks: number;
  timedChecks: number;
  responseTimeSum: number;
}

/** Reads the hourly and daily rollups of many services at once (status pages, badges, the cards' uptime). */
export class UptimeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The buckets of `serviceIds` starting at or after `since` (epoch ms), from the hourly or the daily table. */
  async buckets(level: 'hourly' | 'daily', serviceIds: readonly number[], since: number): Promise<BucketCounts[]> {
    if (serviceIds.length === 0) return [];
    const table = level === 'hourly' ? 'service_status_hourly' : 'service_status_daily';
    const rows = await this.db
      .selectFrom(table)
      .select(['serviceId', 'bucket', 'checks', 'upChecks', 'timedChecks', 'responseTimeSum'])
      .where('serviceId', 'in', serviceIds)
      .where('bucket', '>=', since)
      .orderBy('bucket')
      .execute();
    return rows.map((row) => ({
      serviceId: row.serviceId,
      bucket: Number(row.bucket),
      checks: Number(row.checks),
      upChecks: Number(row.upChecks),
      timedChecks: Number(row.timedChecks),
      responseTimeSum: Number(row.responseTimeSum),
    }));
  }
}
