import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNEL_MSG,
  MAX_CHANNELS_PER_USER,
  type ChannelWire,
  type SubscriptionWire,
} from '../../src/shared/schemas/notification-channels.ts';
import { GameServersRepository } from '../../src/server/repositories/game-servers.repository.ts';
import type { ChannelReceiver } from '../fakes/channel-receiver.ts';
import { startDiscordWebhook } from '../fakes/discord-webhook.ts';
import { startGotifyServer } from '../fakes/gotify-server.ts';
import { startNtfyServer } from '../fakes/ntfy-server.ts';
import { startSlackWebhook } from '../fakes/slack-webhook.ts';
import { startTelegramBotApi } from '../fakes/telegram-bot-api.ts';
import { startWebhookReceiver, verifySignature } from '../fakes/webhook-receiver.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

/**
 * The channel API (issue 16): each approved user's own channels, secrets write-only, the outbound address policy
 * on every URL, the per-user cap, and "Send test" against a local fake of every kind, failures included.
 */

const GOTIFY_TOKEN = 'AgotifyAppToken.123';
const NTFY_TOKEN = 'tk_ntfyaccesstoken0123456789abc';
const TELEGRAM_TOKEN = '123456789:AAHtelegramBotTokenSecretValue_xyz';
const WEBHOOK_SECRET = 'whsec-very-secret-signing-key';

let app: TestApp;
/** The same database under the product's default outbound policy (no loopback). */
let strictApp: TestApp;
let actors: Record<ActorKind, Actor>;
const fakes: Record<string, ChannelReceiver> = {};
let discordUrl: string;
let slackUrl: string;
const clock = new TestClock(new Date('2030-05-01T10:00:00.000Z'));

beforeAll(async () => {
  app = await startTestApp({ clock, outboundPolicy: (ip) => ip === '127.0.0.1', channelTimeoutMs: 500 });
  strictApp = await startTestApp({ testDb: app.testDb, clock });
  actors = await createActors(app);
  fakes.webhook = await startWebhookReceiver();
  fakes.ntfy = await startNtfyServer(NTFY_TOKEN);
  fakes.gotify = await startGotifyServer(GOTIFY_TOKEN);
  const discord = await startDiscordWebhook();
  fakes.discord = discord;
  discordUrl = discord.webhookUrl;
  const slack = await startSlackWebhook();
  fakes.slack = slack;
  slackUrl = slack.webhookUrl;
  fakes.telegram = await startTelegramBotApi(TELEGRAM_TOKEN, ['424242']);
});
afterAll(async () => {
  for (const fake of Object.values(fakes)) await fake.close();
  await strictApp.close();
  await app.close();
});

function bodyOf(kind: string): Record<string, unknown> {
  switch (kind) {
    case 'webhook':
      return { settings: { url: `${fakes.webhook?.baseUrl}/hooks/homelab` }, secrets: { secret: WEBHOOK_SECRET } };
    case 'ntfy':
      return { settings: { serverUrl: fakes.ntfy?.baseUrl, topic: 'homelab-alerts' }, secrets: { token: NTFY_TOKEN } };
    case 'gotify':
      return { settings: { serverUrl: fakes.gotify?.baseUrl }, secrets: { token: GOTIFY_TOKEN } };
    case 'discord':
      return { settings: {}, secrets: { webhookUrl: discordUrl } };
    case 'slack':
      return { settings: {}, secrets: { webhookUrl: slackUrl } };
    default:
      return {
        settings: { apiUrl: fakes.telegram?.baseUrl, chatId: '424242' },
        secrets: { botToken: TELEGRAM_TOKEN },
      };
  }
}

const SECRETS = [GOTIFY_TOKEN, NTFY_TOKEN, TELEGRAM_TOKEN, WEBHOOK_SECRET, 'SlAcKsEcReTtOkEn', 'dIsCoRd-ToKeN'];

function expectNoSecret(text: string): void {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

async function create(client: TestClient, kind: string, name = `My ${kind}`): Promise<ChannelWire> {
  const response = await client.post<ChannelWire>('/api/notification-channels', { name, kind, ...bodyOf(kind) });
  expect(response.status, response.text).toBe(201);
  expectNoSecret(response.text);
  return response.body;
}

describe('channel CRUD', () => {
  it('creates, lists, renames and deletes the caller’s own channels; secrets are never returned', async () => {
    const alice = await actors.user.signIn();
    const created = await create(alice, 'gotify', 'Phone');
    expect(created).toMatchObject({ name: 'Phone', kind: 'gotify', enabled: true, secretsSet: ['token'] });
    expect(created.settings).toEqual({ serverUrl: fakes.gotify?.baseUrl });

    const list = await alice.get<ChannelWire[]>('/api/notification-channels');
    expect(list.body.map((channel) => channel.id)).toContain(created.id);
    expectNoSecret(list.text);

    const renamed = await alice.patch<ChannelWire>(`/api/notification-channels/${created.id}`, {
      name: 'Pager',
      enabled: false,
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Pager', enabled: false, secretsSet: ['token'] });

    // The secret kept through a PATCH without it still sends.
    await alice.patch(`/api/notification-channels/${created.id}`, { enabled: true });
    const test = await alice.post(`/api/notification-channels/${created.id}/test`);
    expect(test.status, test.text).toBe(200);
    expect(test.body).toEqual({ message: CHANNEL_MSG.testSent });

    const deleted = await alice.delete(`/api/notification-channels/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: CHANNEL_MSG.deleted });
    const after = await alice.get<ChannelWire[]>('/api/notification-channels');
    expect(after.body.map((channel) => channel.id)).not.toContain(created.id);
  });

  it('answers 404 for another user’s channel on every route', async () => {
    const alice = await actors.user.signIn();
    const bob = await actors.nsfwUser.signIn();
    const channel = await create(alice, 'slack', 'Alice Slack');
    const bobList = await bob.get<ChannelWire[]>('/api/notification-channels');
    expect(bobList.body.map((item) => item.id)).not.toContain(channel.id);
    for (const response of [
      await bob.patch(`/api/notification-channels/${channel.id}`, { name: 'Mine now' }),
      await bob.post(`/api/notification-channels/${channel.id}/test`),
      await bob.delete(`/api/notification-channels/${channel.id}`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: CHANNEL_MSG.notFound });
    }
    await alice.delete(`/api/notification-channels/${channel.id}`);
  });

  it('refuses bad input with a clear 400', async () => {
    const alice = await actors.user.signIn();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', kind: 'slack', settings: {}, secrets: { webhookUrl: slackUrl } }, CHANNEL_MSG.nameRequired],
      [{ name: 'x', kind: 'pager', settings: {}, secrets: {} }, CHANNEL_MSG.kindInvalid],
      [
        { name: 'x', kind: 'webhook', settings: { url: 'ftp://example.test/' }, secrets: { secret: 's' } },
        CHANNEL_MSG.urlInvalid,
      ],
      [
        { name: 'x', kind: 'webhook', settings: { url: 'http://user:pw@example.test/' }, secrets: { secret: 's' } },
        CHANNEL_MSG.urlInvalid,
      ],
      [
        { name: 'x', kind: 'gotify', settings: { serverUrl: 'https://g.example.test' }, secrets: {} },
        CHANNEL_MSG.secretRequired,
      ],
      [
        {
          name: 'x',
          kind: 'telegram',
          settings: { apiUrl: 'https://api.telegram.org', chatId: 'me' },
          secrets: { botToken: 't' },
        },
        CHANNEL_MSG.chatIdInvalid,
      ],
      [
        { name: 'x', kind: 'ntfy', settings: { serverUrl: 'https://ntfy.sh', topic: 'a b' }, secrets: {} },
        CHANNEL_MSG.topicInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await alice.post('/api/notification-channels', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.text).toContain(message);
    }
    const channel = await create(alice, 'ntfy');
    const wrongField = await alice.patch(`/api/notification-channels/${channel.id}`, {
      settings: { url: 'https://x.test' },
    });
    expect(wrongField.status).toBe(400);
    await alice.delete(`/api/notification-channels/${channel.id}`);
  });

  it(`caps channels at ${MAX_CHANNELS_PER_USER} per user`, async () => {
    const admin = await actors.admin.signIn();
    const ids: number[] = [];
    for (let index = 0; index < MAX_CHANNELS_PER_USER; index += 1)
      ids.push((await create(admin, 'slack', `S${index}`)).id);
    const over = await admin.post('/api/notification-channels', {
      name: 'one more',
      kind: 'slack',
      ...bodyOf('slack'),
    });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ message: CHANNEL_MSG.tooMany });
    // Another user's count is their own.
    const alice = await actors.user.signIn();
    const own = await create(alice, 'slack');
    for (const id of ids) await admin.delete(`/api/notification-channels/${id}`);
    await alice.delete(`/api/notification-channels/${own.id}`);
  });
});

describe('outbound address policy', () => {
  it('refuses loopback literals when saved, and names resolving to loopback when sending', async () => {
    const client = await actors.user.signIn();
    const literal = await client.post('/api/notification-channels', {
      name: 'Loop',
      kind: 'webhook',
      settings: { url: `${fakes.webhook?.baseUrl}/hooks/homelab` },
      secrets: { secret: WEBHOOK_SECRET },
    });
    // The strict app shares the database but not the test's widened policy: like production.
    const strict = strictApp.client();
    await strict.post('/api/login', actors.user.credentials);
    const refused = await strict.post('/api/notification-channels', {
      name: 'Loop',
      kind: 'webhook',
      settings: { url: `${fakes.webhook?.baseUrl}/hooks/homelab` },
      secrets: { secret: WEBHOOK_SECRET },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: CHANNEL_MSG.addressRefused });
    const metadata = await strict.post('/api/notification-channels', {
      name: 'Metadata',
      kind: 'gotify',
      settings: { serverUrl: 'http://169.254.169.254/latest' },
      secrets: { token: GOTIFY_TOKEN },
    });
    expect(metadata.status).toBe(400);

    const port = new URL(fakes.webhook?.baseUrl ?? '').port;
    const named = await strict.post<ChannelWire>('/api/notification-channels', {
      name: 'Named loop',
      kind: 'webhook',
      settings: { url: `http://localhost:${port}/hooks/homelab` },
      secrets: { secret: WEBHOOK_SECRET },
    });
    expect(named.status, named.text).toBe(201);
    const before = fakes.webhook?.requests.length ?? 0;
    const test = await strict.post(`/api/notification-channels/${named.body.id}/test`);
    expect(test.status).toBe(502);
    expect(test.text).toContain('not allowed');
    expect(fakes.webhook?.requests.length).toBe(before);
    await strict.delete(`/api/notification-channels/${named.body.id}`);
    await client.delete(`/api/notification-channels/${(literal.body as ChannelWire).id}`);
  });
});

describe('CHANNELS_ALLOW_LOOPBACK', () => {
  it('lets channels reach this host’s loopback, and nothing more of what the policy refuses', async () => {
    const optedIn = await startTestApp({ testDb: app.testDb, clock, env: { CHANNELS_ALLOW_LOOPBACK: 'on' } });
    try {
      const client = optedIn.client();
      await client.post('/api/login', actors.user.credentials);
      const created = await create(client, 'webhook', 'Same host');
      const before = fakes.webhook?.delivered().length ?? 0;
      const test = await client.post(`/api/notification-channels/${created.id}/test`);
      expect(test.status, test.text).toBe(200);
      expect(fakes.webhook?.delivered().length).toBe(before + 1);
      for (const serverUrl of ['http://169.254.169.254/', 'http://[fe80::1]/', 'http://0.0.0.0:8080/']) {
        const refused = await client.post('/api/notification-channels', {
          name: 'Not this',
          kind: 'gotify',
          settings: { serverUrl },
          secrets: { token: GOTIFY_TOKEN },
        });
        expect(refused.status, serverUrl).toBe(400);
      }
      await client.delete(`/api/notification-channels/${created.id}`);
    } finally {
      await optedIn.close();
    }
  });
});

describe('send test, against every kind', () => {
  const kinds = ['webhook', 'ntfy', 'gotify', 'discord', 'slack', 'telegram'] as const;
  for (const kind of kinds) {
    it(`${kind}: delivers a test in the kind's protocol, and reports its failures without secrets`, async () => {
      const client = await actors.nsfwUser.signIn();
      const channel = await create(client, kind);
      const fake = fakes[kind];
      if (!fake) throw new Error('no fake');
      const before = fake.delivered().length;
      const ok = await client.post(`/api/notification-channels/${channel.id}/test`);
      expect(ok.status, ok.text).toBe(200);
      const received = fake.delivered().slice(before);
      expect(received).toHaveLength(1);
      const request = received[0];
      if (!request) throw new Error('nothing received');
      expect(request.raw).toMatch(/test notification/i);
      switch (kind) {
        case 'webhook':
          expect(verifySignature(request, WEBHOOK_SECRET)).toBe(true);
          expect(verifySignature(request, 'another secret')).toBe(false);
          expect(request.json).toMatchObject({ event: 'test', status: 'DOWN', subject: { kind: 'service' } });
          break;
        case 'ntfy':
          expect(request.headers.authorization).toBe(`Bearer ${NTFY_TOKEN}`);
          expect(request.json).toMatchObject({ topic: 'homelab-alerts', priority: 5 });
          break;
        case 'gotify':
          expect(request.headers['x-gotify-key']).toBe(GOTIFY_TOKEN);
          expect(request.url).toBe('/message');
          break;
        case 'discord':
          expect(request.json).toMatchObject({ allowed_mentions: { parse: [] } });
          break;
        case 'telegram':
          expect(request.json).toMatchObject({ chat_id: '424242' });
          break;
        default:
          expect(typeof (request.json as { text?: unknown }).text).toBe('string');
      }

      fake.failNext(1, { kind: 'status', status: 503 });
      const failed = await client.post(`/api/notification-channels/${channel.id}/test`);
      expect(failed.status).toBe(502);
      expect(failed.text).toContain(CHANNEL_MSG.testFailed);
      expect(failed.text).toContain('503');
      expectNoSecret(failed.text);

      fake.failNext(1, { kind: 'stall' });
      const stalled = await client.post(`/api/notification-channels/${channel.id}/test`);
      expect(stalled.status).toBe(502);
      expect(stalled.text).toContain('no answer within 500 ms');
      expectNoSecret(stalled.text);
      await client.delete(`/api/notification-channels/${channel.id}`);
      clock.advance(11 * 60_000); // past the per-user test limit's window
    });
  }

  it('reports a wrong token or chat in the service’s own words, without the token', async () => {
    const client = await actors.user.signIn();
    const telegram = await client.post<ChannelWire>('/api/notification-channels', {
      name: 'Wrong chat',
      kind: 'telegram',
      settings: { apiUrl: fakes.telegram?.baseUrl, chatId: '999' },
      secrets: { botToken: TELEGRAM_TOKEN },
    });
    const wrongChat = await client.post(`/api/notification-channels/${telegram.body.id}/test`);
    expect(wrongChat.status).toBe(502);
    expect(wrongChat.text).toContain('chat not found');
    await client.patch(`/api/notification-channels/${telegram.body.id}`, {
      settings: { apiUrl: fakes.telegram?.baseUrl, chatId: '424242' },
      secrets: { botToken: `${TELEGRAM_TOKEN}wrong` },
    });
    const wrongToken = await client.post(`/api/notification-channels/${telegram.body.id}/test`);
    expect(wrongToken.status).toBe(502);
    expect(wrongToken.text).toContain('Unauthorized');
    expectNoSecret(wrongToken.text);
    await client.delete(`/api/notification-channels/${telegram.body.id}`);
    clock.advance(11 * 60_000);
  });

  it('limits tests per user (429)', async () => {
    const client = await actors.superadmin.signIn();
    const channel = await create(client, 'slack');
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await client.post(`/api/notification-channels/${channel.id}/test`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await client.delete(`/api/notification-channels/${channel.id}`);
  });
});

describe('subscriptions to game servers and the media server', () => {
  it('lists the media server and visible game servers, and saves the caller’s choice', async () => {
    const servers = new GameServersRepository(app.testDb.db.kysely);
    const visible = await servers.insert({ instanceId: 'q-1', name: 'Valheim', type: 'valheim', provider: 'query' });
    const hidden = await servers.insert({
      instanceId: 'q-2',
      name: 'Secret',
      type: 'valheim',
      provider: 'query',
      hidden: true,
    });
    const alice = await actors.user.signIn();
    const list = await alice.get<SubscriptionWire[]>('/api/notification-subscriptions');
    expect(list.body).toContainEqual({
      subjectKind: 'media',
      subjectId: 0,
      name: CHANNEL_MSG.mediaServer,
      enabled: false,
    });
    expect(list.body).toContainEqual({
      subjectKind: 'game_server',
      subjectId: visible.id,
      name: 'Valheim',
      enabled: false,
    });
    expect(list.body.some((item) => item.subjectId === hidden.id)).toBe(false);

    const saved = await alice.post('/api/notification-subscriptions', {
      subjectKind: 'game_server',
      subjectId: visible.id,
      enabled: true,
    });
    expect(saved.status, saved.text).toBe(200);
    const hiddenTry = await alice.post('/api/notification-subscriptions', {
      subjectKind: 'game_server',
      subjectId: hidden.id,
      enabled: true,
    });
    expect(hiddenTry.status).toBe(404);
    const admin = await actors.admin.signIn();
    const adminHidden = await admin.post('/api/notification-subscriptions', {
      subjectKind: 'game_server',
      subjectId: hidden.id,
      enabled: true,
    });
    expect(adminHidden.status).toBe(200);

    const again = await alice.get<SubscriptionWire[]>('/api/notification-subscriptions');
    expect(again.body).toContainEqual({
      subjectKind: 'game_server',
      subjectId: visible.id,
      name: 'Valheim',
      enabled: true,
    });
    const bob = await actors.nsfwUser.signIn();
    const bobs = await bob.get<SubscriptionWire[]>('/api/notification-subscriptions');
    expect(bobs.body).toContainEqual({
      subjectKind: 'game_server',
      subjectId: visible.id,
      name: 'Valheim',
      enabled: false,
    });
    await servers.delete(visible.id);
    await servers.delete(hidden.id);
  });
});
