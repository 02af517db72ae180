import { integrationFailure } from '../helpers/integration-failure.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AmpClient, toGameServerState } from '../../src/server/integrations/amp/amp.client.ts';
import { startFakeAmp, type FakeAmp } from '../fakes/amp-server.ts';

/** The AMP client against the fake controller of tests/fakes (integrations.md section 1, failure modes included). */

let amp: FakeAmp;
let client: AmpClient;

beforeEach(async () => {
  amp = await startFakeAmp();
  client = new AmpClient({ url: amp.baseUrl, username: amp.username, password: amp.password });
});
afterEach(async () => {
  await amp.stop();
});

describe('listing instances', () => {
  it('flattens every target, drops the controller ADS row and maps SPEC fields', async () => {
    amp.remoteTargets = 1;
    const survival = amp.addInstance({ InstanceName: 'Minecraft01', FriendlyName: 'Survival' });
    const valheim = amp.addInstance({
      InstanceName: 'Valheim01',
      FriendlyName: '  ',
      Module: 'GenericModule',
      Running: false,
      AppState: 0,
      metrics: null,
      endpoint: null,
      target: 1,
    });
    const states = (await client.listInstances()).map(toGameServerState);
    expect(states).toHaveLength(2);
    expect(states.find((s) => s.instanceId === survival.InstanceID)).toEqual({
      instanceId: survival.InstanceID,
      name: 'Minecraft01',
      displayName: 'Survival',
      type: 'MinecraftModule',
      online: true,
      playerCount: 3,
      maxPlayers: 20,
      cpuUsage: 12,
      memoryUsage: 2048,
      maxMemory: 6144,
      port: 25565,
      stopped: false,
    });
    // Missing metrics read as 0; no game endpoint (only SFTP) means no port; a blank name falls back.
    expect(states.find((s) => s.instanceId === valheim.InstanceID)).toMatchObject({
      displayName: 'Valheim01',
      online: false,
      playerCount: 0,
      maxPlayers: 0,
      cpuUsage: 0,
      memoryUsage: 0,
      maxMemory: 0,
      port: null,
      stopped: true,
    });
  });

  it('reads results wrapped as {"result": X} like AMP before 2.3', async () => {
    amp.wrapResults = true;
    amp.addInstance({ InstanceName: 'Minecraft01' });
    expect((await client.listInstances()).map((i) => i.InstanceName)).toEqual(['Minecraft01']);
  });

  it('online means AppState 20 (Ready), not a running instance process', async () => {
    amp.addInstance({ InstanceName: 'Starting01', Running: true, AppState: 10 });
    const [state] = (await client.listInstances()).map(toGameServerState);
    expect(state?.online).toBe(false);
  });

  it('sends the session in the JSON body and logs in once for callers waiting together', async () => {
    amp.addInstance({ InstanceName: 'Minecraft01' });
    await Promise.all([client.listInstances(), client.listInstances(), client.listInstances()]);
    expect(amp.count('Core/Login')).toBe(1);
    const listing = amp.calls.filter((call) => call.path === 'ADSModule/GetInstances');
    expect(listing).toHaveLength(3);
    for (const call of listing) expect(typeof call.body.SESSIONID).toBe('string');
  });
});

describe('sessions', () => {
  it.each([200, 401] as const)('an expired session (HTTP %i) logs in again once and retries', async (status) => {
    amp.unauthorizedStatus = status;
    amp.addInstance({ InstanceName: 'Minecraft01' });
    await client.listInstances();
    amp.expireSessions();
    expect(await client.listInstances()).toHaveLength(1);
    expect(amp.count('Core/Login')).toBe(2);
  });

  it('a wrong password is refused with AMP reason, and the password appears in no message', async () => {
    const wrong = new AmpClient({ url: amp.baseUrl, username: amp.username, password: 'wrong-password-123' });
    const error = await integrationFailure(wrong.listInstances());
    expect(error.kind).toBe('refused');
    expect(error.message).toContain('Invalid username or password');
    expect(error.message).not.toContain('wrong-password-123');
    expect(amp.count('ADSModule/GetInstances')).toBe(0);
  });

  it('an unconfigured client sends nothing', async () => {
    const empty = new AmpClient({ url: '', username: '', password: '' });
    expect((await integrationFailure(empty.listInstances())).kind).toBe('not_configured');
  });
});

describe('actions', () => {
  it('starts a stopped instance by InstanceName through ADSModule', async () => {
    const instance = amp.addInstance({ InstanceName: 'Minecraft01', Running: false, AppState: 0 });
    await client.act(instance, 'start');
    expect(amp.calls.find((c) => c.path === 'ADSModule/StartInstance')?.body.InstanceName).toBe('Minecraft01');
    expect(instance).toMatchObject({ Running: true, AppState: 20 });
  });

  it('a refusal becomes an error carrying AMP Reason', async () => {
    const instance = amp.addInstance({ InstanceName: 'Minecraft01', Running: false, AppState: 0 });
    amp.refusals.set('Minecraft01', 'Not enough memory to start this instance.');
    const error = await integrationFailure(client.act(instance, 'start'));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('Not enough memory to start this instance.');
    expect(instance.Running).toBe(false);
  });

  it('starts the game through the instance API when the instance process is already running', async () => {
    const instance = amp.addInstance({ InstanceName: 'Minecraft01', Running: true, AppState: 0 });
    await client.act(instance, 'start');
    expect(amp.count(`ADSModule/Servers/${instance.InstanceID}/API/Core/Login`)).toBe(1);
    expect(amp.count(`ADSModule/Servers/${instance.InstanceID}/API/Core/Start`)).toBe(1);
    expect(instance.AppState).toBe(20);
  });

  it('stops and restarts', async () => {
    const instance = amp.addInstance({ InstanceName: 'Minecraft01' });
    await client.act(instance, 'stop');
    expect(instance).toMatchObject({ Running: false, AppState: 0 });
    await client.act(instance, 'restart');
    expect(instance).toMatchObject({ Running: true, AppState: 20 });
  });
});

describe('a panel that misbehaves', () => {
  it('times out instead of waiting', async () => {
    amp.delayMs = 2_000;
    const impatient = new AmpClient(
      { url: amp.baseUrl, username: amp.username, password: amp.password },
      { timeoutMs: 200 },
    );
    const error = await integrationFailure(impatient.listInstances());
    expect(error.kind).toBe('timeout');
  });

  it('reports a broken panel by its HTTP status', async () => {
    amp.failWithStatus = 502;
    const error = await integrationFailure(client.listInstances());
    expect(error).toMatchObject({ kind: 'http_status', status: 502 });
  });

  it('reports a closed port as unreachable', async () => {
    await amp.stop();
    const error = await integrationFailure(client.listInstances());
    expect(error.kind).toBe('unreachable');
    amp = await startFakeAmp();
  });
});
