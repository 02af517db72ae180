import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

const ROLLUPS = ['service_status_hourly', 'service_status_daily'] as const;

/**
 * Compact history (issue 14, docs/decisions/0015-compact-history.md). Raw checks move from
 * `service_status_logs` (an id, ISO text and two indexes: about 141 bytes a check) to `service_checks`, one row
 * per recent check keyed by (service, epoch ms), and `service_check_hours`, one row per service and past hour
 * holding that hour's checks as 8-byte samples (the prune-history job packs each finished hour). Rollup buckets
 * become epoch ms (the tables are rebuilt, columns ordered without padding), and their bucket indexes go:
 * pruning walks the primary key service by service instead.
 * Existing raw rows are converted into `service_checks` here (SQL only, so a large history converts quickly);
 * the job packs them on its next run.
 */
export function compactHistoryMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  // Exact conversions of the ISO 8601 UTC texts (always with milliseconds: toISOString) to epoch ms.
  const epochMs = (column: string) =>
    isPg
      ? sql.raw(`(extract(epoch from "${column}"::timestamptz) * 1000)::bigint`)
      : sql.raw(`cast(strftime('%s', "${column}") as integer) * 1000 + cast(substr("${column}", 21, 3) as integer)`);
  const withoutRowid = (builder: CreateTableBuilder<string, any>) =>
    isPg ? builder : builder.modifyEnd(sql`without rowid`);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('service_checks')
        .addColumn('serviceId', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('status', isPg ? 'boolean' : 'integer', (c) => c.notNull())
        .addColumn('responseTime', 'integer')
        .addPrimaryKeyConstraint('service_checks_pk', ['serviceId', 'at'])
        // SQLite: the rows are the primary-key B-tree, clustered by service and time, with no rowid or second index.
        .$call(withoutRowid)
        .execute();
      // Not WITHOUT ROWID: a key-ordered (index) B-tree keeps only about 1,000 bytes of a row in its page and
      // spills the rest of an hour's samples to an overflow page of its own; a rowid table keeps 4 KiB in place.
      await db.schema
        .createTable('service_check_hours')
        .addColumn('serviceId', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
        .addColumn('hour', 'bigint', (c) => c.notNull())
        .addColumn('samples', isPg ? 'bytea' : 'blob', (c) => c.notNull())
        .addPrimaryKeyConstraint('service_check_hours_pk', ['serviceId', 'hour'])
        .execute();
      // Two rows of one service with the same millisecond (never written by the monitor) become one. (`where true`:
      // SQLite would read ON CONFLICT as part of the SELECT's join without it.)
      await sql`insert into service_checks ("serviceId", at, status, "responseTime")
        select "serviceId", ${epochMs('timestamp')}, status, "responseTime" from service_status_logs where true
        on conflict do nothing`.execute(db);
      await db.schema.dropTable('service_status_logs').execute();

      for (const table of ROLLUPS) {
        // A new table in the old one's place, on both databases: the bucket changes type, and the columns are
        // ordered so PostgreSQL pads none of them (the 8-byte ones together after two 4-byte ones): 8 bytes a row.
        const next = `${table}_next`;
        await db.schema
          .createTable(next)
          .addColumn('serviceId', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
          .addColumn('checks', 'integer', (c) => c.notNull())
          .addColumn('bucket', 'bigint', (c) => c.notNull())
          .addColumn('responseTimeSum', 'bigint', (c) => c.notNull())
          .addColumn('upChecks', 'integer', (c) => c.notNull())
          .addColumn('timedChecks', 'integer', (c) => c.notNull())
          .addColumn('responseTimeMin', 'integer')
          .addColumn('responseTimeMax', 'integer')
          // Not 0003's constraint name, which PostgreSQL still holds for the old table until it is dropped.
          .addPrimaryKeyConstraint(`${table}_pkey`, ['serviceId', 'bucket'])
          .$call(withoutRowid)
          .execute();
        await sql`insert into ${sql.table(next)} ("serviceId", checks, bucket, "responseTimeSum", "upChecks",
          "timedChecks", "responseTimeMin", "responseTimeMax")
          select "serviceId", checks, ${epochMs('bucket')}, "responseTimeSum", "upChecks", "timedChecks",
          "responseTimeMin", "responseTimeMax" from ${sql.table(table)} order by "serviceId", bucket`.execute(db);
        await db.schema.dropTable(table).execute();
        await db.schema.alterTable(next).renameTo(table).execute();
      }
    },
  };
}
