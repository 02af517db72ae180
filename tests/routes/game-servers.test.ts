import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GAME_MSG } from '../../src/shared/messages.ts';
import type {
  GameServerAuditWire,
  GameServerRequestWire,
  GameServerWire,
  GameQueryTypeWire,
} from '../../src/shared/schemas/game-servers.ts';
import { startFakeAmp, type FakeAmp, type FakeAmpInstance } from '../fakes/amp-server.ts';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

let amp: FakeAmp;
let smtp: FakeSmtp;
let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
let user: TestClient;
const clock = new TestClock(new Date('2030-05-01T10:00:00.000Z'));

/** One poll of every provider, as the leader's job does every 10 s. */
async function poll(): Promise<void> {
  for (const poller of app.built.services.gameServerPollers) await poller.poll();
}

async function list(client: TestClient): Promise<GameServerWire[]> {
  const response = await client.get<GameServerWire[]>('/api/game-servers');
  expect(response.status).toBe(200);
  return response.body;
}

async function serverOf(client: TestClient, instance: FakeAmpInstance): Promise<GameServerWire | undefined> {
  return (await list(client)).find((server) => server.instanceId === instance.InstanceID);
}

async function listed(instance: FakeAmpInstance): Promise<GameServerWire> {
  const server = await serverOf(admin, instance);
  if (!server) throw new Error(`${instance.InstanceName} is not listed`);
  return server;
}

beforeAll(async () => {
  amp = await startFakeAmp();
  smtp = await startFakeSmtp();
  app = await startTestApp({
    clock,
    env: {
      AMP_URL: amp.baseUrl,
      AMP_USERNAME: amp.username,
      AMP_PASSWORD: amp.password,
      GAME_HOST: 'play.example.test',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'none',
    },
  });
  actors = await createActors(app);
  admin = await actors.admin.signIn();
  user = await actors.user.signIn();
});
afterAll(async () => {
  await app.close();
  await amp.stop();
  await smtp.close();
});
beforeEach(() => {
  amp.failWithStatus = null;
  amp.refusals.clear();
});

describe('the list follows AMP', () => {
  it('maps every instance of every target, without the controller row, field by field', async () => {
    amp.remoteTargets = 1;
    const minecraft = amp.addInstance({
      InstanceName: 'Minecraft01',
      FriendlyName: 'Survival',
      metrics: { cpu: 37, memory: 1536, memoryLimit: 6144, users: 4, maxUsers: 20 },
      endpoint: '0.0.0.0:25565',
    });
    const valheim = amp.addInstance({
      InstanceName: 'Valheim01',
      FriendlyName: 'Viking',
      Module: 'GenericModule',
      Running: false,
      AppState: 0,
      metrics: null,
      endpoint: '0.0.0.0:2456',
      target: 1,
    });
    await poll();
    const servers = await list(user);
    expect(servers.some((server) => server.type === 'ADS')).toBe(false);
    expect(servers.find((server) => server.instanceId === minecraft.InstanceID)).toMatchObject({
      name: 'Minecraft01',
      displayName: 'Survival',
      type: 'MinecraftModule',
      status: true,
      playerCount: 4,
      maxPlayers: 20,
      cpuUsage: 37,
      memoryUsage: 1536,
      maxMemory: 6144,
      port: 25565,
      address: 'play.example.test:25565',
      provider: 'amp',
      canControl: true,
      hidden: false,
      show_player_count: true,
      show_status_badge: true,
      autoStart: false,
      refreshInterval: 30,
      lastStatusCheck: clock.now().toISOString(),
    });
    // Missing metrics read as 0; a stopped game is offline.
    expect(servers.find((server) => server.instanceId === valheim.InstanceID)).toMatchObject({
      status: false,
      playerCount: 0,
      maxPlayers: 0,
      cpuUsage: 0,
      memoryUsage: 0,
      maxMemory: 0,
      port: 2456,
    });
  });

  it('serves any number of readers from one snapshot: reading never calls AMP', async () => {
    await poll();
    const before = amp.count('ADSModule/GetInstances');
    await Promise.all(Array.from({ length: 25 }, () => list(user)));
    expect(amp.count('ADSModule/GetInstances')).toBe(before);
  });

  it('keeps the admin fields through every sync, while the live fields follow AMP', async () => {
    const instance = amp.addInstance({ InstanceName: 'Factorio01', FriendlyName: 'Factory' });
    await poll();
    const server = await listed(instance);
    const patched = await admin.patch<GameServerWire>(`/api/game-servers/${server.id}`, {
      displayName: 'The Factory',
      show_player_count: false,
      show_status_badge: false,
      refreshInterval: 60,
      hidden: false,
    });
    expect(patched.status).toBe(200);
    instance.FriendlyName = 'Renamed in AMP';
    instance.metrics = { cpu: 80, memory: 4000, memoryLimit: 8192, users: 9, maxUsers: 10 };
    await poll();
    expect(await listed(instance)).toMatchObject({
      displayName: 'The Factory',
      show_player_count: false,
      show_status_badge: false,
      refreshInterval: 60,
      playerCount: 9,
      cpuUsage: 80,
      maxMemory: 8192,
    });
    // Clearing the admin's name falls back to AMP's FriendlyName.
    await admin.patch(`/api/game-servers/${server.id}`, { displayName: null });
    expect((await listed(instance)).displayName).toBe('Renamed in AMP');
  });

  it('lists hidden servers only to admins', async () => {
    const instance = amp.addInstance({ InstanceName: 'Secret01' });
    await poll();
    const server = await listed(instance);
    await admin.patch(`/api/game-servers/${server.id}`, { hidden: true });
    expect(await serverOf(user, instance)).toBeUndefined();
    expect((await listed(instance)).hidden).toBe(true);
    // And a hidden server is unknown to a user who tries to act on it.
    const stop = await user.post(`/api/game-servers/${instance.InstanceID}/stop`);
    expect(stop.status).toBe(404);
  });

  it('marks a server that vanished from AMP offline and missing; admins may then delete it', async () => {
    const instance = amp.addInstance({ InstanceName: 'Gone01' });
    await poll();
    const server = await listed(instance);
    const refused = await admin.delete<{ message: string }>(`/api/game-servers/${server.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(GAME_MSG.cannotDelete);

    amp.instances.delete(instance.InstanceID);
    await poll();
    expect(await listed(instance)).toMatchObject({ status: false, missing: true, canControl: false });
    expect((await serverOf(user, instance))?.missing).toBe(false);
    const start = await user.post<{ message: string }>(`/api/game-servers/${instance.InstanceID}/start`);
    expect(start.status).toBe(409);
    expect(start.body.message).toBe(GAME_MSG.missing);

    const deleted = await admin.delete<{ message: string }>(`/api/game-servers/${server.id}`);
    expect(deleted.status).toBe(200);
    expect(await serverOf(admin, instance)).toBeUndefined();
  });

  it('marks every AMP server offline with the reason, for admins only, while the panel fails', async () => {
    const instance = amp.addInstance({ InstanceName: 'Flaky01' });
    await poll();
    amp.failWithStatus = 503;
    await poll();
    const seenByAdmin = await listed(instance);
    expect(seenByAdmin.status).toBe(false);
    expect(seenByAdmin.lastError).toMatch(/AMP: HTTP 503/);
    expect(seenByAdmin.missing).toBe(false);
    const seenByUser = await serverOf(user, instance);
    expect(seenByUser?.lastError).toBeNull();
    expect(JSON.stringify(await list(admin))).not.toContain(amp.password);

    amp.failWithStatus = null;
    await poll();
    expect(await listed(instance)).toMatchObject({ status: true, lastError: null });
  });
});

describe('start, stop and restart', () => {
  it('stops a running server, audits who did it, and lists the new state at once', async () => {
    const instance = amp.addInstance({ InstanceName: 'Stop01', FriendlyName: 'Stop me' });
    await poll();
    const response = await user.post<{ message: string }>(`/api/game-servers/${instance.InstanceID}/stop`);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(GAME_MSG.stopping);
    expect(instance.Running).toBe(false);
    // Polled again before answering: the next list already shows it offline.
    expect((await listed(instance)).status).toBe(false);

    const audit = await admin.get<GameServerAuditWire[]>('/api/game-servers/actions');
    expect(audit.status).toBe(200);
    expect(audit.body[0]).toMatchObject({
      instanceId: instance.InstanceID,
      serverName: 'Stop me',
      action: 'stop',
      username: actors.user.credentials?.username,
      isAutomatic: false,
      isSuccess: true,
      reason: null,
    });
  });

  it('refuses what the state forbids with 409: start when online, stop and restart when offline', async () => {
    const online = amp.addInstance({ InstanceName: 'Online01' });
    const offline = amp.addInstance({ InstanceName: 'Offline01', Running: false, AppState: 0 });
    await poll();
    const cases: [FakeAmpInstance, string, string][] = [
      [online, 'start', GAME_MSG.startOnlyOffline],
      [offline, 'stop', GAME_MSG.stopOnlyOnline],
      [offline, 'restart', GAME_MSG.stopOnlyOnline],
    ];
    for (const [instance, action, message] of cases) {
      const response = await user.post<{ message: string }>(`/api/game-servers/${instance.InstanceID}/${action}`);
      expect(response.status, `${action} ${instance.InstanceName}`).toBe(409);
      expect(response.body.message).toBe(message);
    }
    const restart = await user.post<{ message: string }>(`/api/game-servers/${online.InstanceID}/restart`);
    expect(restart.status).toBe(200);
    expect(restart.body.message).toBe(GAME_MSG.restarting);
    const start = await user.post<{ message: string }>(`/api/game-servers/${offline.InstanceID}/start`);
    expect(start.status).toBe(200);
    expect(start.body.message).toBe(GAME_MSG.starting);
    expect(offline.Running).toBe(true);
  });

  it("answers 502 with AMP's own reason when AMP refuses, and audits the failure", async () => {
    const instance = amp.addInstance({ InstanceName: 'Refuse01', Running: false, AppState: 0 });
    await poll();
    amp.refusals.set('Refuse01', 'Insufficient licence seats');
    // An admin reads AMP's reason; other users a plain one (tests/routes/attack-exposure.test.ts).
    const response = await admin.post<{ message: string }>(`/api/game-servers/${instance.InstanceID}/start`);
    expect(response.status).toBe(502);
    expect(response.body.message).toContain('Insufficient licence seats');
    const audit = await admin.get<GameServerAuditWire[]>('/api/game-servers/actions');
    expect(audit.body[0]).toMatchObject({ action: 'start', isSuccess: false, reason: 'Insufficient licence seats' });
  });

  it('answers 404 for an unknown server and 400 for an unknown action', async () => {
    expect((await user.post('/api/game-servers/no-such-instance/start')).status).toBe(404);
    const instance = amp.addInstance({ InstanceName: 'Action01' });
    await poll();
    expect((await user.post(`/api/game-servers/${instance.InstanceID}/kill`)).status).toBe(400);
  });
});

describe('autoStart', () => {
  it('starts a stopped server again, unless a person stopped it in the last 15 minutes', async () => {
    const instance = amp.addInstance({ InstanceName: 'Auto01' });
    await poll();
    const server = await listed(instance);
    await admin.patch(`/api/game-servers/${server.id}`, { autoStart: true });

    // A person stops it: the rule leaves it stopped.
    expect((await user.post(`/api/game-servers/${instance.InstanceID}/stop`)).status).toBe(200);
    clock.advance(60_000);
    await poll();
    expect(instance.Running).toBe(false);

    // 15 minutes later the stop no longer counts, and the rule starts it (audited as automatic).
    clock.advance(15 * 60_000);
    await poll();
    expect(instance.Running).toBe(true);
    const audit = await admin.get<GameServerAuditWire[]>('/api/game-servers/actions');
    expect(audit.body[0]).toMatchObject({
      instanceId: instance.InstanceID,
      action: 'start',
      username: null,
      isAutomatic: true,
      isSuccess: true,
    });
  });

  it('starts a server that stopped by itself at the next poll, but not one still starting', async () => {
    const crashed = amp.addInstance({ InstanceName: 'Crash01', Running: false, AppState: 100 });
    const booting = amp.addInstance({ InstanceName: 'Boot01', Running: true, AppState: 10 });
    await poll();
    for (const instance of [crashed, booting]) {
      await admin.patch(`/api/game-servers/${(await listed(instance)).id}`, { autoStart: true });
    }
    await poll();
    expect(crashed.Running).toBe(true);
    expect(booting.AppState).toBe(10);
    const audit = await admin.get<GameServerAuditWire[]>('/api/game-servers/actions');
    expect(audit.body.some((entry) => entry.instanceId === booting.InstanceID)).toBe(false);
  });
});

describe('query-only servers', () => {
  it('adds one with a gamedig type; it cannot be started or stopped', async () => {
    const types = await admin.get<GameQueryTypeWire[]>('/api/game-servers/query-types');
    expect(types.status).toBe(200);
    expect(types.body.some((type) => type.id === 'armagetronadvanced')).toBe(true);

    const unknown = await admin.post<{ message: string }>('/api/game-servers', {
      name: 'Grid',
      type: 'no-such-game',
      host: '127.0.0.1',
      port: 4534,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(GAME_MSG.unknownType);
    for (const bad of [
      { host: 'http://evil.example/', port: 4534 },
      { host: '127.0.0.1', port: 70_000 },
      { host: '127.0.0.1', port: '4534' },
    ]) {
      const response = await admin.post('/api/game-servers', { name: 'Grid', type: 'armagetronadvanced', ...bad });
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }

    const created = await admin.post<GameServerWire>('/api/game-servers', {
      name: 'Grid',
      type: 'armagetronadvanced',
      host: '127.0.0.1',
      port: 4534,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ provider: 'query', canControl: false, host: '127.0.0.1', port: 4534 });
    const seenByUser = (await list(user)).find((server) => server.id === created.body.id);
    expect(seenByUser?.host).toBeNull();

    const start = await user.post<{ message: string }>(`/api/game-servers/${created.body.instanceId}/start`);
    expect(start.status).toBe(409);

    const moved = await admin.patch<GameServerWire>(`/api/game-servers/${created.body.id}`, { port: 4535 });
    expect(moved.body.port).toBe(4535);
    expect((await admin.delete(`/api/game-servers/${created.body.id}`)).status).toBe(200);
  });

  it('refuses a host, port or type change on an AMP server', async () => {
    const instance = amp.addInstance({ InstanceName: 'NoMove01' });
    await poll();
    const response = await admin.patch<{ message: string }>(`/api/game-servers/${(await listed(instance)).id}`, {
      port: 1234,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(GAME_MSG.onlyQueryHasAddress);
  });
});

describe('requests for new game servers', () => {
  it('needs a game', async () => {
    for (const body of [{}, { game: '' }, { game: '   ' }, { game: 42 }]) {
      const response = await user.post<{ message: string }>('/api/game-servers/request', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe(GAME_MSG.selectGame);
    }
  });

  it('stores a request, mails every admin through the outbox, and lets admins close it', async () => {
    const client = await actors.nsfwUser.signIn();
    const response = await client.post<{ message: string }>('/api/game-servers/request', { game: 'Valheim' });
    expect(response.status).toBe(200);
    await app.built.services.outbox.runOnce();
    const mails = await smtp.waitFor(2);
    const recipients = mails.flatMap((mail) => mail.to).sort();
    expect(recipients).toEqual(
      [actors.admin, actors.superadmin].map((actor) => `${actor.credentials?.username}@example.test`).sort(),
    );
    expect(mails[0]?.mail.text).toContain(
      `${actors.nsfwUser.credentials?.username} asked for a new game server: Valheim`,
    );

    const requests = await admin.get<GameServerRequestWire[]>('/api/game-servers/requests');
    const stored = requests.body.find((request) => request.game === 'Valheim');
    expect(stored).toMatchObject({ username: actors.nsfwUser.credentials?.username, doneAt: null });
    const done = await admin.patch<GameServerRequestWire>(`/api/game-servers/requests/${stored?.id}`, { done: true });
    expect(done.status).toBe(200);
    expect(done.body.doneAt).toBe(clock.now().toISOString());
    expect((await admin.patch('/api/game-servers/requests/999999', { done: true })).status).toBe(404);
  });

  it('limits each user to five requests an hour', async () => {
    const client = await actors.superadmin.signIn();
    for (let i = 0; i < 5; i += 1) {
      expect((await client.post('/api/game-servers/request', { game: `Game ${i}` })).status).toBe(200);
    }
    const limited = await client.post<{ message: string }>('/api/game-servers/request', { game: 'One more' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Another user is not affected.
    expect((await user.post('/api/game-servers/request', { game: 'Rust' })).status).toBe(200);
  });
});

describe('game icons', () => {
  it('sets the icon of the server the upload names, and refuses a mismatched pair', async () => {
    const instance = amp.addInstance({ InstanceName: 'Icon01' });
    await poll();
    const server = await listed(instance);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const form = (instanceId: string, id: string) => {
      const data = new FormData();
      data.append('type', 'game');
      data.append('instanceId', instanceId);
      data.append('id', id);
      data.append('image', new Blob([png], { type: 'image/png' }), 'icon.png');
      return data;
    };
    const wrong = await admin.request('POST', '/api/upload/game', { form: form('not-this-one', String(server.id)) });
    expect(wrong.status).toBe(404);
    const response = await admin.request<{ url: string }>('POST', '/api/upload/game', {
      form: form(instance.InstanceID, String(server.id)),
    });
    expect(response.status).toBe(200);
    expect((await listed(instance)).icon).toBe(response.body.url);
  });
});
