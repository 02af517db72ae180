// PostgreSQL only (the routes project includes *.pg.test.ts only when DATABASE_URL is set): two instances of the
// app on one database. Instance A runs the monitor and the pollers (as the leader would); streams and lists are
// served by instance B, which hears of A's changes through LISTEN/NOTIFY (events/change-feed.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../../src/server/db/pg-listener.ts';
import { CHANGE_CHANNEL } from '../../src/server/events/change-feed.ts';
import { HttpTargets } from '../fakes/http-targets.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { addSilentGameServer, OpenStreams, type EventStreamReader } from '../helpers/event-stream-reader.ts';
import { TestClient } from '../helpers/http-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

let a: TestApp;
let b: TestApp;
let actors: Record<ActorKind, Actor>;
let targets: HttpTargets;
const streams = new OpenStreams();

// Fast reconnects and liveness checks of the listening connection, so the lost-connection test runs quickly.
const changeFeed = { retryMs: 50, heartbeatMs: 100 };

beforeAll(async () => {
  a = await startTestApp({ changeFeed });
  b = await startTestApp({ changeFeed, testDb: a.testDb });
  actors = await createActors(a);
  targets = await new HttpTargets().start();
  await a.built.services.monitor.start();
});
afterAll(async () => {
  streams.closeAll();
  await a.built.services.monitor.stop();
  await targets.close();
  await b.close();
  await a.close();
});

/** A new signed-in browser of the actor on instance B. */
async function onB(actor: Actor): Promise<TestClient> {
  const client = b.client();
  const login = await client.post('/api/login', actor.credentials);
  if (login.status !== 200) throw new Error(`login ${actor.kind} on B: ${login.status}`);
  return client;
}

const stream = (client: TestClient, options: { lastEventId?: string } = {}): Promise<EventStreamReader> =>
  streams.open(client, options);

const withId = (id: number) => (data: unknown) => (data as { id?: number }).id === id;

interface Listed {
  id: number;
  name: string;
  status: boolean;
  lastChecked: string;
}

async function listed(client: TestClient, id: number): Promise<Listed | undefined> {
  return (await client.get<Listed[]>('/api/services')).body.find((service) => service.id === id);
}

describe('live events and cached lists across instances (PostgreSQL)', () => {
  it("pushes the leader's status change to a stream on another instance, for a service created there", async () => {
    const adminB = await onB(actors.admin);
    const userB = await onB(actors.user);
    const reader = await stream(userB);
    // Created through B: A's monitor hears of it through the feed, checks it at once, and the change (offline →
    // online) it commits comes back to B's stream, as B's GET /api/services shows it.
    const created = await adminB.post<{ id: number }>('/api/services', { name: 'Across', url: targets.url('/up?x') });
    expect(created.status).toBe(201);
    const pushed = await reader.next('service', withId(created.body.id));
    expect(JSON.parse(pushed.data)).toEqual({
      id: created.body.id,
      status: true,
      lastChecked: (await listed(userB, created.body.id))?.lastChecked,
    });
  });

  it("carries the leader's game-server and media polls to streams on another instance", async () => {
    const reader = await stream(await onB(actors.user));
    await a.built.services.mediaPoller.poll();
    await reader.next('media');
    await addSilentGameServer(await actors.admin.signIn());
    await reader.next('game-servers');
  });

  it('filters NSFW services per viewer on the instance that serves the stream', async () => {
    const adminA = await actors.admin.signIn();
    const hidden = await adminA.post<{ id: number }>('/api/services', {
      name: 'Hidden',
      url: targets.url('/up?hidden'),
      isNSFW: true,
    });
    const shown = await adminA.post<{ id: number }>('/api/services', { name: 'Shown', url: targets.url('/up?shown') });
    const [userStream, nsfwStream] = [await stream(await onB(actors.user)), await stream(await onB(actors.nsfwUser))];
    a.built.services.changeFeed.publish({ kind: 'service', ids: [hidden.body.id] });
    a.built.services.changeFeed.publish({ kind: 'service', ids: [shown.body.id] });
    await nsfwStream.next('service', withId(shown.body.id));
    await nsfwStream.next('service', withId(hidden.body.id));
    // The later, visible event proves the user's stream got past the NSFW one.
    await userStream.next('service', withId(shown.body.id));
    expect(userStream.events.some((event) => withId(hidden.body.id)(JSON.parse(event.data)))).toBe(false);
  });

  it('caches the service list on every instance, dropped when a change is checked or made on another', async () => {
    const adminA = await actors.admin.signIn();
    const userB = await onB(actors.user);
    const created = await adminA.post<{ id: number }>('/api/services', { name: 'Cached', url: targets.url('/up?c') });
    const id = created.body.id;
    // A checks it at once and writes the result; B drops its cached list and shows it.
    await until(async () => (await listed(userB, id))?.status === true, "B's list to show A's check");
    await a.built.services.monitor.flush();
    // B answers from its cache: a write that bypasses the app (and so announces nothing) does not show ...
    expect((await listed(userB, id))?.name).toBe('Cached');
    await a.testDb.db.kysely.updateTable('services').set({ name: 'Unannounced' }).where('id', '=', id).execute();
    expect((await listed(userB, id))?.name).toBe('Cached');
    // ... and an edit through A shows on B at its next request.
    const renamed = await adminA.put(`/api/services/${id}`, { id, name: 'Renamed' });
    expect(renamed.status).toBe(200);
    await until(async () => (await listed(userB, id))?.name === 'Renamed', "B's list to show A's edit");
  });

  it('ignores notifications on its channel that are not its own messages', async () => {
    const reader = await stream(await onB(actors.user));
    const notify = (payload: string) =>
      sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`.execute(a.testDb.db.kysely);
    await notify('not json');
    await notify(JSON.stringify({ o: 'elsewhere', m: { kind: 'service', ids: ['1; drop table services'] } }));
    await notify(JSON.stringify({ o: 'elsewhere', m: { kind: 'resync' } }));
    await notify(JSON.stringify({ o: 'elsewhere', m: { kind: 'media' } }));
    // Delivered in order: once the well-formed message arrived, the others were passed over.
    await reader.next('media');
    expect(reader.events.filter((event) => event.event === 'media' || event.event === 'resync')).toHaveLength(1);
    expect(reader.events.some((event) => event.event === 'service')).toBe(false);
  });

  it('asks streams to resync and reads lists afresh when the listening connection was lost', async () => {
    const client = await onB(actors.user);
    const reader = await stream(client);
    const before = b.built.services.liveEvents.publish('media', {});
    await reader.next('media');
    // Cut both instances' listening connections, as a PostgreSQL restart or a network cut would.
    // (Only this test's database: other test files share the cluster.)
    await sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()
    `.execute(a.testDb.db.kysely);
    const resync = await reader.next('resync');
    expect(b.built.services.changeFeed.live).toBe(true);
    // What came before the gap can no longer be replayed: a reconnect from there is told to resync too.
    const again = await stream(client, { lastEventId: before.id });
    await again.next('resync');
    // From the resync on, replay works again, and events flow again between instances.
    const after = await stream(client, { lastEventId: resync.id });
    await a.built.services.mediaPoller.poll();
    a.built.services.changeFeed.publish({ kind: 'media' });
    await after.next('media');
  });
});
