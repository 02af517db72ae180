import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckOutcome } from '../../src/server/monitor/http-checker.ts';
import { ServicesRepository } from '../../src/server/repositories/services.repository.ts';
import { HttpTargets, refusedUrl } from '../fakes/http-targets.ts';
import { newTestMonitor, startMonitorFixture, type MonitorFixture } from '../helpers/monitor-fixture.ts';
import type { TestClient } from '../helpers/http-client.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * security.md "Monitoring under bad targets": 200 services, most of them pointing at targets that hang, stall
 * after the headers, trickle, send an endless body, loop redirects or refuse, checked for many intervals. The
 * heap after a forced GC does not grow between an early and a late sample, every bad target is offline with a
 * reason, the good ones online, one log row per check, checks of one service never overlap and every check ends
 * within its timeout (with a generous margin: this asserts that checks end, not how fast the machine is).
 */

// refreshInterval 5 runs as 1 s (timeout 800 ms), the in-process test knob of the Monitor, not of the product.
const MS_PER_SECOND = 200;
const INTERVAL_MS = 5 * MS_PER_SECOND;
const TIMEOUT_MS = 800;
const PER_KIND = 30;
const GOOD = 20;
const MIB = 1024 * 1024;
/** Heap growth between the samples that counts as a leak: about 1.5 KiB per check over the ~4 000 between them. */
const MAX_HEAP_GROWTH = 6 * MIB;
/**
 * External (Buffer) growth that counts as a leak: wide, because what is in flight swings; a kept body of the
 * endless targets (the checker reads at most 1 MiB of one) would pass it within a few dozen checks.
 */
const MAX_EXTERNAL_GROWTH = 32 * MIB;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let app: TestApp;
let admin: TestClient;
let targets: HttpTargets;

let fixture: MonitorFixture;

beforeAll(async () => {
  fixture = await startMonitorFixture();
  ({ app, admin, targets } = fixture);
});
afterAll(() => fixture.close());

const mib = (bytes: number) => (bytes / MIB).toFixed(1);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Footprint {
  heap: number;
  external: number;
}

/**
 * The smallest of a few sizes after full collections (the minimum is the least noisy): the JS heap, and memory
 * outside it that JS objects hold (Buffers, where kept bodies would show). The heap is steady to a few hundred
 * KiB; external memory swings by tens of MiB with the endless bodies in flight at the moment of the sample.
 */
async function footprint(): Promise<Footprint> {
  let heap = Infinity;
  let external = Infinity;
  for (let i = 0; i < 5; i += 1) {
    gc();
    const usage = process.memoryUsage();
    heap = Math.min(heap, usage.heapUsed);
    external = Math.min(external, usage.external);
    await sleep(150);
  }
  return { heap, external };
}

describe('memory under bad targets', () => {
  it('stays flat over many intervals of 200 services, with the right status and history', async () => {
    const kysely = app.testDb.db.kysely;
    const starts = new Map<number, number[]>();
    const ends = new Map<number, number>();
    const outcomes = new Map<number, CheckOutcome>();
    let maxLateMs = 0;
    let maxOverlap = 0;
    const monitor = newTestMonitor(app, {
      msPerIntervalSecond: MS_PER_SECOND,
      flushMs: 50,
      onCheckStart: (id, lateMs) => {
        starts.set(id, [...(starts.get(id) ?? []), performance.now()]);
        const running = (starts.get(id)?.length ?? 0) - (ends.get(id) ?? 0);
        maxOverlap = Math.max(maxOverlap, running);
        maxLateMs = Math.max(maxLateMs, lateMs);
      },
      onCheckEnd: (id, outcome) => {
        ends.set(id, (ends.get(id) ?? 0) + 1);
        outcomes.set(id, outcome);
      },
    });
    await monitor.start();

    const refused = await refusedUrl();
    const kinds: [string, (tag: string) => string][] = [
      ['hang', (tag) => targets.url(`/hang?${tag}`)],
      ['stall', (tag) => targets.url(`/stall?${tag}`)],
      ['trickle', (tag) => targets.url(`/trickle?${tag}`)],
      ['endless', (tag) => targets.url(`/endless?${tag}`)],
      ['redirect-loop', (tag) => targets.url(`/redirect-loop?${tag}`)],
      ['refused', (tag) => `${refused}?${tag}`],
    ];
    const bad = new Map<number, { kind: string; path: string }>();
    const good: number[] = [];
    const create = async (name: string, url: string) => {
      const response = await admin.post<{ id: number }>('/api/services', { name, url, refreshInterval: 5 });
      expect(response.status).toBe(201);
      return response.body.id;
    };
    for (const [kind, url] of kinds) {
      for (let i = 0; i < PER_KIND; i += 1) {
        const tag = `${kind}-${i}`;
        bad.set(await create(tag, url(tag)), { kind, path: new URL(url(tag)).pathname + `?${tag}` });
      }
    }
    for (let i = 0; i < GOOD; i += 1) good.push(await create(`good-${i}`, targets.url(`/up?good-${i}`)));
    const all = [...bad.keys(), ...good];

    // Every checked service has ended each check that started more than timeout + 2 s ago.
    const watchChecksEnd = async (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        await sleep(500);
        const cutoff = performance.now() - TIMEOUT_MS - 2_000;
        for (const id of all) {
          const startedBefore = (starts.get(id) ?? []).filter((at) => at < cutoff).length;
          expect(ends.get(id) ?? 0, `service ${id}`).toBeGreaterThanOrEqual(startedBefore);
        }
      }
    };

    // Warm-up: pools, JIT, caches and the writer reach their working size in a few intervals.
    await watchChecksEnd(5 * INTERVAL_MS);
    const endsBefore = new Map(ends);
    const early = await footprint();
    await watchChecksEnd(20 * INTERVAL_MS);
    const late = await footprint();
    const between = all.map((id) => (ends.get(id) ?? 0) - (endsBefore.get(id) ?? 0));
    const checksBetween = between.reduce((a, b) => a + b, 0);
    await monitor.stop();

    console.log(
      `monitor memory: ${all.length} services, ${checksBetween} checks between samples, heap ` +
        `${mib(early.heap)} -> ${mib(late.heap)} MiB, external ${mib(early.external)} -> ${mib(late.external)} MiB, ` +
        `latest check start ${Math.round(maxLateMs)} ms after its due time`,
    );
    // Every service kept its schedule (20 intervals passed): bad targets starve no one. A count, not a time.
    expect(Math.min(...between)).toBeGreaterThanOrEqual(8);
    expect(late.heap - early.heap).toBeLessThan(MAX_HEAP_GROWTH);
    expect(late.external - early.external).toBeLessThan(MAX_EXTERNAL_GROWTH);
    // Checks of one service never overlap (counted by the monitor's own start and end reports: the targets see a
    // cancelled request's socket close a little later, so their in-flight counts may briefly say 2 under load).
    expect(maxOverlap).toBe(1);

    const repository = new ServicesRepository(kysely);
    const logCounts = new Map(
      (
        await kysely
          .selectFrom('service_checks')
          .select(['serviceId', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('serviceId')
          .execute()
      ).map((row) => [row.serviceId, Number(row.n)]),
    );
    const timed = await kysely
      .selectFrom('service_checks')
      .select('serviceId')
      .where('responseTime', 'is not', null)
      .where('serviceId', 'in', [...bad.keys()])
      .execute();
    expect(timed, 'bad targets never get a response time').toEqual([]);
    for (const [id, { kind, path }] of bad) {
      expect((await repository.findById(id))?.status, kind).toBe(false);
      expect(outcomes.get(id)?.error, `${kind}: the reason it is down`).toBeTruthy();
      expect(logCounts.get(id), kind).toBe(ends.get(id));
      if (kind !== 'refused') expect(targets.of(path).requests, kind).toBeGreaterThan(0);
    }
    // A good target answers at once, but on a loaded machine one check in a while can miss the 800 ms timeout:
    // online in most checks, not necessarily in the last one.
    const upCounts = new Map(
      (
        await kysely
          .selectFrom('service_checks')
          .select(['serviceId', (eb) => eb.fn.countAll<number>().as('n')])
          .where('status', '=', true)
          .groupBy('serviceId')
          .execute()
      ).map((row) => [row.serviceId, Number(row.n)]),
    );
    for (const id of good) {
      expect(logCounts.get(id)).toBe(ends.get(id));
      expect(upCounts.get(id) ?? 0, `good service ${id}`).toBeGreaterThan((ends.get(id) ?? 0) / 2);
    }
  }, 120_000);
});
