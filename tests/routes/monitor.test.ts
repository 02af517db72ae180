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
import { ManualMonitorTime } from '../helpers/manual-monitor-time.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

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

/** A monitor on manual time (see ManualMonitorTime), with its wall clock moving along. */
async function startManualMonitor(): Promise<{ monitor: Monitor; time: ManualMonitorTime }> {
  const time = new ManualMonitorTime();
  const monitor = await startMonitor(time.options(), time.clock);
  return { monitor, time };
}

async function createService(name: string, url: string, refreshInterval = 5): Promise<number> {
  const response = await admin.post<{ id: number }>('/api/services', { name, url, refreshInterval });
  expect(response.status).toBe(201);
  return response.body.id;
}

async function statusOf(id: number): Promise<boolean | undefined> {
  return (await new ServicesRepository(kysely()).findById(id))?.status;
}

const gaps = (times: number[]) => times.slice(1).map((time, i) => time - (times[i] as number));

describe('scheduling (manual time)', () => {
  it('never overlaps checks of one service, and a slow target does not delay a fast one', async () => {
    const slow = await createService('slow', targets.url('/stall?overlap'));
    const hanging = await createService('hanging', targets.url('/hang?overlap'));
    const fast = await createService('fast', targets.url('/up?beside-slow'));
    const { time } = await startManualMonitor();
    time.holds(slow, () => targets.of('/stall?overlap').inFlight);
    time.holds(hanging, () => targets.of('/hang?overlap').inFlight);
    await time.advance(5_000);

    // Each slow check ends at its 800 ms deadline, and its request with it: the next one never meets it.
    for (const [id, path] of [
      [slow, '/stall?overlap'],
      [hanging, '/hang?overlap'],
    ] as const) {
      expect(time.outcomes.of(id).length).toBeGreaterThanOrEqual(4);
      for (const outcome of time.outcomes.of(id)) expect(outcome.error).toBe('timeout');
      expect(targets.of(path).maxInFlight).toBe(1);
    }
    // The fast service starts every second while the slow checks are open (within the scheduler's 100 ms
    // wake-up grid of its due time, which neighbouring phases share), and each check ends up.
    const starts = time.starts(fast);
    expect(starts.length).toBeGreaterThanOrEqual(4);
    expect(gaps(starts.map((start) => start.at - start.lateMs))).toEqual(starts.slice(1).map(() => 1_000));
    for (const start of starts) expect(start.lateMs).toBeLessThan(100);
    expect(time.outcomes.of(fast).map((outcome) => outcome.up)).toEqual(starts.map(() => true));
  });

  it('keeps each service at its phase of the interval across a restart of the same monitor', async () => {
    const ids = [
      await createService('phase a', targets.url('/up?phase-a')),
      await createService('phase b', targets.url('/up?phase-b')),
    ];
    const { monitor, time } = await startManualMonitor();
    await time.advance(2_200);
    await monitor.stop();
    const seenBefore = ids.map((id) => time.starts(id).length);
    // Created while stopped (as while another instance leads): the restarted monitor loads it with the rest.
    const whileStopped = await createService('added while stopped', targets.url('/up?while-stopped'));
    await time.advance(300);
    expect(time.starts(whileStopped)).toHaveLength(0);
    await monitor.start();
    await time.advance(2_200);
    expect(time.starts(whileStopped).length).toBeGreaterThan(0);
    // Every check of a service loaded at start is due exactly at its phase slot of the 1 s interval (on the grid
    // of the ids known at that start), and starts within the scheduler's 100 ms wake-up grid of it.
    const phaseOf = (id: number, run: number) =>
      phaseMs(id, 1_000, phaseCapacity(Math.max(...ids, run * whileStopped)));
    for (const id of [...ids, whileStopped]) {
      time.starts(id).forEach((start, i) => {
        const run = id === whileStopped || i >= (seenBefore[ids.indexOf(id)] as number) ? 1 : 0;
        expect((start.wallAt - start.lateMs) % 1_000).toBe(phaseOf(id, run));
        expect(start.lateMs).toBeLessThan(100);
      });
    }
    ids.forEach((id, i) => expect(time.starts(id).length).toBeGreaterThan((seenBefore[i] as number) + 1));
  });

  it('neither bursts nor stalls when the wall clock jumps, and durations stay non-negative', async () => {
    const id = await createService('clock jumps', targets.url('/up?jump'));
    const { monitor, time } = await startManualMonitor();
    for (const jump of [2, -5, 3, -1, 24]) {
      await time.advance(600);
      time.clock.jump(jump * 3_600_000);
    }
    await time.advance(400);
    // 3.4 s at a 1 s interval: a check every second on the dot, whatever the wall clock said; a burst after the
    // 24 h jump would add checks, a stall after the backward jumps would leave a gap or none at all.
    const starts = time.starts(id).map((start) => start.at - start.lateMs);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(gaps(starts)).toEqual(starts.slice(1).map(() => 1_000));
    expect(targets.of('/up?jump').requests).toBe(starts.length);
    await monitor.flush();
    const rows = await kysely().selectFrom('service_status_logs').selectAll().where('serviceId', '=', id).execute();
    expect(rows.length).toBe(starts.length);
    for (const row of rows) expect(row.responseTime).toBeGreaterThanOrEqual(0);
  });
});

describe('connections (manual time)', () => {
  it('reuses one kept-alive connection per origin across checks', async () => {
    // Targets of their own, so that only this test's checks are counted.
    const first = await new HttpTargets().start();
    const second = await new HttpTargets().start();
    try {
      const { time } = await startManualMonitor();
      const a = await createService('keep-alive a', first.url('/up?keep-alive'));
      const b = await createService('keep-alive b', second.url('/up?keep-alive'));
      await time.applied(a);
      await time.applied(b);
      // Six checks of each at the 1 s test interval: a checker that opened a connection per check would show six.
      await time.advanceUntil(
        () => time.outcomes.of(a).length >= 6 && time.outcomes.of(b).length >= 6,
        'six checks of each service',
      );
      expect(first.of('/up?keep-alive').requests).toBeGreaterThanOrEqual(6);
      expect(first.connections).toBe(1);
      expect(second.connections).toBe(1);
    } finally {
      for (const monitor of monitors.splice(0)) await monitor.stop();
      await first.close();
      await second.close();
    }
  });
});

describe('changes without a restart (manual time)', () => {
  it('follows a new URL, a new interval and a deletion', async () => {
    const { monitor, time } = await startManualMonitor();
    const id = await createService('edited', targets.url('/up?edit'));
    await time.applied(id);
    await time.advanceUntil(() => time.outcomes.of(id).at(-1)?.up === true, 'a first check up');

    await time.change(id, async () => {
      expect((await admin.put(`/api/services/${id}`, { id, url: targets.url('/down?edit') })).status).toBe(200);
    });
    await time.advanceUntil(() => time.outcomes.of(id).at(-1)?.up === false, 'a check of the new address');
    // Two more checks, both of the new address: the old one is no longer asked.
    const upCount = targets.of('/up?edit').requests;
    const downCount = targets.of('/down?edit').requests;
    await time.advanceUntil(() => targets.of('/down?edit').requests >= downCount + 2, 'two more checks');
    expect(targets.of('/up?edit').requests).toBe(upCount);

    await time.change(id, async () => {
      expect((await admin.put(`/api/services/${id}`, { id, refreshInterval: 10 })).status).toBe(200);
    });
    const startsBefore = time.starts(id).length;
    await time.advance(4_500);
    const after = time.starts(id).slice(startsBefore);
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect(gaps(after.map((start) => start.at - start.lateMs))).toEqual(after.slice(1).map(() => 2_000));

    await time.change(id, async () => {
      expect((await admin.delete(`/api/services/${id}`)).status).toBe(200);
    });
    expect(monitor.size).toBe(0);
    const startsAtDeletion = time.starts(id).length;
    const requestsAtDeletion = targets.of('/down?edit').requests;
    await time.advance(2_200);
    expect(time.starts(id)).toHaveLength(startsAtDeletion);
    expect(targets.of('/down?edit').requests).toBe(requestsAtDeletion);
  });
});

describe('results and history', () => {
  // The one test on real timers and the wall clock: the manual-time tests above stand in for them everywhere else.
  it('real-time smoke test: records status changes with their previous change, and rollups equal the raw rows', async () => {
    targets.setStatus('flip', 200);
    const monitor = await startMonitor();
    const id = await createService('flipping', targets.url('/status/flip'));
    await createService('steady', targets.url('/up?rollup'));
    await until(async () => (await statusOf(id)) === true, 'the service up');
    targets.setStatus('flip', 503);
    await until(async () => (await statusOf(id)) === false, 'the service down');
    targets.setStatus('flip', 200);
    await until(async () => (await statusOf(id)) === true, 'the service up again');
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
