import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionsRepository } from '../../src/server/repositories/sessions.repository.ts';
import { HttpTargets } from '../fakes/http-targets.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { addSilentGameServer, OpenStreams, type EventStreamReader } from '../helpers/event-stream-reader.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
let targets: HttpTargets;
const streams = new OpenStreams();

// A short heartbeat so the session re-check (which ends streams of sessions ended without notice) runs often.
beforeAll(async () => {
  app = await startTestApp({ eventHeartbeatMs: 100 });
  actors = await createActors(app);
  admin = await actors.admin.signIn();
  targets = await new HttpTargets().start();
  await app.built.services.monitor.start();
});
afterAll(async () => {
  streams.closeAll();
  await app.built.services.monitor.stop();
  await targets.close();
  await app.close();
});

const stream = (client: TestClient, options: { lastEventId?: string } = {}): Promise<EventStreamReader> =>
  streams.open(client, options);

const withId = (id: number) => (data: unknown) => (data as { id?: number }).id === id;

describe('GET /api/events', () => {
  it('answers an event stream that is never cached, with the retry delay first', async () => {
    const reader = await stream(await actors.user.signIn());
    expect(reader.status).toBe(200);
    expect(reader.contentType).toMatch(/^text\/event-stream/);
    await reader.heartbeats(2);
    reader.close();
  });

  it('pushes a status change the monitor saw to every open dashboard, as GET /api/services shows it', async () => {
    const user = await actors.user.signIn();
    const [userStream, adminStream] = [await stream(user), await stream(admin)];
    const created = await admin.post<{ id: number }>('/api/services', { name: 'Pushed', url: targets.url('/up') });
    expect(created.status).toBe(201);

    // A new service is checked at once: offline → online is a change, pushed when the result is committed.
    const pushed = await userStream.next('service', withId(created.body.id));
    await adminStream.next('service', withId(created.body.id));
    const listed = (await user.get<{ id: number; status: boolean; lastChecked: string }[]>('/api/services')).body.find(
      (service) => service.id === created.body.id,
    );
    expect(JSON.parse(pushed.data)).toEqual({ id: created.body.id, status: true, lastChecked: listed?.lastChecked });
    expect(listed?.status).toBe(true);
  });

  it('carries why a service went down, the condition text to administrators only, live and replayed', async () => {
    const user = await actors.user.signIn();
    const [userStream, adminStream] = [await stream(user), await stream(admin)];
    const created = await admin.post<{ id: number }>('/api/services', {
      name: 'Failing',
      url: targets.url('/up?live-failure'),
      check: { conditions: ['[STATUS] == 200'] },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const up = await userStream.next('service', withId(id));
    expect(JSON.parse(up.data)).not.toHaveProperty('failure');

    // A new address is checked at once: the target answers 500, the condition fails and the service goes down.
    const moved = await admin.put(`/api/services/${id}`, { id, url: targets.url('/down?live-failure') });
    expect(moved.status).toBe(200);
    const isDown = (data: unknown) => withId(id)(data) && (data as { status: boolean }).status === false;
    const [seenByUser, seenByAdmin] = [
      await userStream.next('service', isDown),
      await adminStream.next('service', isDown),
    ];
    expect(seenByAdmin.id).toBe(seenByUser.id);
    expect(JSON.parse(seenByAdmin.data)).toMatchObject({ id, status: false, failure: '[STATUS] == 200 (was 500)' });
    expect(JSON.parse(seenByUser.data)).toMatchObject({ id, status: false, failure: 'Condition 1 of 1 failed' });
    // As the list shows it to each of them.
    const listedFor = async (client: TestClient) =>
      (await client.get<{ id: number; failure?: string }[]>('/api/services')).body.find((each) => each.id === id);
    expect((await listedFor(admin))?.failure).toBe('[STATUS] == 200 (was 500)');
    expect((await listedFor(user))?.failure).toBe('Condition 1 of 1 failed');

    // A user's replay after a reconnect follows the same rule.
    const replayed = await stream(user, { lastEventId: up.id });
    expect(JSON.parse((await replayed.next('service', isDown)).data)).toMatchObject({
      failure: 'Condition 1 of 1 failed',
    });
    for (const reader of [userStream, replayed]) {
      expect(reader.events.some((event) => event.data.includes('[STATUS]'))).toBe(false);
    }
  });

  it('tells open dashboards to look at the game servers again when a poll changes what the cards show', async () => {
    const reader = await stream(await actors.user.signIn());
    await addSilentGameServer(admin);
    await reader.next('game-servers');
  });

  it('tells open dashboards to look at the media card again when a media poll changes what it shows', async () => {
    const reader = await stream(await actors.user.signIn());
    // No media server is configured here: the first poll stores that, which is a change from nothing.
    await app.built.services.mediaPoller.poll();
    await reader.next('media');
  });

  it('sends NSFW services only to viewers who may see them', async () => {
    const [userStream, nsfwStream] = [
      await stream(await actors.user.signIn()),
      await stream(await actors.nsfwUser.signIn()),
    ];
    const events = app.built.services.liveEvents;
    events.publish('service', { id: 9001, status: true, lastChecked: 'x' }, { nsfw: true });
    events.publish('service', { id: 9002, status: true, lastChecked: 'x' }, { nsfw: false });

    await nsfwStream.next('service', withId(9002));
    expect(nsfwStream.events.some((event) => event.data.includes('9001'))).toBe(true);
    // The later, visible event proves the user's stream got past the NSFW one.
    await userStream.next('service', withId(9002));
    expect(userStream.events.some((event) => event.data.includes('9001'))).toBe(false);
  });

  it('replays what a reconnecting client missed after its Last-Event-ID, and asks an unknown one to resync', async () => {
    const client = await actors.user.signIn();
    const events = app.built.services.liveEvents;
    const first = await stream(client);
    const seen = events.publish('game-servers', { n: 1 });
    await first.next('game-servers');
    first.close();

    events.publish('media', { n: 2 });
    events.publish('service', { id: 9003, status: false, lastChecked: 'y' });
    const again = await stream(client, { lastEventId: seen.id });
    await again.next('service', withId(9003));
    expect(again.events.map((event) => event.event)).toEqual(['media', 'service']);

    const stranger = await stream(client, { lastEventId: '0-1' });
    await stranger.next('resync');
  });

  it('ends the stream when its session ends: logout, a role change, or a session removed without notice', async () => {
    const loggingOut = await actors.user.signIn();
    const byLogout = await stream(loggingOut);
    expect((await loggingOut.post('/api/logout')).status).toBe(200);
    await byLogout.end();

    const demoted = await actors.nsfwUser.signIn();
    const byRole = await stream(demoted);
    const target = actors.nsfwUser.id ?? 0;
    expect((await admin.patch(`/api/users/${target}`, { id: target, role: 'pending' })).status).toBe(200);
    await byRole.end();

    // Expiry and similar paths announce nothing: the heartbeat's session check ends the stream.
    const expiring = await actors.admin.signIn();
    const byExpiry = await stream(expiring);
    await new SessionsRepository(app.testDb.db.kysely).deleteForUser(actors.admin.id ?? 0);
    await byExpiry.end();
  });

  it('refuses an eleventh stream for one account with 429', async () => {
    const client = await actors.superadmin.signIn();
    const readers = [];
    for (let i = 0; i < 10; i += 1) readers.push(await stream(client));
    expect(readers.every((reader) => reader.status === 200)).toBe(true);
    const refused = await client.get('/api/events');
    expect(refused.status).toBe(429);
    for (const reader of readers) reader.close();
  });
});
