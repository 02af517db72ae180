import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAnswer } from '../../src/server/monitor/dns-checker.ts';
import type { Monitor } from '../../src/server/monitor/monitor.ts';
import type { ServiceWire } from '../../src/shared/schemas/service.ts';
import { EchoServer } from '../fakes/check-targets.ts';
import { HttpTargets } from '../fakes/http-targets.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { ManualMonitorTime } from '../helpers/manual-monitor-time.ts';
import { newTestMonitor, startMonitorFixture, type MonitorFixture } from '../helpers/monitor-fixture.ts';
import { RELAXED_LIMITS, startTestApp } from '../helpers/test-app.ts';

/**
 * An attacker's pass over the monitor's new surfaces (issue 16): a wildcard condition built to backtrack, a DNS
 * answer built to loop, and push floods that try to slip past the per-address limit with X-Forwarded-For.
 */

const MS_PER_SECOND = 200;

let fixture: MonitorFixture;
let admin: TestClient;
let echo: EchoServer;
let targets: HttpTargets;
let time: ManualMonitorTime;
let monitor: Monitor;

beforeAll(async () => {
  time = new ManualMonitorTime();
  fixture = await startMonitorFixture({ clock: time.clock });
  ({ admin } = fixture);
  echo = await new EchoServer().start();
  targets = await new HttpTargets().start();
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
  await targets.close();
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

describe('huge bodies read by [BODY] conditions', () => {
  it('end the check at the body cap instead of holding an endless body for the condition', async () => {
    const response = await admin.post<ServiceWire>('/api/services', {
      name: 'Endless',
      url: targets.url('/endless'),
      refreshInterval: 5,
      check: { conditions: ['[BODY] == pat(*never-there*)', '[STATUS] == 200'] },
    });
    expect(response.status, response.text).toBe(201);
    const id = response.body.id;
    await time.applied(id);
    await time.advanceUntil(() => time.outcomes.of(id).length >= 2, 'two checks');
    for (const outcome of time.outcomes.of(id)) {
      expect(outcome.up).toBe(false);
      expect(outcome.error).toMatch(/cap/i);
    }
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

describe('hostile DNS answers', () => {
  /** A header: id 0x1234, a response (QR) with `rcode`, and the given section counts. */
  const header = (rcode: number, questions: number, answers: number) =>
    Buffer.from([
      0x12,
      0x34,
      0x81,
      0x80 | rcode,
      questions >> 8,
      questions & 0xff,
      answers >> 8,
      answers & 0xff,
      0,
      0,
      0,
      0,
    ]);

  it('reads a compression pointer to itself, or to the answer it sits in, without following it', () => {
    // Question: a name that is only a pointer to offset 12 (itself), type A, class IN.
    const selfLoop = Buffer.concat([header(0, 1, 1), Buffer.from([0xc0, 12, 0, 1, 0, 1])]);
    // The answer's name points at itself too, then claims 4 bytes of data.
    const answer = Buffer.from([0xc0, 18, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 10, 0, 0, 7]);
    expect(decodeAnswer(Buffer.concat([selfLoop, answer]))).toEqual({ id: 0x1234, rcode: 'NOERROR', ip: '10.0.0.7' });
    expect(decodeAnswer(selfLoop)).toEqual({ id: 0x1234, rcode: 'NOERROR', ip: undefined });
  });

  it('stops at the end of a message that claims 65,535 questions and answers', () => {
    const lying = Buffer.concat([header(3, 0xffff, 0xffff), Buffer.from([3, 0x61, 0x62, 0x63, 0, 0, 1, 0, 1])]);
    expect(decodeAnswer(lying)).toEqual({ id: 0x1234, rcode: 'NXDOMAIN', ip: undefined });
    // Labels whose lengths run past the end.
    const runaway = Buffer.concat([header(2, 1, 1), Buffer.from([63, 0x61])]);
    expect(decodeAnswer(runaway)).toEqual({ id: 0x1234, rcode: 'SERVFAIL', ip: undefined });
  });
});
