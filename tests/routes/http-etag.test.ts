import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceWire } from '../../src/shared/schemas/service.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

/**
 * Issue 14: the lists the dashboard polls carry a weak ETag and `private, no-cache`, and an unchanged list costs a
 * 304. The service list is cached per visibility class and order: every change shows in the next answer.
 */

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app);
  admin = await actors.admin.signIn();
});
afterAll(() => app.close());

async function services(client: TestClient, headers: Record<string, string> = {}) {
  return client.get<ServiceWire[]>('/api/services', { headers });
}

async function createService(name: string, extra: Record<string, unknown> = {}): Promise<ServiceWire> {
  const created = await admin.post<ServiceWire>('/api/services', { name, url: 'https://example.test/', ...extra });
  expect(created.status).toBe(201);
  return created.body;
}

describe('ETag and 304 on the lists', () => {
  it('the service list has a weak ETag and must be revalidated; the same tag gets a 304 without a body', async () => {
    await createService('Tagged');
    const first = await services(admin);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    for (const ifNoneMatch of [etag, etag.slice(2), `W/"other", ${etag}`, '*']) {
      const again = await services(admin, { 'if-none-match': ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.text, ifNoneMatch).toBe('');
      expect(again.headers.get('etag'), ifNoneMatch).toBe(etag);
      expect(again.headers.get('cache-control'), ifNoneMatch).toBe('private, no-cache');
      expect(again.headers.get('content-encoding'), ifNoneMatch).toBeNull();
    }
    const other = await services(admin, { 'if-none-match': 'W/"something-else"' });
    expect(other.status).toBe(200);
    expect(other.body).toEqual(first.body);
  });

  it('the game-server list too', async () => {
    const client = await actors.user.signIn();
    const first = await client.get('/api/game-servers');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await client.get('/api/game-servers', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('other answers stay no-store and untagged, and so do refusals of the lists', async () => {
    const own = await admin.get('/api/user');
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(own.headers.get('etag')).toBeNull();
    const anonymous = await app.client().get('/api/services');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    expect(anonymous.headers.get('etag')).toBeNull();
    const pending = await (await actors.pending.signIn()).get('/api/services');
    expect(pending.status).toBe(403);
    expect(pending.headers.get('etag')).toBeNull();
  });
});

describe('the cached service list follows every change', () => {
  it('creating, editing and deleting a service shows in the next answer, with a new tag', async () => {
    const before = await services(admin);
    const etag = before.headers.get('etag') ?? '';
    const created = await createService('Fresh');
    const afterCreate = await services(admin, { 'if-none-match': etag });
    expect(afterCreate.status).toBe(200);
    expect(afterCreate.headers.get('etag')).not.toBe(etag);
    expect(afterCreate.body.map((service) => service.name)).toContain('Fresh');

    const edited = await admin.put(`/api/services/${created.id}`, { id: created.id, name: 'Renamed' });
    expect(edited.status).toBe(200);
    const names = (await services(admin)).body.map((service) => service.name);
    expect(names).toContain('Renamed');
    expect(names).not.toContain('Fresh');

    expect((await admin.delete(`/api/services/${created.id}`)).status).toBe(200);
    expect((await services(admin)).body.map((service) => service.id)).not.toContain(created.id);
  });

  it('each viewer gets their visibility class and their own order, however the cache was filled', async () => {
    const hidden = await createService('Hidden NSFW', { isNSFW: true });
    const nsfwUser = await actors.nsfwUser.signIn();
    const user = await actors.user.signIn();
    // Filled by viewers who see the NSFW service first, then asked by one who must not.
    expect((await services(nsfwUser)).body.map((service) => service.id)).toContain(hidden.id);
    expect((await services(admin)).body.map((service) => service.id)).toContain(hidden.id);
    expect((await services(user)).body.map((service) => service.id)).not.toContain(hidden.id);
    expect((await services(nsfwUser)).body.map((service) => service.id)).toContain(hidden.id);

    const defaultOrder = (await services(user)).body.map((service) => service.id);
    const saved = [...defaultOrder].reverse();
    expect((await user.patch('/api/user', { service_order: saved })).status).toBe(200);
    expect((await services(user)).body.map((service) => service.id)).toEqual(saved);
    // A viewer without a saved order keeps the default one.
    expect((await services(nsfwUser)).body.filter((service) => !service.isNSFW).map((service) => service.id)).toEqual(
      defaultOrder,
    );
  });

  it('a check result shows in the next answer once it is written', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let checked = false;
    const target = http.createServer((_request, response) => {
      checked = true;
      void held.then(() => response.writeHead(200).end('ok'));
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const address = target.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const monitor = app.built.services.monitor;
    await monitor.start();
    try {
      // A new service is checked at once; its target holds the answer, so the list shows it down meanwhile.
      const service = await createService('Watched', { url: `http://127.0.0.1:${port}/health`, refreshInterval: 60 });
      await until(() => checked, 'the first check of the new service');
      const statusOf = async () => (await services(admin)).body.find((entry) => entry.id === service.id)?.status;
      expect(await statusOf()).toBe(false);
      expect(await statusOf()).toBe(false);
      release();
      await until(async () => (await statusOf()) === true, 'the list to show the service up');
    } finally {
      release();
      await monitor.stop();
      await new Promise((resolve) => target.close(resolve));
    }
  });
});
