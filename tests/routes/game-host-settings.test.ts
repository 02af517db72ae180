import { until } from '../helpers/leadership-work.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameServerWire } from '../../src/shared/schemas/game-servers.ts';
import { SETTINGS_MSG, type SettingsWire } from '../../src/shared/schemas/settings.ts';
import { startFakeAmp, type FakeAmp } from '../fakes/amp-server.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** The game host (Settings, else GAME_HOST) and AMP configured on the Settings page alone, as the poller sees them. */

let amp: FakeAmp;
let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
let user: TestClient;

beforeAll(async () => {
  amp = await startFakeAmp();
  // No AMP_* variables: AMP is configured on the Settings page only.
  app = await startTestApp({ env: { GAME_HOST: 'play.env.test' } });
  actors = await createActors(app);
  admin = await actors.admin.signIn();
  user = await actors.user.signIn();
});
afterAll(async () => {
  await app.close();
  await amp.stop();
});

async function poll(): Promise<void> {
  for (const poller of app.built.services.gameServerPollers) await poller.poll();
}

describe('game host', () => {
  it('is GAME_HOST until set, and approved users read it', async () => {
    expect((await user.get<SettingsWire>('/api/settings')).body.game_host).toBe('play.env.test');
    expect(await app.built.services.settings.gameHost()).toBe('play.env.test');
    const anonymous = await app.client().get('/api/settings');
    expect(Object.keys(anonymous.body as object)).not.toContain('game_host');
  });

  it('is changed by administrators; empty or null falls back to GAME_HOST', async () => {
    const saved = await admin.patch<SettingsWire>('/api/settings', { game_host: ' games.lan ' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.game_host).toBe('games.lan');
    expect((await user.get<SettingsWire>('/api/settings')).body.game_host).toBe('games.lan');
    expect(await app.built.services.settings.gameHost()).toBe('games.lan');
    expect((await user.patch('/api/settings', { game_host: 'mine.lan' })).status).toBe(403);

    expect((await admin.patch<SettingsWire>('/api/settings', { game_host: '' })).body.game_host).toBe('play.env.test');
    await admin.patch('/api/settings', { game_host: '10.0.0.5' });
    expect((await admin.patch<SettingsWire>('/api/settings', { game_host: null })).body.game_host).toBe(
      'play.env.test',
    );
  });

  it('must be a host name or an IP address', async () => {
    for (const game_host of ['http://games.lan', 'games.lan:25565', 'games lan', 'a/b', 42]) {
      const response = await admin.patch('/api/settings', { game_host });
      expect(response.status, String(game_host)).toBe(400);
      expect(response.body.message).toBe(SETTINGS_MSG.gameHostInvalid);
    }
  });
});

describe('AMP configured on the Settings page only', () => {
  it('the poller follows a save at once, and copy-address uses the Settings game host', async () => {
    const instance = amp.addInstance({ InstanceName: 'Minecraft01' });
    await poll();
    expect((await admin.get<GameServerWire[]>('/api/game-servers')).body).toEqual([]);
    expect(amp.count('Core/Login')).toBe(0);

    const saved = await admin.patch('/api/integrations/amp', {
      url: amp.baseUrl,
      username: amp.username,
      password: amp.password,
    });
    expect(saved.body).toMatchObject({ configured: true, source: 'settings' });
    // The save itself starts a poll: the server shows without waiting for the 10 s job.
    await until(() => amp.count('ADSModule/GetInstances') > 0, 'the poll started by the save');
    await admin.patch('/api/settings', { game_host: 'games.lan' });
    await poll();
    const [server] = (await user.get<GameServerWire[]>('/api/game-servers')).body;
    expect(server).toMatchObject({ instanceId: instance.InstanceID, address: 'games.lan:25565' });

    // A wrong password saved later: the poll the save starts, and every later one, log in with it (the old
    // session is not kept).
    const logins = amp.count('Core/Login');
    await admin.patch('/api/integrations/amp', { password: 'wrong-password-123' });
    amp.expireSessions();
    await poll();
    expect(amp.count('Core/Login')).toBeGreaterThan(logins);
    const [offline] = (await user.get<GameServerWire[]>('/api/game-servers')).body;
    expect(offline?.status).toBe(false);
  });
});
