import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MSG } from '../../src/shared/messages.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;

interface ServiceBody {
  id: number;
  name: string;
  url: string;
  status: boolean;
  lastChecked: string;
  isNSFW: boolean;
  refreshInterval: number;
  show_status_badge: boolean;
  icon: string | null;
  background: string | null;
  tooltip: string | null;
}

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app);
  admin = await actors.admin.signIn();
});
afterAll(async () => {
  await app.close();
});

async function create(body: Record<string, unknown>): Promise<ServiceBody> {
  const response = await admin.post<ServiceBody>('/api/services', body);
  expect(response.status).toBe(201);
  return response.body;
}

async function namesSeenBy(kind: ActorKind): Promise<string[]> {
  const client = await actors[kind].signIn();
  const response = await client.get<ServiceBody[]>('/api/services');
  expect(response.status).toBe(200);
  return response.body.map((s) => s.name);
}

describe('creating services', () => {
  it('applies SPEC defaults and ignores the status and lastChecked the client sends', async () => {
    const service = await create({
      name: 'Grafana',
      url: 'https://grafana.lab',
      status: true,
      lastChecked: 'yesterday',
      show_status_badge: true,
    });
    expect(service).toMatchObject({
      name: 'Grafana',
      url: 'https://grafana.lab',
      status: false,
      refreshInterval: 30,
      isNSFW: false,
      show_status_badge: true,
      icon: null,
      background: null,
      tooltip: null,
    });
    expect(Number.isNaN(Date.parse(service.lastChecked))).toBe(false);
  });

  it.each([
    [{ name: 'x', url: 'not a url' }, SERVICE_MSG.urlInvalid],
    [{ name: 'x', url: 'javascript:alert(1)' }, SERVICE_MSG.urlInvalid],
    [{ name: 'x', url: 'ftp://files.lab' }, SERVICE_MSG.urlInvalid],
    [{ name: '', url: 'https://a.lab' }, SERVICE_MSG.nameRequired],
    [{ url: 'https://a.lab' }, SERVICE_MSG.nameRequired],
    [{ name: 'x', url: 'https://a.lab', refreshInterval: 4 }, SERVICE_MSG.refreshTooShort],
    [{ name: 'x', url: 'https://a.lab', icon: 'javascript:alert(1)' }, SERVICE_MSG.imageRefInvalid],
    [{ name: 'x', url: 'https://a.lab', icon: '/uploads/../secret.png' }, SERVICE_MSG.imageRefInvalid],
  ])('refuses %j with its message', async (body, message) => {
    const response = await admin.post('/api/services', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('is refused to ordinary users', async () => {
    const user = await actors.user.signIn();
    expect((await user.post('/api/services', { name: 'x', url: 'https://x.lab' })).status).toBe(403);
  });
});

describe('updating and deleting', () => {
  it('updates partially, keeping the interval when the dialog sends null', async () => {
    const service = await create({ name: 'Sonarr', url: 'https://sonarr.lab', refreshInterval: 60 });
    const response = await admin.put<ServiceBody>(`/api/services/${service.id}`, {
      id: service.id,
      name: 'Sonarr 4',
      tooltip: 'TV shows',
      isNSFW: false,
      show_status_badge: false,
      refreshInterval: null,
      icon: 'https://cdn.lab/sonarr.png',
      background: '',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Sonarr 4',
      url: 'https://sonarr.lab',
      tooltip: 'TV shows',
      show_status_badge: false,
      refreshInterval: 60,
      icon: 'https://cdn.lab/sonarr.png',
      background: null,
    });
  });

  it("moves a service to a new URL, refusing a bad one with 'Please enter a valid URL' and changing nothing", async () => {
    const service = await create({ name: 'Overseerr', url: 'https://overseerr.lab' });
    for (const url of ['not a url', 'javascript:alert(1)', 'ftp://files.lab']) {
      const refused = await admin.put(`/api/services/${service.id}`, { id: service.id, url });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(SERVICE_MSG.urlInvalid);
    }
    const stored = (await admin.get<ServiceBody[]>('/api/services')).body.find((row) => row.id === service.id);
    expect(stored?.url).toBe('https://overseerr.lab');
    const moved = await admin.put<ServiceBody>(`/api/services/${service.id}`, {
      id: service.id,
      url: 'https://requests.lab:5055/',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.url).toBe('https://requests.lab:5055/');
  });

  it('needs a numeric id in the body that matches the path', async () => {
    const service = await create({ name: 'Radarr', url: 'https://radarr.lab' });
    expect((await admin.put(`/api/services/${service.id}`, { name: 'no id' })).status).toBe(400);
    expect((await admin.put(`/api/services/${service.id}`, { id: String(service.id), name: 'text id' })).status).toBe(
      400,
    );
    const mismatch = await admin.put(`/api/services/${service.id}`, { id: service.id + 1000, name: 'other' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(SERVICE_MSG.idMismatch);
    expect((await admin.put('/api/services/abc', { id: 1 })).status).toBe(400);
    expect((await admin.put('/api/services/999999', { id: 999999, name: 'ghost' })).status).toBe(404);
  });

  it('deletes with SPEC message, then 404', async () => {
    const service = await create({ name: 'Temporary', url: 'https://tmp.lab' });
    const response = await admin.delete(`/api/services/${service.id}`);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Service deleted');
    expect((await admin.delete(`/api/services/${service.id}`)).status).toBe(404);
    expect(await namesSeenBy('admin')).not.toContain('Temporary');
  });
});

describe('NSFW visibility (server-side)', () => {
  it('hides NSFW services from users without can_view_nsfw, in every response', async () => {
    await create({ name: 'After Dark', url: 'https://nsfw.lab', isNSFW: true });
    expect(await namesSeenBy('admin')).toContain('After Dark');
    expect(await namesSeenBy('superadmin')).toContain('After Dark');
    expect(await namesSeenBy('nsfwUser')).toContain('After Dark');
    expect(await namesSeenBy('user')).not.toContain('After Dark');
    const user = await actors.user.signIn();
    const raw = await user.get('/api/services');
    expect(raw.text).not.toContain('nsfw.lab');
    expect((await (await actors.pending.signIn()).get('/api/services')).status).toBe(403);
  });
});

describe('ordering', () => {
  it('uses the default order without a saved order, then the saved order across requests', async () => {
    const fresh = await startTestApp();
    try {
      const freshActors = await createActors(fresh);
      const freshAdmin = await freshActors.admin.signIn();
      const ids: Record<string, number> = {};
      for (const [name, isNSFW] of [
        ['Zigbee2MQTT', false],
        ['Open WebUI', false],
        ['Jellyseerr', false],
        ['Hidden', true],
        ['Plex', false],
        ['Adguard', false],
      ] as const) {
        const response = await freshAdmin.post<ServiceBody>('/api/services', { name, url: 'https://x.lab', isNSFW });
        ids[name] = response.body.id;
      }
      const list = await freshAdmin.get<ServiceBody[]>('/api/services');
      expect(list.body.map((s) => s.name)).toEqual([
        'Plex',
        'Jellyseerr',
        'Open WebUI',
        'Adguard',
        'Zigbee2MQTT',
        'Hidden',
      ]);
      const saved = [ids.Adguard, ids.Hidden, ids.Plex].map(Number);
      expect((await freshAdmin.patch('/api/user', { service_order: saved })).status).toBe(200);
      const again = await freshAdmin.get<ServiceBody[]>('/api/services');
      expect(again.body.map((s) => s.name)).toEqual([
        'Adguard',
        'Hidden',
        'Plex',
        'Jellyseerr',
        'Open WebUI',
        'Zigbee2MQTT',
      ]);
      // Another user's order is their own.
      const other = await freshActors.nsfwUser.signIn();
      expect((await other.get<ServiceBody[]>('/api/services')).body[0]?.name).toBe('Plex');
    } finally {
      await fresh.close();
    }
  });
});
