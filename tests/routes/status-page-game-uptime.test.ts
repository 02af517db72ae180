import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAmp, type FakeAmp, type FakeAmpInstance } from '../fakes/amp-server.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

/**
 * Game-server uptime on public status pages (issue 16): computed from the state changes the game-server poller
 * records (the first state it sees, then every change), as time up over time known. Time before the first record is
 * unknown, not down. The state changes are kept 400 days by the prune-history job. The fake AMP and the real poller
 * drive the states; the clock is the test's. SQLite, and PostgreSQL with DATABASE_URL.
 */

let amp: FakeAmp;
let app: TestApp;
let actors: Record<ActorKind, Actor>;
const clock = new TestClock(new Date('2030-06-10T12:00:00.000Z'));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const db = () => app.testDb.db.kysely;

/** One poll of every provider, as the leader's job does every 10 s. */
async function poll(): Promise<void> {
  for (const poller of app.built.services.gameServerPollers) await poller.poll();
}

async function gameServerId(instance: FakeAmpInstance): Promise<number> {
  const row = await db()
    .selectFrom('game_servers')
    .select('id')
    .where('instanceId', '=', instance.InstanceID)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function changesOf(id: number) {
  const rows = await db()
    .selectFrom('alert_subject_changes')
    .select(['status', 'changedAt', 'processedAt'])
    .where('subjectKind', '=', 'game_server')
    .where('subjectId', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, status: Boolean(row.status) }));
}

function stop(instance: FakeAmpInstance): void {
  instance.Running = false;
  instance.AppState = 0;
  instance.metrics = null;
}

async function publicPage(slug: string, gameServerIds: number[]) {
  const admin = await actors.admin.signIn();
  const created = await admin.post('/api/status-pages', { slug, title: slug, serviceIds: [], gameServerIds });
  expect(created.status, created.text).toBe(201);
  const page = await app.client().get(`/api/status-pages/${slug}`);
  expect(page.status, page.text).toBe(200);
  return page;
}

interface GameEntry {
  name: string;
  status: string;
  uptime: Record<string, number | null>;
  days: { day: string; uptime: number | null }[];
}

beforeAll(async () => {
  amp = await startFakeAmp();
  app = await startTestApp({ clock, env: { ...amp.env, GAME_HOST: 'play.example.test' } });
  actors = await createActors(app);
});
afterAll(async () => {
  await app?.close();
  await amp?.stop();
});

describe('game-server uptime on a public status page', () => {
  it('is up 3 days then down 1: 75 % over 7 days, bars per day, and the days before its first state unknown', async () => {
    const survival = amp.addInstance({ InstanceName: 'Minecraft01', FriendlyName: 'Survival' });
    // The first poll finds it up: its first state is kept, already processed (it alerts no one).
    await poll();
    const id = await gameServerId(survival);
    expect(await changesOf(id)).toEqual([
      { status: true, changedAt: '2030-06-10T12:00:00.000Z', processedAt: '2030-06-10T12:00:00.000Z' },
    ]);
    // Polls without a change record nothing more.
    clock.advance(HOUR);
    await poll();
    expect(await changesOf(id)).toHaveLength(1);

    clock.advance(3 * DAY - HOUR);
    stop(survival);
    await poll();
    expect(await changesOf(id)).toMatchObject([
      { status: true },
      { status: false, changedAt: '2030-06-13T12:00:00.000Z', processedAt: null },
    ]);
    clock.advance(DAY);

    const page = await publicPage('games', [id]);
    const [game] = page.body.gameServers as GameEntry[];
    expect(game?.name).toBe('Survival');
    expect(game?.status).toBe('down');
    // Known for 4 days, up for 3 of them: the 3 days before it was first seen count neither way.
    expect(game?.uptime).toEqual({ '24h': 0, '7d': 75, '30d': 75, '90d': 75 });
    expect(game?.days).toHaveLength(90);
    expect(game?.days.slice(-6)).toEqual([
      { day: '2030-06-09', uptime: null },
      // Known from noon, up all that time.
      { day: '2030-06-10', uptime: 100 },
      { day: '2030-06-11', uptime: 100 },
      { day: '2030-06-12', uptime: 100 },
      // Down from noon.
      { day: '2030-06-13', uptime: 50 },
      // Today until noon, down.
      { day: '2030-06-14', uptime: 0 },
    ]);
    expect(game?.days.slice(0, -5).every((day) => day.uptime === null)).toBe(true);

    // Nothing private: no AMP instance id or name, no host, port or panel address; only these fields.
    expect(Object.keys(game ?? {}).sort()).toEqual(['days', 'name', 'status', 'uptime']);
    const panel = new URL(amp.baseUrl);
    for (const secret of [survival.InstanceID, 'Minecraft01', '25565', 'play.example.test', panel.host, 'Module']) {
      expect(page.text).not.toContain(secret);
    }
  });

  it('counts a server seen by a restarted poller from its first record, and records a server new to it once', async () => {
    const creative = amp.addInstance({ InstanceName: 'Minecraft02', FriendlyName: 'Creative' });
    await poll();
    const id = await gameServerId(creative);
    expect(await changesOf(id)).toHaveLength(1);
    // A poller that starts afresh (a restart, another leader) offers every server's state as first seen; servers
    // that have a record keep it as it is.
    await app.built.services.recordFirstStates([
      { subjectKind: 'game_server', subjectId: id, name: 'Creative', status: false },
    ]);
    expect(await changesOf(id)).toMatchObject([{ status: true }]);

    clock.advance(2 * DAY);
    const page = await publicPage('creative', [id]);
    const [game] = page.body.gameServers as GameEntry[];
    expect(game?.uptime).toEqual({ '24h': 100, '7d': 100, '30d': 100, '90d': 100 });
    expect(game?.days.slice(-4).map((day) => day.uptime)).toEqual([null, 100, 100, 100]);
  });

  it('keeps 400 days of state changes, and the last one before them', async () => {
    const old = amp.addInstance({ InstanceName: 'Valheim01', FriendlyName: 'Viking' });
    await poll();
    const id = await gameServerId(old);
    await db().deleteFrom('alert_subject_changes').where('subjectId', '=', id).execute();
    const now = clock.now().getTime();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    const row = (daysAgo: number, status: boolean) => ({
      subjectKind: 'game_server',
      subjectId: id,
      subjectName: 'Viking',
      status,
      changedAt: at(daysAgo),
      previousChangedAt: null,
      processedAt: at(daysAgo),
    });
    await db()
      .insertInto('alert_subject_changes')
      .values([row(700, true), row(500, false), row(450, true), row(399, false), row(10, true)])
      .execute();

    const deleted = await app.built.services.history.pruneStateChanges();
    expect(deleted).toBe(2);
    // 450 days ago stays: it is the state from which the kept 400 days begin.
    expect((await changesOf(id)).map((change) => change.changedAt)).toEqual([at(450), at(399), at(10)]);
    expect(await app.built.services.history.pruneStateChanges()).toBe(0);
  });
});
