import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MEDIA_MSG,
  type MediaDetailsWire,
  type MediaServerWire,
  type MediaSummaryWire,
} from '../../src/shared/schemas/media.ts';
import { startFakePlex, type FakePlex } from '../fakes/plex-server.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient, TestResponse } from '../helpers/http-client.ts';
import { RecordedAnswers } from '../helpers/recorded-answers.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The media card's reading calls against a fake Plex Media Server configured by the environment: one poll serves
 * every reader, stream details only for admins, an offline server as 200 with its reason, thumbnails through our
 * own route by key. No answer ever carries the Plex token.
 */

let plex: FakePlex;
let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
let user: TestClient;
/** Every answer the tests read, to check at the end that none carries the token. */
const answers = new RecordedAnswers();

const MOVIE_THUMB = '/library/metadata/41/thumb/1700000000';
const SHOW_THUMB = '/library/metadata/7/thumb/1700000001';

async function poll(): Promise<void> {
  await app.built.services.mediaPoller.poll();
}

const read = <T>(client: TestClient, path: string): Promise<TestResponse<T>> => answers.get<T>(client, path);

beforeAll(async () => {
  plex = await startFakePlex();
  app = await startTestApp({ env: { PLEX_URL: plex.baseUrl, PLEX_TOKEN: plex.token } });
  actors = await createActors(app);
  admin = await actors.admin.signIn();
  user = await actors.user.signIn();
});
afterAll(async () => {
  answers.expectNoneContain(plex.token);
  await app.close();
  await plex.stop();
});

beforeEach(() => {
  plex.failWithStatus = null;
  plex.thumbAnswer = null;
  plex.thumbs.clear();
  plex.thumbs.add(MOVIE_THUMB);
  plex.thumbs.add(SHOW_THUMB);
  plex.sessions = [
    {
      type: 'movie',
      title: 'Arrival',
      thumb: MOVIE_THUMB,
      duration: 7_000_000,
      viewOffset: 1_750_000,
      videoResolution: '1080',
      user: 'alice',
      player: { title: 'Living Room', device: 'Apple TV', state: 'playing' },
    },
    {
      type: 'episode',
      title: 'Pilot',
      grandparentTitle: 'Severance',
      thumb: '/library/metadata/8/thumb/1',
      grandparentThumb: SHOW_THUMB,
      duration: 3_000_000,
      viewOffset: 300_000,
      videoResolution: '4k',
      user: 'bob',
      player: { title: 'Chrome', state: 'buffering' },
    },
  ];
});

describe('details', () => {
  it('give admins every stream as SPEC Stream, thumbnails through our route, buffering as paused', async () => {
    await poll();
    const response = await read<MediaDetailsWire>(admin, '/api/services/plex/details');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe(true);
    expect(response.body.error).toBeNull();
    expect(response.body.activeStreamCount).toBe(2);
    const [movie, episode] = response.body.streams;
    expect(movie).toEqual({
      user: 'alice',
      device: 'Apple TV',
      quality: '1080',
      title: 'Arrival',
      thumb: expect.stringMatching(/^\/api\/services\/plex\/thumbs\/[0-9a-f]{32}$/) as string,
      type: 'movie',
      state: 'playing',
      progress: 25,
      duration: 7_000_000,
    });
    expect(episode).toMatchObject({
      user: 'bob',
      device: 'Chrome',
      quality: '4k',
      title: 'Severance - Pilot',
      type: 'episode',
      state: 'paused',
      progress: 10,
      duration: 3_000_000,
    });
    // The back end's paths never reach the browser: only our keys.
    expect(response.text).not.toContain('/library/metadata');
    expect(response.text).not.toContain(plex.baseUrl);
  });

  it('give users below admin no stream details, while the count still counts every stream', async () => {
    await poll();
    for (const client of [user, await actors.nsfwUser.signIn()]) {
      const response = await read<MediaDetailsWire>(client, '/api/services/plex/details');
      expect(response.status).toBe(200);
      expect(response.body.streams).toEqual([]);
      expect(response.body.activeStreamCount).toBe(2);
      expect(response.text).not.toContain('alice');
      expect(response.text).not.toContain('Arrival');
    }
    expect(
      (await read<MediaDetailsWire>(await actors.superadmin.signIn(), '/api/services/plex/details')).body.streams,
    ).toHaveLength(2);
  });

  it('count the movie and show libraries only, with their item counts', async () => {
    plex.countInHeaderOnly = true;
    await poll();
    plex.countInHeaderOnly = false;
    const response = await read<MediaDetailsWire>(user, '/api/services/plex/details');
    expect(response.body.libraries).toEqual([
      { title: 'Movies', type: 'movie', count: 412 },
      { title: 'TV Shows', type: 'show', count: 57 },
    ]);
  });

  it('answer every reader from one poll: reading never calls the server', async () => {
    await poll();
    const before = plex.requests.length;
    for (let index = 0; index < 5; index += 1) {
      await read(user, '/api/services/plex/details');
      await read(admin, '/api/services/plex/summary');
      await read(admin, '/api/services/plex/server');
    }
    expect(plex.requests.length).toBe(before);
  });

  it('report a failing server as 200 with status false and its reason, keeping the last libraries', async () => {
    await poll();
    plex.failWithStatus = 500;
    await poll();
    // Admins read the server's own reason; users a plain one (the real reason can name internal addresses).
    const forAdmin = await read<MediaDetailsWire>(admin, '/api/services/plex/details');
    expect(forAdmin.body.status).toBe(false);
    expect(forAdmin.body.error).toContain('500');
    const response = await read<MediaDetailsWire>(user, '/api/services/plex/details');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe(false);
    expect(response.body.error).toBe(MEDIA_MSG.unavailable);
    expect(response.body.activeStreamCount).toBe(0);
    expect(response.body.libraries.map((library) => library.count)).toEqual([412, 57]);
    const summary = await read<MediaSummaryWire>(user, '/api/services/plex/summary');
    expect(summary.body).toMatchObject({ status: false, activeStreamCount: 0, totalItems: 469 });
  });
});

describe('server and summary', () => {
  it('name the active back end, its name and version, and that it takes invitations', async () => {
    await poll();
    const response = await read<MediaServerWire>(user, '/api/services/plex/server');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      configured: true,
      backend: 'plex',
      name: 'Homelab Plex',
      version: plex.version,
      invitations: true,
      checkedAt: expect.any(String) as string,
    });
  });

  it('count playing and paused streams and the items of the movie and show libraries', async () => {
    await poll();
    const response = await read<MediaSummaryWire>(user, '/api/services/plex/summary');
    expect(response.body).toEqual({ status: true, activeStreamCount: 2, playing: 1, paused: 1, totalItems: 469 });
  });
});

describe('thumbnails', () => {
  async function thumbOf(index: number): Promise<string> {
    const details = await read<MediaDetailsWire>(admin, '/api/services/plex/details');
    const thumb = details.body.streams[index]?.thumb;
    if (!thumb) throw new Error('no thumbnail');
    return thumb;
  }

  it('serve an image of the last poll to admins, with its type, nosniff and a private cache', async () => {
    await poll();
    const thumb = await thumbOf(1);
    const response = await admin.get(thumb);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    // The episode shows its series' picture, fetched with the token in a header.
    const fetched = plex.requests.filter((request) => request.path === SHOW_THUMB);
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.every((request) => request.headers['x-plex-token'] === plex.token)).toBe(true);
  });

  it('refuse an answer that is not an image: 502, nothing of it passed on', async () => {
    await poll();
    const thumb = await thumbOf(0);
    plex.thumbAnswer = { contentType: 'text/html', body: Buffer.from('<script>alert(1)</script>') };
    try {
      const response = await admin.get(thumb);
      answers.keep(response);
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.text).not.toContain('<script>');
    } finally {
      plex.thumbAnswer = null;
    }
  });

  it('refuse users below admin (403) and the signed out (401)', async () => {
    await poll();
    const thumb = await thumbOf(0);
    expect((await user.get(thumb)).status).toBe(403);
    expect((await app.client().get(thumb)).status).toBe(401);
  });

  it('answer 404 for a key no stream of the last poll gave', async () => {
    await poll();
    const thumb = await thumbOf(0);
    plex.sessions = [];
    await poll();
    expect((await admin.get(thumb)).status).toBe(404);
    expect((await admin.get(`/api/services/plex/thumbs/${'a'.repeat(32)}`)).status).toBe(404);
    expect((await admin.get('/api/services/plex/thumbs/..%2F..%2Fidentity')).status).toBe(404);
  });
});

describe('without a media server', () => {
  it('say so: not configured, no invitations, and sending one is 503', async () => {
    const bare = await startTestApp();
    try {
      const owner = await createActors(bare);
      const client = await owner.user.signIn();
      await bare.built.services.mediaPoller.poll();
      const details = await client.get<MediaDetailsWire>('/api/services/plex/details');
      expect(details.status).toBe(200);
      expect(details.body).toEqual({
        status: false,
        error: MEDIA_MSG.notConfigured,
        activeStreamCount: 0,
        libraries: [],
        streams: [],
      });
      const server = await client.get<MediaServerWire>('/api/services/plex/server');
      expect(server.body).toMatchObject({ configured: false, backend: null, invitations: false });
      const invite = await client.post('/api/services/plex/account', { email: 'friend@example.test' });
      expect(invite.status).toBe(503);
      expect(invite.body).toEqual({ message: MEDIA_MSG.notConfigured });
    } finally {
      await bare.close();
    }
  });
});
