import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/server/monitor/check-samples.ts';
import { pruneHistory } from '../../src/server/monitor/history-retention.ts';
import { hourBucket, type CheckResult } from '../../src/server/monitor/rollup.ts';
import { StatusHistoryRepository } from '../../src/server/repositories/status-history.repository.ts';
import { writeResults } from '../helpers/history-writes.ts';
import { createTestDb, type TestDb } from '../helpers/test-db.ts';

// The compact raw-check storage on the route tests' database (SQLite, or PostgreSQL with DATABASE_URL): recent
// rows, hours packed by the prune job, late results, retention and deleted services.

let testDb: TestDb;
let repository: StatusHistoryRepository;

beforeAll(async () => {
  testDb = await createTestDb();
  repository = new StatusHistoryRepository(testDb.db.kysely, testDb.db.dialect);
});
afterAll(async () => {
  await testDb.dispose();
});

const NOW = Date.parse('2026-09-10T10:20:30.400Z');
const iso = (ms: number) => new Date(ms).toISOString();

async function createService(name: string): Promise<number> {
  const row = await testDb.db.kysely
    .insertInto('services')
    .values({ name, url: 'https://svc.lab', lastChecked: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const write = async (results: CheckResult[]): Promise<void> => {
  await writeResults(repository, results);
};

const every = (serviceId: number, fromAgo: number, count: number, stepMs: number): CheckResult[] =>
  Array.from({ length: count }, (_, i) => ({
    serviceId,
    timestamp: iso(NOW - fromAgo + i * stepMs),
    status: i % 4 !== 0,
    responseTime: i % 4 === 0 ? null : i,
  }));

const packedHours = async (serviceId: number) =>
  (
    await testDb.db.kysely
      .selectFrom('service_check_hours')
      .select('hour')
      .where('serviceId', '=', serviceId)
      .orderBy('hour')
      .execute()
  ).map((row) => Number(row.hour));

describe('compact raw checks', () => {
  it('reads the latest 50 checks across recent rows and packed hours, the same before and after packing', async () => {
    const id = await createService('spanning');
    // 3 hours at 2 minutes: 90 checks over 3 packed-to-be hours and the current one.
    const results = every(id, 3 * HOUR_MS, 90, 120_000);
    await write(results);
    const expected = results.slice(-50).map(({ timestamp, status, responseTime }) => ({
      timestamp,
      status,
      responseTime,
    }));
    expect(await repository.recent(id, 50)).toEqual(expected);
    const pruned = await pruneHistory(repository, new Date(NOW));
    expect(pruned.packed).toBe(results.filter((r) => r.timestamp < hourBucket(iso(NOW))).length);
    expect(await packedHours(id)).toHaveLength(3);
    expect(await repository.recent(id, 50)).toEqual(expected);
    expect(await repository.recent(id, 5)).toEqual(expected.slice(-5));
    expect((await repository.checks(id)).map((sample) => iso(sample.at))).toEqual(results.map((r) => r.timestamp));
  });

  it('merges a result written after its hour was packed, and shows it among the latest checks', async () => {
    const id = await createService('late');
    const lastHour = Date.parse(hourBucket(iso(NOW))) - HOUR_MS;
    const onTime = [0, 10_000, 3_599_000].map((offset, i) => ({
      serviceId: id,
      timestamp: iso(lastHour + offset),
      status: true,
      responseTime: i,
    }));
    await write(onTime);
    await pruneHistory(repository, new Date(NOW));
    const late = { serviceId: id, timestamp: iso(lastHour + 3_598_000), status: false, responseTime: null };
    await write([late]);
    const inOrder = [onTime[0], onTime[1], late, onTime[2]].map((r) => ({
      timestamp: r?.timestamp,
      status: r?.status,
      responseTime: r?.responseTime,
    }));
    // Before the next run the late result is a recent row older than the packed hour's last check.
    expect(await repository.recent(id, 50)).toEqual(inOrder);
    expect(await repository.recent(id, 2)).toEqual(inOrder.slice(-2));
    expect((await pruneHistory(repository, new Date(NOW))).packed).toBe(1);
    expect(await packedHours(id)).toEqual([lastHour]);
    expect(await repository.recent(id, 50)).toEqual(inOrder);
  });

  it('keeps raw checks 48 h: an hour goes once all of it is past, and a deleted service takes its checks along', async () => {
    const id = await createService('aging');
    const gone = await createService('deleted');
    const results = [...every(id, 50 * HOUR_MS, 60, 120_000), ...every(gone, 2 * HOUR_MS, 10, 60_000)];
    await write(results);
    await pruneHistory(repository, new Date(NOW));
    const left = await repository.checks(id);
    // 10:20:30 less 48 h is 10:20:30 two days back: the 10:00 hour that holds it stays whole, the 09:00 one goes.
    const firstKept = Date.parse(hourBucket(iso(NOW - 48 * HOUR_MS)));
    expect(left.map((sample) => iso(sample.at))).toEqual(
      results.filter((r) => r.serviceId === id && Date.parse(r.timestamp) >= firstKept).map((r) => r.timestamp),
    );
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(60);

    await testDb.db.kysely.deleteFrom('services').where('id', '=', gone).execute();
    expect(await repository.checks(gone)).toEqual([]);
    expect(await packedHours(gone)).toEqual([]);
  });
});
