import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MSG } from '../../src/shared/schemas/integrations.ts';
import {
  MEDIA_MSG,
  type MediaDetailsWire,
  type MediaServerWire,
  type MediaSummaryWire,
} from '../../src/shared/schemas/media.ts';
import { startFakeJellyfin, type FakeJellyfin } from '../fakes/jellyfin-server.ts';
import { startFakePlex, type FakePlex } from '../fakes/plex-server.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient, TestResponse } from '../helpers/http-client.ts';
import { RecordedAnswers } from '../helpers/recorded-answers.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Jellyfin as the active back end behind the same calls: chosen when Plex is not configured (auto) or when Settings
 * names it; streams, libraries and thumbnails through the same routes; no e-mail invitations (409). Its API key
 * never reaches an answer.
 */

let jellyfin: FakeJellyfin;
let plex: FakePlex;
let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
let user: TestClient;
const answers = new RecordedAnswers();

const read = <T>(client: TestClient, path: string): Promise<TestResponse<T>> => answers.get<T>(client, path);

beforeAll(async () => {
  jellyfin = await startFakeJellyfin();
  plex = await startFakePlex();
  jellyfin.sessions = [
    {
      userName: 'carol',
      deviceName: 'Living Room TV',
      client: 'Jellyfin Android TV',
      nowPlaying: {
        name: 'Dune',
        type: 'Movie',
        runTimeTicks: 90_000_000_000,
        video: { width: 3840, height: 2160 },
        hasImage: true,
      },
      positionTicks: 45_000_000_000,
      isPaused: true,
    },
    { userName: 'idle', client: 'Jellyfin Web' },
  ];
  app = await startTestApp({ env: { JELLYFIN_URL: jellyfin.baseUrl, JELLYFIN_API_KEY: jellyfin.apiKey } });
  actors = await createActors(app);
  admin = await actors.admin.signIn();
  user = await actors.user.signIn();
  await app.built.services.mediaPoller.poll();
});
afterAll(async () => {
  answers.expectNoneContain(jellyfin.apiKey, plex.token);
  await app.close();
  await jellyfin.stop();
  await plex.stop();
});

describe('Jellyfin active', () => {
  it('is chosen with auto when Plex is not configured, and offers no invitations', async () => {
    const response = await read<MediaServerWire>(user, '/api/services/plex/server');
    expect(response.body).toMatchObject({
      configured: true,
      backend: 'jellyfin',
      name: 'Homelab Jellyfin',
      version: jellyfin.version,
      invitations: false,
    });
  });

  it('gives the same details: playing sessions only, ms from ticks, admins see who', async () => {
    const asAdmin = await read<MediaDetailsWire>(admin, '/api/services/plex/details');
    expect(asAdmin.body.status).toBe(true);
    expect(asAdmin.body.activeStreamCount).toBe(1);
    expect(asAdmin.body.streams).toEqual([
      expect.objectContaining({
        user: 'carol',
        device: 'Living Room TV',
        title: 'Dune',
        type: 'movie',
        state: 'paused',
        progress: 50,
        duration: 9_000_000,
      }),
    ]);
    expect(asAdmin.body.libraries).toEqual([
      { title: 'Films', type: 'movie', count: 318 },
      { title: 'Shows', type: 'show', count: 44 },
    ]);
    const asUser = await read<MediaDetailsWire>(user, '/api/services/plex/details');
    expect(asUser.body).toMatchObject({ activeStreamCount: 1, streams: [] });
    const summary = await read<MediaSummaryWire>(user, '/api/services/plex/summary');
    expect(summary.body).toEqual({ status: true, activeStreamCount: 1, playing: 0, paused: 1, totalItems: 362 });
  });

  it("serves the stream's image through our route by key", async () => {
    const details = await read<MediaDetailsWire>(admin, '/api/services/plex/details');
    const thumb = details.body.streams[0]?.thumb;
    if (!thumb) throw new Error('no thumbnail');
    const image = await admin.get(thumb);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it('answers an invitation with 409: Jellyfin has no e-mail invitations', async () => {
    const response = await user.post('/api/services/plex/account', { email: 'friend@example.test' });
    answers.keep(response);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: MEDIA_MSG.invitationsUnsupported });
    const mine = await read<unknown[]>(user, '/api/services/plex/invitations/mine');
    expect(mine.body).toEqual([]);
  });

  it("tests the Jellyfin connection with the server's name and version", async () => {
    const response = await admin.post('/api/integrations/jellyfin/test', {});
    answers.keep(response);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ message: INTEGRATION_MSG.mediaConnected('Homelab Jellyfin', jellyfin.version) });
  });

  it('fails the connection test with a wrong API key, although the public server info needs none', async () => {
    const response = await admin.post<{ message: string }>('/api/integrations/jellyfin/test', {
      api_key: 'wrong-jellyfin-key-5c1',
    });
    answers.keep(response);
    expect(response.status).toBe(502);
    expect(response.body.message).toContain('401');
    expect(response.text).not.toContain('wrong-jellyfin-key-5c1');
  });

  it('gives way to Plex once Plex is configured (auto), and comes back when Settings names it', async () => {
    const saved = await admin.patch('/api/integrations/plex', { url: plex.baseUrl, token: plex.token });
    expect(saved.status, saved.text).toBe(200);
    await app.built.services.mediaPoller.poll();
    expect((await read<MediaServerWire>(user, '/api/services/plex/server')).body).toMatchObject({
      backend: 'plex',
      invitations: true,
    });
    await admin.patch('/api/settings', { media_backend: 'jellyfin' });
    await app.built.services.mediaPoller.poll();
    expect((await read<MediaServerWire>(user, '/api/services/plex/server')).body.backend).toBe('jellyfin');
  });
});
