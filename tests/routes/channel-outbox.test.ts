import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelWire, SubscriptionWire } from '../../src/shared/schemas/notification-channels.ts';
import { ChannelHttp } from '../../src/server/integrations/channels/channel-http.ts';
import { ChannelDeliveriesRepository } from '../../src/server/repositories/channel-deliveries.repository.ts';
import { ChannelOutbox } from '../../src/server/notifications/channel-outbox.ts';
import { GameServersRepository } from '../../src/server/repositories/game-servers.repository.ts';
import { ServicesRepository } from '../../src/server/repositories/services.repository.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import { startFakeAmp, type FakeAmp } from '../fakes/amp-server.ts';
import type { ChannelReceiver, ReceivedRequest } from '../fakes/channel-receiver.ts';
import { startDiscordWebhook } from '../fakes/discord-webhook.ts';
import { startGotifyServer } from '../fakes/gotify-server.ts';
import { startFakeJellyfin, type FakeJellyfin } from '../fakes/jellyfin-server.ts';
import { startNtfyServer } from '../fakes/ntfy-server.ts';
import { startSlackWebhook } from '../fakes/slack-webhook.ts';
import { startTelegramBotApi } from '../fakes/telegram-bot-api.ts';
import { startWebhookReceiver, verifySignature } from '../fakes/webhook-receiver.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

/**
 * Channels through the notification outbox (issue 16): a status change of a service, a game server (AMP fake) or
 * the media server (Jellyfin fake) reaches every channel of each subscriber exactly once, in each kind's protocol;
 * 5xx answers and time-outs are retried with backoff until delivered or given up after a day; secrets stay out of
 * stored errors and logs. Runs on SQLite, and on PostgreSQL under scripts/with-postgres.sh.
 */

const TOKENS = {
  gotify: 'AgotifyOutboxToken.987',
  ntfy: 'tk_outboxntfytoken9876543210zz',
  telegram: '987654321:AAOutboxTelegramBotTokenSecret_abc',
  webhook: 'outbox-webhook-signing-secret',
};
const KINDS = ['webhook', 'ntfy', 'gotify', 'discord', 'slack', 'telegram'] as const;
type Kind = (typeof KINDS)[number];

let app: TestApp;
let amp: FakeAmp;
let jellyfin: FakeJellyfin;
let actors: Record<ActorKind, Actor>;
const fakes = {} as Record<Kind, ChannelReceiver>;
const urls = {} as { discord: string; slack: string };
const clock = new TestClock(new Date('2030-06-01T00:00:00.000Z'));

const db = () => app.testDb.db.kysely;
const worker = () => app.built.services.outbox;

function channelBody(kind: Kind): Record<string, unknown> {
  const settings: Record<Kind, Record<string, unknown>> = {
    webhook: { settings: { url: `${fakes.webhook.baseUrl}/hooks/homelab` }, secrets: { secret: TOKENS.webhook } },
    ntfy: { settings: { serverUrl: fakes.ntfy.baseUrl, topic: 'lab' }, secrets: { token: TOKENS.ntfy } },
    gotify: { settings: { serverUrl: fakes.gotify.baseUrl }, secrets: { token: TOKENS.gotify } },
    discord: { settings: {}, secrets: { webhookUrl: urls.discord } },
    slack: { settings: {}, secrets: { webhookUrl: urls.slack } },
    telegram: { settings: { apiUrl: fakes.telegram.baseUrl, chatId: '7777' }, secrets: { botToken: TOKENS.telegram } },
  };
  return { name: `Outbox ${kind}`, kind, ...settings[kind] };
}

async function addChannels(client: TestClient, kinds: readonly Kind[] = KINDS): Promise<number[]> {
  const ids: number[] = [];
  for (const kind of kinds) {
    const response = await client.post<ChannelWire>('/api/notification-channels', channelBody(kind));
    expect(response.status, response.text).toBe(201);
    ids.push(response.body.id);
  }
  return ids;
}

async function removeChannels(client: TestClient): Promise<void> {
  for (const channel of (await client.get<ChannelWire[]>('/api/notification-channels')).body) {
    await client.delete(`/api/notification-channels/${channel.id}`);
  }
}

async function createService(name: string, isNSFW = false): Promise<number> {
  const service = await new ServicesRepository(db()).insert({
    name,
    url: 'http://127.0.0.1:9/',
    status: true,
    lastChecked: clock.now().toISOString(),
    icon: null,
    background: null,
    refreshInterval: 30,
    isNSFW,
    tooltip: null,
    show_status_badge: true,
  });
  return service.id;
}

/** A status change as the monitor writes it, made at `now` (earlier: one the monitor held while the disk was full). */
async function change(serviceId: number, up: boolean, lastedMs = 90 * 60_000, now = clock.now()): Promise<void> {
  await db()
    .insertInto('service_status_changes')
    .values({
      serviceId,
      status: up,
      changedAt: now.toISOString(),
      previousChangedAt: new Date(now.getTime() - lastedMs).toISOString(),
      processedAt: null,
    })
    .execute();
}

/** Runs the outbox until no channel delivery is open, moving the clock past each retry. */
async function drain(maxRuns = 200): Promise<void> {
  for (let run = 0; run < maxRuns; run += 1) {
    await worker().runOnce();
    const open = await db()
      .selectFrom('channel_deliveries')
      .select('id')
      .where('state', 'in', ['pending', 'sending'])
      .execute();
    if (open.length === 0) return;
    clock.advance(31 * 60_000);
  }
  throw new Error('channel deliveries did not drain');
}

const deliveredSince = (marks: Record<Kind, number>, kind: Kind): ReceivedRequest[] =>
  fakes[kind].delivered().slice(marks[kind]);
const marksNow = () =>
  Object.fromEntries(KINDS.map((kind) => [kind, fakes[kind].delivered().length])) as Record<Kind, number>;

function expectNoSecret(text: string): void {
  for (const secret of [...Object.values(TOKENS), 'SlAcKsEcReTtOkEn', 'dIsCoRd-ToKeN'])
    expect(text).not.toContain(secret);
}

beforeAll(async () => {
  fakes.webhook = await startWebhookReceiver();
  fakes.ntfy = await startNtfyServer(TOKENS.ntfy);
  fakes.gotify = await startGotifyServer(TOKENS.gotify);
  const discord = await startDiscordWebhook();
  fakes.discord = discord;
  urls.discord = discord.webhookUrl;
  const slack = await startSlackWebhook();
  fakes.slack = slack;
  urls.slack = slack.webhookUrl;
  fakes.telegram = await startTelegramBotApi(TOKENS.telegram, ['7777']);
  amp = await startFakeAmp();
  jellyfin = await startFakeJellyfin();
  app = await startTestApp({
    clock,
    outboundPolicy: (ip) => ip === '127.0.0.1',
    channelTimeoutMs: 300,
    env: {
      AMP_URL: amp.baseUrl,
      AMP_USERNAME: amp.username,
      AMP_PASSWORD: amp.password,
      JELLYFIN_URL: jellyfin.baseUrl,
      JELLYFIN_API_KEY: jellyfin.apiKey,
      PUBLIC_URL: 'https://dash.example.test',
    },
  });
  actors = await createActors(app);
});
afterAll(async () => {
  await app.close();
  for (const fake of Object.values(fakes)) await fake.close();
  await amp.stop();
  await jellyfin.stop();
});
beforeEach(async () => {
  await drain();
  clock.advance(24 * 60 * 60_000);
});

describe('service alerts to every channel kind', () => {
  it('sends one alert per change to each channel of each subscriber, in each protocol', async () => {
    const alice = await actors.user.signIn();
    await addChannels(alice);
    const serviceId = await createService('Nextcloud');
    const other = await createService('Gitea');
    const subscribed = await alice.post('/api/notification-preferences', { serviceId, email: 'alice@example.test' });
    expect(subscribed.status).toBe(200);
    const marks = marksNow();
    await change(other, false);
    await change(serviceId, false, 2 * 3_600_000 + 5 * 60_000);
    await drain();

    for (const kind of KINDS) expect(deliveredSince(marks, kind), kind).toHaveLength(1);
    const webhook = deliveredSince(marks, 'webhook')[0];
    expect(webhook && verifySignature(webhook, TOKENS.webhook)).toBe(true);
    expect(webhook?.headers['x-homelab-event']).toBe('status_change');
    expect(webhook?.json).toMatchObject({
      event: 'status_change',
      subject: { kind: 'service', id: serviceId, name: 'Nextcloud' },
      status: 'DOWN',
      previousStateDuration: '2 hours 5 minutes',
      message: 'Nextcloud is DOWN',
      site: { title: 'Homelab Dashboard', url: 'https://dash.example.test' },
    });
    expect(deliveredSince(marks, 'ntfy')[0]?.json).toMatchObject({
      topic: 'lab',
      title: '[Homelab Dashboard] Nextcloud is DOWN',
      priority: 5,
      tags: ['rotating_light'],
    });
    expect(deliveredSince(marks, 'gotify')[0]?.json).toMatchObject({
      title: '[Homelab Dashboard] Nextcloud is DOWN',
      priority: 8,
    });
    expect(deliveredSince(marks, 'telegram')[0]?.json).toMatchObject({ chat_id: '7777' });
    for (const kind of ['discord', 'slack', 'telegram'] as const) {
      expect(deliveredSince(marks, kind)[0]?.raw, kind).toContain('Nextcloud is DOWN');
      expect(deliveredSince(marks, kind)[0]?.raw, kind).toContain('It was UP for 2 hours 5 minutes');
    }
    await removeChannels(alice);
  });

  it('retries 5xx answers and time-outs with backoff, then delivers exactly once; errors keep no secret', async () => {
    const bob = await actors.nsfwUser.signIn();
    await addChannels(bob);
    const serviceId = await createService('Jellyseerr');
    await bob.post('/api/notification-preferences', { serviceId, email: 'bob@example.test' });
    const marks = marksNow();
    const requestMarks = Object.fromEntries(KINDS.map((kind) => [kind, fakes[kind].requests.length]));
    for (const kind of KINDS) {
      fakes[kind].failNext(2, { kind: 'status', status: 502 });
      fakes[kind].failNext(1, { kind: 'stall' });
    }
    await change(serviceId, false);
    await worker().runOnce();
    const failing = await db()
      .selectFrom('channel_deliveries')
      .selectAll()
      .where('subjectId', '=', serviceId)
      .execute();
    expect(failing).toHaveLength(KINDS.length);
    for (const row of failing) {
      expect(row.state).toBe('pending');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toContain('502');
      expectNoSecret(row.lastError ?? '');
    }
    await drain();
    for (const kind of KINDS) {
      expect(deliveredSince(marks, kind), kind).toHaveLength(1);
      // Two 502s, one time-out, then the delivery: four requests, the alert sent once.
      expect(fakes[kind].requests.length - (requestMarks[kind] ?? 0), kind).toBe(4);
    }
    const done = await db().selectFrom('channel_deliveries').selectAll().where('subjectId', '=', serviceId).execute();
    for (const row of done) {
      expect(row.state).toBe('sent');
      expect(row.attempts).toBe(3);
    }
    await removeChannels(bob);
  });

  it('gives up after a day of failures and never sends that alert later', async () => {
    const alice = await actors.user.signIn();
    await addChannels(alice, ['gotify']);
    const serviceId = await createService('Immich');
    await alice.post('/api/notification-preferences', { serviceId, email: 'alice@example.test' });
    fakes.gotify.failNext(1000, { kind: 'status', status: 500 });
    const before = fakes.gotify.delivered().length;
    const requestsBefore = fakes.gotify.requests.length;
    await change(serviceId, false);
    await drain();
    const row = await db()
      .selectFrom('channel_deliveries')
      .selectAll()
      .where('subjectId', '=', serviceId)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('failed');
    expect(row.lastError).toContain('500');
    // Backoff: 30 s doubling to 30 min over a day is about 50 attempts, not one per run.
    const attempts = fakes.gotify.requests.length - requestsBefore;
    expect(attempts).toBeGreaterThan(5);
    expect(attempts).toBeLessThan(60);
    // Every attempt but the last one, which gave up, counts as a failed attempt to retry.
    expect(row.attempts).toBe(attempts - 1);
    fakes.gotify.recover();
    clock.advance(24 * 60 * 60_000);
    await drain();
    expect(fakes.gotify.delivered().length).toBe(before);
    await removeChannels(alice);
  });

  it('folds flaps into the final state and skips channels or preferences switched off meanwhile', async () => {
    const alice = await actors.user.signIn();
    const [slackId, discordId] = await addChannels(alice, ['slack', 'discord']);
    const serviceId = await createService('Paperless');
    await alice.post('/api/notification-preferences', { serviceId, email: 'alice@example.test' });
    const marks = marksNow();
    await change(serviceId, false);
    await drain();
    expect(deliveredSince(marks, 'slack')).toHaveLength(1);
    // Up and down again within the anti-storm window: the recipient already has DOWN.
    await change(serviceId, true);
    clock.advance(60_000);
    await change(serviceId, false);
    await drain();
    expect(deliveredSince(marks, 'slack')).toHaveLength(1);

    // A disabled channel gets nothing queued; a preference switched off while an alert waits for a retry skips it.
    await alice.patch(`/api/notification-channels/${discordId}`, { enabled: false });
    fakes.slack.failNext(1, { kind: 'status', status: 503 });
    await change(serviceId, true);
    await worker().runOnce();
    await alice.post('/api/notification-preferences', { serviceId, email: 'alice@example.test', enabled: false });
    await drain();
    expect(deliveredSince(marks, 'discord')).toHaveLength(1);
    expect(deliveredSince(marks, 'slack')).toHaveLength(1);
    const skipped = await db()
      .selectFrom('channel_deliveries')
      .select(['state', 'lastError'])
      .where('channelId', '=', slackId ?? 0)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(skipped).toEqual({ state: 'skipped', lastError: 'preference disabled' });
    await removeChannels(alice);
  });

  it('alerts an outage written late with its end (a full disk): the DOWN at once, the UP after the window', async () => {
    const alice = await actors.user.signIn();
    await addChannels(alice, ['webhook']);
    const serviceId = await createService('Immich');
    await alice.post('/api/notification-preferences', { serviceId, email: 'alice@example.test' });
    const marks = marksNow();
    const statuses = () =>
      deliveredSince(marks, 'webhook').map((received) => (received.json as { status: string }).status);
    try {
      // Down 10 minutes ago for 20 s: both changes written only now, with their own times.
      const downAt = clock.now().getTime() - 10 * 60_000;
      await change(serviceId, false, 90 * 60_000, new Date(downAt));
      await change(serviceId, true, 20_000, new Date(downAt + 20_000));
      await worker().runOnce();
      await worker().runOnce();
      expect(statuses()).toEqual(['DOWN']);
      expect(deliveredSince(marks, 'webhook')[0]?.json).toMatchObject({ changedAt: new Date(downAt).toISOString() });
      clock.advance(5 * 60_000);
      await worker().runOnce();
      expect(statuses()).toEqual(['DOWN', 'UP']);
      await drain();
      expect(statuses()).toEqual(['DOWN', 'UP']);
    } finally {
      await removeChannels(alice);
    }
  });

  it('sends each alert once when two instances run the outbox at the same time', async () => {
    const alice = await actors.user.signIn();
    await addChannels(alice, ['webhook']);
    const serviceId = await createService('Vaultwarden');
    await alice.post('/api/notification-preferences', { serviceId, email: 'alice@example.test' });
    const second = await startTestApp({ testDb: app.testDb, clock, outboundPolicy: (ip) => ip === '127.0.0.1' });
    try {
      const marks = marksNow();
      await change(serviceId, false);
      await Promise.all([worker().runOnce(), second.built.services.outbox.runOnce()]);
      await drain();
      expect(deliveredSince(marks, 'webhook')).toHaveLength(1);
    } finally {
      await second.close();
      await removeChannels(alice);
    }
  });
});

describe('game servers and the media server as alert subjects', () => {
  async function pollGames(): Promise<void> {
    for (const poller of app.built.services.gameServerPollers) await poller.poll();
  }

  it('alerts subscribers when a game server goes down and up', async () => {
    const instance = amp.addInstance({ InstanceName: 'Survival' });
    await pollGames();
    const alice = await actors.user.signIn();
    const bob = await actors.nsfwUser.signIn();
    await addChannels(alice, ['ntfy']);
    await addChannels(bob, ['slack']);
    const subjects = (await alice.get<SubscriptionWire[]>('/api/notification-subscriptions')).body;
    const server = subjects.find((subject) => subject.subjectKind === 'game_server' && subject.name === 'Survival');
    if (!server) throw new Error('Survival is not offered');
    const saved = await alice.post('/api/notification-subscriptions', { ...server, enabled: true, name: undefined });
    expect(saved.status, saved.text).toBe(200);
    const marks = marksNow();

    instance.Running = false;
    instance.AppState = 0;
    await pollGames();
    await drain();
    const down = deliveredSince(marks, 'ntfy');
    expect(down).toHaveLength(1);
    expect(down[0]?.json).toMatchObject({ title: '[Homelab Dashboard] Survival is DOWN', priority: 5 });
    // Bob has a channel but no subscription.
    expect(deliveredSince(marks, 'slack')).toHaveLength(0);

    clock.advance(10 * 60_000);
    instance.Running = true;
    instance.AppState = 20;
    await pollGames();
    await drain();
    expect(deliveredSince(marks, 'ntfy')).toHaveLength(2);
    expect(deliveredSince(marks, 'ntfy')[1]?.json).toMatchObject({
      title: '[Homelab Dashboard] Survival is UP',
      priority: 3,
    });
    await removeChannels(alice);
    await removeChannels(bob);
  });

  it('alerts subscribers when the media server stops answering', async () => {
    await app.built.services.mediaPoller.poll();
    const alice = await actors.user.signIn();
    await addChannels(alice, ['telegram']);
    const saved = await alice.post('/api/notification-subscriptions', {
      subjectKind: 'media',
      subjectId: 0,
      enabled: true,
    });
    expect(saved.status, saved.text).toBe(200);
    const marks = marksNow();
    const key = jellyfin.apiKey;
    jellyfin.apiKey = 'rotated-elsewhere';
    try {
      await app.built.services.mediaPoller.poll();
      await drain();
    } finally {
      jellyfin.apiKey = key;
    }
    const alerts = deliveredSince(marks, 'telegram');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.raw).toContain(`${jellyfin.serverName} is DOWN`);
    await removeChannels(alice);
  });
});

describe('visibility when sending', () => {
  it('skips an NSFW service for someone who lost NSFW access, and a game server hidden since', async () => {
    const bob = await actors.nsfwUser.signIn();
    const [slackId] = await addChannels(bob, ['slack']);
    const nsfw = { id: await createService('Private vault', true) };
    expect(
      (await bob.post('/api/notification-preferences', { serviceId: nsfw.id, email: 'b@example.test' })).status,
    ).toBe(200);
    const instance = amp.addInstance({ InstanceName: 'Creative' });
    for (const poller of app.built.services.gameServerPollers) await poller.poll();
    const server = (await bob.get<SubscriptionWire[]>('/api/notification-subscriptions')).body.find(
      (subject) => subject.name === 'Creative',
    );
    if (!server) throw new Error('Creative is not offered');
    await bob.post('/api/notification-subscriptions', {
      subjectKind: 'game_server',
      subjectId: server.subjectId,
      enabled: true,
    });
    const marks = marksNow();

    const users = new UsersRepository(db());
    await users.update(actors.nsfwUser.id ?? 0, { can_view_nsfw: false });
    await new GameServersRepository(db()).update(server.subjectId, { hidden: true });
    try {
      await change(nsfw.id, false);
      instance.Running = false;
      instance.AppState = 0;
      for (const poller of app.built.services.gameServerPollers) await poller.poll();
      await drain();
    } finally {
      await users.update(actors.nsfwUser.id ?? 0, { can_view_nsfw: true });
    }
    expect(deliveredSince(marks, 'slack')).toHaveLength(0);
    const reasons = await db()
      .selectFrom('channel_deliveries')
      .select(['subjectKind', 'state', 'lastError'])
      .where('channelId', '=', slackId ?? 0)
      .orderBy('subjectKind')
      .execute();
    expect(reasons).toEqual([
      { subjectKind: 'game_server', state: 'skipped', lastError: 'game server not visible' },
      { subjectKind: 'service', state: 'skipped', lastError: 'service not visible' },
    ]);
    await removeChannels(bob);
  });
});

describe('logs', () => {
  it('never log a channel secret when a delivery fails', async () => {
    const alice = await actors.user.signIn();
    await addChannels(alice, ['telegram', 'discord']);
    const serviceId = await createService('Home Assistant');
    await alice.post('/api/notification-preferences', { serviceId, email: 'alice@example.test' });
    await change(serviceId, false);
    fakes.telegram.failNext(1000, { kind: 'status', status: 500 });
    fakes.discord.failNext(1000, { kind: 'status', status: 500 });
    // The outbox's enqueue runs in the app; the channel side runs here with a logger that records every line.
    await db()
      .updateTable('service_status_changes')
      .set({ processedAt: null })
      .where('serviceId', '=', serviceId)
      .execute();
    const lines: string[] = [];
    const record = (...args: unknown[]) => lines.push(JSON.stringify(args));
    const log = { warn: record, info: record, error: record, debug: record } as unknown as ConstructorParameters<
      typeof ChannelOutbox
    >[0]['log'];
    const outbox = new ChannelOutbox({
      deliveries: new ChannelDeliveriesRepository(db()),
      http: new ChannelHttp((ip) => ip === '127.0.0.1', 300),
      clock,
      log,
    });
    const outcomes: string[] = [];
    await worker().runOnce(); // enqueues (and tries once)
    for (let run = 0; run < 60; run += 1) {
      clock.advance(31 * 60_000);
      await outbox.run((outcome) => outcomes.push(outcome));
    }
    expect(outcomes).toContain('failed');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expectNoSecret(line);
    fakes.telegram.recover();
    fakes.discord.recover();
    await removeChannels(alice);
  });
});
