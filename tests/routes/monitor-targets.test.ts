import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpChecker, toCheckTarget, type CheckOutcome } from '../../src/server/monitor/http-checker.ts';
import { createCachedLookup } from '../../src/server/monitor/dns-cache.ts';
import { ServicesRepository } from '../../src/server/repositories/services.repository.ts';
import { HttpTargets, refusedUrl } from '../fakes/http-targets.ts';
import { newTestMonitor, startMonitorFixture, type MonitorFixture } from '../helpers/monitor-fixture.ts';
import type { TestClient } from '../helpers/http-client.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { ManualMonitorTime } from '../helpers/manual-monitor-time.ts';
import { until } from '../helpers/until.ts';

// refreshInterval 5 runs as 1 s (timeout 800 ms) of manual time.
const MS_PER_SECOND = 200;
const TIMEOUT_MS = 800;

let app: TestApp;
let admin: TestClient;
let targets: HttpTargets;

let fixture: MonitorFixture;

beforeAll(async () => {
  fixture = await startMonitorFixture();
  ({ app, admin, targets } = fixture);
});
afterAll(() => fixture.close());

function checkOnce(checker: HttpChecker, url: string, timeoutMs = 2_000): Promise<CheckOutcome> {
  const target = toCheckTarget(url);
  if (!target) throw new Error(`bad url ${url}`);
  return new Promise((resolve) => checker.check(target, timeoutMs, resolve));
}

describe('checks against bad targets (manual time)', () => {
  it('end within their timeout, mark the service down, one log row per check, never overlap', async () => {
    const kysely = app.testDb.db.kysely;
    const time = new ManualMonitorTime();
    const monitor = newTestMonitor(
      app,
      { msPerIntervalSecond: MS_PER_SECOND, flushMs: 50, ...time.options() },
      time.clock,
    );
    await monitor.start();

    // Targets that hold a request open until the check gives up, and the path each is counted under.
    const held = new Map([
      ['hang', '/hang'],
      ['stall', '/stall'],
      ['trickle', '/trickle'],
    ]);
    const cases: [string, string, boolean, 'timed' | 'null'][] = [
      ['up', targets.url('/up'), true, 'timed'],
      ['down', targets.url('/down'), false, 'timed'],
      ['hang', targets.url('/hang'), false, 'null'],
      ['stall', targets.url('/stall'), false, 'null'],
      ['trickle', targets.url('/trickle'), false, 'null'],
      ['endless', targets.url('/endless'), false, 'null'],
      ['redirect loop', targets.url('/redirect-loop'), false, 'null'],
      ['five redirects', targets.url('/redirect/5'), true, 'timed'],
      ['six redirects', targets.url('/redirect/6'), false, 'null'],
      ['gzip bomb (never decompressed)', targets.url('/gzip-bomb'), true, 'timed'],
      ['refused', await refusedUrl(), false, 'null'],
    ];
    const ids = new Map<string, number>();
    const rssBefore = process.memoryUsage().rss;
    for (const [name, url] of cases) {
      const response = await admin.post<{ id: number }>('/api/services', { name, url, refreshInterval: 5 });
      expect(response.status).toBe(201);
      const id = response.body.id;
      ids.set(name, id);
      const path = held.get(name);
      if (path) time.holds(id, () => targets.of(path).inFlight);
      await time.applied(id);
    }

    // After every 50 ms of manual time: each check started at least its timeout ago has ended.
    for (let step = 0; step < 80; step++) {
      await time.advance(50);
      const now = time.timers.now();
      for (const [name, id] of ids) {
        const due = time.starts(id).filter((start) => start.at + TIMEOUT_MS <= now).length;
        expect(time.outcomes.of(id).length, name).toBeGreaterThanOrEqual(due);
      }
    }
    await monitor.stop();
    const rssGrowth = process.memoryUsage().rss - rssBefore;

    const repository = new ServicesRepository(kysely);
    for (const [name, , up, timing] of cases) {
      const id = ids.get(name) as number;
      const rows = await kysely
        .selectFrom('service_checks')
        .select(['status', 'responseTime'])
        .where('serviceId', '=', id)
        .execute();
      expect(rows.length, name).toBe(time.outcomes.of(id).length);
      expect(rows.length, name).toBeGreaterThanOrEqual(3);
      expect((await repository.findById(id))?.status, name).toBe(up);
      for (const row of rows) {
        if (timing === 'null') expect(row.responseTime, name).toBeNull();
        else expect(row.responseTime, name).toBeGreaterThanOrEqual(0);
      }
    }
    for (const target of ['/hang', '/stall', '/trickle', '/endless', '/redirect-loop', '/slow']) {
      expect(targets.of(target).maxInFlight, target).toBeLessThanOrEqual(1);
    }
    // Endless bodies, bombs and trickles are capped or cut: memory does not follow what the targets send.
    expect(rssGrowth).toBeLessThan(96 * 1024 * 1024);
    for (const id of ids.values()) await admin.delete(`/api/services/${id}`);
  });
});

describe('the HTTP checker', () => {
  it('marks an unresolvable name down and asks the resolver once per name while cached', async () => {
    let asked = 0;
    const lookup = createCachedLookup({
      resolve: ((hostname: string, _options: unknown, callback: (...args: unknown[]) => void) => {
        asked += 1;
        if (hostname === 'lab.test') callback(null, [{ address: '127.0.0.1', family: 4 }]);
        else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
      }) as never,
    });
    // A fresh connection per check (no keep-alive), so every check needs the name.
    const checker = new HttpChecker({ lookup, keepAliveMs: 1 });
    const port = new URL(targets.baseUrl).port;
    const missing = await checkOnce(checker, 'http://nxdomain.test/');
    expect(missing).toMatchObject({ up: false, responseTime: null });
    expect(missing.error).toMatch(/ENOTFOUND/);
    await checkOnce(checker, 'http://nxdomain.test/');
    const connectionsBefore = targets.connections;
    for (let i = 0; i < 3; i++) {
      expect(await checkOnce(checker, `http://lab.test:${port}/up`)).toMatchObject({ up: true });
      // The connection idles out, so the next check opens a new one and needs the name again.
      await until(() => targets.openConnections === 0, 'the idle connection to close');
    }
    expect(targets.connections).toBe(connectionsBefore + 3);
    expect(asked).toBe(2);
    await checker.close();
  });

  it('marks a target with an untrusted certificate down', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'monitor-tls-'));
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const tlsTargets = await new HttpTargets({
      key: fs.readFileSync(key, 'utf8'),
      cert: fs.readFileSync(cert, 'utf8'),
    }).start();
    const checker = new HttpChecker();
    try {
      const outcome = await checkOnce(checker, tlsTargets.url('/up'));
      expect(outcome).toMatchObject({ up: false, responseTime: null });
      expect(outcome.error).toMatch(/certificate/i);
    } finally {
      await checker.close();
      await tlsTargets.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('treats 3xx without a Location and 4xx by their status', async () => {
    const checker = new HttpChecker();
    targets.setStatus('teapot', 418);
    targets.setStatus('not-modified', 304);
    expect(await checkOnce(checker, targets.url('/status/teapot'))).toMatchObject({ up: false, error: 'HTTP 418' });
    expect(await checkOnce(checker, targets.url('/status/not-modified'))).toMatchObject({ up: true });
    await checker.close();
  });
});
