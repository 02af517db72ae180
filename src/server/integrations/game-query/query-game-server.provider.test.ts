import { GAME_MSG } from '#shared/messages';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../../tests/helpers/test-app.ts';
import type { QueryAnswer, QueryFunction } from './game-query.client.ts';
import { QueryGameServerProvider, type QueryTarget } from './query-game-server.provider.ts';
import { MAX_BACKOFF_MS, pauseAfter } from './query-schedule.ts';

const TARGET: QueryTarget = {
  instanceId: 'q1',
  name: 'Arena',
  type: 'armagetronadvanced',
  host: '10.0.0.5',
  port: 4534,
};
const UP: QueryAnswer = { online: true, name: 'Arena server', playerCount: 3, maxPlayers: 16, map: 'default' };
const DOWN: QueryAnswer = { online: false, name: '', playerCount: 0, maxPlayers: 0, error: 'Failed all 1 attempts' };

/** A stub query answering from a script (the last answer repeats), counting calls. */
function scripted(...answers: QueryAnswer[]): { query: QueryFunction; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    query: () => Promise.resolve(answers[Math.min(calls++, answers.length - 1)] as QueryAnswer),
  };
}

function provider(query: QueryFunction, clock: TestClock, targets: QueryTarget[] = [TARGET]) {
  return new QueryGameServerProvider({ targets: () => Promise.resolve(targets), query, clock });
}

describe('pauseAfter', () => {
  it('waits 10 s after a success and doubles from 10 s after failures, up to 5 minutes', () => {
    expect(pauseAfter(0)).toBe(10_000);
    expect([1, 2, 3, 4, 5, 6].map(pauseAfter)).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000]);
    expect(pauseAfter(50)).toBe(MAX_BACKOFF_MS);
  });
});

describe('QueryGameServerProvider', () => {
  it('maps an answer to a GameServerState named after the target', async () => {
    const { query } = scripted(UP);
    expect(await provider(query, new TestClock()).list()).toEqual([
      {
        instanceId: 'q1',
        name: 'Arena',
        displayName: 'Arena',
        type: 'armagetronadvanced',
        online: true,
        playerCount: 3,
        maxPlayers: 16,
        cpuUsage: 0,
        memoryUsage: 0,
        maxMemory: 0,
        port: 4534,
      },
    ]);
  });

  it('reports 0 players and 0 max players while offline', async () => {
    const { query } = scripted({ ...DOWN, playerCount: 5, maxPlayers: 9 });
    expect((await provider(query, new TestClock()).list())[0]).toMatchObject({
      online: false,
      playerCount: 0,
      maxPlayers: 0,
    });
  });

  it('serves the cached state within 10 s of the last query and queries again after', async () => {
    const clock = new TestClock();
    const { query, calls } = scripted(UP, { ...UP, playerCount: 7 });
    const games = provider(query, clock);
    await games.list();
    clock.advance(9_999);
    expect((await games.list())[0]?.playerCount).toBe(3);
    expect(calls()).toBe(1);
    clock.advance(1);
    expect((await games.list())[0]?.playerCount).toBe(7);
    expect(calls()).toBe(2);
  });

  it('shares one query between concurrent lists', async () => {
    const { query, calls } = scripted(UP);
    const games = provider(query, new TestClock());
    const [a, b] = await Promise.all([games.list(), games.list()]);
    expect(calls()).toBe(1);
    expect(a).toEqual(b);
  });

  it('backs off 10 s, 20 s, 40 s after failures, reports offline in between, and a success resets it', async () => {
    const clock = new TestClock();
    const { query, calls } = scripted(DOWN, DOWN, DOWN, UP, UP);
    const games = provider(query, clock);
    const onlineAfter = async (ms: number) => {
      clock.advance(ms);
      return (await games.list())[0]?.online;
    };

    expect(await onlineAfter(0)).toBe(false); // failure 1: next query in 10 s
    expect(await onlineAfter(9_999)).toBe(false);
    expect(calls()).toBe(1);
    expect(await onlineAfter(1)).toBe(false); // failure 2: 20 s
    expect(calls()).toBe(2);
    expect(await onlineAfter(19_999)).toBe(false);
    expect(calls()).toBe(2);
    expect(await onlineAfter(1)).toBe(false); // failure 3: 40 s
    expect(calls()).toBe(3);
    expect(await onlineAfter(39_999)).toBe(false);
    expect(calls()).toBe(3);
    expect(await onlineAfter(1)).toBe(true); // success: back to 10 s
    expect(calls()).toBe(4);
    expect(await onlineAfter(9_999)).toBe(true);
    expect(calls()).toBe(4);
    expect(await onlineAfter(1)).toBe(true);
    expect(calls()).toBe(5);
  });

  it('caps the back-off at 5 minutes', async () => {
    const clock = new TestClock();
    const { query, calls } = scripted(DOWN);
    const games = provider(query, clock);
    for (let failure = 1; failure <= 8; failure++) {
      await games.list();
      clock.advance(pauseAfter(failure));
    }
    expect(calls()).toBe(8);
    clock.advance(-1); // 1 ms before the capped pause ends
    await games.list();
    expect(calls()).toBe(8);
    clock.advance(1);
    await games.list();
    expect(calls()).toBe(9);
  });

  it('treats a rejecting query function as a failed query', async () => {
    const clock = new TestClock();
    let calls = 0;
    const games = provider(() => {
      calls++;
      return Promise.reject(new Error('socket exploded'));
    }, clock);
    expect((await games.list())[0]?.online).toBe(false);
    clock.advance(9_999);
    await games.list();
    expect(calls).toBe(1);
  });

  it('queries at once when the address of a target changes, and keeps targets apart', async () => {
    const clock = new TestClock();
    const { query, calls } = scripted(UP);
    let targets: QueryTarget[] = [TARGET, { ...TARGET, instanceId: 'q2', name: 'Other' }];
    const games = new QueryGameServerProvider({ targets: () => Promise.resolve(targets), query, clock });
    expect((await games.list()).map((state) => state.displayName)).toEqual(['Arena', 'Other']);
    expect(calls()).toBe(2);
    targets = [{ ...TARGET, port: 4540 }, targets[1] as QueryTarget];
    const states = await games.list();
    expect(calls()).toBe(3);
    expect(states[0]?.port).toBe(4540);
  });

  it('runs at most `concurrency` queries at once', async () => {
    let running = 0;
    let most = 0;
    const query: QueryFunction = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      return UP;
    };
    const targets = Array.from({ length: 20 }, (_, i) => ({ ...TARGET, instanceId: `q${i}`, port: 4000 + i }));
    const games = new QueryGameServerProvider({
      targets: () => Promise.resolve(targets),
      query,
      clock: new TestClock(),
      concurrency: 8,
    });
    const states = await games.list();
    expect(states.map((state) => state.instanceId)).toEqual(targets.map((target) => target.instanceId));
    expect(most).toBe(8);
  });

  it('refuses every action with GAME_MSG.queryOnly', async () => {
    const games = provider(scripted(UP).query, new TestClock());
    await expect(games.act({ instanceId: 'q1', name: 'Arena' }, 'start')).rejects.toMatchObject({
      name: 'IntegrationError',
      kind: 'refused',
      message: GAME_MSG.queryOnly,
    });
  });
});
