import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IntegrationError } from '../../src/server/integrations/http/json-client.ts';
import {
  JELLYFIN_CLIENT,
  JELLYFIN_CLIENT_VERSION,
  JellyfinClient,
  isJellyfinImagePath,
  qualityOf,
} from '../../src/server/integrations/jellyfin/jellyfin.client.ts';
import { MAX_MEDIA_IMAGE_BYTES } from '../../src/server/media/media-server.ts';
import { startFakeJellyfin, type FakeJellyfin } from '../fakes/jellyfin-server.ts';
import { FAKE_THUMB_PNG } from '../fakes/plex-server.ts';
import { integrationFailure } from '../helpers/integration-failure.ts';

/** The Jellyfin client against the fake Jellyfin of tests/fakes (integrations.md section 3). */

let jellyfin: FakeJellyfin;
let client: JellyfinClient;
const deviceId = 'homelab-test-device';
/** 100 ns ticks per millisecond. */
const MS = 10_000;

beforeEach(async () => {
  jellyfin = await startFakeJellyfin();
  client = new JellyfinClient({ url: jellyfin.baseUrl, apiKey: jellyfin.apiKey, deviceId });
});
afterEach(async () => {
  await client.close();
  await jellyfin.stop();
});

describe('identity', () => {
  it('reads the name, version and id from /System/Info/Public', async () => {
    expect(await client.identity()).toEqual({
      name: 'Homelab Jellyfin',
      version: '10.10.7',
      machineId: jellyfin.serverId,
    });
  });
});

describe('authorization', () => {
  it('sends only the MediaBrowser authorization header: no legacy header, no key in a URL', async () => {
    await client.streams();
    await client.libraries();
    expect(jellyfin.requests.length).toBeGreaterThan(1);
    for (const request of jellyfin.requests) {
      expect(request.headers.authorization).toBe(
        `MediaBrowser Token="${jellyfin.apiKey}", Client="${JELLYFIN_CLIENT}", Device="${JELLYFIN_CLIENT}", ` +
          `DeviceId="${deviceId}", Version="${JELLYFIN_CLIENT_VERSION}"`,
      );
      expect(request.headers['x-emby-token']).toBeUndefined();
      expect(request.headers['x-emby-authorization']).toBeUndefined();
      expect([...request.query.values()].join()).not.toContain(jellyfin.apiKey);
      expect(request.headers.accept).toBe('application/json');
    }
  });

  it('a wrong key is http_status 401 and the message never shows it', async () => {
    const wrong = new JellyfinClient({ url: jellyfin.baseUrl, apiKey: 'not-the-key-0123456789' });
    const error = await integrationFailure(wrong.streams());
    expect(error).toMatchObject({ kind: 'http_status', status: 401 });
    expect(error.message).not.toContain('not-the-key-0123456789');
    await wrong.close();
  });

  it('the fake refuses legacy authorization even with the right key', async () => {
    const legacy = await fetch(`${jellyfin.baseUrl}/Sessions`, { headers: { 'X-Emby-Token': jellyfin.apiKey } });
    expect(legacy.status).toBe(400);
    const query = await fetch(`${jellyfin.baseUrl}/Sessions?api_key=${jellyfin.apiKey}`);
    expect(query.status).toBe(400);
    const none = await fetch(`${jellyfin.baseUrl}/Sessions`);
    expect(none.status).toBe(401);
  });

  it('a key or device id that would break the header is a configuration error', () => {
    expect(() => new JellyfinClient({ url: jellyfin.baseUrl, apiKey: 'a"b' })).toThrow(IntegrationError);
    expect(() => new JellyfinClient({ url: jellyfin.baseUrl, apiKey: 'k', deviceId: 'x\ny' })).toThrow(
      IntegrationError,
    );
    expect(() => new JellyfinClient({ url: '', apiKey: '' })).toThrow(IntegrationError);
  });
});

describe('streams', () => {
  it('asks for sessions active within 960 s and maps those playing something to Streams', async () => {
    jellyfin.sessions = [
      {
        userName: 'alice',
        deviceName: 'Living room TV',
        client: 'Jellyfin Android TV',
        nowPlaying: {
          name: 'Arrival',
          type: 'Movie',
          runTimeTicks: 6_960_000 * MS,
          video: { width: 3840, height: 2160 },
          hasImage: true,
        },
        positionTicks: 1_740_000 * MS,
      },
      {
        userName: 'bob',
        client: 'Jellyfin Web',
        nowPlaying: {
          name: 'Pilot',
          type: 'Episode',
          seriesName: 'Severance',
          runTimeTicks: 3_000_000 * MS,
          video: { width: 1920, height: 800 },
          hasImage: true,
          seriesHasImage: true,
        },
        positionTicks: 4_000_000 * MS,
        isPaused: true,
      },
      { userName: 'carol', deviceName: 'Phone', client: 'Finamp' },
      {
        userName: 'dave',
        deviceName: 'Desk',
        client: 'Finamp',
        nowPlaying: { name: 'Song', type: 'Audio', runTimeTicks: 200_000 * MS },
        positionTicks: 50_000 * MS,
      },
      {
        userName: 'erin',
        deviceName: 'Box',
        client: 'Kodi',
        nowPlaying: { name: 'News', type: 'TvChannel', runTimeTicks: 0, video: { width: 720, height: 576 } },
      },
    ];
    const streams = await client.streams();
    expect(jellyfin.requests.find((request) => request.path === '/Sessions')?.query.get('activeWithinSeconds')).toBe(
      '960',
    );
    expect(streams).toEqual([
      {
        user: 'alice',
        device: 'Living room TV',
        quality: '4k',
        title: 'Arrival',
        thumbPath: `/Items/${jellyfin.idOf('item', 'Arrival')}/Images/Primary`,
        type: 'movie',
        state: 'playing',
        progress: 25,
        duration: 6_960_000,
      },
      {
        user: 'bob',
        // No DeviceName: the client's name.
        device: 'Jellyfin Web',
        // A wide film: 1920 wide is 1080 whatever its height.
        quality: '1080',
        title: 'Severance - Pilot',
        thumbPath: `/Items/${jellyfin.idOf('series', 'Severance')}/Images/Primary`,
        type: 'episode',
        state: 'paused',
        // Past the end is capped.
        progress: 100,
        duration: 3_000_000,
      },
      {
        user: 'dave',
        device: 'Desk',
        quality: '',
        title: 'Song',
        thumbPath: null,
        type: 'track',
        state: 'playing',
        progress: 25,
        duration: 200_000,
      },
      {
        user: 'erin',
        device: 'Box',
        quality: 'sd',
        title: 'News',
        thumbPath: null,
        type: 'other',
        state: 'playing',
        progress: 0,
        duration: 0,
      },
    ]);
  });

  it('an episode whose series has no image shows its own', async () => {
    jellyfin.sessions = [
      {
        userName: 'bob',
        client: 'Web',
        nowPlaying: { name: 'Pilot', type: 'Episode', seriesName: 'X', runTimeTicks: 10, hasImage: true },
      },
    ];
    const [stream] = await client.streams();
    expect(stream?.thumbPath).toBe(`/Items/${jellyfin.idOf('item', 'Pilot')}/Images/Primary`);
  });

  it('reads qualities from width first, then height', () => {
    expect([qualityOf(3840, 1600), qualityOf(1280, 534), qualityOf(640, 480), qualityOf(null, 2160)]).toEqual([
      '4k',
      '720',
      'sd',
      '4k',
    ]);
    expect([qualityOf(null, 1080), qualityOf(null, 720), qualityOf(null, 576), qualityOf(null, null)]).toEqual([
      '1080',
      '720',
      'sd',
      '',
    ]);
  });
});

describe('libraries', () => {
  it('lists movie and show libraries, each counted with a zero-size page of its movies or series', async () => {
    jellyfin.libraries.push({ name: 'Kids films', collectionType: 'movies', count: 25 });
    expect(await client.libraries()).toEqual([
      { title: 'Films', type: 'movie', count: 318 },
      { title: 'Shows', type: 'show', count: 44 },
      { title: 'Kids films', type: 'movie', count: 25 },
    ]);
    const counts = jellyfin.requests.filter((request) => request.path === '/Items');
    expect(counts.map((request) => Object.fromEntries(request.query))).toEqual(
      expect.arrayContaining([
        {
          ParentId: jellyfin.idOf('library', 'Shows'),
          Recursive: 'true',
          IncludeItemTypes: 'Series',
          Limit: '0',
        },
      ]),
    );
    expect(counts).toHaveLength(3);
  });
});

describe('images', () => {
  beforeEach(() => {
    jellyfin.sessions = [
      {
        userName: 'alice',
        client: 'Web',
        nowPlaying: { name: 'Arrival', type: 'Movie', runTimeTicks: 10, hasImage: true },
      },
    ];
  });
  const path = () => `/Items/${jellyfin.idOf('item', 'Arrival')}/Images/Primary`;

  it('fetches the primary image a stream gave, with the key in the header only', async () => {
    expect(await client.image(path())).toEqual({ contentType: 'image/png', body: FAKE_THUMB_PNG });
    const request = jellyfin.requests.find((entry) => entry.path === path());
    expect(request?.headers.authorization).toContain(`Token="${jellyfin.apiKey}"`);
    expect([...request!.query.keys()]).toEqual([]);
  });

  it.each([
    ['/Items/abc/Images/Primary'],
    ['/Items/0123456789abcdef0123456789abcdef/Images/Backdrop'],
    ['/Items/0123456789abcdef0123456789abcdef/Images/Primary?api_key=x'],
    ['/Items/0123456789abcdef0123456789abcdef/Images/Primary/../../../../System/Info'],
    ['/Users/0123456789abcdef0123456789abcdef/Images/Primary'],
    ['//evil.example/Items/0123456789abcdef0123456789abcdef/Images/Primary'],
    ['/Sessions'],
  ])('refuses %s before anything is sent', async (refused) => {
    expect(isJellyfinImagePath(refused)).toBe(false);
    expect((await integrationFailure(client.image(refused))).kind).toBe('refused');
    expect(jellyfin.requests).toHaveLength(0);
  });

  it('accepts a dashed GUID', () => {
    expect(isJellyfinImagePath('/Items/01234567-89ab-cdef-0123-456789abcdef/Images/Primary')).toBe(true);
  });

  it('refuses a non-image answer and one larger than MAX_MEDIA_IMAGE_BYTES', async () => {
    jellyfin.imageAnswer = { contentType: 'application/json', body: Buffer.from('{}') };
    expect((await integrationFailure(client.image(path()))).kind).toBe('bad_response');
    jellyfin.imageAnswer = { contentType: 'image/jpeg', body: Buffer.alloc(MAX_MEDIA_IMAGE_BYTES + 1) };
    expect((await integrationFailure(client.image(path()))).kind).toBe('bad_response');
  });

  it('an image Jellyfin does not have is a 404', async () => {
    const error = await integrationFailure(client.image('/Items/0123456789abcdef0123456789abcdef/Images/Primary'));
    expect(error).toMatchObject({ kind: 'http_status', status: 404 });
  });
});

describe('failures', () => {
  it('a server that does not answer is a time-out; one that is down is unreachable', async () => {
    jellyfin.stall = true;
    const slow = new JellyfinClient({ url: jellyfin.baseUrl, apiKey: jellyfin.apiKey }, { timeoutMs: 200 });
    expect((await integrationFailure(slow.identity())).kind).toBe('timeout');
    await slow.close();
    await jellyfin.stop();
    const error = await integrationFailure(client.streams());
    expect(error.kind).toBe('unreachable');
    expect(error.message).not.toContain(jellyfin.apiKey);
    jellyfin = await startFakeJellyfin();
  });
});
