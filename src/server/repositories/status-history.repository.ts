import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { bool, type Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { CheckResult, RollupDelta } from '../monitor/rollup.ts';

/** A status change as the outbox reads it (migration 0002). */
export interface StatusChange {
  serviceId: number;
  status: boolean;
  changedAt: string;
  previousChangedAt: string | null;
}

/** Everything one batch of check results writes, in one transaction. */
export interface ResultBatch {
  /** Every check result, in check order: one raw log row each. */
  results: readonly CheckResult[];
  /** The last result per service: its status and lastChecked. */
  latest: readonly CheckResult[];
  changes: readonly StatusChange[];
  hourly: readonly RollupDelta[];
  daily: readonly RollupDelta[];
}

/** One raw check row of the recent-history bar. */
export interface LogRow {
  timestamp: string;
  status: boolean;
  responseTime: number | null;
}

/** Sums of hourly buckets over the three uptime windows. */
export interface UptimeSums {
  checks24h: number;
  up24h: number;
  checks7d: number;
  up7d: number;
  checks30d: number;
  up30d: number;
}

type RollupTable = 'service_status_hourly' | 'service_status_daily';
type Param = string | number | boolean | null;

// The hot path builds its SQL as text: multi-row statements whose shape depends only on the row count, so one
// statement per table per batch and no per-row query building. Identifiers are quoted for PostgreSQL.
const ROLLUP_COLUMNS = `"serviceId", bucket, checks, "upChecks", "timedChecks", "responseTimeSum", "responseTimeMin", "responseTimeMax"`;

function rollupUpsert(table: RollupTable, values: string): string {
  const keep = (column: string, pick: '<' | '>') =>
    `"${column}" = CASE WHEN excluded."${column}" IS NULL THEN ${table}."${column}" ` +
    `WHEN ${table}."${column}" IS NULL OR excluded."${column}" ${pick} ${table}."${column}" THEN excluded."${column}" ` +
    `ELSE ${table}."${column}" END`;
  const add = (column: string) => `"${column}" = ${table}."${column}" + excluded."${column}"`;
  return (
    `INSERT INTO ${table} (${ROLLUP_COLUMNS}) VALUES ${values} ON CONFLICT ("serviceId", bucket) DO UPDATE SET ` +
    [
      'checks = ' + `${table}.checks + excluded.checks`,
      add('upChecks'),
      add('timedChecks'),
      add('responseTimeSum'),
      keep('responseTimeMin', '<'),
      keep('responseTimeMax', '>'),
    ].join(', ')
  );
}

/** SQL for check results, their rollups and the status-change outbox rows; reads for the history endpoint. */
export class StatusHistoryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Writes one batch atomically and returns the ids of the services that still exist: rows of services deleted
   * meanwhile are left out (the UPDATE runs first and, in PostgreSQL, locks the rows against a concurrent delete).
   */
  async writeBatch(batch: ResultBatch): Promise<Set<number>> {
    if (batch.latest.length === 0) return new Set();
    return this.db.transaction().execute(async (trx) => {
      const existing = await this.#updateServices(trx, batch.latest);
      const keep = <T extends { serviceId: number }>(rows: readonly T[]) =>
        rows.filter((row) => existing.has(row.serviceId));
      const results = keep(batch.results);
      if (results.length > 0) {
        const params: Param[] = [];
        const values = this.#values(params, results, (r) => [
          r.serviceId,
          this.#bool(r.status),
          r.timestamp,
          r.responseTime,
        ]);
        await this.#run(
          trx,
          `INSERT INTO service_status_logs ("serviceId", status, timestamp, "responseTime") VALUES ${values}`,
          params,
        );
      }
      for (const [table, deltas] of [
        ['service_status_hourly', keep(batch.hourly)],
        ['service_status_daily', keep(batch.daily)],
      ] as const) {
        if (deltas.length === 0) continue;
        const params: Param[] = [];
        const values = this.#values(params, deltas, (d) => [
          d.serviceId,
          d.bucket,
          d.checks,
          d.upChecks,
          d.timedChecks,
          d.responseTimeSum,
          d.responseTimeMin,
          d.responseTimeMax,
        ]);
        await this.#run(trx, rollupUpsert(table, values), params);
      }
      const changes = keep(batch.changes);
      if (changes.length > 0) {
        const params: Param[] = [];
        const values = this.#values(params, changes, (c) => [
          c.serviceId,
          this.#bool(c.status),
          c.changedAt,
          c.previousChangedAt,
        ]);
        await this.#run(
          trx,
          `INSERT INTO service_status_changes ("serviceId", status, "changedAt", "previousChangedAt") VALUES ${values}`,
          params,
        );
      }
      return existing;
    });
  }

  async #updateServices(trx: Transaction<Database>, latest: readonly CheckResult[]): Promise<Set<number>> {
    const params: Param[] = [];
    const isPg = this.dialect === 'postgres';
    // PostgreSQL cannot infer the types of parameters in a VALUES list; SQLite needs no casts.
    const values = latest
      .map((r) => {
        params.push(r.serviceId, this.#bool(r.status), r.timestamp);
        const n = params.length;
        return isPg ? `($${n - 2}::integer, $${n - 1}::boolean, $${n}::text)` : '(?, ?, ?)';
      })
      .join(', ');
    const rows = await this.#run<{ id: number }>(
      trx,
      `UPDATE services SET status = v.column2, "lastChecked" = v.column3 FROM (VALUES ${values}) AS v ` +
        `WHERE services.id = v.column1 RETURNING services.id`,
      params,
    );
    return new Set(rows.map((row) => Number(row.id)));
  }

  #values<T>(params: Param[], rows: readonly T[], pick: (row: T) => Param[]): string {
    const isPg = this.dialect === 'postgres';
    const tuples: string[] = [];
    for (const row of rows) {
      const marks: string[] = [];
      for (const field of pick(row)) {
        params.push(field);
        marks.push(isPg ? `$${params.length}` : '?');
      }
      tuples.push(`(${marks.join(', ')})`);
    }
    return tuples.join(', ');
  }

  #bool(value: boolean): boolean | number {
    return this.dialect === 'postgres' ? value : value ? 1 : 0;
  }

  async #run<R = unknown>(trx: Transaction<Database>, text: string, params: Param[]): Promise<R[]> {
    const result = await trx.executeQuery<R>(CompiledQuery.raw(text, params));
    return result.rows;
  }

  /** Each service's latest status change time (the next change's previousChangedAt). */
  async latestChanges(): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('service_status_changes')
      .select(['serviceId', (eb) => eb.fn.max('changedAt').as('changedAt')])
      .groupBy('serviceId')
      .execute();
    return new Map(rows.map((row) => [row.serviceId, row.changedAt]));
  }

  /** The service's latest raw checks, oldest first. */
  async recent(serviceId: number, limit: number): Promise<LogRow[]> {
    const rows = await this.db
      .selectFrom('service_status_logs')
      .select(['timestamp', 'status', 'responseTime'])
      .where('serviceId', '=', serviceId)
      .orderBy('timestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((row) => ({ ...row, status: bool(row.status) }));
  }

  /** Checks and up checks in the hourly buckets starting at or after each window's first bucket. */
  async uptimeSums(serviceId: number, since: { h24: string; d7: string; d30: string }): Promise<UptimeSums> {
    const rows = await this.db
      .selectFrom('service_status_hourly')
      .select(['bucket', 'checks', 'upChecks'])
      .where('serviceId', '=', serviceId)
      .where('bucket', '>=', since.d30)
      .execute();
    const sums: UptimeSums = { checks24h: 0, up24h: 0, checks7d: 0, up7d: 0, checks30d: 0, up30d: 0 };
    for (const row of rows) {
      sums.checks30d += row.checks;
      sums.up30d += row.upChecks;
      if (row.bucket >= since.d7) {
        sums.checks7d += row.checks;
        sums.up7d += row.upChecks;
      }
      if (row.bucket >= since.h24) {
        sums.checks24h += row.checks;
        sums.up24h += row.upChecks;
      }
    }
    return sums;
  }

  /** The service's hourly buckets from `since` on, oldest first. */
  async hourly(serviceId: number, since: string): Promise<RollupDelta[]> {
    return this.#rollups('service_status_hourly', serviceId, since);
  }

  /** The service's daily buckets from `since` on, oldest first. */
  async daily(serviceId: number, since: string): Promise<RollupDelta[]> {
    return this.#rollups('service_status_daily', serviceId, since);
  }

  async #rollups(table: RollupTable, serviceId: number, since: string): Promise<RollupDelta[]> {
    const rows = await this.db
      .selectFrom(table)
      .selectAll()
      .where('serviceId', '=', serviceId)
      .where('bucket', '>=', since)
      .orderBy('bucket')
      .execute();
    return rows.map((row) => ({ ...row, responseTimeSum: Number(row.responseTimeSum) }));
  }

  /** Deletes up to `limit` raw rows older than `before`; returns how many went. */
  async deleteLogsBefore(before: string, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('service_status_logs')
      .where('id', 'in', (eb) =>
        eb.selectFrom('service_status_logs').select('id').where('timestamp', '<', before).limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes rollup buckets that start before `before`. */
  async deleteRollupsBefore(table: RollupTable, before: string): Promise<number> {
    const result = await this.db.deleteFrom(table).where('bucket', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
