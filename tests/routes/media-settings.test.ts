import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTEGRATION_MSG,
  type JellyfinSettingsWire,
  type PlexSettingsWire,
} from '../../src/shared/schemas/integrations.ts';
import { MEDIA_MSG, type MediaDetailsWire, type MediaServerWire } from '../../src/shared/schemas/media.ts';
import type { SettingsWire } from '../../src/shared/schemas/settings.ts';
import { startFakePlex, type FakePlex } from '../fakes/plex-server.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient, TestResponse } from '../helpers/http-client.ts';
import { RecordedAnswers } from '../helpers/recorded-answers.ts';
import { until } from '../helpers/until.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDb, type TestDb } from '../helpers/test-db.ts';

/**
 * Plex and Jellyfin settings (the one integration-settings pattern): the environment first, the Settings page
 * after; token and API key write-only; the connection test; the media_backend choice; the Plex client identifier.
 */

const JELLYFIN_KEY = 'env-jellyfin-key-5a7c0e';
let plex: FakePlex;
let testDb: TestDb;
let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
const answers = new RecordedAnswers();

const call = <T>(client: TestClient, method: string, path: string, body?: unknown): Promise<TestResponse<T>> =>
  answers.request<T>(client, method, path, body);

/** A signed-in client of the app running now (the tests restart it). */
async function signIn(kind: ActorKind): Promise<TestClient> {
  const client = app.client();
  const response = await client.post('/api/login', actors[kind].credentials);
  if (response.status !== 200) throw new Error(`login ${kind}: ${response.status}`);
  return client;
}

async function start(): Promise<void> {
  app = await startTestApp({
    testDb,
    env: {
      PLEX_URL: plex.baseUrl,
      PLEX_TOKEN: plex.token,
      PLEX_SHARE_LIBRARIES: 'Movies',
      JELLYFIN_URL: 'http://127.0.0.1:8096',
      JELLYFIN_API_KEY: JELLYFIN_KEY,
    },
  });
}

beforeAll(async () => {
  plex = await startFakePlex();
  testDb = await createTestDb();
  await start();
  actors = await createActors(app);
  admin = await actors.admin.signIn();
});
afterAll(async () => {
  answers.expectNoneContain(plex.token, JELLYFIN_KEY);
  await app.close();
  await testDb.dispose();
  await plex.stop();
});

describe('Plex settings', () => {
  it('start from the PLEX_* environment and never return the token', async () => {
    const response = await call<PlexSettingsWire>(admin, 'GET', '/api/integrations/plex');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      url: plex.baseUrl,
      token_set: true,
      tv_url: null,
      share_libraries: 'Movies',
      configured: true,
      source: 'environment',
    });
  });

  it("test the connection in force: the server's name and version", async () => {
    const response = await call(admin, 'POST', '/api/integrations/plex/test', {});
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ message: INTEGRATION_MSG.mediaConnected('Homelab Plex', plex.version) });
  });

  it('test a wrong token before saving: 502 with the reason, the token nowhere, nothing stored', async () => {
    const response = await call<{ message: string }>(admin, 'POST', '/api/integrations/plex/test', {
      token: 'wrong-plex-token-9f3',
    });
    expect(response.status).toBe(502);
    expect(response.body.message).toEqual(expect.stringContaining('401'));
    expect(response.text).not.toContain('wrong-plex-token-9f3');
    expect((await call<PlexSettingsWire>(admin, 'GET', '/api/integrations/plex')).body.source).toBe('environment');
  });

  it('save: the token kept when empty, a new plex.tv URL (with the token again) and shared libraries stored', async () => {
    const kept = await call<PlexSettingsWire>(admin, 'PATCH', '/api/integrations/plex', {
      token: '',
      share_libraries: ' Movies , TV Shows ',
    });
    expect(kept.status, kept.text).toBe(200);
    // The token goes to plex.tv too: a new plex.tv address needs it again (attack-secret-binding.test.ts).
    const response = await call<PlexSettingsWire>(admin, 'PATCH', '/api/integrations/plex', {
      token: plex.token,
      tv_url: 'http://127.0.0.1:9/plex-tv',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      url: plex.baseUrl,
      token_set: true,
      tv_url: 'http://127.0.0.1:9/plex-tv',
      share_libraries: 'Movies , TV Shows',
      configured: true,
      source: 'settings',
    });
    expect(await app.built.services.integrations.plex.current()).toMatchObject({
      token: plex.token,
      tvUrl: 'http://127.0.0.1:9/plex-tv',
      shareLibraries: { all: false, keysOrTitles: ['Movies', 'TV Shows'] },
    });
  });

  it('validate: http(s) URLs only, a bounded token, no unknown fields; only admins', async () => {
    const bad = await call<{ message: string }>(admin, 'PATCH', '/api/integrations/plex', { url: 'ftp://x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(INTEGRATION_MSG.plexUrlInvalid);
    const long = await call<{ message: string }>(admin, 'PATCH', '/api/integrations/plex', { token: 'x'.repeat(257) });
    expect(long.body.message).toBe(INTEGRATION_MSG.plexTokenTooLong);
    expect((await call(admin, 'PATCH', '/api/integrations/plex', { password: 'x' })).status).toBe(400);
    expect((await call(await signIn('user'), 'GET', '/api/integrations/plex')).status).toBe(403);
  });
});

describe('Jellyfin settings', () => {
  it('start from the JELLYFIN_* environment and never return the API key', async () => {
    const response = await call<JellyfinSettingsWire>(admin, 'GET', '/api/integrations/jellyfin');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      url: 'http://127.0.0.1:8096',
      api_key_set: true,
      configured: true,
      source: 'environment',
    });
  });

  it('clear the key with null: no longer configured, and the test says what is missing', async () => {
    const response = await call<JellyfinSettingsWire>(admin, 'PATCH', '/api/integrations/jellyfin', {
      api_key: null,
    });
    expect(response.body).toMatchObject({ api_key_set: false, configured: false, source: 'settings' });
    const test = await call(admin, 'POST', '/api/integrations/jellyfin/test', {});
    expect(test.status).toBe(400);
    expect(test.body).toEqual({ message: INTEGRATION_MSG.jellyfinIncomplete });
  });
});

describe('media_backend', () => {
  it('is shown to admins only, auto by default', async () => {
    const asAdmin = await call<SettingsWire>(admin, 'GET', '/api/settings');
    expect(asAdmin.body.media_backend).toBe('auto');
    const asUser = await call<SettingsWire>(await signIn('user'), 'GET', '/api/settings');
    expect(asUser.body).not.toHaveProperty('media_backend');
  });

  it('switches the active back end at once (a poll follows the change): Jellyfin chosen but not configured', async () => {
    const serverNow = async () => (await call<MediaServerWire>(admin, 'GET', '/api/services/plex/server')).body;
    await app.built.services.mediaPoller.poll();
    expect(await serverNow()).toMatchObject({ backend: 'plex' });
    const saved = await call<SettingsWire>(admin, 'PATCH', '/api/settings', { media_backend: 'jellyfin' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.media_backend).toBe('jellyfin');
    // No job runs in tests: only the poll the change itself starts can bring this about.
    await until(async () => (await serverNow()).configured === false, 'the poll after the change');
    const details = await call<MediaDetailsWire>(admin, 'GET', '/api/services/plex/details');
    expect(details.body).toMatchObject({ status: false, error: MEDIA_MSG.notConfigured });

    await call(admin, 'PATCH', '/api/settings', { media_backend: 'auto' });
    await until(async () => (await serverNow()).backend === 'plex', 'the poll after the change back');
    expect(await serverNow()).toMatchObject({ configured: true, name: 'Homelab Plex' });
  });

  it('refuses anything but auto, plex or jellyfin', async () => {
    const response = await call(admin, 'PATCH', '/api/settings', { media_backend: 'emby' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'media_backend must be auto, plex or jellyfin' });
  });
});

describe('the Plex client identifier', () => {
  it('keep one client identifier per installation, sent to the server on every call and across restarts', async () => {
    await app.built.services.mediaPoller.poll();
    const ids = new Set(plex.requests.map((request) => request.headers['x-plex-client-identifier']));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
    await start();
    plex.requests.length = 0;
    await app.built.services.mediaPoller.poll();
    expect(new Set(plex.requests.map((request) => request.headers['x-plex-client-identifier']))).toEqual(ids);
  });
});
