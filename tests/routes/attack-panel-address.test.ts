import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameServerWire } from '../../src/shared/schemas/game-servers.ts';
import { GAME_PANEL, plainFailure } from '../../src/server/integrations/http/plain-failure.ts';
import { startFakeAmp, type FakeAmp, type FakeAmpInstance } from '../fakes/amp-server.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { LogCapture } from '../helpers/log-capture.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 26, item 8: a failed start or stop told any approved user the game-server panel's internal address
 * ("AMP: cannot reach http://10.…"). Users now read a plain reason; admins, the audit and the log the full one.
 */

let amp: FakeAmp;
let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
let user: TestClient;
const logs = new LogCapture('warn');

beforeAll(async () => {
  amp = await startFakeAmp();
  app = await startTestApp({ env: { ...amp.env, GAME_HOST: 'play.example.test' }, logger: logs.logger });
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

async function listedFor(client: TestClient, instance: FakeAmpInstance): Promise<GameServerWire | undefined> {
  const response = await client.get<GameServerWire[]>('/api/game-servers');
  expect(response.status).toBe(200);
  return response.body.find((server) => server.instanceId === instance.InstanceID);
}

const start = (client: TestClient, instance: FakeAmpInstance) =>
  client.post<{ message: string }>(`/api/game-servers/${instance.InstanceID}/start`);

describe("the game-server panel's address and reasons", () => {
  it("tells a user a plain reason when the panel refuses, and an admin the panel's own", async () => {
    const instance = amp.addInstance({ InstanceName: 'Refused01', Running: false, AppState: 0 });
    await poll();
    amp.refusals.set('Refused01', 'Port 25565 is in use on 10.0.0.5');

    const seenByUser = await start(user, instance);
    expect(seenByUser.status).toBe(502);
    expect(seenByUser.body).toEqual({ message: plainFailure(GAME_PANEL, { kind: 'refused' }) });

    const seenByAdmin = await start(admin, instance);
    expect(seenByAdmin.status).toBe(502);
    expect(seenByAdmin.body.message).toBe('Port 25565 is in use on 10.0.0.5');
  });

  it('tells a user the panel could not be reached, without its address; admins and the log get the address', async () => {
    const instance = amp.addInstance({ InstanceName: 'Closed01', Running: false, AppState: 0 });
    await poll();
    const panel = new URL(amp.baseUrl);
    // The panel goes away: its port is closed now.
    await amp.stop();

    const seenByUser = await start(user, instance);
    expect(seenByUser.status).toBe(502);
    expect(seenByUser.body).toEqual({ message: plainFailure(GAME_PANEL, { kind: 'unreachable' }) });
    expect(seenByUser.body.message).toBe(
      'The game server panel could not be reached. An administrator can see the details in the log.',
    );
    expect(seenByUser.text).not.toContain(panel.host);

    const seenByAdmin = await start(admin, instance);
    expect(seenByAdmin.status).toBe(502);
    expect(seenByAdmin.body.message).toContain(`cannot reach ${panel.origin}`);

    const logged = await logs.next(
      (entry) => entry.msg === 'game server action failed' && entry.server === instance.InstanceID,
      0,
    );
    expect(String(logged.reason)).toContain(`cannot reach ${panel.origin}`);

    // The poll that finds the panel gone marks the server offline with that reason: admins only.
    await poll();
    const listedForAdmin = await listedFor(admin, instance);
    expect(listedForAdmin?.lastError).toContain(panel.origin);
    const listedForUser = await listedFor(user, instance);
    expect(listedForUser).toMatchObject({ status: false, lastError: null, host: null });
    const userList = await user.get('/api/game-servers');
    expect(userList.text).not.toContain(panel.host);
  });
});
