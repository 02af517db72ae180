import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/server/http/request-log.ts';
import type { ChannelWire } from '../../src/shared/schemas/notification-channels.ts';
import type { ServiceWire } from '../../src/shared/schemas/service.ts';
import type { ChannelReceiver } from '../fakes/channel-receiver.ts';
import { startDiscordWebhook } from '../fakes/discord-webhook.ts';
import { startGotifyServer } from '../fakes/gotify-server.ts';
import { startWebhookReceiver } from '../fakes/webhook-receiver.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * An attacker reading the server's log (a shared log collector, a support bundle): with the product's logger at
 * its default level, no push token, channel token, webhook secret or Discord URL appears in it, nor in any answer.
 */

const GOTIFY_TOKEN = 'AlogAttackGotifyToken.42';
const WEBHOOK_SECRET = 'log-attack-webhook-hmac-secret';
const logLines: string[] = [];
let app: TestApp;
let actors: Record<ActorKind, Actor>;
let gotify: ChannelReceiver;
let webhook: ChannelReceiver & { path: string };
let discord: ChannelReceiver & { webhookUrl: string };

beforeAll(async () => {
  gotify = await startGotifyServer(GOTIFY_TOKEN);
  webhook = await startWebhookReceiver();
  discord = await startDiscordWebhook();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await startTestApp({
    logger: { ...loggerOptions('info'), stream },
    outboundPolicy: (ip) => ip === '127.0.0.1',
    channelTimeoutMs: 500,
  });
  actors = await createActors(app);
});
afterAll(async () => {
  for (const fake of [gotify, webhook, discord]) await fake.close();
  await app.close();
});

describe('secrets in the log', () => {
  it('logs push requests without their token, in every spelling the router accepts', async () => {
    const admin = await actors.admin.signIn();
    const created = await admin.post<ServiceWire>('/api/services', {
      name: 'Nightly backup',
      url: 'push://backup',
      refreshInterval: 60,
    });
    expect(created.status, created.text).toBe(201);
    const token = (created.body.pushUrl ?? '').split('/').at(-1) ?? '';
    expect(token).toHaveLength(43);
    const anonymous = app.client();
    expect((await anonymous.get(`/api/push/${token}`)).status).toBe(200);
    expect((await anonymous.post(`/api/push/${token}?source=cron`)).status).toBe(200);
    await fetch(`${app.baseUrl}//api//push/${token}`);
    await fetch(`${app.baseUrl}/API/Push/${token}`);
    const log = logLines.join('');
    // The requests were logged, only their token was not.
    expect(log).toContain('/api/push/[redacted]');
    expect(log).not.toContain(token);
    await admin.delete(`/api/services/${created.body.id}`);
  });

  it('keeps channel secrets out of answers and the log, when sending works and when it fails', async () => {
    const bodies = [
      { kind: 'gotify', settings: { serverUrl: gotify.baseUrl }, secrets: { token: GOTIFY_TOKEN } },
      { kind: 'webhook', settings: { url: `${webhook.baseUrl}${webhook.path}` }, secrets: { secret: WEBHOOK_SECRET } },
      { kind: 'discord', settings: {}, secrets: { webhookUrl: discord.webhookUrl } },
    ];
    const secrets = [GOTIFY_TOKEN, WEBHOOK_SECRET, discord.webhookUrl, new URL(discord.webhookUrl).pathname];
    const answers: string[] = [];
    // One user per kind: "Send test" is limited per user.
    for (const [index, body] of bodies.entries()) {
      const user = await [actors.user, actors.nsfwUser, actors.admin][index]!.signIn();
      const created = await user.post<ChannelWire>('/api/notification-channels', { name: body.kind, ...body });
      expect(created.status, created.text).toBe(201);
      answers.push(created.text);
      answers.push((await user.get('/api/notification-channels')).text);
      const sent = await user.post(`/api/notification-channels/${created.body.id}/test`);
      expect(sent.status, sent.text).toBe(200);
      for (const fake of [gotify, webhook, discord]) fake.failNext(1, { kind: 'status', status: 500 });
      const failed = await user.post(`/api/notification-channels/${created.body.id}/test`);
      expect(failed.status).toBe(502);
      answers.push(failed.text);
      for (const fake of [gotify, webhook, discord]) fake.recover();
      await user.delete(`/api/notification-channels/${created.body.id}`);
    }
    const log = logLines.join('');
    expect(log).toContain('/api/notification-channels');
    for (const secret of secrets) {
      expect(log, secret).not.toContain(secret);
      for (const answer of answers) expect(answer, secret).not.toContain(secret);
    }
  });
});
