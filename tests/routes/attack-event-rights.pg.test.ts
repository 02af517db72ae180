// PostgreSQL only (the routes project includes *.pg.test.ts only when DATABASE_URL is set): two instances of the
// app on one database, as in events.pg.test.ts. An admin on instance A turns a user's NSFW access off; the user's
// stream is served by instance B, which hears of it only through LISTEN/NOTIFY (events/change-feed.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { OpenStreams, type StreamEvent } from '../helpers/event-stream-reader.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { newAccount, startTestApp, type TestApp } from '../helpers/test-app.ts';

let a: TestApp;
let b: TestApp;
let actors: Record<ActorKind, Actor>;
let adminA: TestClient;
const streams = new OpenStreams();

beforeAll(async () => {
  // The heartbeat's session check is far away: only the change itself can stop B's deliveries in time.
  const options = { changeFeed: { retryMs: 50, heartbeatMs: 100 }, eventHeartbeatMs: 10 * 60_000 };
  a = await startTestApp(options);
  b = await startTestApp({ ...options, testDb: a.testDb });
  actors = await createActors(a);
  adminA = await actors.admin.signIn();
});
afterAll(async () => {
  streams.closeAll();
  await b.close();
  await a.close();
});

const isAbout = (event: StreamEvent, id: number) =>
  event.event === 'service' && (JSON.parse(event.data) as { id: number }).id === id;
const withId = (id: number) => (data: unknown) => (data as { id?: number }).id === id;

async function addService(name: string, isNSFW: boolean): Promise<number> {
  const created = await adminA.post<{ id: number }>('/api/services', { name, url: 'http://127.0.0.1:9/', isNSFW });
  expect(created.status, created.text).toBe(201);
  return created.body.id;
}

describe('live events after the viewer loses NSFW access, across instances (PostgreSQL)', () => {
  it("ends the viewer's stream on another instance before it delivers the NSFW service's next event", async () => {
    const account = newAccount('viewer');
    const registered = await a.client().post<{ id: number }>('/api/register', account);
    const id = registered.body.id;
    expect(
      (await adminA.patch(`/api/users/${id}`, { id, role: 'user', can_view_nsfw: true })).status,
      'approve with NSFW access',
    ).toBe(200);
    const viewerB = b.client();
    expect((await viewerB.post('/api/login', { username: account.username, password: account.password })).status).toBe(
      200,
    );
    const nsfw = await addService('Velvet', true);
    const plain = await addService('Plain', false);

    const reader = await streams.open(viewerB);
    const feedA = a.built.services.changeFeed;
    feedA.publish({ kind: 'service', ids: [nsfw] });
    const seen = await reader.next('service', withId(nsfw));

    expect((await adminA.patch(`/api/users/${id}`, { id, can_view_nsfw: false })).status).toBe(200);
    feedA.publish({ kind: 'service', ids: [nsfw] });
    feedA.publish({ kind: 'service', ids: [plain] });
    // B hears A's messages in the order they were sent: once the stream ended or the plain change arrived on it,
    // whatever came before was handled.
    await Promise.race([reader.end(), reader.next('service', withId(plain)).catch(() => undefined)]);
    const afterRevocation = reader.events.slice(reader.events.indexOf(seen) + 1);
    expect(afterRevocation.filter((event) => isAbout(event, nsfw))).toEqual([]);
  });
});
