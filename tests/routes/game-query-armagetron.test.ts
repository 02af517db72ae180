import { GAME_MSG } from '#shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  queryGameServer,
  type QueryAddress,
  type QueryFunction,
} from '../../src/server/integrations/game-query/game-query.client.ts';
import {
  QueryGameServerProvider,
  type QueryTarget,
} from '../../src/server/integrations/game-query/query-game-server.provider.ts';
import { IntegrationError } from '../../src/server/integrations/http/json-client.ts';
import { startArmagetronServer, type ArmagetronServer } from '../helpers/armagetron-server.ts';
import { TestClock } from '../helpers/test-app.ts';

// A real game server from Debian (armagetronad-dedicated), queried through the query-only provider and gamedig.

/** The real query function, counting the queries it sends. */
function countingQuery(): { query: QueryFunction; sent: QueryAddress[] } {
  const sent: QueryAddress[] = [];
  return {
    sent,
    query: (address) => {
      sent.push(address);
      return queryGameServer(address);
    },
  };
}

function targetOf(server: ArmagetronServer, name = 'Arena'): QueryTarget {
  return { instanceId: `query-${server.port}`, name, type: 'armagetronadvanced', host: server.host, port: server.port };
}

describe('query-only provider against a real Armagetron Advanced server', () => {
  // The server bans an address that sends 10 info requests within 1 s (each query is two: the wake-up and gamedig's);
  // the tests that share this server stay well below that: 2, 4 and 0.
  let server: ArmagetronServer;

  beforeAll(async () => {
    server = await startArmagetronServer({ maxClients: 12, serverName: 'Homelab Test Arena' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reads it online with the max players of its config and no players', async () => {
    const { query, sent } = countingQuery();
    const target = targetOf(server, 'Friday Arena');
    const provider = new QueryGameServerProvider({ targets: () => Promise.resolve([target]), query });

    const [state] = await provider.list();

    expect(sent).toHaveLength(1);
    expect(state).toEqual({
      instanceId: target.instanceId,
      name: 'Friday Arena',
      displayName: 'Friday Arena',
      type: 'armagetronadvanced',
      online: true,
      playerCount: 0,
      maxPlayers: 12,
      cpuUsage: 0,
      memoryUsage: 0,
      maxMemory: 0,
      port: server.port,
    });
  });

  it('sends one query for two lists within 10 s (flood protection) and again after 10 s', async () => {
    const clock = new TestClock();
    const { query, sent } = countingQuery();
    const provider = new QueryGameServerProvider({ targets: () => Promise.resolve([targetOf(server)]), query, clock });

    const first = await provider.list();
    clock.advance(9_999);
    const second = await provider.list();
    expect(sent).toHaveLength(1);
    expect(second).toEqual(first);
    expect(second[0]?.online).toBe(true);

    clock.advance(1);
    const third = await provider.list();
    expect(sent).toHaveLength(2);
    expect(third[0]).toMatchObject({ online: true, maxPlayers: 12 });
  });

  it('refuses start, stop and restart', async () => {
    const provider = new QueryGameServerProvider({ targets: () => Promise.resolve([targetOf(server)]) });
    for (const action of ['start', 'stop', 'restart'] as const) {
      const refusal = provider.act({ instanceId: `query-${server.port}`, name: 'Arena' }, action);
      await expect(refusal).rejects.toBeInstanceOf(IntegrationError);
      await expect(refusal).rejects.toMatchObject({ kind: 'refused', message: GAME_MSG.queryOnly });
    }
  });

  describe('after it stops', () => {
    let stopped: ArmagetronServer;

    beforeAll(async () => {
      stopped = await startArmagetronServer({ maxClients: 6, serverName: 'Second Arena' });
    });
    afterAll(async () => {
      await stopped?.stop();
    });

    it('is online, then offline with no players once the process is gone, and backs off', async () => {
      const clock = new TestClock();
      const { query, sent } = countingQuery();
      const target = targetOf(stopped);
      const provider = new QueryGameServerProvider({ targets: () => Promise.resolve([target]), query, clock });

      const direct = await queryGameServer({ type: 'armagetronadvanced', host: stopped.host, port: stopped.port });
      expect(direct).toEqual({ online: true, name: 'Second Arena', playerCount: 0, maxPlayers: 6 });
      expect((await provider.list())[0]).toMatchObject({ online: true, maxPlayers: 6 });
      await stopped.stop();

      clock.advance(10_000);
      const [down] = await provider.list();
      expect(down).toMatchObject({ online: false, playerCount: 0, maxPlayers: 0, port: stopped.port });
      expect(sent).toHaveLength(2);

      // First failure: 10 s pause; second: 20 s. Offline in between, without a query.
      clock.advance(9_999);
      expect((await provider.list())[0]?.online).toBe(false);
      expect(sent).toHaveLength(2);
      clock.advance(1);
      expect((await provider.list())[0]?.online).toBe(false);
      expect(sent).toHaveLength(3);
      clock.advance(19_999);
      expect((await provider.list())[0]?.online).toBe(false);
      expect(sent).toHaveLength(3);
      clock.advance(1);
      await provider.list();
      expect(sent).toHaveLength(4);
    });
  });
});
