import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameServerWire } from '../../src/shared/schemas/game-servers.ts';
import { createActors } from '../helpers/actors.ts';
import { startArmagetronServer, type ArmagetronServer } from '../helpers/armagetron-server.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

// The whole path for a query-only server, through the API, against a real game server from Debian.

let arena: ArmagetronServer;
let app: TestApp;
let admin: TestClient;
let user: TestClient;
const clock = new TestClock(new Date('2030-06-01T12:00:00.000Z'));

async function pollQueryServers(): Promise<void> {
  const poller = app.built.services.gameServerPollers.find((entry) => entry.provider.id === 'query');
  if (!poller) throw new Error('no query poller');
  await poller.poll();
}

beforeAll(async () => {
  arena = await startArmagetronServer({ maxClients: 16, serverName: 'Route Test Arena' });
  app = await startTestApp({ clock, env: { GAME_HOST: 'games.example.test' } });
  const actors = await createActors(app);
  admin = await actors.admin.signIn();
  user = await actors.user.signIn();
});
afterAll(async () => {
  await app?.close();
  await arena?.stop();
});

describe('a query-only server added through the API', () => {
  it('is queried at once, listed online with its max players, then offline once the game server stops', async () => {
    const created = await admin.post<GameServerWire>('/api/game-servers', {
      name: 'Lightcycles',
      type: 'armagetronadvanced',
      host: arena.host,
      port: arena.port,
    });
    expect(created.status).toBe(201);
    // Adding polls the query provider once, so the answer already holds the live state.
    expect(created.body).toMatchObject({ status: true, maxPlayers: 16, playerCount: 0, canControl: false });

    const listed = (await user.get<GameServerWire[]>('/api/game-servers')).body.find(
      (server) => server.id === created.body.id,
    );
    expect(listed).toMatchObject({
      name: 'Lightcycles',
      displayName: null,
      status: true,
      maxPlayers: 16,
      provider: 'query',
      address: `games.example.test:${arena.port}`,
      host: null,
    });

    await arena.stop();
    // The provider asks each server at most once per 10 s; the test clock moves past that.
    clock.advance(10_000);
    await pollQueryServers();
    const after = (await user.get<GameServerWire[]>('/api/game-servers')).body.find(
      (server) => server.id === created.body.id,
    );
    expect(after).toMatchObject({ status: false, playerCount: 0, maxPlayers: 0 });
  });
});
