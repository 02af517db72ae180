import { type Generated, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bool } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { pruneHistory } from '../../src/server/monitor/history-retention.ts';
import { dayBucket, hourBucket, rollUp, type CheckResult, type RollupDelta } from '../../src/server/monitor/rollup.ts';
import {
  StatusHistoryRepository,
  type LogRow,
  type UptimeSums,
} from '../../src/server/repositories/status-history.repository.ts';
import { createTestDb, migrateTo, type TestDb } from '../helpers/test-db.ts';

/** The history tables as migration 0012 left them (the current schema types describe 0013's). */
interface OldSchema {
  services: { id: Generated<number>; name: string; url: string; lastChecked: string };
  service_status_logs: {
    id: Generated<number>;
    serviceId: number;
    status: boolean | number;
    timestamp: string;
    responseTime: number | null;
  };
  service_status_hourly: RollupDelta;
  service_status_daily: RollupDelta;
}

// Migration 0013 on the database the route tests run on (SQLite, or PostgreSQL with DATABASE_URL): history
// written in the old layout answers exactly the same after the migration, and again after its hours are packed.

const NOW = Date.parse('2026-06-15T12:34:56.789Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const since = (hours: number) => hourBucket(iso(NOW - hours * HOUR));
const WINDOWS = { h24: since(24), d7: since(7 * 24), d30: since(30 * 24) };

let testDb: TestDb;
let ids: number[];
let raw: CheckResult[];

/** What the history reads answered before 0013: the old repository's queries on the old tables. */
async function oldAnswers(db: Kysely<OldSchema>, serviceId: number) {
  const logs = await db
    .selectFrom('service_status_logs')
    .select(['timestamp', 'status', 'responseTime'])
    .where('serviceId', '=', serviceId)
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  const recent: LogRow[] = logs
    .reverse()
    .map((row) => ({ timestamp: row.timestamp, status: bool(row.status), responseTime: row.responseTime }));
  const buckets = async (
    table: 'service_status_hourly' | 'service_status_daily',
    from: string,
  ): Promise<RollupDelta[]> =>
    (
      await db
        .selectFrom(table)
        .selectAll()
        .where('serviceId', '=', serviceId)
        .where('bucket', '>=', from)
        .orderBy('bucket')
        .execute()
    ).map((row) => ({ ...row, responseTimeSum: Number(row.responseTimeSum) }));
  const hourly = await buckets('service_status_hourly', WINDOWS.d30);
  const sums: UptimeSums = { checks24h: 0, up24h: 0, checks7d: 0, up7d: 0, checks30d: 0, up30d: 0 };
  for (const row of hourly) {
    sums.checks30d += row.checks;
    sums.up30d += row.upChecks;
    if (row.bucket >= WINDOWS.d7) {
      sums.checks7d += row.checks;
      sums.up7d += row.upChecks;
    }
    if (row.bucket >= WINDOWS.h24) {
      sums.checks24h += row.checks;
      sums.up24h += row.upChecks;
    }
  }
  return {
    recent,
    sums,
    hourly: await buckets('service_status_hourly', WINDOWS.h24),
    daily: await buckets('service_status_daily', dayBucket(iso(NOW - 400 * DAY))),
  };
}

async function newAnswers(repository: StatusHistoryRepository, serviceId: number) {
  return {
    recent: await repository.recent(serviceId, 50),
    sums: await repository.uptimeSums(serviceId, WINDOWS),
    hourly: await repository.hourly(serviceId, WINDOWS.h24),
    daily: await repository.daily(serviceId, dayBucket(iso(NOW - 400 * DAY))),
  };
}

/** Checks of one service every `everyMs` from `from` to `to` (ms ago), some down and some without a time. */
function checks(serviceId: number, from: number, to: number, everyMs: number): CheckResult[] {
  const results: CheckResult[] = [];
  for (let ago = from, i = 0; ago > to; ago -= everyMs, i += 1) {
    const status = i % 7 !== 3;
    results.push({
      serviceId,
      timestamp: iso(NOW - ago + (i % 5)),
      status,
      responseTime: status ? 10 + ((i * 37) % 900) : i % 2 === 0 ? null : 9_999,
    });
  }
  return results;
}

let before: Map<number, Awaited<ReturnType<typeof oldAnswers>>>;

beforeAll(async () => {
  testDb = await createTestDb((db) => migrateTo(db, '0012-media'));
  const db = testDb.db.kysely as unknown as Kysely<OldSchema>;
  const isPg = testDb.db.dialect === 'postgres';
  const services = await db
    .insertInto('services')
    .values(['busy', 'quiet past', 'never checked'].map((name) => ({ name, url: 'https://svc.lab', lastChecked: '' })))
    .returning('id')
    .execute();
  ids = services.map((row) => Number(row.id));
  const [busy, past] = ids as [number, number];
  // Raw rows within their 48 h retention (what an old database holds); the rollups also count older checks.
  raw = [
    ...checks(busy, 3 * HOUR, 0, 20_000),
    // A service whose last checks were 40 h ago: its recent bar reaches back into packed hours.
    ...checks(past, 40 * HOUR, 39 * HOUR, 60_000),
  ];
  const results = [
    ...raw,
    ...checks(busy, 45 * DAY, 47 * HOUR, 6 * HOUR),
    ...checks(past, 20 * DAY, 19 * DAY, 2 * HOUR),
  ];
  const rows = raw.map((r) => ({
    serviceId: r.serviceId,
    status: isPg ? r.status : Number(r.status),
    timestamp: r.timestamp,
    responseTime: r.responseTime,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('service_status_logs')
      .values(rows.slice(start, start + 500))
      .execute();
  }
  for (const [table, bucketOf] of [
    ['service_status_hourly', hourBucket],
    ['service_status_daily', dayBucket],
  ] as const) {
    await db.insertInto(table).values(rollUp(results, bucketOf)).execute();
  }
  before = new Map();
  for (const id of ids) before.set(id, await oldAnswers(db, id));
  await migrateToLatest(testDb.db);
});
afterAll(async () => {
  await testDb.dispose();
});

describe('migration 0013: compact history', () => {
  it('converts old history: recent checks, uptime sums, hourly and daily buckets answer the same', async () => {
    const repository = new StatusHistoryRepository(testDb.db.kysely, testDb.db.dialect);
    const [busy, past] = ids as [number, number];
    expect(before.get(busy)?.recent).toHaveLength(50);
    expect(before.get(past)?.recent).toHaveLength(50);
    expect(before.get(busy)?.sums.checks30d).toBeGreaterThan(500);
    for (const id of ids) expect(await newAnswers(repository, id), `service ${id}`).toEqual(before.get(id));

    const tables = (await testDb.db.kysely.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(['service_checks', 'service_check_hours']));
    expect(tables).not.toContain('service_status_logs');
  });

  it('answers the same once the converted checks are packed into hours, and the raw checks survive it', async () => {
    const repository = new StatusHistoryRepository(testDb.db.kysely, testDb.db.dialect);
    const everyCheck = new Map<number, unknown>();
    for (const id of ids) everyCheck.set(id, await repository.checks(id));
    const pruned = await pruneHistory(repository, new Date(NOW));
    // Every converted check of an hour that ended before now (less a minute) went into its packed hour.
    const finished = raw.filter((check) => check.timestamp < hourBucket(iso(NOW - 60_000))).length;
    expect(finished).toBeGreaterThan(400);
    expect(pruned).toEqual({ packed: finished, logs: 0, hourly: 0, daily: 0 });
    for (const id of ids) {
      expect(await newAnswers(repository, id), `service ${id}`).toEqual(before.get(id));
    }
    for (const id of ids) expect(await repository.checks(id), `service ${id}`).toEqual(everyCheck.get(id));
  });
});
