import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MSG } from '../../src/shared/messages.ts';
import type { Monitor } from '../../src/server/monitor/monitor.ts';
import { startLookupMonitor, startMonitorFixture, type MonitorFixture } from '../helpers/monitor-fixture.ts';

// Cloud metadata addresses in the spellings a URL can carry them; WHATWG URL parsing canonicalises each.
const METADATA_URLS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.169.254.:80/',
  'http://2852039166/',
  'http://0xa9fea9fe/',
  'http://0xA9.0xFE.0xA9.0xFE/',
  'http://0251.0376.0251.0376/',
  'http://169.254.43518/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[0:0:0:0:0:ffff:a9fe:a9fe]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://[FD00:0EC2:0:0:0:0:0:254]/',
  'https://100.100.100.200/latest/meta-data/',
  'http://1684301000/',
  'http://169.254.170.2/v2/credentials',
];

let fixture: MonitorFixture;
const monitors: Monitor[] = [];

beforeAll(async () => {
  fixture = await startMonitorFixture();
});
afterEach(async () => {
  for (const monitor of monitors.splice(0)) await monitor.stop();
  await fixture.admin.patch('/api/settings', { allow_metadata_targets: false });
  await fixture.app.testDb.db.kysely.deleteFrom('services').execute();
});
afterAll(() => fixture.close());

async function serviceCount(): Promise<number> {
  const rows = await fixture.app.testDb.db.kysely.selectFrom('services').select('id').execute();
  return rows.length;
}

async function create(url: string): Promise<{ status: number; body: { id: number; message?: string } }> {
  return fixture.admin.post<{ id: number; message?: string }>('/api/services', {
    name: 'target',
    url,
    refreshInterval: 5,
  });
}

async function setAllowed(allow: boolean): Promise<void> {
  const response = await fixture.admin.patch<{ allow_metadata_targets: boolean }>('/api/settings', {
    allow_metadata_targets: allow,
  });
  expect(response.status).toBe(200);
  expect(response.body.allow_metadata_targets).toBe(allow);
}

describe('metadata targets at create and update', () => {
  it.each(METADATA_URLS)('refuses %s with 400 and stores nothing', async (url) => {
    const before = await serviceCount();
    const response = await create(url);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(SERVICE_MSG.metadataTarget);
    expect(await serviceCount()).toBe(before);
  });

  it('refuses an update to a metadata address and keeps the stored URL', async () => {
    const created = await create('http://192.168.1.10:8080/');
    expect(created.status).toBe(201);
    const id = created.body.id;
    for (const url of ['http://2852039166/', 'http://[fd00:ec2::254]/']) {
      const response = await fixture.admin.put<{ message: string }>(`/api/services/${id}`, { id, url });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(SERVICE_MSG.metadataTarget);
    }
    const stored = await fixture.app.testDb.db.kysely
      .selectFrom('services')
      .select('url')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(stored?.url).toBe('http://192.168.1.10:8080/');
  });

  it.each([
    'http://127.0.0.1:8080/',
    'http://localhost:3000/',
    'http://[::1]:9000/',
    'http://192.168.1.10/',
    'http://10.0.0.5/',
    'http://169.254.1.5/',
    'http://fritz.box/',
    'http://metadata.google.internal/',
  ])('accepts the loopback, LAN or named address %s', async (url) => {
    expect((await create(url)).status).toBe(201);
  });

  it('accepts metadata addresses once an administrator allows them', async () => {
    await setAllowed(true);
    for (const url of ['http://169.254.169.254/', 'http://[fd00:ec2::254]/', 'http://100.100.100.200/']) {
      expect((await create(url)).status).toBe(201);
    }
  });
});

describe('the allow_metadata_targets setting', () => {
  it('is off by default, shown to administrators only and changed by administrators only', async () => {
    const adminView = await fixture.admin.get<Record<string, unknown>>('/api/settings');
    expect(adminView.body.allow_metadata_targets).toBe(false);
    const userView = await fixture.user.get<Record<string, unknown>>('/api/settings');
    expect(userView.status).toBe(200);
    expect(userView.body).not.toHaveProperty('allow_metadata_targets');
    const publicView = await fixture.app.client().get<Record<string, unknown>>('/api/settings');
    expect(publicView.body).not.toHaveProperty('allow_metadata_targets');

    expect((await fixture.user.patch('/api/settings', { allow_metadata_targets: true })).status).toBe(403);
    expect((await fixture.admin.get<Record<string, unknown>>('/api/settings')).body.allow_metadata_targets).toBe(false);
    const bad = await fixture.admin.patch<{ message: string }>('/api/settings', { allow_metadata_targets: 'yes' });
    expect(bad.status).toBe(400);
  });
});

describe('metadata targets at check time', () => {
  const startMonitor = () => startLookupMonitor(fixture.app, monitors);

  async function stored(id: number) {
    const kysely = fixture.app.testDb.db.kysely;
    await monitors[0]?.flush();
    const service = await kysely.selectFrom('services').select('status').where('id', '=', id).executeTakeFirst();
    const logs = await kysely
      .selectFrom('service_checks')
      .select(['status', 'responseTime'])
      .where('serviceId', '=', id)
      .execute();
    return { status: service?.status, logs };
  }

  it('records a name that resolves to a metadata address down with the reason, without connecting', async () => {
    const outcomes = await startMonitor();
    const port = new URL(fixture.targets.baseUrl).port;
    const created = await create(`http://meta.test:${port}/up?meta-name`);
    expect(created.status).toBe(201);
    const id = created.body.id;

    const [first] = await outcomes.atLeast(id, 1);
    expect(first).toMatchObject({ up: false, responseTime: null, refused: true });
    expect(first?.error).toBe(
      'meta.test resolves to a cloud metadata address (169.254.169.254, not allowed in Settings)',
    );
    expect(fixture.targets.of('/up?meta-name').requests).toBe(0);
    const { status, logs } = await stored(id);
    expect(Boolean(status)).toBe(false);
    expect(logs.length).toBeGreaterThanOrEqual(1);
    expect(logs.every((row) => !row.status && row.responseTime === null)).toBe(true);

    // Allowed: the next check connects (to loopback, the first address) and the service is up.
    await setAllowed(true);
    // A check whose refusal was under way while the setting changed may still report; the one after connects.
    let allowed = await outcomes.next(id);
    if (allowed.refused) allowed = await outcomes.next(id);
    expect(allowed).toMatchObject({ up: true, error: null });
    expect(fixture.targets.of('/up?meta-name').requests).toBeGreaterThan(0);

    // Forbidden again: kept-alive connections go with the pools, and the next check is refused.
    await setAllowed(false);
    const requests = fixture.targets.of('/up?meta-name').requests;
    expect(await outcomes.next(id)).toMatchObject({ up: false, refused: true });
    expect(fixture.targets.of('/up?meta-name').requests).toBe(requests);
  });

  it('refuses a stored literal metadata URL and a redirect to one', async () => {
    // Stored while allowed, then forbidden: the check refuses it without connecting.
    await setAllowed(true);
    const literal = (await create('http://0xa9fea9fe/latest/meta-data/')).body.id;
    await setAllowed(false);
    const outcomes = await startMonitor();
    const redirect = await create(fixture.targets.url(`/to/${encodeURIComponent('http://[::ffff:a9fe:a9fe]/')}`));
    expect(redirect.status).toBe(201);

    const literalOutcome = (await outcomes.atLeast(literal, 1)).at(-1);
    expect(literalOutcome).toMatchObject({ up: false, responseTime: null, refused: true });
    expect(literalOutcome?.error).toBe('169.254.169.254 is a cloud metadata address (not allowed in Settings)');

    const [redirectOutcome] = await outcomes.atLeast(redirect.body.id, 1);
    expect(redirectOutcome).toMatchObject({ up: false, responseTime: null, refused: true });
    expect(redirectOutcome?.error).toBe('::ffff:a9fe:a9fe is a cloud metadata address (not allowed in Settings)');
    expect(Boolean((await stored(redirect.body.id)).status)).toBe(false);
  });
});
