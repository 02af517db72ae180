import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAmp, type FakeAmp } from '../fakes/amp-server.ts';
import { HttpTargets } from '../fakes/http-targets.ts';
import { startFakeJellyfin, type FakeJellyfin } from '../fakes/jellyfin-server.ts';
import { createActors } from '../helpers/actors.ts';
import { closedPort } from '../helpers/closed-port.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { rawRequest } from '../helpers/raw-request.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';
import { OUTBOX_QUEUES } from '../../src/server/repositories/metrics.repository.ts';

/**
 * GET /metrics after real work: checks against local HTTP targets by the app's own monitor, the outbox worker
 * against an SMTP port nothing listens on, polls of the AMP and Jellyfin fakes, and requests to the app itself.
 * Every figure is read back from the Prometheus text the route answers.
 */

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comment lines skipped). */
function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[label[1] ?? ''] = label[2] ?? '';
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

/** One scrape, with a way to read a sample by name and labels (0 when the series does not exist yet). */
class Scrape {
  constructor(
    readonly text: string,
    readonly samples: Sample[],
  ) {}

  value(name: string, labels: Record<string, string> = {}): number {
    const found = this.samples.find(
      (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    );
    return found?.value ?? 0;
  }

  /** Every value the label takes across the samples of the metric. */
  labelValues(name: string, label: string): Set<string> {
    return new Set(this.samples.filter((sample) => sample.name === name).map((sample) => sample.labels[label] ?? ''));
  }
}

let app: TestApp;
let admin: TestClient;
let targets: HttpTargets;
let amp: FakeAmp;
let jellyfin: FakeJellyfin;
let clientDir: string;
const clock = new TestClock();
const CHANGES = { queue: 'status_change' };
const EMAIL = { queue: 'email' };

async function scrape(): Promise<Scrape> {
  const response = await admin.get('/metrics');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return new Scrape(response.text, parseSamples(response.text));
}

/** Scrapes until `condition` holds of a scrape; returns that scrape. */
async function scrapeUntil(condition: (scrape: Scrape) => boolean, what: string): Promise<Scrape> {
  let last: Scrape | undefined;
  await until(async () => {
    last = await scrape();
    return condition(last);
  }, what);
  return last as Scrape;
}

async function createService(name: string, url: string): Promise<number> {
  const response = await admin.post<{ id: number }>('/api/services', { name, url, refreshInterval: 60 });
  expect(response.status).toBe(201);
  return response.body.id;
}

/** A new address is checked at once (the monitor does not wait for the service's interval). */
async function moveService(id: number, url: string): Promise<void> {
  expect((await admin.put(`/api/services/${id}`, { id, url })).status).toBe(200);
}

beforeAll(async () => {
  targets = await new HttpTargets().start();
  amp = await startFakeAmp();
  jellyfin = await startFakeJellyfin();
  // A tiny built client, so that static files and the client's pages meet the production handlers.
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homelab-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>client</title>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  app = await startTestApp({
    clock,
    clientDir,
    env: {
      AMP_URL: amp.baseUrl,
      AMP_USERNAME: amp.username,
      AMP_PASSWORD: amp.password,
      JELLYFIN_URL: jellyfin.baseUrl,
      JELLYFIN_API_KEY: jellyfin.apiKey,
      // Mail goes nowhere: a delivery that fails stays in the outbox for its retry.
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(await closedPort()),
      SMTP_SECURE: 'none',
      // Channel alerts go to a closed port on this host, and wait for their retry too.
      CHANNELS_ALLOW_LOOPBACK: 'on',
    },
  });
  admin = await (await createActors(app)).admin.signIn();
  await app.built.services.monitor.start();
});
afterAll(async () => {
  await app.built.services.monitor.stop();
  await app.close();
  await targets.close();
  await amp.stop();
  await jellyfin.stop();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('GET /metrics', () => {
  it('counts real checks by result, times them, and follows a service going down', async () => {
    const before = await scrape();
    expect(before.value('homelab_services_down')).toBe(0);
    targets.setStatus('flip', 200);
    const id = await createService('Flipping', targets.url('/status/flip'));
    const up = await scrapeUntil((s) => s.value('homelab_checks_total', { result: 'up' }) >= 1, 'an up check');
    expect(up.value('homelab_check_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(up.value('homelab_check_schedule_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    // The check reached the target: its duration is in a finite bucket, not only in +Inf.
    expect(up.value('homelab_check_duration_seconds_bucket', { le: '30' })).toBeGreaterThanOrEqual(1);
    await until(async () => (await scrape()).value('homelab_services_down') === 0, 'the service stored as up');

    targets.setStatus('flip', 500);
    await moveService(id, targets.url('/status/flip?moved'));
    const down = await scrapeUntil((s) => s.value('homelab_services_down') === 1, 'the service counted as down');
    expect(down.value('homelab_checks_total', { result: 'down' })).toBeGreaterThanOrEqual(1);

    // The target policy refuses cloud metadata addresses (here behind a redirect) without connecting: counted apart.
    await createService('Metadata', targets.url(`/to/${encodeURIComponent('http://169.254.169.254/latest')}`));
    const refused = await scrapeUntil(
      (s) => s.value('homelab_checks_total', { result: 'refused' }) >= 1,
      'a refused check',
    );
    expect(refused.value('homelab_services_down')).toBe(2);
    expect(refused.value('homelab_checks_total', { result: 'timeout' })).toBe(0);
  });

  it('reports the outbox: a status change waiting for the worker, then a delivery waiting for its retry', async () => {
    const outbox = app.built.services.outbox;
    // Status changes so far concern no subscriber: the worker clears them and nothing is left.
    await outbox.runOnce();
    let current = await scrape();
    for (const queue of OUTBOX_QUEUES) {
      expect(current.value('homelab_outbox_pending', { queue }), queue).toBe(0);
      expect(current.value('homelab_outbox_oldest_age_seconds', { queue }), queue).toBe(0);
    }

    targets.setStatus('watched', 200);
    const id = await createService('Watched', targets.url('/status/watched'));
    const subscribed = await admin.post('/api/notification-preferences', { serviceId: id, email: 'ops@example.test' });
    expect(subscribed.status).toBe(200);
    current = await scrapeUntil((s) => s.value('homelab_outbox_pending', CHANGES) === 1, 'the status change pending');
    expect(current.value('homelab_outbox_oldest_age_seconds', CHANGES)).toBeLessThan(120);
    clock.advance(120_000);
    current = await scrape();
    expect(current.value('homelab_outbox_oldest_age_seconds', CHANGES)).toBeGreaterThanOrEqual(120);

    // The worker turns the change into a delivery; sending fails (nothing listens), so it waits for a retry.
    const report = await outbox.runOnce();
    expect(report.retried).toBe(1);
    current = await scrape();
    expect(current.value('homelab_outbox_pending', CHANGES)).toBe(0);
    expect(current.value('homelab_outbox_pending', EMAIL)).toBe(1);
    expect(current.value('homelab_outbox_oldest_age_seconds', EMAIL)).toBeLessThan(120);
  });

  it('counts each outbox queue apart: changes, alert e-mails, channel alerts and other mails', async () => {
    // Scraped as Prometheus does it: with an API key of the metrics scope, no session.
    const created = await admin.post<{ key: string }>('/api/api-keys', { name: 'Prometheus', scopes: ['metrics'] });
    expect(created.status, created.text).toBe(201);
    const prometheus = app.client();
    const scrapeWithKey = async () => {
      const response = await prometheus.get('/metrics', { headers: { authorization: `Bearer ${created.body.key}` } });
      expect(response.status).toBe(200);
      return new Scrape(response.text, parseSamples(response.text));
    };
    const outbox = app.built.services.outbox;
    await outbox.runOnce();
    const before = await scrapeWithKey();
    expect(before.labelValues('homelab_outbox_pending', 'queue')).toEqual(new Set(OUTBOX_QUEUES));
    expect(before.labelValues('homelab_outbox_oldest_age_seconds', 'queue')).toEqual(new Set(OUTBOX_QUEUES));
    const added = (s: Scrape, queue: string) =>
      s.value('homelab_outbox_pending', { queue }) - before.value('homelab_outbox_pending', { queue });

    // A webhook channel nothing listens on, and the admin's subscriptions to a service and a game server.
    const channel = await admin.post('/api/notification-channels', {
      name: 'Hook',
      kind: 'webhook',
      settings: { url: `http://127.0.0.1:${await closedPort()}/hook` },
      secrets: { secret: 'whsec-metrics-test' },
    });
    expect(channel.status, channel.text).toBe(201);
    targets.setStatus('queued', 200);
    const serviceId = await createService('Queued', targets.url('/status/queued'));
    const preference = await admin.post('/api/notification-preferences', { serviceId, email: 'ops@example.test' });
    expect(preference.status).toBe(200);
    const instance = amp.addInstance({ InstanceName: 'Queued01', FriendlyName: 'Queued game' });
    const ampPoller = app.built.services.gameServerPollers.find((poller) => poller.provider.id === 'amp');
    await ampPoller?.poll();
    const gameServer = await app.testDb.db.kysely
      .selectFrom('game_servers')
      .select('id')
      .where('instanceId', '=', instance.InstanceID)
      .executeTakeFirstOrThrow();
    const subscribed = await admin.post('/api/notification-subscriptions', {
      subjectKind: 'game_server',
      subjectId: gameServer.id,
      enabled: true,
    });
    expect(subscribed.status, subscribed.text).toBe(200);
    // The first state a poll sees is recorded, not alerted; the server stopping is a change.
    instance.Running = false;
    instance.AppState = 0;
    instance.metrics = null;
    await ampPoller?.poll();
    // A game-server request mails every admin.
    expect((await admin.post('/api/game-servers/request', { game: 'Factorio' })).status).toBe(200);

    // The service's first state and the game server's stop wait for the worker; the request mails wait to be sent.
    let current = await scrapeUntil((s) => added(s, 'status_change') === 2, 'two status changes pending');
    expect(added(current, 'other_mail')).toBeGreaterThanOrEqual(1);
    expect(added(current, 'email')).toBe(0);
    expect(added(current, 'channel')).toBe(0);

    // The worker turns them into alerts; SMTP and the webhook fail, so every one waits for its retry.
    await outbox.runOnce();
    current = await scrapeWithKey();
    expect(added(current, 'status_change')).toBe(0);
    expect(added(current, 'email')).toBe(2);
    expect(added(current, 'channel')).toBe(2);
    expect(added(current, 'other_mail')).toBeGreaterThanOrEqual(1);
    clock.advance(600_000);
    current = await scrapeWithKey();
    for (const queue of ['email', 'channel', 'other_mail'])
      expect(current.value('homelab_outbox_oldest_age_seconds', { queue }), queue).toBeGreaterThanOrEqual(600);
    expect(current.value('homelab_outbox_oldest_age_seconds', CHANGES)).toBe(0);
  });

  it('counts provider polls by provider and result, and times them', async () => {
    const before = await scrape();
    const polls = (s: Scrape, provider: string, result: string) =>
      s.value('homelab_provider_polls_total', { provider, result }) -
      before.value('homelab_provider_polls_total', { provider, result });
    const timed = (s: Scrape, provider: string) =>
      s.value('homelab_provider_poll_duration_seconds_count', { provider }) -
      before.value('homelab_provider_poll_duration_seconds_count', { provider });

    for (const poller of app.built.services.gameServerPollers) await poller.poll();
    await app.built.services.mediaPoller.poll();
    // AMP answers 500; Jellyfin no longer knows our key (401).
    const apiKey = jellyfin.apiKey;
    amp.failWithStatus = 500;
    jellyfin.apiKey = 'a-key-we-do-not-send';
    try {
      await app.built.services.gameServerPollers.find((poller) => poller.provider.id === 'amp')?.poll();
      await app.built.services.mediaPoller.poll();
    } finally {
      amp.failWithStatus = null;
      jellyfin.apiKey = apiKey;
    }

    const after = await scrape();
    expect(polls(after, 'amp', 'ok')).toBe(1);
    expect(polls(after, 'amp', 'error')).toBe(1);
    expect(polls(after, 'game-query', 'ok')).toBe(1);
    expect(polls(after, 'jellyfin', 'ok')).toBe(1);
    expect(polls(after, 'jellyfin', 'error')).toBe(1);
    expect(timed(after, 'amp')).toBe(2);
    expect(timed(after, 'game-query')).toBe(1);
    expect(timed(after, 'jellyfin')).toBe(2);
    expect(after.labelValues('homelab_provider_polls_total', 'provider')).toEqual(
      new Set(['amp', 'game-query', 'jellyfin']),
    );
    // The providers' secrets never reach the metrics.
    expect(after.text).not.toContain(amp.password);
    expect(after.text).not.toContain(jellyfin.apiKey);
  });

  it('times requests under the matched route pattern, never the path as sent', async () => {
    const count = (s: Scrape, route: string, method: string, status: string) =>
      s.value('homelab_http_request_duration_seconds_count', { route, method, status });
    const before = await scrape();
    expect((await admin.get('/api/services/424242/history')).status).toBe(404);
    // An odd spelling the router still matches is counted under the route's pattern.
    expect((await rawRequest(app.baseUrl, 'GET', '/api/%73ervices', { headers: cookie() })).status).toBe(200);
    expect((await admin.get('/api/no-such-route-xyz')).status).toBe(404);
    expect((await admin.get('/assets/app-1a2b3c.js')).status).toBe(200);
    expect((await admin.get('/some/client/page-xyz')).status).toBe(200);
    expect((await app.client().get('/api/users')).status).toBe(401);

    const after = await scrape();
    expect(
      count(after, '/api/services/:id/history', 'GET', '404') -
        count(before, '/api/services/:id/history', 'GET', '404'),
    ).toBe(1);
    expect(count(after, '/api/services', 'GET', '200') - count(before, '/api/services', 'GET', '200')).toBe(1);
    expect(count(after, 'unmatched', 'GET', '404') - count(before, 'unmatched', 'GET', '404')).toBe(1);
    expect(count(after, 'unmatched', 'GET', '200') - count(before, 'unmatched', 'GET', '200')).toBe(1);
    expect(count(after, 'static', 'GET', '200') - count(before, 'static', 'GET', '200')).toBe(1);
    expect(count(after, '/api/users', 'GET', '401') - count(before, '/api/users', 'GET', '401')).toBe(1);
    // The scrapes themselves are requests too.
    expect(count(after, '/metrics', 'GET', '200')).toBeGreaterThanOrEqual(1);

    const routes = after.labelValues('homelab_http_request_duration_seconds_count', 'route');
    for (const route of routes) {
      expect(route === 'unmatched' || route === 'static' || route.startsWith('/'), route).toBe(true);
      expect(route, 'no raw path in a label').not.toMatch(/424242|%73|no-such-route|page-xyz|1a2b3c/);
    }
  });

  it('is refused to anyone but an administrator', async () => {
    expect((await app.client().get('/metrics')).status).toBe(401);
  });
});

function cookie(): Record<string, string> {
  return { cookie: [...admin.cookies].map(([key, value]) => `${key}=${value}`).join('; ') };
}
