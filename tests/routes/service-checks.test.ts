import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Monitor } from '../../src/server/monitor/monitor.ts';
import type { ServiceWire } from '../../src/shared/schemas/service.ts';
import type { ServiceHistoryWire } from '../../src/shared/schemas/history.ts';
import { DnsServer, EchoServer, selfSignedCertificate, SocketTarget } from '../fakes/check-targets.ts';
import { refusedUrl } from '../fakes/http-targets.ts';
import { CheckServices, INTERVAL_MS } from '../helpers/check-services.ts';
import type { TestClient } from '../helpers/http-client.ts';
import type { ManualMonitorTime } from '../helpers/manual-monitor-time.ts';
import { RELAXED_LIMITS, startTestApp, type TestApp } from '../helpers/test-app.ts';

let checks: CheckServices;
let app: TestApp;
let admin: TestClient;
let user: TestClient;
let echo: EchoServer;
let tcp: SocketTarget;
let tlsTarget: SocketTarget;
let dns: DnsServer;
let time: ManualMonitorTime;
let monitor: Monitor;

beforeAll(async () => {
  checks = await CheckServices.start();
  ({ app, admin, user, time, monitor } = checks);
  echo = await new EchoServer().start();
  tcp = await new SocketTarget().start();
  tlsTarget = await new SocketTarget(selfSignedCertificate(30)).start();
  dns = await new DnsServer().start();
});

afterEach(() => checks.deleteCreated());

afterAll(async () => {
  await Promise.all([echo.close(), tcp.close(), tlsTarget.close(), dns.close()]);
  await checks.close();
});

const addService = (body: Record<string, unknown>): Promise<ServiceWire> => checks.add(body);
const outcomes = (id: number, count: number) => checks.outcomes(id, count);
const listed = (client: TestClient, id: number): Promise<ServiceWire> => checks.listed(client, id);

describe('check settings on the service routes', () => {
  it.each([
    [{ url: 'ftp://example.com' }, 'Please enter a valid URL'],
    [{ url: 'tcp://example.com' }, 'Please enter a valid URL'],
    [
      { url: 'http://x.test', check: { conditions: ['[STATUS]==200'] } },
      'Condition 1: "[STATUS]==200" has no operator',
    ],
    [
      { url: 'http://x.test', check: { conditions: ['[FOO] == 1'] } },
      'Condition 1: "[FOO] == 1": unknown placeholder [FOO]',
    ],
    [
      { url: 'tcp://127.0.0.1:1', check: { conditions: ['[STATUS] == 200'] } },
      'Condition 1: [STATUS] is not available in tcp checks',
    ],
    [{ url: 'tcp://127.0.0.1:1', check: { method: 'POST' } }, 'The check setting method does not apply to tcp checks'],
    [{ url: 'tcp://169.254.169.254:80' }, 'Cloud metadata addresses cannot be monitored'],
    [{ url: 'dns://127.0.0.1' }, 'A dns:// service needs a query (name and type) in its check'],
    [
      { url: 'dns://resolver.lan', check: { query: { name: 'a.test', type: 'A' } } },
      'A dns:// service names its resolver by IP address',
    ],
    [{ url: 'dns://127.0.0.1', check: { query: { name: 'bad name', type: 'A' } } }, 'Query name must be a DNS name'],
    [{ url: 'dns://127.0.0.1', check: { query: { name: 'a.test', type: 'ANY' } } }, 'Query type must be one of'],
    [{ url: 'push://', check: { conditions: ['[CONNECTED] == true'] } }, 'Push checks take no conditions'],
    [{ url: 'http://x.test', check: { failureThreshold: 0 } }, 'Failure threshold must be a whole number from 1 to 10'],
    [
      { url: 'http://x.test', check: { recoveryThreshold: 11 } },
      'Recovery threshold must be a whole number from 1 to 10',
    ],
    [{ url: 'http://x.test', check: { headers: { 'X-A': 'a\r\nb' } } }, 'Header values cannot hold line breaks'],
    [{ url: 'http://x.test', check: { headers: { Host: 'evil' } } }, 'cannot be set'],
    [{ url: 'http://x.test', check: { timeout: 5 } }, 'timeout'],
  ])('refuses %j with a clear 400', async (body, message) => {
    const response = await admin.post<{ message: string }>('/api/services', { name: 'bad', ...body });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });

  it('checks a PUT against the URL it leaves, and clears settings with null', async () => {
    const service = await addService({ url: 'tcp://127.0.0.1:1', check: { failureThreshold: 2 } });
    const wrong = await admin.put<{ message: string }>(`/api/services/${service.id}`, {
      id: service.id,
      check: { conditions: ['[BODY] == x'] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Condition 1: [BODY] is not available in tcp checks');
    const cleared = await time.change(service.id, () =>
      admin.put<ServiceWire>(`/api/services/${service.id}`, { id: service.id, check: null }),
    );
    expect(cleared.body.check).toBeNull();
  });

  it('shows check settings to administrators only, never to users or read keys', async () => {
    const check = { method: 'POST' as const, headers: { Authorization: 'Bearer hunter2' }, body: 'secret-body' };
    const service = await addService({ url: `${echo.base}/x`, check });
    expect(service.check).toEqual(check);
    expect((await listed(admin, service.id)).check).toEqual(check);
    const seen = await listed(user, service.id);
    expect(seen).not.toHaveProperty('check');
    const listText = (await user.get('/api/services')).text;
    expect(listText).not.toContain('hunter2');
    expect(listText).not.toContain('secret-body');

    const key = await admin.post<{ key: string }>('/api/api-keys', { name: 'reader', scopes: ['read'] });
    expect(key.status).toBe(201);
    const keyed = await app.client().get('/api/services', { headers: { authorization: `Bearer ${key.body.key}` } });
    expect(keyed.status).toBe(200);
    expect(keyed.text).not.toContain('hunter2');
  });
});

describe('HTTP checks with method, headers, body and conditions', () => {
  it('sends the request, is up while the conditions hold, and says which one failed', async () => {
    echo.setStatus(200);
    const service = await addService({
      url: `${echo.base}/api/health`,
      check: {
        method: 'POST',
        headers: { 'X-Token': 's3cret' },
        body: '{"ping":1}',
        conditions: ['[STATUS] == 200', '[BODY].state == UP', '[BODY].token == s3cret', '[RESPONSE_TIME] < 800'],
      },
    });
    const [first] = await outcomes(service.id, 1);
    expect(first).toMatchObject({ up: true, error: null });
    const request = echo.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', body: '{"ping":1}' });
    expect(request?.headers['x-token']).toBe('s3cret');
    expect(request?.headers['user-agent']).toBe('HomelabDashboard-Monitor/1.0');
    expect((await listed(user, service.id)).status).toBe(true);

    echo.setStatus(503);
    const all = await outcomes(service.id, 2);
    expect(all[1]).toMatchObject({ up: false, error: '[STATUS] == 200 (was 503)' });
    expect(await listed(admin, service.id)).toMatchObject({ status: false, failure: '[STATUS] == 200 (was 503)' });
    const history = await admin.get<ServiceHistoryWire>(`/api/services/${service.id}/history`);
    expect(history.body.changes[0]).toMatchObject({ status: false, reason: '[STATUS] == 200 (was 503)' });
    expect(history.body.changes[1]).toMatchObject({ status: true, reason: null });
    // Conditions are check settings: a user reads which one failed, not the text an administrator typed.
    expect(await listed(user, service.id)).toMatchObject({ status: false, failure: 'Condition 1 of 4 failed' });
    const seen = await user.get<ServiceHistoryWire>(`/api/services/${service.id}/history`);
    expect(seen.body.changes[0]).toMatchObject({ status: false, reason: 'Condition 1 of 4 failed' });
    expect(seen.text).not.toContain('s3cret');
    echo.setStatus(200);
  });

  it('reports each operator and function with its own failure message', async () => {
    echo.setStatus(200);
    const service = await addService({ url: `${echo.base}/ops`, check: { conditions: ['[STATUS] == 200'] } });
    await outcomes(service.id, 1);
    const cases: [string, string | null][] = [
      ['[STATUS] != 200', '[STATUS] != 200 (was 200)'],
      ['[STATUS] < 200', '[STATUS] < 200 (was 200)'],
      ['[STATUS] <= 199', '[STATUS] <= 199 (was 200)'],
      ['[STATUS] > 200', '[STATUS] > 200 (was 200)'],
      ['[STATUS] >= 300', '[STATUS] >= 300 (was 200)'],
      ['[STATUS] >= 200', null],
      ['[BODY] == pat(*"state":"UP"*)', null],
      ['[BODY] != pat(*UP*)', '[BODY] != pat(*UP*) (was {"method":"GET","token":null,"body":"","state":"UP"})'],
      ['[BODY].state == pat(DO*)', '[BODY].state == pat(DO*) (was UP)'],
      ['[STATUS] == any(201, 204)', '[STATUS] == any(201, 204) (was 200)'],
      ['len([BODY].state) == 3', 'len([BODY].state) == 3 (was 2)'],
      ['has([BODY].missing) == true', 'has([BODY].missing) == true (was false)'],
      ['[CONNECTED] == false', '[CONNECTED] == false (was true)'],
    ];
    for (const [condition, error] of cases) {
      await time.change(service.id, () =>
        admin.put(`/api/services/${service.id}`, { id: service.id, check: { conditions: [condition] } }),
      );
      const count = time.outcomes.of(service.id).length;
      const outcome = (await outcomes(service.id, count + 1)).at(-1);
      if (error === null) expect(outcome, condition).toMatchObject({ up: true, error: null });
      else expect(outcome, condition).toMatchObject({ up: false, error });
    }
  }, 60_000);

  it('reports a refused connection as the exchange error, not as a condition', async () => {
    const service = await addService({ url: await refusedUrl(), check: { conditions: ['[STATUS] == 200'] } });
    const [outcome] = await outcomes(service.id, 1);
    expect(outcome?.up).toBe(false);
    expect(outcome?.error).toMatch(/ECONNREFUSED/);
  });
});

describe('TCP, TLS and DNS checks', () => {
  it('TCP: up when the port accepts, down with the connect error when it refuses', async () => {
    const before = tcp.connections;
    const open = await addService({
      url: `tcp://127.0.0.1:${tcp.port}`,
      check: { conditions: ['[RESPONSE_TIME] < 800', '[IP] == 127.0.0.1'] },
    });
    expect((await outcomes(open.id, 1))[0]).toMatchObject({ up: true, error: null });
    expect(tcp.connections).toBeGreaterThan(before);
    const closedPort = new URL(await refusedUrl()).port;
    const closed = await addService({ url: `tcp://127.0.0.1:${closedPort}` });
    const [refused] = await outcomes(closed.id, 1);
    expect(refused?.up).toBe(false);
    expect(refused?.error).toMatch(/ECONNREFUSED/);
    expect((await listed(user, closed.id)).failure).toMatch(/ECONNREFUSED/);
  });

  it('TLS: refuses an untrusted certificate unless insecure, and reads its expiry', async () => {
    const url = `tls://127.0.0.1:${tlsTarget.port}`;
    const strict = await addService({ url });
    const [untrusted] = await outcomes(strict.id, 1);
    expect(untrusted?.up).toBe(false);
    expect(untrusted?.error).toMatch(/^certificate not trusted: /);

    const lenient = await addService({
      url,
      check: { insecure: true, conditions: ['[CERTIFICATE_EXPIRATION] > 168h'] },
    });
    expect((await outcomes(lenient.id, 1))[0]).toMatchObject({ up: true, error: null });

    const expiring = await addService({
      url,
      check: { insecure: true, conditions: ['[CERTIFICATE_EXPIRATION] > 900h'] },
    });
    const [soon] = await outcomes(expiring.id, 1);
    expect(soon?.up).toBe(false);
    expect(soon?.error).toMatch(/^\[CERTIFICATE_EXPIRATION\] > 900h \(was \d+\)$/);
  });

  it('DNS: asks the resolver on its port, reads the response code and the address', async () => {
    dns.records.set('nas.home.test', { rcode: 'NOERROR', a: ['10.0.0.7'] });
    const found = await addService({
      url: `dns://127.0.0.1:${dns.port}`,
      check: {
        query: { name: 'nas.home.test', type: 'A' },
        conditions: ['[DNS_RCODE] == NOERROR', '[IP] == 10.0.0.7'],
      },
    });
    expect((await outcomes(found.id, 1))[0]).toMatchObject({ up: true, error: null });
    expect(dns.questions.at(-1)).toEqual({ name: 'nas.home.test', type: 1 });

    const missing = await addService({
      url: `dns://127.0.0.1:${dns.port}`,
      check: { query: { name: 'gone.home.test', type: 'A' } },
    });
    expect((await outcomes(missing.id, 1))[0]).toMatchObject({
      up: false,
      error: '[DNS_RCODE] == NOERROR (was NXDOMAIN)',
    });

    dns.silent.add('mute.home.test');
    const mute = await addService({
      url: `dns://127.0.0.1:${dns.port}`,
      check: { query: { name: 'mute.home.test', type: 'A' } },
    });
    // Unanswered on purpose: time moves on once the question has arrived, until the check's deadline.
    time.holds(
      mute.id,
      () =>
        dns.questions.filter((question) => question.name === 'mute.home.test').length -
        time.outcomes.of(mute.id).length,
    );
    expect((await outcomes(mute.id, 1))[0]).toMatchObject({ up: false, error: 'timeout' });
  });
});

describe('settings written around the API', () => {
  it('fail the check with the reason instead of stopping the monitor', async () => {
    const service = await addService({ url: `${echo.base}/x` });
    await app.testDb.db.kysely
      .updateTable('services')
      .set({ check_settings: JSON.stringify({ conditions: ['[STATUS]==200'] }) })
      .where('id', '=', service.id)
      .execute();
    await time.change(service.id, () => Promise.resolve(app.built.services.catalog.announce('updated', service.id)));
    const count = time.outcomes.of(service.id).length;
    const outcome = (await outcomes(service.id, count + 1)).at(-1);
    expect(outcome).toMatchObject({
      up: false,
      error: 'Condition 1: "[STATUS]==200" has no operator (==, !=, <, <=, >, >= with a space on each side)',
    });
  });
});

describe('thresholds', () => {
  it('marks down only after N failures in a row and up only after M passes in a row', async () => {
    echo.setStatus(200);
    const service = await addService({
      url: `${echo.base}/flaky`,
      check: { conditions: ['[STATUS] == 200'], failureThreshold: 2, recoveryThreshold: 2 },
    });
    // A new service starts down: it takes two passes to be up.
    await outcomes(service.id, 1);
    expect((await listed(admin, service.id)).status).toBe(false);
    await outcomes(service.id, 2);
    expect((await listed(admin, service.id)).status).toBe(true);

    echo.setStatus(500);
    await outcomes(service.id, 3);
    expect((await listed(admin, service.id)).status).toBe(true); // one lost check pages no one
    await outcomes(service.id, 4);
    expect(await listed(admin, service.id)).toMatchObject({ status: false, failure: '[STATUS] == 200 (was 500)' });

    echo.setStatus(200);
    await outcomes(service.id, 5);
    expect((await listed(admin, service.id)).status).toBe(false);
    await outcomes(service.id, 6);
    expect((await listed(admin, service.id)).status).toBe(true);
    echo.setStatus(200);
  });
});

describe('push checks', () => {
  const pathOf = (pushUrl: string) => new URL(pushUrl).pathname;

  it('are up after a push, down when none arrives within interval plus grace, never contacted', async () => {
    const service = await addService({ url: 'push://backup-job', check: { graceSeconds: 5 } });
    expect(service.pushUrl).toMatch(/^http:\/\/localhost[:\d]*\/api\/push\/[A-Za-z0-9_-]{43}$/);
    expect((await listed(admin, service.id)).pushUrl).toBeUndefined(); // shown once
    const anonymous = app.client();
    const push = pathOf(service.pushUrl ?? '');

    expect((await anonymous.get(push)).status).toBe(200);
    await time.outcomes.atLeast(service.id, 1);
    await monitor.flush();
    expect((await listed(user, service.id)).status).toBe(true);

    // Interval (1 s) plus grace (1 s) of manual time without a push: still up just before, down with the reason
    // after (the monitor re-reads the push time first, so the outcome is awaited, not stepped towards).
    await time.advance(2 * INTERVAL_MS - 100);
    expect(time.outcomes.of(service.id)).toHaveLength(1);
    await time.advance(150);
    const [, missed] = await time.outcomes.atLeast(service.id, 2);
    expect(missed).toMatchObject({ up: false, error: 'No push within 10 s (interval plus grace)' });
    await monitor.flush();
    expect(await listed(user, service.id)).toMatchObject({
      status: false,
      failure: 'No push within 10 s (interval plus grace)',
    });

    // Whatever body a job's tool sends: JSON, a form (curl -d), plain text.
    const bodies: [string, string][] = [
      ['application/json', '{"any":"body"}'],
      ['application/x-www-form-urlencoded', 'status=ok'],
      ['text/plain', 'backup done'],
    ];
    for (const [type, raw] of bodies) {
      const pushed = await fetch(`${app.baseUrl}${push}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: raw,
      });
      expect(pushed.status, type).toBe(200);
    }
    await time.outcomes.atLeast(service.id, 3);
    await monitor.flush();
    expect((await listed(user, service.id)).status).toBe(true);
    // Timed only: no check of a push service ever started.
    expect(time.starts(service.id)).toEqual([]);
  });

  it('follows a push received by another instance (stored, not heard) at the next due time', async () => {
    const service = await addService({ url: 'push://remote', check: { graceSeconds: 5 } });
    // Never pushed: missed after interval plus grace from when the monitor first saw it.
    await time.advance(2 * INTERVAL_MS + 50);
    await time.outcomes.atLeast(service.id, 1);
    expect(time.outcomes.of(service.id)[0]).toMatchObject({ up: false });
    // Another instance stores a push; this monitor re-reads the stored time when the service is next due.
    await app.testDb.db.kysely
      .updateTable('services')
      .set({ last_push_at: time.clock.now().toISOString() })
      .where('id', '=', service.id)
      .execute();
    await time.advance(INTERVAL_MS + 50);
    const [, recovered] = await time.outcomes.atLeast(service.id, 2);
    expect(recovered).toMatchObject({ up: true, error: null });
    await monitor.flush();
    expect((await listed(user, service.id)).status).toBe(true);
  });

  it('rotates the token: the old URL stops working at once', async () => {
    const service = await addService({ url: 'push://' });
    const oldPath = pathOf(service.pushUrl ?? '');
    const rotated = await admin.post<{ pushUrl: string }>(`/api/services/${service.id}/push-token`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.pushUrl).not.toBe(service.pushUrl);
    expect((await app.client().get(oldPath)).status).toBe(404);
    expect((await app.client().get(pathOf(rotated.body.pushUrl))).status).toBe(200);
    expect((await user.post(`/api/services/${service.id}/push-token`)).status).toBe(403);

    const http = await addService({ url: `${echo.base}/x` });
    const notPush = await admin.post<{ message: string }>(`/api/services/${http.id}/push-token`);
    expect(notPush.status).toBe(400);
    expect(notPush.body.message).toBe('Only push:// services have a push URL');
  });

  it('gives a service turned into a push service its push URL in the PUT answer, once', async () => {
    const service = await addService({ url: `${echo.base}/job` });
    expect(service.pushUrl).toBeUndefined();
    const turned = await time.change(service.id, () =>
      admin.put<ServiceWire>(`/api/services/${service.id}`, { id: service.id, url: 'push://nightly' }),
    );
    expect(turned.status).toBe(200);
    expect(turned.body.pushUrl).toMatch(/^http:\/\/localhost[:\d]*\/api\/push\/[A-Za-z0-9_-]{43}$/);
    expect((await app.client().get(pathOf(turned.body.pushUrl ?? ''))).status).toBe(200);

    // Any later edit of the push service keeps its URL and never shows it again.
    const renamed = await admin.put<ServiceWire>(`/api/services/${service.id}`, { id: service.id, name: 'Nightly' });
    expect(renamed.body.pushUrl).toBeUndefined();
    expect((await listed(admin, service.id)).pushUrl).toBeUndefined();
    expect((await app.client().get(pathOf(turned.body.pushUrl ?? ''))).status).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const service = await addService({ url: 'push://' });
    const token = (service.pushUrl ?? '').split('/').at(-1) ?? '';
    const row = await app.testDb.db.kysely
      .selectFrom('services')
      .select('push_token_hash')
      .where('id', '=', service.id)
      .executeTakeFirstOrThrow();
    expect(row.push_token_hash).toBe(createHash('sha256').update(token).digest('base64url'));
  });

  it('limits unknown tokens and pushes per address (429 with Retry-After)', async () => {
    const limited = await startTestApp({
      limits: {
        ...RELAXED_LIMITS,
        unknownPushTokensPerIp: { limit: 3, windowMs: 60_000 },
        pushesPerIp: { limit: 5, windowMs: 60_000 },
      },
    });
    try {
      const guesser = limited.client();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await guesser.get(`/api/push/${'x'.repeat(43)}`)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const refused = await guesser.post<{ message: string }>(`/api/push/${'y'.repeat(43)}`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(refused.body.message).toBe('Too many pushes. Try again in 1 minute.');
    } finally {
      await limited.close();
    }
  });
});
