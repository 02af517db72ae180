import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Monitor } from '../../src/server/monitor/monitor.ts';
import type { ServiceWire } from '../../src/shared/schemas/service.ts';
import { EchoServer } from '../fakes/check-targets.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { ManualMonitorTime } from '../helpers/manual-monitor-time.ts';
import { newTestMonitor, startMonitorFixture, type MonitorFixture } from '../helpers/monitor-fixture.ts';
import { RELAXED_LIMITS, startTestApp } from '../helpers/test-app.ts';

/**
 * An attacker's pass over the monitor's new surfaces (issue 16): a wildcard condition built to backtrack, and push
 * floods that try to slip past the per-address limit with X-Forwarded-For.
 */

const MS_PER_SECOND = 200;

let fixture: MonitorFixture;
let admin: TestClient;
let echo: EchoServer;
let time: ManualMonitorTime;
let monitor: Monitor;

beforeAll(async () => {
  time = new ManualMonitorTime();
  fixture = await startMonitorFixture({ clock: time.clock });
  ({ admin } = fixture);
  echo = await new EchoServer().start();
  monitor = newTestMonitor(
    fixture.app,
    { msPerIntervalSecond: MS_PER_SECOND, flushMs: 20, ...time.options() },
    time.clock,
  );
  await monitor.start();
});

afterAll(async () => {
  await monitor.stop();
  await echo.close();
  await fixture.close();
});

describe('catastrophic wildcard conditions', () => {
  it('judges pat() with many stars against a long body in one pass (a regex would backtrack for hours)', async () => {
    // The echo target answers with the request body inside its JSON, so the body the condition reads is ~2,000
    // 'a's. As a regular expression, ^.*a.*a…x.*$ tries every split of them before failing.
    const stars = '*a'.repeat(12);
    const body = 'a'.repeat(2000);
    const response = await admin.post<ServiceWire>('/api/services', {
      name: 'Backtracking',
      url: `${echo.base}/redos`,
      refreshInterval: 5,
      check: {
        method: 'POST',
        body,
        conditions: [`[BODY] == pat(${stars}*x*)`, `[BODY] == pat(${stars}*"state":"UP"*)`],
      },
    });
    expect(response.status, response.text).toBe(201);
    const id = response.body.id;
    await time.applied(id);
    await time.advanceUntil(() => time.outcomes.of(id).length >= 1, 'the first check');
    const [outcome] = time.outcomes.of(id);
    expect(outcome?.up).toBe(false);
    expect(outcome?.error).toMatch(/^\[BODY\] == pat\(\*a\*a.*\*x\*\) \(was \{/);

    // The second condition alone matches: the matcher is exact, not merely fast.
    await time.change(id, () =>
      admin.put(`/api/services/${id}`, {
        id,
        check: { method: 'POST', body, conditions: [`[BODY] == pat(${stars}*"state":"UP"*)`] },
      }),
    );
    const count = time.outcomes.of(id).length;
    await time.advanceUntil(() => time.outcomes.of(id).length > count, 'the next check');
    expect(time.outcomes.of(id).at(-1)).toMatchObject({ up: true, error: null });
    await time.change(id, () => admin.delete(`/api/services/${id}`));
  });
});

describe('push floods', () => {
  it('keep one limit per address however X-Forwarded-For is spelled (no trusted proxy configured)', async () => {
    const limited = await startTestApp({
      limits: {
        ...RELAXED_LIMITS,
        unknownPushTokensPerIp: { limit: 3, windowMs: 60_000 },
        pushesPerIp: { limit: 5, windowMs: 60_000 },
      },
    });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        const response = await fetch(`${limited.baseUrl}/api/push/${'z'.repeat(43)}`, {
          headers: { 'x-forwarded-for': `203.0.113.${index}`, 'x-real-ip': `198.51.100.${index}` },
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
