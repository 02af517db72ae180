import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { binarySlices } from '../db/binary-slices.ts';
import { bool, type Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import {
  decodeSamples,
  encodeSamples,
  SAMPLE_BYTES,
  hourOf,
  HOUR_MS,
  mergeSamples,
  type Sample,
} from '../monitor/check-samples.ts';
import type { CheckResult, RollupDelta } from '../monitor/rollup.ts';
import { deleteStateChangesBefore, SERVICE_CHANGES } from './state-change-retention.ts';

/** A status change as the outbox reads it (migration 0002). */
export interface StatusChange {
  serviceId: number;
  status: boolean;
  changedAt: string;
  previousChangedAt: string | null;
  /** The failure that made a change to down (issue 16); null for a change to up. */
  reason?: string | null;
}

/** Everything one batch of check results writes, in one transaction. */
export interface ResultBatch {
  /** Every check result, in check order: one service_checks row each. */
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
type Param = string | number | boolean | null | Buffer;

/** Packed hours read per query while looking for the latest checks (an hour holds 180 at a 20 s interval). */
const HOURS_PER_READ = 4;

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
      // A second result of one service in the same millisecond (the monitor never starts two at once) is
      // counted in the rollups but not kept as a raw row.
      await this.#insertRows(
        trx,
        keep(batch.results),
        (r) => [r.serviceId, Date.parse(r.timestamp), this.#bool(r.status), r.responseTime],
        (values) =>
          `INSERT INTO service_checks ("serviceId", at, status, "responseTime") VALUES ${values} ON CONFLICT DO NOTHING`,
      );
      for (const [table, deltas] of [
        ['service_status_hourly', keep(batch.hourly)],
        ['service_status_daily', keep(batch.daily)],
      ] as const) {
        await this.#insertRows(
          trx,
          deltas,
          (d) => [
            d.serviceId,
            Date.parse(d.bucket),
            d.checks,
            d.upChecks,
            d.timedChecks,
            d.responseTimeSum,
            d.responseTimeMin,
            d.responseTimeMax,
          ],
          (values) => rollupUpsert(table, values),
        );
      }
      await this.#insertRows(
        trx,
        keep(batch.changes),
        (c) => [c.serviceId, this.#bool(c.status), c.changedAt, c.previousChangedAt, c.reason ?? null],
        (values) =>
          `INSERT INTO service_status_changes ("serviceId", status, "changedAt", "previousChangedAt", reason) VALUES ${values}`,
      );
      return existing;
    });
  }

  async #updateServices(trx: Transaction<Database>, latest: readonly CheckResult[]): Promise<Set<number>> {
    const isPg = this.dialect === 'postgres';
    const existing = new Set<number>();
    for (const slice of binarySlices(latest)) {
      const params: Param[] = [];
      // PostgreSQL cannot infer the types of parameters in a VALUES list; SQLite needs no casts.
      const values = slice
        .map((r) => {
          params.push(r.serviceId, this.#bool(r.status), r.timestamp, r.reason ?? null);
          const n = params.length;
          return isPg ? `($${n - 3}::integer, $${n - 2}::boolean, $${n - 1}::text, $${n}::text)` : '(?, ?, ?, ?)';
        })
        .join(', ');
      // failure: why the latest check failed (null when it passed), for the card's details.
      const rows = await this.#run<{ id: number }>(
        trx,
        `UPDATE services SET status = v.column2, "lastChecked" = v.column3, failure = v.column4 FROM (VALUES ${values}) AS v ` +
          `WHERE services.id = v.column1 RETURNING services.id`,
        params,
      );
      for (const row of rows) existing.add(Number(row.id));
    }
    return existing;
  }

  /** Runs `sqlOf(values)` over the rows in binary slices (a few statement texts for any number of rows). */
  async #insertRows<T>(
    trx: Transaction<Database>,
    rows: readonly T[],
    pick: (row: T) => Param[],
    sqlOf: (values: string) => string,
  ): Promise<void> {
    for (const slice of binarySlices(rows)) {
      const params: Param[] = [];
      const values = this.#values(params, slice, pick);
      await this.#run(trx, sqlOf(values), params);
    }
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

  /** The service's latest status changes, newest first, with the failure that made each change to down. */
  async recentChanges(
    serviceId: number,
    limit: number,
  ): Promise<{ changedAt: string; status: boolean; reason: string | null }[]> {
    const rows = await this.db
      .selectFrom('service_status_changes')
      .select(['changedAt', 'status', 'reason'])
      .where('serviceId', '=', serviceId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ changedAt: row.changedAt, status: bool(row.status), reason: row.reason }));
  }

  /** The service's latest raw checks, oldest first: recent rows, then packed hours as far back as needed. */
  async recent(serviceId: number, limit: number): Promise<LogRow[]> {
    const plain = await this.db
      .selectFrom('service_checks')
      .select(['at', 'status', 'responseTime'])
      .where('serviceId', '=', serviceId)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    const samples: Sample[] = plain.map((row) => ({ ...row, at: Number(row.at), status: bool(row.status) }));
    // Packed hours are older than the recent rows, except a late result written after its hour was packed: an
    // hour that ends after the oldest recent row may still hold some of the latest checks.
    const floor = plain.length === limit ? (samples.at(-1)?.at ?? 0) - HOUR_MS : -Infinity;
    let packed = 0;
    let below = Infinity;
    for (;;) {
      const hours = await this.db
        .selectFrom('service_check_hours')
        .select(['hour', 'samples'])
        .where('serviceId', '=', serviceId)
        .$if(below !== Infinity, (query) => query.where('hour', '<', below))
        .$if(floor !== -Infinity, (query) => query.where('hour', '>', floor))
        .orderBy('hour', 'desc')
        .limit(HOURS_PER_READ)
        .execute();
      for (const row of hours) {
        const decoded = decodeSamples(Number(row.hour), row.samples);
        samples.push(...decoded);
        packed += decoded.length;
        below = Number(row.hour);
      }
      if (hours.length < HOURS_PER_READ || packed >= limit) break;
    }
    return samples
      .sort((a, b) => b.at - a.at)
      .slice(0, limit)
      .reverse()
      .map((sample) => ({
        timestamp: new Date(sample.at).toISOString(),
        status: sample.status,
        responseTime: sample.responseTime,
      }));
  }

  /** Every raw check of a service (recent rows and packed hours) from `since` (epoch ms) on, oldest first. */
  async checks(serviceId: number, since = 0): Promise<Sample[]> {
    const [plain, hours] = await Promise.all([
      this.db
        .selectFrom('service_checks')
        .select(['at', 'status', 'responseTime'])
        .where('serviceId', '=', serviceId)
        .where('at', '>=', since)
        .orderBy('at')
        .execute(),
      this.db
        .selectFrom('service_check_hours')
        .select(['hour', 'samples'])
        .where('serviceId', '=', serviceId)
        .where('hour', '>', since - HOUR_MS)
        .orderBy('hour')
        .execute(),
    ]);
    const packed: Sample[] = [];
    for (const row of hours) {
      for (const sample of decodeSamples(Number(row.hour), row.samples)) if (sample.at >= since) packed.push(sample);
    }
    const recent = plain.map((row) => ({ ...row, at: Number(row.at), status: bool(row.status) }));
    // Hours are packed in order and recent rows are newer, unless a late result was written after its hour was
    // packed: only then is a merge needed.
    const newestPacked = packed.at(-1)?.at ?? -Infinity;
    if ((recent[0]?.at ?? Infinity) > newestPacked) return packed.concat(recent);
    return mergeSamples(packed, recent);
  }

  /** Checks and up checks in the hourly buckets starting at or after each window's first bucket. */
  async uptimeSums(serviceId: number, since: { h24: string; d7: string; d30: string }): Promise<UptimeSums> {
    const h24 = Date.parse(since.h24);
    const d7 = Date.parse(since.d7);
    const d30 = Date.parse(since.d30);
    const rows = await this.db
      .selectFrom('service_status_hourly')
      .select(['bucket', 'checks', 'upChecks'])
      .where('serviceId', '=', serviceId)
      .where('bucket', '>=', d30)
      .execute();
    const sums: UptimeSums = { checks24h: 0, up24h: 0, checks7d: 0, up7d: 0, checks30d: 0, up30d: 0 };
    for (const row of rows) {
      const bucket = Number(row.bucket);
      sums.checks30d += row.checks;
      sums.up30d += row.upChecks;
      if (bucket >= d7) {
        sums.checks7d += row.checks;
        sums.up7d += row.upChecks;
      }
      if (bucket >= h24) {
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
      .where('bucket', '>=', Date.parse(since))
      .orderBy('bucket')
      .execute();
    return rows.map((row) => ({
      ...row,
      bucket: new Date(Number(row.bucket)).toISOString(),
      responseTimeSum: Number(row.responseTimeSum),
    }));
  }

  /** The ids of every service, in order: pruning and packing walk the primary keys service by service. */
  async serviceIds(): Promise<number[]> {
    const rows = await this.db.selectFrom('services').select('id').orderBy('id').execute();
    return rows.map((row) => row.id);
  }

  /**
   * Moves the services' recent rows older than `before` (epoch ms) into their packed hours, merging with an hour
   * packed before (a result written late); returns how many checks moved. The rows are deleted and read back in
   * one statement, so a result written meanwhile is either moved or left for the next run, never lost.
   */
  async packChecksBefore(serviceIds: readonly number[], before: number): Promise<number> {
    if (serviceIds.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      const params: Param[] = [...serviceIds, before];
      const isPg = this.dialect === 'postgres';
      const marks = serviceIds.map((_, i) => (isPg ? `$${i + 1}` : '?')).join(', ');
      const moved = await this.#run<{
        serviceId: number;
        at: number | string;
        status: boolean | number;
        responseTime: number | null;
      }>(
        trx,
        `DELETE FROM service_checks WHERE "serviceId" IN (${marks}) AND at < ${isPg ? `$${params.length}` : '?'} ` +
          `RETURNING "serviceId", at, status, "responseTime"`,
        params,
      );
      if (moved.length === 0) return 0;
      const byHour = new Map<string, { serviceId: number; hour: number; samples: Sample[] }>();
      for (const row of moved) {
        const at = Number(row.at);
        const hour = hourOf(at);
        const key = `${row.serviceId}|${hour}`;
        let group = byHour.get(key);
        if (!group) byHour.set(key, (group = { serviceId: Number(row.serviceId), hour, samples: [] }));
        group.samples.push({ at, status: bool(row.status), responseTime: row.responseTime });
      }
      const groups = [...byHour.values()];
      const oldest = Math.min(...groups.map((group) => group.hour));
      const stored = await trx
        .selectFrom('service_check_hours')
        .select(['serviceId', 'hour', 'samples'])
        .where('serviceId', 'in', [...new Set(groups.map((group) => group.serviceId))])
        .where('hour', '>=', oldest)
        .execute();
      const storedByKey = new Map(stored.map((row) => [`${row.serviceId}|${Number(row.hour)}`, row.samples]));
      const rows: Param[][] = groups.map((group) => {
        const before = storedByKey.get(`${group.serviceId}|${group.hour}`);
        const samples = mergeSamples(before ? decodeSamples(group.hour, before) : [], group.samples);
        return [group.serviceId, group.hour, encodeSamples(group.hour, samples)];
      });
      await this.#insertRows(
        trx,
        rows,
        (row) => row,
        (values) =>
          `INSERT INTO service_check_hours ("serviceId", hour, samples) VALUES ${values} ` +
          `ON CONFLICT ("serviceId", hour) DO UPDATE SET samples = excluded.samples`,
      );
      return moved.length;
    });
  }

  /**
   * Deletes the services' raw checks older than `before` (epoch ms): recent rows, and packed hours that ended by
   * then (an hour straddling `before` stays whole). Returns how many checks went.
   */
  async deleteChecksBefore(serviceIds: readonly number[], before: number): Promise<number> {
    if (serviceIds.length === 0) return 0;
    const plain = await this.db
      .deleteFrom('service_checks')
      .where('serviceId', 'in', serviceIds)
      .where('at', '<', before)
      .executeTakeFirst();
    const hours = await this.db
      .deleteFrom('service_check_hours')
      .where('serviceId', 'in', serviceIds)
      .where('hour', '<=', before - HOUR_MS)
      .returning((eb) => eb.fn<number>('length', ['samples']).as('bytes'))
      .execute();
    const packed = hours.reduce((sum, row) => sum + Number(row.bytes), 0) / SAMPLE_BYTES;
    return Number(plain.numDeletedRows) + packed;
  }

  /** Deletes the services' rollup buckets that start before `before`. */
  async deleteRollupsBefore(table: RollupTable, serviceIds: readonly number[], before: string): Promise<number> {
    if (serviceIds.length === 0) return 0;
    const result = await this.db
      .deleteFrom(table)
      .where('serviceId', 'in', serviceIds)
      .where('bucket', '<', Date.parse(before))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Deletes the processed status changes older than `before` (epoch ms), but each service's `keep` newest of those
   * (state-change-retention.ts). Returns how many went.
   */
  deleteChangesBefore(before: number, keep: number): Promise<number> {
    return deleteStateChangesBefore(this.db, SERVICE_CHANGES, before, keep);
  }
}
