import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceWire } from '../../src/shared/schemas/service.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Which service card is the media card (serviceWire.mediaServer): the admin's mark, else the oldest service named
 * like Plex or Jellyfin, decided over every service (not one viewer's list); the media card leads SPEC's default
 * order.
 */

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
let user: TestClient;
const ids: Record<string, number> = {};

async function create(name: string, isNSFW = false): Promise<ServiceWire> {
  const response = await admin.post<ServiceWire>('/api/services', { name, url: 'http://127.0.0.1:9', isNSFW });
  if (response.status !== 201) throw new Error(`create ${name}: ${response.status} ${response.text}`);
  ids[name] = response.body.id;
  return response.body;
}

async function mark(name: string, mediaServer: boolean) {
  return admin.put<ServiceWire>(`/api/services/${ids[name]}`, { id: ids[name], mediaServer });
}

async function listOf(client: TestClient): Promise<ServiceWire[]> {
  const response = await client.get<ServiceWire[]>('/api/services');
  expect(response.status).toBe(200);
  return response.body;
}

const marked = (list: ServiceWire[]) => list.filter((service) => service.mediaServer).map((service) => service.name);

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app);
  admin = await actors.admin.signIn();
  user = await actors.user.signIn();
  await create('Bazarr');
  await create('Open WebUI');
  expect((await create('Plex')).mediaServer).toBe(true);
  await create('Home Theatre');
  await create('Overseerr');
  await create('Late Night', true);
});
afterAll(async () => {
  await app.close();
});

describe('the media card', () => {
  it('defaults to the service named like Plex, which leads the default order', async () => {
    const list = await listOf(user);
    expect(marked(list)).toEqual(['Plex']);
    expect(list.map((service) => service.name)).toEqual(['Plex', 'Overseerr', 'Open WebUI', 'Bazarr', 'Home Theatre']);
  });

  it('follows the admin mark, which clears any other and moves the lead', async () => {
    const response = await mark('Home Theatre', true);
    expect(response.status, response.text).toBe(200);
    expect(response.body.mediaServer).toBe(true);
    const list = await listOf(user);
    expect(marked(list)).toEqual(['Home Theatre']);
    expect(list[0]?.name).toBe('Home Theatre');

    expect((await mark('Bazarr', true)).body.mediaServer).toBe(true);
    expect(marked(await listOf(admin))).toEqual(['Bazarr']);
    const rows = await app.testDb.db.kysely.selectFrom('services').select(['name', 'media_server']).execute();
    expect(rows.filter((row) => row.media_server === true || row.media_server === 1).map((row) => row.name)).toEqual([
      'Bazarr',
    ]);
  });

  it('returns to the name rule when the mark is cleared', async () => {
    const response = await mark('Bazarr', false);
    expect(response.body.mediaServer).toBe(false);
    expect(marked(await listOf(user))).toEqual(['Plex']);
  });

  it('is decided over every service: a marked NSFW service hidden from a user leaves the user no media card', async () => {
    expect((await mark('Late Night', true)).body.mediaServer).toBe(true);
    const forUser = await listOf(user);
    expect(forUser.map((service) => service.name)).not.toContain('Late Night');
    expect(marked(forUser)).toEqual([]);
    expect(marked(await listOf(await actors.nsfwUser.signIn()))).toEqual(['Late Night']);
    await mark('Late Night', false);
  });

  it('is answered as the contract says on update and create, and an unknown id changes no mark', async () => {
    expect((await mark('Plex', true)).body.mediaServer).toBe(true);
    const response = await admin.put('/api/services/999999', { id: 999999, mediaServer: true });
    expect(response.status).toBe(404);
    expect(marked(await listOf(admin))).toEqual(['Plex']);
    expect((await create('Jellyfin')).mediaServer).toBe(false);
  });
});
