import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_PAGE_MSG, type StatusPageWire } from '../../src/shared/schemas/status-pages.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 26, item 9: NSFW services appeared on public status pages and public badges, to anonymous visitors. Making
 * them public is refused, and one flagged NSFW after it was made public vanishes from the page and its badges.
 */

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app);
  admin = await actors.admin.signIn();
});
afterAll(async () => {
  await app.close();
});

async function addService(name: string, isNSFW: boolean): Promise<number> {
  const created = await admin.post<{ id: number }>('/api/services', {
    name,
    url: `http://192.0.2.10/${name.toLowerCase()}`,
    isNSFW,
  });
  expect(created.status, created.text).toBe(201);
  return created.body.id;
}

const UNKNOWN_BADGE = '{"message":"Badge not found"}';

describe('NSFW services on public pages and badges', () => {
  it('refuses an NSFW service on a public status page, on creation and on change, with a clear 400', async () => {
    const nsfw = await addService('Velvet Room', true);
    const plain = await addService('Plain Wiki', false);

    const created = await admin.post('/api/status-pages', {
      slug: 'refused-nsfw',
      title: 'Lab',
      serviceIds: [plain, nsfw],
      gameServerIds: [],
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ message: STATUS_PAGE_MSG.nsfwService });
    expect((await admin.get<StatusPageWire[]>('/api/status-pages')).body.map((page) => page.slug)).not.toContain(
      'refused-nsfw',
    );

    const page = await admin.post<StatusPageWire>('/api/status-pages', {
      slug: 'clean-page',
      title: 'Lab',
      serviceIds: [plain],
      gameServerIds: [],
    });
    expect(page.status).toBe(201);
    const changed = await admin.patch(`/api/status-pages/${page.body.id}`, { serviceIds: [plain, nsfw] });
    expect(changed.status).toBe(400);
    expect(changed.body).toEqual({ message: STATUS_PAGE_MSG.nsfwService });
    const shown = await app.client().get<{ services: { name: string }[] }>('/api/status-pages/clean-page');
    expect(shown.body.services.map((service) => service.name)).toEqual(['Plain Wiki']);
  });

  it('refuses a public badge for an NSFW service with a clear 400', async () => {
    const nsfw = await addService('Velvet Badge', true);
    const marked = await admin.put(`/api/badges/${nsfw}`, { public: true });
    expect(marked.status).toBe(400);
    expect(marked.body).toEqual({ message: STATUS_PAGE_MSG.nsfwBadge });
    expect((await app.client().get(`/api/badge/${nsfw}/status`)).text).toBe(UNKNOWN_BADGE);
  });

  it('drops a service flagged NSFW afterwards from its public page, and its badges answer 404 like unknown ids', async () => {
    const turning = await addService('Turning Room', false);
    const plain = await addService('Plain Board', false);
    const page = await admin.post<StatusPageWire>('/api/status-pages', {
      slug: 'turning-page',
      title: 'Lab',
      serviceIds: [turning, plain],
      gameServerIds: [],
    });
    expect(page.status).toBe(201);
    expect((await admin.put(`/api/badges/${turning}`, { public: true })).status).toBe(200);
    const anonymous = app.client();
    // Read once, so the kept public answers have to be dropped by the change.
    const before = await anonymous.get<{ services: { name: string }[] }>('/api/status-pages/turning-page');
    expect(before.body.services.map((service) => service.name)).toEqual(['Turning Room', 'Plain Board']);
    expect((await anonymous.get(`/api/badge/${turning}/status`)).status).toBe(200);
    expect((await anonymous.get(`/api/badge/${turning}/uptime?period=30d`)).status).toBe(200);

    const flagged = await admin.put(`/api/services/${turning}`, { id: turning, isNSFW: true });
    expect(flagged.status).toBe(200);

    const after = await anonymous.get<{ services: { name: string }[] }>('/api/status-pages/turning-page');
    expect(after.status).toBe(200);
    expect(after.body.services.map((service) => service.name)).toEqual(['Plain Board']);
    expect(after.text).not.toContain('Turning Room');
    for (const path of [`/api/badge/${turning}/status`, `/api/badge/${turning}/uptime?period=30d`]) {
      const badge = await anonymous.get(path);
      expect(badge.status, path).toBe(404);
      expect(badge.text, path).toBe(UNKNOWN_BADGE);
    }
    // The admins' list of public badges says what is public: not this one any more.
    expect((await admin.get<{ serviceIds: number[] }>('/api/badges')).body.serviceIds).not.toContain(turning);
    // The page can still be edited without touching its services.
    expect((await admin.patch(`/api/status-pages/${page.body.id}`, { title: 'Lab 2' })).status).toBe(200);
  });
});
