import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_MSG, type ChannelWire } from '../../src/shared/schemas/notification-channels.ts';
import { ServicesRepository } from '../../src/server/repositories/services.repository.ts';
import type { ChannelReceiver } from '../fakes/channel-receiver.ts';
import { startDiscordWebhook } from '../fakes/discord-webhook.ts';
import { closeLocal, listenLocal } from '../fakes/local-http.ts';
import { startSlackWebhook } from '../fakes/slack-webhook.ts';
import { startTelegramBotApi } from '../fakes/telegram-bot-api.ts';
import { startWebhookReceiver } from '../fakes/webhook-receiver.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

/**
 * An attacker's pass over alert channels (issue 16): URLs that spell a refused address in another way, redirects,
 * header injection through tokens, and mentions or links smuggled into chat messages through a service's name.
 */

const TELEGRAM_TOKEN = '123456789:AAHattackTelegramToken_xyz';
/** An answer that sends the client elsewhere; the channel client must not follow it. */
let redirector: http.Server;
let redirectorUrl = '';
let webhook: ChannelReceiver & { path: string };
let slack: ChannelReceiver & { webhookUrl: string };
let discord: ChannelReceiver & { webhookUrl: string };
let telegram: ChannelReceiver;
/** The product's default outbound policy, CHANNELS_ALLOW_LOOPBACK off (the fakes are unreachable from it). */
let strictApp: TestApp;
/** The same database with the fakes' address allowed, as the other channel tests do. */
let app: TestApp;
let actors: Record<ActorKind, Actor>;
const clock = new TestClock(new Date('2030-07-01T00:00:00.000Z'));

beforeAll(async () => {
  webhook = await startWebhookReceiver();
  slack = await startSlackWebhook();
  discord = await startDiscordWebhook();
  telegram = await startTelegramBotApi(TELEGRAM_TOKEN, ['31337']);
  redirector = http.createServer((_request, response) => {
    response.writeHead(307, { location: `${webhook.baseUrl}${webhook.path}` }).end();
  });
  redirectorUrl = await listenLocal(redirector);
  app = await startTestApp({ clock, outboundPolicy: (ip) => ip === '127.0.0.1', channelTimeoutMs: 1000 });
  strictApp = await startTestApp({ testDb: app.testDb, clock });
  actors = await createActors(app);
});
afterAll(async () => {
  await closeLocal(redirector);
  for (const fake of [webhook, slack, discord, telegram]) await fake.close();
  await strictApp.close();
  await app.close();
});

async function strictClient(actor: Actor): Promise<TestClient> {
  const client = strictApp.client();
  expect((await client.post('/api/login', actor.credentials)).status).toBe(200);
  return client;
}

/** The same host written every way an attacker tries: each must be refused when saved. */
const REFUSED_HOSTS = [
  '127.0.0.1',
  '127.1',
  '2130706433', // decimal
  '0x7f000001', // hex
  '0177.0.0.1', // octal
  '0.0.0.0',
  '0',
  '[::1]',
  '[::]',
  '[::ffff:127.0.0.1]', // IPv4-mapped
  '[::ffff:7f00:1]',
  '[::127.0.0.1]', // IPv4-compatible
  '[64:ff9b::7f00:1]', // NAT64
  '169.254.169.254',
  '2852039166', // 169.254.169.254 in decimal
  '[::ffff:169.254.169.254]',
  '[fd00:ec2::254]',
  '100.100.100.200',
  '[fe80::1]',
  '224.0.0.1',
];

function bodyFor(kind: string, url: string): Record<string, unknown> {
  switch (kind) {
    case 'webhook':
      return { name: 'x', kind, settings: { url }, secrets: { secret: 'attack-secret' } };
    case 'ntfy':
      return { name: 'x', kind, settings: { serverUrl: url, topic: 'lab' }, secrets: {} };
    case 'gotify':
      return { name: 'x', kind, settings: { serverUrl: url }, secrets: { token: 'AattackToken' } };
    case 'telegram':
      return { name: 'x', kind, settings: { apiUrl: url, chatId: '31337' }, secrets: { botToken: TELEGRAM_TOKEN } };
    default:
      return { name: 'x', kind, settings: {}, secrets: { webhookUrl: url } };
  }
}

describe('SSRF through channel URLs (CHANNELS_ALLOW_LOOPBACK off)', () => {
  it('refuses loopback, unspecified, link-local, metadata and multicast in every spelling, for every kind', async () => {
    const client = await strictClient(actors.user);
    for (const kind of ['webhook', 'ntfy', 'gotify', 'telegram', 'discord', 'slack']) {
      for (const host of REFUSED_HOSTS) {
        const response = await client.post('/api/notification-channels', bodyFor(kind, `http://${host}:8080/hook`));
        expect(response.status, `${kind} ${host}`).toBe(400);
        expect(response.body, `${kind} ${host}`).toEqual({ message: CHANNEL_MSG.addressRefused });
      }
    }
    expect((await client.get<ChannelWire[]>('/api/notification-channels')).body).toEqual([]);
  });

  it('refuses them in a PATCH too, keeping the stored URL', async () => {
    const client = await strictClient(actors.user);
    const created = await client.post<ChannelWire>(
      '/api/notification-channels',
      bodyFor('webhook', 'https://hooks.example.test/a'),
    );
    expect(created.status, created.text).toBe(201);
    for (const host of REFUSED_HOSTS) {
      const patched = await client.patch(`/api/notification-channels/${created.body.id}`, {
        settings: { url: `http://${host}/` },
      });
      expect(patched.status, host).toBe(400);
    }
    const [stored] = (await client.get<ChannelWire[]>('/api/notification-channels')).body;
    expect(stored?.settings).toEqual({ url: 'https://hooks.example.test/a' });
    await client.delete(`/api/notification-channels/${created.body.id}`);
  });

  it('refuses a name that resolves to loopback at send time, without connecting', async () => {
    const client = await strictClient(actors.nsfwUser);
    const port = new URL(webhook.baseUrl).port;
    const created = await client.post<ChannelWire>(
      '/api/notification-channels',
      bodyFor('webhook', `http://localhost:${port}${webhook.path}`),
    );
    expect(created.status, created.text).toBe(201);
    const before = webhook.requests.length;
    const test = await client.post<{ message: string }>(`/api/notification-channels/${created.body.id}/test`);
    expect(test.status).toBe(502);
    expect(test.body.message).toContain('not allowed');
    expect(webhook.requests.length).toBe(before);
    await client.delete(`/api/notification-channels/${created.body.id}`);
  });

  it('does not follow a redirect, even to an allowed address', async () => {
    const client = await actors.admin.signIn();
    const created = await client.post<ChannelWire>('/api/notification-channels', bodyFor('webhook', redirectorUrl));
    expect(created.status, created.text).toBe(201);
    const before = webhook.requests.length;
    const test = await client.post<{ message: string }>(`/api/notification-channels/${created.body.id}/test`);
    expect(test.status).toBe(502);
    expect(test.body.message).toContain(CHANNEL_MSG.testFailed);
    expect(webhook.requests.length).toBe(before);
    await client.delete(`/api/notification-channels/${created.body.id}`);
  });
});

describe('header injection through channel tokens', () => {
  const BAD_TOKENS = ['tok\r\nX-Injected: 1', 'tok\nen', 'tok\u0000en', 'tok€n', 'two words', 'tök'];

  it('refuses CR/LF, control, space and non-ASCII characters in tokens sent as headers or in paths', async () => {
    const client = await actors.user.signIn();
    const cases: [string, (token: string) => Record<string, unknown>][] = [
      ['gotify', (token) => ({ settings: { serverUrl: 'https://gotify.example.test' }, secrets: { token } })],
      ['ntfy', (token) => ({ settings: { serverUrl: 'https://ntfy.example.test', topic: 'lab' }, secrets: { token } })],
      [
        'telegram',
        (token) => ({
          settings: { apiUrl: 'https://api.example.test', chatId: '31337' },
          secrets: { botToken: token },
        }),
      ],
    ];
    for (const [kind, body] of cases) {
      for (const token of BAD_TOKENS) {
        const response = await client.post('/api/notification-channels', { name: 'x', kind, ...body(token) });
        expect(response.status, `${kind} ${JSON.stringify(token)}`).toBe(400);
      }
    }
    const good = await client.post<ChannelWire>('/api/notification-channels', {
      name: 'Gotify',
      kind: 'gotify',
      settings: { serverUrl: 'https://gotify.example.test' },
      secrets: { token: 'AgoodToken.123' },
    });
    expect(good.status, good.text).toBe(201);
    for (const token of BAD_TOKENS) {
      const patched = await client.patch(`/api/notification-channels/${good.body.id}`, { secrets: { token } });
      expect(patched.status, JSON.stringify(token)).toBe(400);
    }
    await client.delete(`/api/notification-channels/${good.body.id}`);
  });

  it('refuses control characters in the webhook secret and the chat id', async () => {
    const client = await actors.user.signIn();
    const secret = await client.post('/api/notification-channels', {
      ...bodyFor('webhook', 'https://hooks.example.test/'),
      secrets: { secret: 'a\r\nb' },
    });
    expect(secret.status).toBe(400);
    const chat = await client.post('/api/notification-channels', {
      name: 'x',
      kind: 'telegram',
      settings: { apiUrl: 'https://api.example.test', chatId: '31337\n' },
      secrets: { botToken: TELEGRAM_TOKEN },
    });
    expect(chat.status).toBe(400);
  });
});

describe('mentions and links in chat alerts', () => {
  it('escapes a service name that would ping everyone or disguise a link', async () => {
    const alice = await actors.user.signIn();
    const channels: number[] = [];
    for (const body of [
      bodyFor('slack', slack.webhookUrl),
      bodyFor('discord', discord.webhookUrl),
      bodyFor('telegram', telegram.baseUrl),
    ]) {
      const created = await alice.post<ChannelWire>('/api/notification-channels', body);
      expect(created.status, created.text).toBe(201);
      channels.push(created.body.id);
    }
    const name = '<!channel> @everyone <https://evil.example.test|Bank> & <@U123>';
    const service = await new ServicesRepository(app.testDb.db.kysely).insert({
      name,
      url: 'http://127.0.0.1:9/',
      status: true,
      lastChecked: clock.now().toISOString(),
      icon: null,
      background: null,
      refreshInterval: 30,
      isNSFW: false,
      tooltip: null,
      show_status_badge: true,
    });
    const subscribed = await alice.post('/api/notification-preferences', {
      serviceId: service.id,
      email: 'alice@example.test',
    });
    expect(subscribed.status, subscribed.text).toBe(200);
    const marks = [slack, discord, telegram].map((fake) => fake.delivered().length);
    await app.testDb.db.kysely
      .insertInto('service_status_changes')
      .values({
        serviceId: service.id,
        status: false,
        changedAt: clock.now().toISOString(),
        previousChangedAt: null,
        processedAt: null,
      })
      .execute();
    for (let run = 0; run < 5 && slack.delivered().length === marks[0]; run += 1) {
      await app.built.services.outbox.runOnce();
    }
    const [slackAlert] = slack.delivered().slice(marks[0]);
    const slackText = (slackAlert?.json as { text: string }).text;
    expect(slackText).toContain(
      '&lt;!channel&gt; @everyone &lt;https://evil.example.test|Bank&gt; &amp; &lt;@U123&gt;',
    );
    expect(slackText).not.toMatch(/<[!@]|<https:\/\/evil/);

    const [discordAlert] = discord.delivered().slice(marks[1]);
    expect(discordAlert?.json).toMatchObject({ allowed_mentions: { parse: [] } });
    const [telegramAlert] = telegram.delivered().slice(marks[2]);
    expect(telegramAlert?.json).not.toHaveProperty('parse_mode');
    expect((telegramAlert?.json as { text: string }).text).toContain(name);
    for (const id of channels) await alice.delete(`/api/notification-channels/${id}`);
  });
});
