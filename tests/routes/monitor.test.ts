import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { phaseCapacity, phaseMs } from '../../src/server/monitor/check-timing.ts';
import { Monitor, type MonitorOptions } from '../../src/server/monitor/monitor.ts';
import { dayBucket, hourBucket } from '../../src/server/monitor/rollup.ts';
import { ServicesRepository } from '../../src/server/repositories/services.repository.ts';
import { StatusHistoryRepository } from '../../src/server/repositories/status-history.repository.ts';
import { bool } from '../../src/server/db/database.ts';
import { systemClock, type Clock } from '../../src/server/services/clock.ts';
import { HttpTargets } from '../fakes/http-targets.ts';
import { createActors } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

// refreshInterval 5 runs as 1 s (timeout 800 ms), 10 as 2 s.
const MS_PER_SECOND = 200;

let app: TestApp;
let admin: TestClient;
let targets: HttpTargets;
const monitors: Monitor[] = [];

beforeAll(async () => {
  app = await startTestApp();
  admin = await (await createActors(app)).admin.signIn();
  targets = await new HttpTargets().start();
});
afterEach(async () => {
  for (const monitor of monitors.splice(0)) await monitor.stop();
  // Each test starts from no services (deleted directly: no monitor is listening any more).
  await app.testDb.db.kysely.deleteFrom('services').execute();
});
afterAll(async () => {
  await targets.close();
  await app.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const kysely = () => app.testDb.db.kysely;
const history = () => new StatusHistoryRepository(kysely(), app.testDb.db.dialect);

async function startMonitor(options: MonitorOptions = {}, clock: Clock = systemClock): Promise<Monitor> {
  const monitor = new Monitor(
    {
      services: new ServicesRepository(kysely()),
      history: history(),
      catalog: app.built.services.catalog,
      settings: app.built.services.settings,
      clock,
      log: app.built.app.log,
    },
    { msPerIntervalSecond: MS_PER_SECOND, flushMs: 50, ...options },
  );
  monitors.push(monitor);
  await monitor.start();
  return monitor;
}

async function createService(name: string, url: string, refreshInterval = 5): Promise<number> {
  const response = await admin.post<{ id: number }>('/api/services', { name, url, refreshInterval });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}

async function statusOf(id: number): Promise<boolean | undefined> {
  return (await new ServicesRepository(kysely()).findById(id))?.status;
}

const gaps = (times: number[]) => times.slice(1).map((time, i) => time - (times[i] as number));

describe('scheduling', () => {
  it('never overlaps checks of one service, and a slow target does not delay a fast one', async () => {
    await startMonitor();
    await createService('slow', targets.url('/slow/700?overlap'));
    await createService('hanging', targets.url('/hang?overlap'));
    await createService('fast', targets.url('/up?beside-slow'));
    await sleep(4_500);
    expect(targets.of('/slow/700?overlap').maxInFlight).toBe(1);
    expect(targets.of('/hang?overlap').maxInFlight).toBe(1);
    const fast = targets.of('/up?beside-slow').arrivals;
    expect(fast.length).toBeGreaterThanOrEqual(4);
    // After the first, out-of-turn check the fast service keeps its 1 s rhythm. Waiting behind the slow target
    // would add 700 ms or more; the tolerance leaves room for a loaded CI machine.
    for (const gap of gaps(fast.slice(1))) expect(Math.abs(gap - 1_000)).toBeLessThan(400);
  });

  it('keeps each service at its phase of the interval across a restart of the same monitor', async () => {
    const ids = [
      await createService('phase a', targets.url('/up?phase-a')),
      await createService('phase b', targets.url('/up?phase-b')),
    ];
    const offsetFromPhase = (id: number, at: number) => {
      const diff = Math.abs((at % 1_000) - phaseMs(id, 1_000, phaseCapacity(Math.max(...ids))));
      return Math.min(diff, 1_000 - diff);
    };
    const first = await startMonitor();
    await sleep(2_200);
    await first.stop();
    const seenBefore = ids.map((id, i) => targets.of(`/up?phase-${'ab'[i]}`).arrivals.length);
    // Created while stopped (as while another instance leads): the restarted monitor loads it with the rest.
    await createService('added while stopped', targets.url('/up?while-stopped'));
    await sleep(300);
    expect(targets.of('/up?while-stopped').arrivals).toHaveLength(0);
    await first.start();
    await sleep(2_200);
    expect(targets.of('/up?while-stopped').arrivals.length).toBeGreaterThan(0);
    ids.forEach((id, i) => {
      const arrivals = targets.of(`/up?phase-${'ab'[i]}`).arrivals;
      expect(arrivals.length).toBeGreaterThan((seenBefore[i] as number) + 1);
      // Tolerance for a loaded CI machine; without a kept phase offsets spread over the whole 0-500 ms range.
      for (const at of arrivals) expect(offsetFromPhase(id, at)).toBeLessThan(250);
    });
  });

  it('neither bursts nor stalls when the wall clock jumps, and durations stay non-negative', async () => {
    const clock = new TestClock();
    const id = await createService('clock jumps', targets.url('/up?jump'));
    await startMonitor({}, clock);
    for (const jump of [2, -5, 3, -1, 24]) {
      await sleep(600);
      clock.advance(jump * 3_600_000);
    }
    await sleep(400);
    // 3.4 s at a 1 s interval: three or four checks (five on a loaded machine), whatever the wall clock said; a
    // burst after the 24 h jump would give dozens, a stall after the backward jumps none.
    const count = targets.of('/up?jump').requests;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(5);
    await monitors[0]?.flush();
    const rows = await kysely().selectFrom('service_status_logs').selectAll().where('serviceId', '=', id).execute();
    expect(rows.length).toBe(count);
    for (const row of rows) expect(row.responseTime).toBeGreaterThanOrEqual(0);
  });
});

describe('connections', () => {
  it('reuses one kept-alive connection per origin across checks', async () => {
    // Targets of their own, so that only this test's checks are counted.
    const first = await new HttpTargets().start();
    const second = await new HttpTargets().start();
    try {
      await startMonitor();
      await createService('keep-alive a', first.url('/up?keep-alive'));
      await createService('keep-alive b', second.url('/up?keep-alive'));
      // Six checks of each at the 1 s test interval: a checker that opened a connection per check would show six.
      await until(() => first.of('/up?keep-alive').requests >= 6 && second.of('/up?keep-alive').requests >= 6, 15_000);
      expect(first.connections).toBe(1);
      expect(second.connections).toBe(1);
    } finally {
      for (const monitor of monitors.splice(0)) await monitor.stop();
      await first.close();
      await second.close();
    }
  });
});

describe('changes without a restart', () => {
  it('follows a new URL, a new interval and a deletion', async () => {
    const monitor = await startMonitor();
    const id = await createService('edited', targets.url('/up?edit'));
    await until(async () => (await statusOf(id)) === true);

    expect((await admin.put(`/api/services/${id}`, { id, url: targets.url('/down?edit') })).status).toBe(200);
    await until(async () => (await statusOf(id)) === false);
    const upCount = targets.of('/up?edit').requests;
    await sleep(1_200);
    expect(targets.of('/up?edit').requests).toBe(upCount);

    expect((await admin.put(`/api/services/${id}`, { id, refreshInterval: 10 })).status).toBe(200);
    await sleep(4_500);
    const arrivals = targets.of('/down?edit').arrivals.filter((at) => at > Date.now() - 4_000);
    for (const gap of gaps(arrivals)) expect(Math.abs(gap - 2_000)).toBeLessThan(200);

    expect((await admin.delete(`/api/services/${id}`)).status).toBe(200);
    await sleep(100);
    const downCount = targets.of('/down?edit').requests;
    expect(monitor.size).toBe(0);
    await sleep(2_200);
    expect(targets.of('/down?edit').requests).toBe(downCount);
  });
});

describe('results and history', () => {
  it('records status changes with their previous change, and rollups equal the raw rows', async () => {
    targets.setStatus('flip', 200);
    const monitor = await startMonitor();
    const id = await createService('flipping', targets.url('/status/flip'));
    await createService('steady', targets.url('/up?rollup'));
    await until(async () => (await statusOf(id)) === true);
    targets.setStatus('flip', 503);
    await until(async () => (await statusOf(id)) === false);
    targets.setStatus('flip', 200);
    await until(async () => (await statusOf(id)) === true);
    await monitor.stop();

    const changes = await kysely()
      .selectFrom('service_status_changes')
      .selectAll()
      .where('serviceId', '=', id)
      .orderBy('id')
      .execute();
    expect(changes.map((change) => bool(change.status))).toEqual([true, false, true]);
    expect(changes.map((change) => change.previousChangedAt)).toEqual([
      null,
      changes[0]?.changedAt,
      changes[1]?.changedAt,
    ]);
    // Each change is the first log row with the new status.
    const logs = await kysely().selectFrom('service_status_logs').selectAll().orderBy('id').execute();
    const mine = logs.filter((row) => row.serviceId === id);
    const firstDown = mine.find((row) => !bool(row.status));
    expect(changes[1]?.changedAt).toBe(firstDown?.timestamp);
    const service = await new ServicesRepository(kysely()).findById(id);
    expect(service?.lastChecked).toBe(mine.at(-1)?.timestamp);

    for (const [table, bucketOf] of [
      ['service_status_hourly', hourBucket],
      ['service_status_daily', dayBucket],
    ] as const) {
      const expected = new Map<string, Record<string, number | null>>();
      for (const row of logs) {
        const key = `${row.serviceId}|${bucketOf(row.timestamp)}`;
        const sum = expected.get(key) ?? {
          checks: 0,
          upChecks: 0,
          timedChecks: 0,
          responseTimeSum: 0,
          responseTimeMin: null,
          responseTimeMax: null,
        };
        sum.checks = (sum.checks ?? 0) + 1;
        sum.upChecks = (sum.upChecks ?? 0) + (bool(row.status) ? 1 : 0);
        if (row.responseTime !== null) {
          sum.timedChecks = (sum.timedChecks ?? 0) + 1;
          sum.responseTimeSum = (sum.responseTimeSum ?? 0) + row.responseTime;
          sum.responseTimeMin = Math.min(sum.responseTimeMin ?? Infinity, row.responseTime);
          sum.responseTimeMax = Math.max(sum.responseTimeMax ?? -Infinity, row.responseTime);
        }
        expected.set(key, sum);
      }
      const rollups = await kysely().selectFrom(table).selectAll().execute();
      expect(rollups.length).toBe(expected.size);
      for (const rollup of rollups) {
        const { serviceId, bucket, ...sums } = rollup;
        expect({ ...sums, responseTimeSum: Number(sums.responseTimeSum) }).toEqual(
          expected.get(`${serviceId}|${bucket}`),
        );
      }
    }
  });

  it('prunes raw rows, hourly and daily buckets past their retention', async () => {
    const id = await createService('old history', targets.url('/up?prune'));
    const now = Date.now();
    const at = (ms: number) => new Date(now - ms).toISOString();
    const HOUR = 3_600_000;
    const DAY = 24 * HOUR;
    const log = (ms: number) => ({ serviceId: id, status: true, timestamp: at(ms), responseTime: 5 });
    await kysely()
      .insertInto('service_status_logs')
      .values([log(49 * HOUR), log(47 * HOUR), log(60_000)])
      .execute();
    const bucket = (bucketAt: string) => ({
      serviceId: id,
      bucket: bucketAt,
      checks: 1,
      upChecks: 1,
      timedChecks: 1,
      responseTimeSum: 5,
      responseTimeMin: 5,
      responseTimeMax: 5,
    });
    await kysely()
      .insertInto('service_status_hourly')
      .values([bucket(hourBucket(at(91 * DAY))), bucket(hourBucket(at(89 * DAY)))])
      .execute();
    await kysely()
      .insertInto('service_status_daily')
      .values([bucket(dayBucket(at(401 * DAY))), bucket(dayBucket(at(399 * DAY)))])
      .execute();
    const pruned = await app.built.services.history.prune();
    expect(pruned).toEqual({ logs: 1, hourly: 1, daily: 1 });
    const left = await kysely()
      .selectFrom('service_status_logs')
      .select('timestamp')
      .where('serviceId', '=', id)
      .execute();
    const kept = left.map((row) => row.timestamp);
    expect(kept).toEqual(expect.arrayContaining([at(47 * HOUR), at(60_000)]));
    expect(kept).not.toContain(at(49 * HOUR));
    expect(
      await kysely().selectFrom('service_status_hourly').select('bucket').where('serviceId', '=', id).execute(),
    ).toHaveLength(1);
    expect(
      await kysely().selectFrom('service_status_daily').select('bucket').where('serviceId', '=', id).execute(),
    ).toHaveLength(1);
  });
});
