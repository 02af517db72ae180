import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTargets } from '../fakes/http-targets.ts';
import { createActors } from '../helpers/actors.ts';
import { OpenStreams, type StreamEvent } from '../helpers/event-stream-reader.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { registerClient, startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 26, item 10: after an admin turned a user's NSFW access off, the user's open GET /api/events stream kept
 * delivering the NSFW services' events (with their failure text) until the next heartbeat's session check. The
 * heartbeat here is far away, so only the change itself can stop those deliveries.
 */

let app: TestApp;
let admin: TestClient;
let targets: HttpTargets;
const streams = new OpenStreams();

beforeAll(async () => {
  app = await startTestApp({ eventHeartbeatMs: 10 * 60_000 });
  admin = await (await createActors(app)).admin.signIn();
  targets = await new HttpTargets().start();
  await app.built.services.monitor.start();
});
afterAll(async () => {
  streams.closeAll();
  await app.built.services.monitor.stop();
  await targets.close();
  await app.close();
});

interface Change {
  id: number;
  status: boolean;
}
const upOf = (id: number) => (data: unknown) => (data as Change).id === id && (data as Change).status;
const downOf = (id: number) => (data: unknown) => (data as Change).id === id && !(data as Change).status;
const isAbout = (event: StreamEvent, id: number) =>
  event.event === 'service' && (JSON.parse(event.data) as Change).id === id;

/** A new approved user with NSFW access, signed in. */
async function nsfwViewer(): Promise<{ client: TestClient; id: number }> {
  const { account, user } = await registerClient(app, 'viewer');
  const approved = await admin.patch(`/api/users/${user.id}`, { id: user.id, role: 'user', can_view_nsfw: true });
  expect(approved.status, approved.text).toBe(200);
  const client = app.client();
  expect((await client.post('/api/login', { username: account.username, password: account.password })).status).toBe(
    200,
  );
  return { client, id: user.id };
}

async function addService(name: string, path: string, isNSFW: boolean): Promise<number> {
  const created = await admin.post<{ id: number }>('/api/services', { name, url: targets.url(path), isNSFW });
  expect(created.status, created.text).toBe(201);
  return created.body.id;
}

/** A new address is checked at once: /down answers 500 and the service goes down. */
async function takeDown(id: number, path: string): Promise<void> {
  expect((await admin.put(`/api/services/${id}`, { id, url: targets.url(path) })).status).toBe(200);
}

describe('live events after the viewer loses NSFW access', () => {
  it("stops delivering an NSFW service's events at once, on the open stream and on its resumption", async () => {
    const viewer = await nsfwViewer();
    const [viewerStream, adminStream] = [await streams.open(viewer.client), await streams.open(admin)];
    const nsfw = await addService('Velvet', '/up?rights-nsfw', true);
    const plain = await addService('Plain', '/up?rights-plain', false);
    // While the viewer may see NSFW services, the stream carries them.
    const seenUp = await viewerStream.next('service', upOf(nsfw));
    await viewerStream.next('service', upOf(plain));

    const revoked = await admin.patch(`/api/users/${viewer.id}`, { id: viewer.id, can_view_nsfw: false });
    expect(revoked.status).toBe(200);

    await takeDown(nsfw, '/down?rights-nsfw');
    // The admin's stream proves the NSFW change was published before the plain one.
    await adminStream.next('service', downOf(nsfw));
    await takeDown(plain, '/down?rights-plain');
    // Either the viewer's stream ended (its client reconnects under the new rights) or the later plain change
    // arrived on it: in both cases everything published before has been written to it.
    await Promise.race([viewerStream.end(), viewerStream.next('service', downOf(plain)).catch(() => undefined)]);
    const afterRevocation = viewerStream.events.slice(viewerStream.events.indexOf(seenUp) + 1);
    expect(afterRevocation.filter((event) => isAbout(event, nsfw))).toEqual([]);

    // The browser's reconnect resumes after the last event it saw, filtered by the viewer's rights now.
    const lastSeen = viewerStream.events.filter((event) => event.id !== undefined).at(-1)?.id;
    const resumed = await streams.open(viewer.client, lastSeen === undefined ? {} : { lastEventId: lastSeen });
    expect(resumed.status).toBe(200);
    await resumed.next('service', downOf(plain));
    expect(resumed.events.filter((event) => isAbout(event, nsfw))).toEqual([]);
  });
});
