import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { GAME_MSG, SERVICE_MSG } from '../../src/shared/messages.ts';
import type { GameServerWire } from '../../src/shared/schemas/game-servers.ts';
import type { Monitor } from '../../src/server/monitor/monitor.ts';
import { GameServersRepository } from '../../src/server/repositories/game-servers.repository.ts';
import { importYaml } from '../helpers/config-lab.ts';
import { startLookupMonitor, startMonitorFixture, type MonitorFixture } from '../helpers/monitor-fixture.ts';

/**
 * An attacker's pass over the one address policy (issue 26, items 6 and 7): the cloud metadata address spelled
 * every way the system's resolver (inet_aton) or an IPv6 stack reads it, in the targets whose host URL parsing
 * does not canonicalise (tcp://, tls://, dns://) and in query-only game servers' hosts. Nothing here connects to a
 * metadata address: the monitor runs only with the setting off, and game servers are never saved at one.
 */

/** 169.254.169.254 (and Alibaba's 100.100.100.200) as a non-special URL's host carries them. */
const URL_HOSTS = [
  '169.254.169.254',
  '2852039166',
  '0xa9fea9fe',
  '0XA9FEA9FE',
  '0251.0376.0251.0376',
  '0xa9.0xfe.0xa9.0xfe',
  '0xa9.254.0251.0xfe',
  '169.254.43518',
  '169.16689662',
  '169.254.169.254.',
  '[::ffff:169.254.169.254]',
  '[::ffff:a9fe:a9fe]',
  '[64:ff9b::a9fe:a9fe]',
  '[fd00:ec2::254]',
  '100.100.100.200',
  '1684301000',
];

/** The services each host is tried in: a TCP connect, a TLS handshake and a DNS resolver. */
function serviceOf(kind: 'tcp' | 'tls' | 'dns', host: string) {
  return kind === 'dns'
    ? { name: 'target', url: `dns://${host}`, refreshInterval: 5, check: { query: { name: 'example.com', type: 'A' } } }
    : { name: 'target', url: `${kind}://${host}:80`, refreshInterval: 5 };
}

const SERVICE_CASES = (['tcp', 'tls', 'dns'] as const).flatMap((kind) =>
  URL_HOSTS.map((host) => [kind, host] as const),
);

/** Game-server hosts the host field accepts, each a metadata address once read as an address. */
const GAME_HOSTS = [
  '169.254.169.254',
  '2852039166',
  '0xa9fea9fe',
  '0251.0376.0251.0376',
  '0xa9.0xfe.0xa9.0xfe',
  '169.254.43518',
  '169.16689662',
  '::ffff:a9fe:a9fe',
  '64:ff9b::a9fe:a9fe',
  'fd00:ec2::254',
  '100.100.100.200',
  '1684301000',
];
/** Spellings the host field itself refuses (a trailing dot, a dotted tail, brackets): 400 as well. */
const MALFORMED_GAME_HOSTS = ['169.254.169.254.', '::ffff:169.254.169.254', '[::ffff:a9fe:a9fe]'];

let fixture: MonitorFixture;
const monitors: Monitor[] = [];

beforeAll(async () => {
  fixture = await startMonitorFixture();
});
afterEach(async () => {
  for (const monitor of monitors.splice(0)) await monitor.stop();
  await setAllowed(false);
  await fixture.app.testDb.db.kysely.deleteFrom('services').execute();
  await fixture.app.testDb.db.kysely.deleteFrom('game_servers').execute();
});
afterAll(() => fixture.close());

async function setAllowed(allow: boolean): Promise<void> {
  const response = await fixture.admin.patch<{ allow_metadata_targets: boolean }>('/api/settings', {
    allow_metadata_targets: allow,
  });
  expect(response.status).toBe(200);
  expect(response.body.allow_metadata_targets).toBe(allow);
}

async function count(table: 'services' | 'game_servers'): Promise<number> {
  const rows = await fixture.app.testDb.db.kysely.selectFrom(table).select('id').execute();
  return rows.length;
}

function createService(body: Record<string, unknown>) {
  return fixture.admin.post<{ id: number; message?: string }>('/api/services', body);
}

describe('services: a metadata address in any spelling', () => {
  it.each(SERVICE_CASES)('a %s:// service at %s is refused with 400 and nothing is stored', async (kind, host) => {
    const response = await createService(serviceOf(kind, host));
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toBe(SERVICE_MSG.metadataTarget);
    expect(await count('services')).toBe(0);
  });

  it.each(['tcp', 'tls', 'dns'] as const)('an update of a %s:// service to each spelling is refused', async (kind) => {
    const created = await createService(serviceOf(kind, '192.168.1.10'));
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    const before = await fixture.app.testDb.db.kysely
      .selectFrom('services')
      .select('url')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    for (const host of URL_HOSTS) {
      const { url } = serviceOf(kind, host);
      const response = await fixture.admin.put<{ message: string }>(`/api/services/${id}`, { id, url });
      expect(response.status, `${url}: ${response.text}`).toBe(400);
      expect(response.body.message).toBe(SERVICE_MSG.metadataTarget);
    }
    const after = await fixture.app.testDb.db.kysely
      .selectFrom('services')
      .select('url')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.url).toBe(before.url);
  });

  it('accepts each spelling once an administrator allows metadata targets', async () => {
    await setAllowed(true);
    for (const [kind, host] of SERVICE_CASES) {
      const response = await createService(serviceOf(kind, host));
      expect(response.status, `${kind}://${host}: ${response.text}`).toBe(201);
    }
  });

  it('reads other numeric spellings as their address: a dns:// resolver at 3232235786 (192.168.1.10) is fine', async () => {
    for (const [kind, host] of [
      ['dns', '3232235786'],
      ['tcp', '0xc0a8010a'],
      ['tls', '0300.0250.1.012'],
    ] as const) {
      const response = await createService(serviceOf(kind, host));
      expect(response.status, `${kind}://${host}: ${response.text}`).toBe(201);
    }
  });

  it('the configuration import applies the same rule to services and query hosts', async () => {
    const yaml = stringify({
      version: 2,
      services: [
        { name: 'Decimal', url: 'tcp://2852039166:80' },
        { name: 'Hex', url: 'tls://0xa9fea9fe:443' },
        { name: 'Octal', url: 'dns://0251.0376.0251.0376', check: { query: { name: 'example.com', type: 'A' } } },
      ],
      gameServers: [
        {
          provider: 'query',
          instanceId: 'query-metadata',
          name: 'Metadata',
          type: 'armagetronadvanced',
          host: '169.16689662',
          port: 80,
        },
      ],
    });
    const response = await importYaml(fixture.admin, yaml, 'dryRun=true');
    expect(response.status, response.text).toBe(400);
    expect(response.body.problems).toEqual([
      `services[0].url: ${SERVICE_MSG.metadataTarget}`,
      `services[1].url: ${SERVICE_MSG.metadataTarget}`,
      `services[2].url: ${SERVICE_MSG.metadataTarget}`,
      `gameServers[0].host: ${SERVICE_MSG.metadataTarget}`,
    ]);
    expect(await count('services')).toBe(0);
    expect(await count('game_servers')).toBe(0);
  });
});

describe('query-only game servers: a metadata host in any spelling', () => {
  function createGameServer(host: string) {
    return fixture.admin.post<GameServerWire & { message?: string }>('/api/game-servers', {
      name: 'Arena',
      type: 'armagetronadvanced',
      host,
      port: 4534,
    });
  }

  it.each(GAME_HOSTS)('adding one at %s is refused with 400 and nothing is stored', async (host) => {
    const response = await createGameServer(host);
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toBe(SERVICE_MSG.metadataTarget);
    expect(await count('game_servers')).toBe(0);
  });

  it.each(MALFORMED_GAME_HOSTS)('adding one at %s is refused by the host field', async (host) => {
    const response = await createGameServer(host);
    expect(response.status, response.text).toBe(400);
    expect(response.body.message).toBe(GAME_MSG.hostInvalid);
    expect(await count('game_servers')).toBe(0);
  });

  it('moving one to each spelling is refused and its host is kept', async () => {
    // Stored directly: adding through the API would query it at once, and no game server runs here.
    const servers = new GameServersRepository(fixture.app.testDb.db.kysely);
    const server = await servers.insert({
      instanceId: 'query-arena',
      provider: 'query',
      name: 'Arena',
      type: 'armagetronadvanced',
      host: '192.168.1.20',
      port: 4534,
      createdAt: new Date().toISOString(),
    });
    for (const host of GAME_HOSTS) {
      const response = await fixture.admin.patch<{ message: string }>(`/api/game-servers/${server.id}`, { host });
      expect(response.status, `${host}: ${response.text}`).toBe(400);
      expect(response.body.message).toBe(SERVICE_MSG.metadataTarget);
    }
    expect((await servers.findById(server.id))?.host).toBe('192.168.1.20');
  });
});

describe('services at check time', () => {
  const startMonitor = () => startLookupMonitor(fixture.app, monitors);

  it('refuses a tcp:// service whose name resolves to a metadata address, without connecting', async () => {
    const outcomes = await startMonitor();
    const created = await createService({ name: 'named', url: 'tcp://meta.test:80', refreshInterval: 5 });
    expect(created.status, created.text).toBe(201);
    const [first] = await outcomes.atLeast(created.body.id, 1);
    expect(first).toMatchObject({ up: false, responseTime: null, refused: true });
    expect(first?.error).toBe(
      'meta.test resolves to a cloud metadata address (169.254.169.254, not allowed in Settings)',
    );
  });

  it('refuses tcp://, tls:// and dns:// services stored at a numeric spelling once the setting is off', async () => {
    // Saved while allowed, then forbidden: each check reads the host as the address it spells and refuses it.
    await setAllowed(true);
    const ids: number[] = [];
    for (const [kind, host] of [
      ['tcp', '2852039166'],
      ['tls', '0xa9.0xfe.0xa9.0xfe'],
      ['dns', '169.254.43518'],
      ['tcp', '169.254.169.254.'],
    ] as const) {
      const created = await createService(serviceOf(kind, host));
      expect(created.status, created.text).toBe(201);
      ids.push(created.body.id);
    }
    await setAllowed(false);
    const outcomes = await startMonitor();
    for (const id of ids) {
      const [first] = await outcomes.atLeast(id, 1);
      expect(first).toMatchObject({ up: false, responseTime: null, refused: true });
      expect(first?.error).toBe('169.254.169.254 is a cloud metadata address (not allowed in Settings)');
    }
  });
});
