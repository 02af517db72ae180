import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_PAGE_MSG, type StatusPageWire } from '../../src/shared/schemas/status-pages.ts';
import { MAX_NOTES_PER_PAGE, MAX_STATUS_PAGES } from '../../src/server/status-pages/status-page.service.ts';
import { ServicesRepository } from '../../src/server/repositories/services.repository.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

/**
 * An attacker's pass over public status pages (issue 16): slugs that climb out of /status/ or imitate another
 * page, markup in names and notes on the public answer, and the caps on the rows an admin can create.
 */

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
const clock = new TestClock(new Date('2030-08-01T12:00:00.000Z'));
const EVIL = '<script>alert(1)</script> "q" & ]]>';

beforeAll(async () => {
  app = await startTestApp({ clock });
  actors = await createActors(app);
  admin = await actors.admin.signIn();
});
afterAll(async () => {
  await app.close();
});

async function removeAllPages(): Promise<void> {
  for (const page of (await admin.get<StatusPageWire[]>('/api/status-pages')).body) {
    await admin.delete(`/api/status-pages/${page.id}`);
  }
}

describe('status page slugs', () => {
  it('refuses slugs that climb, encode, imitate with look-alikes, or run long', async () => {
    const slugs = [
      '..',
      '../admin',
      'a/b',
      'a%2Fb',
      'ѕtatus', // Cyrillic dze, looks like "s"
      'ｓtatus', // full-width
      'stat\u200bus', // zero-width space
      'Status',
      '-lab',
      'lab-',
      'a b',
      '',
      'a'.repeat(65),
      'la\nb',
    ];
    for (const slug of slugs) {
      const response = await admin.post('/api/status-pages', { slug, title: 'x', serviceIds: [], gameServerIds: [] });
      expect(response.status, JSON.stringify(slug)).toBe(400);
      expect(response.body, JSON.stringify(slug)).toEqual({ message: STATUS_PAGE_MSG.slugInvalid });
    }
    expect((await admin.get<StatusPageWire[]>('/api/status-pages')).body).toEqual([]);
  });

  it('answers 404 or 400 (never a page, never a 500) for odd spellings of a public page address', async () => {
    const anonymous = app.client();
    for (const path of ['..%2F..%2Fapi%2Fusers', '%D1%95tatus', 'a'.repeat(65), '%00', 'lab%0d%0aX-Injected:%201']) {
      const response = await anonymous.get(`/api/status-pages/${path}`);
      // 400 for what cannot be a slug (too long), 404 for the rest: nothing tells a page exists.
      expect([400, 404], path).toContain(response.status);
      expect(response.headers.get('x-injected')).toBeNull();
    }
  });
});

describe('the public answer', () => {
  it('carries names as JSON data, never internal URLs, and is not sniffable as HTML', async () => {
    const service = await new ServicesRepository(app.testDb.db.kysely).insert({
      name: EVIL,
      url: 'http://10.20.30.40:8443/secret-admin',
      status: true,
      lastChecked: clock.now().toISOString(),
      icon: null,
      background: null,
      refreshInterval: 30,
      isNSFW: false,
      tooltip: null,
      show_status_badge: true,
    });
    const page = await admin.post<StatusPageWire>('/api/status-pages', {
      slug: 'attack',
      title: EVIL,
      serviceIds: [service.id],
      gameServerIds: [],
    });
    expect(page.status, page.text).toBe(201);
    const note = await admin.post(`/api/status-pages/${page.body.id}/notes`, { title: EVIL, body: EVIL });
    expect(note.status, note.text).toBe(201);

    const answer = await app.client().get<{ title: string; services: { name: string }[] }>('/api/status-pages/attack');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.body.title).toBe(EVIL);
    expect(answer.body.services.map((each) => each.name)).toEqual([EVIL]);
    expect(answer.text).not.toContain('10.20.30.40');
    expect(answer.text).not.toContain('secret-admin');
    await removeAllPages();
  });
});

describe('row caps', () => {
  it(`holds at ${MAX_STATUS_PAGES} pages and ${MAX_NOTES_PER_PAGE} notes a page`, async () => {
    let firstId = 0;
    for (let index = 0; index < MAX_STATUS_PAGES; index += 1) {
      const created = await admin.post<StatusPageWire>('/api/status-pages', {
        slug: `cap-${index}`,
        title: `Page ${index}`,
        serviceIds: [],
        gameServerIds: [],
      });
      expect(created.status, created.text).toBe(201);
      firstId ||= created.body.id;
    }
    const over = await admin.post('/api/status-pages', {
      slug: 'one-more',
      title: 'x',
      serviceIds: [],
      gameServerIds: [],
    });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ message: STATUS_PAGE_MSG.tooMany });

    for (let index = 0; index < MAX_NOTES_PER_PAGE; index += 1) {
      const note = await admin.post(`/api/status-pages/${firstId}/notes`, { title: `Note ${index}` });
      expect(note.status, note.text).toBe(201);
    }
    const extra = await admin.post(`/api/status-pages/${firstId}/notes`, { title: 'one more' });
    expect(extra.status).toBe(409);
    expect(extra.body).toEqual({ message: STATUS_PAGE_MSG.tooManyNotes });
    await removeAllPages();
  }, 60_000);
});
