import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameServersRepository } from '../../src/server/repositories/game-servers.repository.ts';
import { ServicesRepository } from '../../src/server/repositories/services.repository.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

/**
 * Public status pages and badges (issue 16): what an admin chooses is shown to anyone, names, states, uptime and
 * notes only; nothing private (URLs, hosts, addresses, ids of other rows) and nothing unchosen. Badges answer only
 * for services marked public, and everything else gets one and the same 404. SQLite, and PostgreSQL with
 * DATABASE_URL.
 */

let app: TestApp;
let actors: Record<ActorKind, Actor>;
const clock = new TestClock(new Date('2030-06-15T12:30:00.000Z'));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  app = await startTestApp({ clock });
  actors = await createActors(app);
});
afterAll(async () => {
  await app.close();
});

const db = () => app.testDb.db.kysely;

async function service(name: string, url: string, status = true): Promise<number> {
  const row = await new ServicesRepository(db()).insert({
    name,
    url,
    status,
    lastChecked: clock.now().toISOString(),
    icon: null,
    background: null,
    refreshInterval: 30,
    isNSFW: false,
    tooltip: 'internal notes: admin password on the fridge',
    show_status_badge: true,
  });
  return row.id;
}

async function gameServer(name: string, displayName: string | null, hidden = false): Promise<number> {
  const row = await new GameServersRepository(db()).insert({
    instanceId: `instance-${name}`,
    name,
    displayName,
    type: 'minecraft',
    status: true,
    hidden,
    provider: 'query',
    host: '192.168.7.20',
    port: 25565,
  });
  return row.id;
}

/** Rollup rows as the result writer leaves them: `up` of `checks` checks with `ms` each. */
async function rollup(level: 'hourly' | 'daily', serviceId: number, bucket: number, checks: number, up: number) {
  await db()
    .insertInto(level === 'hourly' ? 'service_status_hourly' : 'service_status_daily')
    .values({
      serviceId,
      bucket,
      checks,
      upChecks: up,
      timedChecks: checks,
      responseTimeSum: checks * 40,
      responseTimeMin: 40,
      responseTimeMax: 40,
    })
    .execute();
}

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

describe('public status pages', () => {
  it('shows only the chosen services and game servers: names, states, uptime and notes, nothing private', async () => {
    const chosen = await service('Nextcloud', 'http://10.20.30.40:8080/secret-path');
    const down = await service('Gitea', 'https://git.internal.lan/', false);
    const unchosen = await service('Secret Admin Panel', 'http://10.20.30.41/');
    const game = await gameServer('mc-survival-01', 'Survival');
    const hiddenGame = await gameServer('mc-hidden', 'Hidden world', true);
    const otherGame = await gameServer('mc-creative', 'Creative');
    const today = Math.floor(clock.now().getTime() / DAY) * DAY;
    const thisHour = Math.floor(clock.now().getTime() / HOUR) * HOUR;
    await rollup('hourly', chosen, thisHour, 100, 99);
    await rollup('hourly', chosen, thisHour - 3 * DAY, 100, 50);
    await rollup('daily', chosen, today, 100, 99);
    await rollup('daily', chosen, today - 3 * DAY, 100, 50);

    const admin = await actors.admin.signIn();
    const created = await admin.post('/api/status-pages', {
      slug: 'homelab',
      title: 'Homelab status',
      serviceIds: [down, chosen],
      gameServerIds: [game, hiddenGame],
    });
    expect(created.status, created.text).toBe(201);
    const pageId = created.body.id as number;
    const note = await admin.post(`/api/status-pages/${pageId}/notes`, {
      title: 'Disk replaced',
      body: 'The NAS got a new disk.',
    });
    expect(note.status, note.text).toBe(201);

    const anonymous = app.client();
    const page = await anonymous.get('/api/status-pages/homelab');
    expect(page.status, page.text).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^application\/json/);
    expect(page.body).toMatchObject({
      title: 'Homelab status',
      services: [
        { name: 'Gitea', status: 'down', uptime: { '24h': null, '7d': null, '30d': null, '90d': null } },
        { name: 'Nextcloud', status: 'up', uptime: { '24h': 99, '7d': 74.5, '30d': 74.5, '90d': 74.5 } },
      ],
      // No state of it was ever recorded: its uptime is unknown, not down.
      gameServers: [{ name: 'Survival', status: 'up', uptime: { '24h': null, '7d': null, '30d': null, '90d': null } }],
      notes: [{ title: 'Disk replaced', body: 'The NAS got a new disk.' }],
    });
    const services = page.body.services as { days: { day: string; uptime: number | null }[] }[];
    expect(services[1]?.days).toHaveLength(90);
    expect(services[1]?.days.at(-1)).toEqual({ day: '2030-06-15', uptime: 99 });
    expect(services[1]?.days.at(-4)).toEqual({ day: '2030-06-12', uptime: 50 });
    expect(services[1]?.days.at(-2)).toEqual({ day: '2030-06-14', uptime: null });

    const keys = keysOf(page.body);
    // Services and game servers carry exactly these fields (no id to probe with); notes keep their own ids.
    for (const entry of page.body.services as object[]) {
      expect(Object.keys(entry).sort()).toEqual(['days', 'name', 'status', 'uptime']);
    }
    for (const entry of page.body.gameServers as object[]) {
      expect(Object.keys(entry).sort()).toEqual(['days', 'name', 'status', 'uptime']);
    }
    const gameDays = (page.body.gameServers as { days: { uptime: number | null }[] }[])[0]?.days;
    expect(gameDays).toHaveLength(90);
    expect(gameDays?.every((day) => day.uptime === null)).toBe(true);
    for (const forbidden of ['url', 'ip', 'host', 'port', 'tooltip', 'instanceId', 'serviceIds', 'gameServerIds']) {
      expect(keys.has(forbidden), forbidden).toBe(false);
    }
    for (const secret of ['10.20.30.4', 'internal.lan', 'secret-path', '192.168', 'fridge', 'mc-survival-01']) {
      expect(page.text).not.toContain(secret);
    }
    for (const unchosenName of ['Secret Admin Panel', 'Hidden world', 'Creative']) {
      expect(page.text).not.toContain(unchosenName);
    }
    expect([unchosen, otherGame]).toHaveLength(2);
  });

  it('is cached for anyone, revalidates with its ETag, and changes as soon as an admin changes it', async () => {
    const id = await service('Plex', 'http://10.0.0.5:32400/');
    const admin = await actors.admin.signIn();
    const created = await admin.post('/api/status-pages', {
      slug: 'media',
      title: 'Media',
      serviceIds: [id],
      gameServerIds: [],
    });
    const pageId = created.body.id as number;
    const anonymous = app.client();
    const first = await anonymous.get('/api/status-pages/media');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=15');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await anonymous.get('/api/status-pages/media', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    // A state change alone shows within the cache's 15 s; an admin's edit at once.
    await db().updateTable('services').set({ status: false }).where('id', '=', id).execute();
    expect((await anonymous.get('/api/status-pages/media')).body.services).toMatchObject([{ status: 'up' }]);
    clock.advance(16_000);
    expect((await anonymous.get('/api/status-pages/media')).body.services).toMatchObject([{ status: 'down' }]);
    const renamed = await admin.patch(`/api/status-pages/${pageId}`, { title: 'Movies' });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await anonymous.get('/api/status-pages/media')).body.title).toBe('Movies');
    const moved = await admin.patch(`/api/status-pages/${pageId}`, { slug: 'movies' });
    expect(moved.status).toBe(200);
    expect((await anonymous.get('/api/status-pages/media')).status).toBe(404);
    expect((await anonymous.get('/api/status-pages/movies')).status).toBe(200);

    const note = await admin.post(`/api/status-pages/${pageId}/notes`, { title: 'Outage', body: 'Power cut' });
    const noteId = note.body.id as number;
    const edited = await admin.patch(`/api/status-pages/${pageId}/notes/${noteId}`, { body: 'Power is back' });
    expect(edited.body).toMatchObject({ title: 'Outage', body: 'Power is back' });
    expect((await anonymous.get('/api/status-pages/movies')).body.notes).toMatchObject([{ body: 'Power is back' }]);
    expect((await admin.delete(`/api/status-pages/${pageId}/notes/${noteId}`)).status).toBe(200);
    expect((await anonymous.get('/api/status-pages/movies')).body.notes).toEqual([]);

    expect((await admin.delete(`/api/status-pages/${pageId}`)).status).toBe(200);
    expect((await anonymous.get('/api/status-pages/movies')).status).toBe(404);
  });

  it('shows a service in a maintenance window as in maintenance', async () => {
    const id = await service('Backup target', 'http://10.0.0.9/', false);
    const admin = await actors.admin.signIn();
    await admin.post('/api/status-pages', { slug: 'backups', title: 'Backups', serviceIds: [id], gameServerIds: [] });
    const window = await admin.post('/api/maintenance-windows', {
      name: 'Disk swap',
      timeZone: 'UTC',
      schedule: { kind: 'once', start: '2030-06-15T00:00', end: '2030-06-30T00:00' },
      serviceIds: [id],
    });
    expect(window.status, window.text).toBe(201);
    clock.advance(16_000);
    const page = await app.client().get('/api/status-pages/backups');
    expect(page.body.services).toMatchObject([{ name: 'Backup target', status: 'maintenance' }]);
  });

  it('refuses a taken slug, bad slugs and unknown ids', async () => {
    const admin = await actors.admin.signIn();
    const first = await admin.post('/api/status-pages', { slug: 'dup', title: 'A', serviceIds: [], gameServerIds: [] });
    expect(first.status).toBe(201);
    const taken = await admin.post('/api/status-pages', { slug: 'dup', title: 'B', serviceIds: [], gameServerIds: [] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('That slug is already used by another status page');
    for (const slug of ['Upper', '-dash', 'a/b', '', 'x'.repeat(65), 'has space']) {
      const bad = await admin.post('/api/status-pages', { slug, title: 'C', serviceIds: [], gameServerIds: [] });
      expect(bad.status, slug).toBe(400);
      expect(bad.body.message).toBe('Slug must be 1-64 lower-case letters, digits or dashes');
    }
    const unknown = await admin.post('/api/status-pages', {
      slug: 'unknown',
      title: 'C',
      serviceIds: [999_999],
      gameServerIds: [],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown service on the status page');
    const list = await admin.get<{ slug: string }[]>('/api/status-pages');
    expect(list.body.map((page) => page.slug)).toContain('dup');
  });
});

describe('badges', () => {
  it('answer the same 404 for unknown, non-public and malformed ids', async () => {
    const hidden = await service('Private thing', 'http://10.9.9.9/');
    const client = app.client();
    const answers = await Promise.all(
      [`${hidden}`, '999999', 'abc', '0', '1e3', '99999999999'].flatMap((id) => [
        client.get(`/api/badge/${id}/status`),
        client.get(`/api/badge/${id}/uptime?period=30d`),
      ]),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.text).toBe('{"message":"Badge not found"}');
    }
  });

  it('draw an SVG for services an admin marked public, cached, without script', async () => {
    const id = await service('Homepage', 'http://10.1.1.1/');
    const today = Math.floor(clock.now().getTime() / DAY) * DAY;
    await rollup('daily', id, today - 10 * DAY, 1000, 999);
    await rollup('hourly', id, Math.floor(clock.now().getTime() / HOUR) * HOUR, 10, 10);
    const admin = await actors.admin.signIn();
    const marked = await admin.put(`/api/badges/${id}`, { public: true });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.serviceIds).toContain(id);
    const client = app.client();

    const status = await client.get(`/api/badge/${id}/status`);
    expect(status.status).toBe(200);
    expect(status.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(status.headers.get('cache-control')).toBe('public, max-age=60');
    expect(status.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(status.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(status.text).toContain('>up</text>');

    const year = await client.get(`/api/badge/${id}/uptime?period=365d`);
    expect(year.text).toContain('uptime 365d');
    expect(year.text).toContain('99.9%');
    const day = await client.get(`/api/badge/${id}/uptime?period=24h`);
    expect(day.text).toContain('100%');
    const fallback = await client.get(`/api/badge/${id}/uptime`);
    expect(fallback.text).toContain('uptime 30d');
    expect((await client.get(`/api/badge/${id}/uptime?period=2y`)).status).toBe(400);
    for (const answer of [status, year, day]) {
      expect(answer.text).not.toMatch(/<script|on\w+=|javascript:|<foreignObject|href=/i);
      expect(answer.text).not.toContain('10.1.1.1');
    }
    const etag = status.headers.get('etag') ?? '';
    expect((await client.get(`/api/badge/${id}/status`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    // Unmarked again: the same 404 as any unknown id, at once.
    await admin.put(`/api/badges/${id}`, { public: false });
    const gone = await client.get(`/api/badge/${id}/status`);
    expect(gone.status).toBe(404);
    expect(gone.text).toBe('{"message":"Badge not found"}');
  });
});
