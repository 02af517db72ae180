import dgram from 'node:dgram';
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { freeUdpPort } from '../../../../tests/helpers/armagetron-server.ts';
import type { ResolveAll } from '../../http/guarded-lookup.ts';
import { metadataTargetPolicy } from '../../lib/address-policy.ts';
import { queryGameServer } from './game-query.client.ts';
import { gamedigTypes, isGamedigType } from './game-types.ts';

const FAST = { socketMs: 300, attemptMs: 500, totalMs: 2_000 };

describe('queryGameServer', () => {
  it('answers offline, without throwing, when nothing listens', async () => {
    const port = await freeUdpPort();
    for (const type of ['armagetronadvanced', 'q3a', 'counterstrike16']) {
      const answer = await queryGameServer({ type, host: '127.0.0.1', port }, FAST);
      expect(answer, type).toMatchObject({ online: false, playerCount: 0, maxPlayers: 0 });
      expect(answer.error, type).toBeTruthy();
    }
  });

  it('answers offline for an unknown type or a host that does not resolve', async () => {
    expect(await queryGameServer({ type: 'no-such-game', host: '127.0.0.1', port: 1 }, FAST)).toMatchObject({
      online: false,
      error: 'Unknown game type: no-such-game',
    });
    const answer = await queryGameServer(
      { type: 'armagetronadvanced', host: 'no-such-host.invalid', port: 4534 },
      FAST,
    );
    expect(answer.online).toBe(false);
  });

  it('gives up after totalMs even when a protocol would wait longer', async () => {
    const port = await freeUdpPort();
    const started = Date.now();
    const answer = await queryGameServer(
      { type: 'q3a', host: '127.0.0.1', port },
      { socketMs: 5_000, attemptMs: 5_000, totalMs: 300 },
    );
    expect(answer).toMatchObject({ online: false, error: 'No answer within 0.3 s' });
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

/** Resolves `localhost` to `address` (the system would say 127.0.0.1), so a query that reaches `address` used it. */
function localhostAt(address: string): ResolveAll {
  return (hostname, _options, callback) => {
    if (hostname === 'localhost') callback(null, [{ address, family: 4 } satisfies LookupAddress]);
    else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
  };
}

describe('queryGameServer under the address policy', () => {
  it('queries the address the policy checked, never resolving the name again', async () => {
    const listener = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => listener.bind(0, '127.0.0.2', resolve));
    const { port } = listener.address();
    const received = new Promise<void>((resolve) => listener.once('message', () => resolve()));
    try {
      const policy = metadataTargetPolicy(() => false);
      const route = { policy, resolveAll: localhostAt('127.0.0.2') };
      const [answer] = await Promise.all([
        queryGameServer({ type: 'armagetronadvanced', host: 'localhost', port }, FAST, route),
        received,
      ]);
      expect(answer.online).toBe(false);
    } finally {
      listener.close();
    }
  });

  it('answers offline with the reason, without a query, for a name resolving to a metadata address', async () => {
    const route = { policy: metadataTargetPolicy(() => false), resolveAll: localhostAt('169.254.169.254') };
    const answer = await queryGameServer({ type: 'armagetronadvanced', host: 'localhost', port: 4534 }, FAST, route);
    expect(answer).toMatchObject({
      online: false,
      error: 'localhost resolves to a cloud metadata address (169.254.169.254, not allowed in Settings)',
    });
  });

  it('refuses a metadata literal in any spelling by default', async () => {
    for (const host of ['2852039166', '0xa9fea9fe', '169.254.43518', '0251.0376.0251.0376']) {
      const answer = await queryGameServer({ type: 'armagetronadvanced', host, port: 4534 }, FAST);
      expect(answer.online, host).toBe(false);
      expect(answer.error, host).toBe('169.254.169.254 is a cloud metadata address (not allowed in Settings)');
    }
    const mapped = await queryGameServer(
      { type: 'armagetronadvanced', host: '::ffff:169.254.169.254', port: 4534 },
      FAST,
    );
    expect(mapped.error).toBe('::ffff:a9fe:a9fe is a cloud metadata address (not allowed in Settings)');
  });
});

describe('game types', () => {
  it('accepts gamedig ids with a usable protocol and refuses the rest', async () => {
    expect(await isGamedigType('armagetronadvanced')).toBe(true);
    expect(await isGamedigType('minecraft')).toBe(true);
    expect(await isGamedigType('minetest')).toBe(false); // reads servers.minetest.net
    expect(await isGamedigType('factorio')).toBe(false);
    expect(await isGamedigType('no-such-game')).toBe(false);
    expect(await isGamedigType('constructor')).toBe(false);
    expect(await isGamedigType('__proto__')).toBe(false);
  });

  it('lists every usable type once, sorted by name', async () => {
    const types = await gamedigTypes();
    expect(types.length).toBeGreaterThan(300);
    expect(new Set(types.map((type) => type.id)).size).toBe(types.length);
    expect(await Promise.all(types.map((type) => isGamedigType(type.id)))).not.toContain(false);
    const names = types.map((type) => type.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(types).toContainEqual({ id: 'armagetronadvanced', name: 'Armagetron Advanced' });
    expect(types.some((type) => type.id === 'minetest')).toBe(false);
  });
});
