import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * Hourly and daily rollups of service checks, upserted in the same transaction as the raw rows they summarise,
 * so uptime and response-time history never re-scan raw rows and survive the raw rows' pruning.
 * `timedChecks` counts the checks that have a response time (failed transports store none), so the average is
 * `responseTimeSum / timedChecks`.
 */
export function statusRollupsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      for (const table of ['service_status_hourly', 'service_status_daily']) {
        await db.schema
          .createTable(table)
          .addColumn('serviceId', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
          // ISO 8601 UTC start of the hour or day: sorts and compares like every other timestamp column.
          .addColumn('bucket', 'text', (c) => c.notNull())
          .addColumn('checks', 'integer', (c) => c.notNull())
          .addColumn('upChecks', 'integer', (c) => c.notNull())
          .addColumn('timedChecks', 'integer', (c) => c.notNull())
          .addColumn('responseTimeSum', 'bigint', (c) => c.notNull())
          .addColumn('responseTimeMin', 'integer')
          .addColumn('responseTimeMax', 'integer')
          .addPrimaryKeyConstraint(`${table}_pk`, ['serviceId', 'bucket'])
          // SQLite: the rows live in the primary-key B-tree itself, so an upsert writes one tree, not two.
          .$call((builder) => (dialect === 'sqlite' ? builder.modifyEnd(sql`without rowid`) : builder))
          .execute();
        // Pruning deletes by age across all services.
        await db.schema.createIndex(`${table}_bucket`).on(table).column('bucket').execute();
      }
      // Pruning raw rows by age; the (serviceId, timestamp) index of 0001 serves per-service reads.
      await db.schema
        .createIndex('service_status_logs_timestamp')
        .on('service_status_logs')
        .column('timestamp')
        .execute();
      // The monitor reads each service's latest change at start (previousChangedAt of the next change).
      await db.schema
        .createIndex('service_status_changes_service')
        .on('service_status_changes')
        .columns(['serviceId', 'changedAt'])
        .execute();
    },
  };
}
