import http from 'node:http';
import { integrationFailure } from '../helpers/integration-failure.ts';
import { closeLocal, listenLocal } from '../fakes/local-http.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IntegrationError } from '../../src/server/integrations/http/json-client.ts';
import { PLEX_PRODUCT, PlexClient, isPlexLibraryPath } from '../../src/server/integrations/plex/plex.client.ts';
import { MAX_MEDIA_IMAGE_BYTES } from '../../src/server/media/media-server.ts';
import { FAKE_THUMB_PNG, startFakePlex, type FakePlex } from '../fakes/plex-server.ts';

/** The Plex client against the fake PMS of tests/fakes (integrations.md section 2). */

let plex: FakePlex;
let client: PlexClient;
const clientId = 'homelab-test-client-id';

beforeEach(async () => {
  plex = await startFakePlex();
  client = new PlexClient({ url: plex.baseUrl, token: plex.token, clientId });
});
afterEach(async () => {
  await client.close();
  await plex.stop();
});

describe('identity', () => {
  it('reads the machine identifier and version from /identity and the name from the root', async () => {
    expect(await client.identity()).toEqual({
      machineId: plex.machineIdentifier,
      version: plex.version,
      name: 'Homelab Plex',
    });
  });

  it('asks for JSON and sends the token, the client identifier and the product on every call, in headers', async () => {
    await client.identity();
    await client.streams();
    for (const request of plex.requests) {
      expect(request.headers.accept).toBe('application/json');
      expect(request.headers['x-plex-token']).toBe(plex.token);
      expect(request.headers['x-plex-client-identifier']).toBe(clientId);
      expect(request.headers['x-plex-product']).toBe(PLEX_PRODUCT);
    }
  });
});

describe('streams', () => {
  it("maps /status/sessions to SPEC's Stream", async () => {
    plex.sessions = [
      {
        type: 'movie',
        title: 'Arrival',
        thumb: '/library/metadata/12/thumb/1700000000',
        duration: 6_960_000,
        viewOffset: 1_740_000,
        videoResolution: '1080',
        user: 'alice',
        player: { title: 'Living room', device: 'Apple TV', state: 'playing' },
      },
      {
        type: 'episode',
        title: 'Pilot',
        grandparentTitle: 'Severance',
        thumb: '/library/metadata/40/thumb/1',
        grandparentThumb: '/library/metadata/39/thumb/1',
        duration: 3_000_000,
        viewOffset: 3_000_000,
        videoResolution: '4k',
        user: 'bob',
        player: { title: 'Chrome', state: 'paused' },
      },
    ];
    expect(await client.streams()).toEqual([
      {
        user: 'alice',
        device: 'Apple TV',
        quality: '1080',
        title: 'Arrival',
        thumbPath: '/library/metadata/12/thumb/1700000000',
        type: 'movie',
        state: 'playing',
        progress: 25,
        duration: 6_960_000,
      },
      {
        user: 'bob',
        // No Player.device: the player's title.
        device: 'Chrome',
        quality: '4k',
        title: 'Severance - Pilot',
        thumbPath: '/library/metadata/39/thumb/1',
        type: 'episode',
        state: 'paused',
        progress: 100,
        duration: 3_000_000,
      },
    ]);
  });

  it('reads an idle server as no streams', async () => {
    expect(await client.streams()).toEqual([]);
  });
});

describe('libraries', () => {
  it('lists movie and show libraries with their counts, from a zero-size page', async () => {
    expect(await client.libraries()).toEqual([
      { title: 'Movies', type: 'movie', count: 412 },
      { title: 'TV Shows', type: 'show', count: 57 },
    ]);
    const countCalls = plex.requests.filter((request) => request.path.endsWith('/all'));
    expect(countCalls).toHaveLength(2);
  });

  it('reads the count from X-Plex-Container-Total-Size when the body has no totalSize', async () => {
    plex.countInHeaderOnly = true;
    expect((await client.libraries()).map((library) => library.count)).toEqual([412, 57]);
  });
});

describe('images', () => {
  const thumb = '/library/metadata/12/thumb/1700000000';
  beforeEach(() => {
    plex.sessions = [
      {
        type: 'movie',
        title: 'Arrival',
        thumb,
        duration: 1000,
        viewOffset: 0,
        user: 'alice',
        player: { title: 'TV', state: 'playing' },
      },
    ];
  });

  it('fetches a thumbnail a session handed out, with the token in a header and never in the URL', async () => {
    const image = await client.image(thumb);
    expect(image).toEqual({ contentType: 'image/png', body: FAKE_THUMB_PNG });
    const request = plex.requests.find((entry) => entry.path === thumb);
    expect(request?.headers['x-plex-token']).toBe(plex.token);
    expect(request?.headers.accept).toBe('image/*');
    expect(request?.search).toBe('');
  });

  it('a wrong token is refused by PMS with 401, and the message does not carry the token', async () => {
    const wrong = new PlexClient({ url: plex.baseUrl, token: 'not-the-token-5678', clientId });
    const error = await integrationFailure(wrong.image(thumb));
    expect(error).toMatchObject({ kind: 'http_status', status: 401 });
    expect(error.message).not.toContain('not-the-token-5678');
  });

  it.each([
    ['/status/sessions'],
    ['/library/../status/sessions'],
    ['/library/metadata/12/../../../identity'],
    ['/library//metadata/12'],
    ['/library/metadata/12/thumb?X-Plex-Token=x'],
    ['/library/metadata/12/thumb#x'],
    ['/library/metadata/12%2F..%2F..'],
    ['//evil.example/library/metadata/1'],
    ['http://evil.example/library/metadata/1'],
    ['/library'],
    ['/library/'],
    ['library/metadata/1'],
    ['/library/metadata/1\\..\\x'],
    [`/library/${'a'.repeat(600)}`],
  ])('refuses %s before anything is sent', async (path) => {
    expect(isPlexLibraryPath(path)).toBe(false);
    const error = await integrationFailure(client.image(path));
    expect(error.kind).toBe('refused');
    expect(plex.requests).toHaveLength(0);
  });

  it('refuses an answer that is not a raster image', async () => {
    plex.thumbAnswer = { contentType: 'text/html', body: Buffer.from('<script>alert(1)</script>') };
    expect((await integrationFailure(client.image(thumb))).kind).toBe('bad_response');
    plex.thumbAnswer = { contentType: 'image/svg+xml', body: Buffer.from('<svg onload="alert(1)"/>') };
    expect((await integrationFailure(client.image(thumb))).kind).toBe('bad_response');
  });

  it('refuses an image larger than MAX_MEDIA_IMAGE_BYTES', async () => {
    plex.thumbAnswer = { contentType: 'image/jpeg', body: Buffer.alloc(MAX_MEDIA_IMAGE_BYTES + 1) };
    const error = await integrationFailure(client.image(thumb));
    expect(error.kind).toBe('bad_response');
    plex.thumbAnswer = { contentType: 'image/jpeg', body: Buffer.alloc(MAX_MEDIA_IMAGE_BYTES) };
    expect((await client.image(thumb)).body).toHaveLength(MAX_MEDIA_IMAGE_BYTES);
  });

  it('a path PMS does not know is a 404', async () => {
    const error = await integrationFailure(client.image('/library/metadata/999/thumb/1'));
    expect(error).toMatchObject({ kind: 'http_status', status: 404 });
  });
});

describe('failures', () => {
  it('a wrong token is an http_status error that never shows the token', async () => {
    const wrong = new PlexClient({ url: plex.baseUrl, token: 'not-the-token-1234', clientId });
    const error = await integrationFailure(wrong.streams());
    expect(error.kind).toBe('http_status');
    expect(error.status).toBe(401);
    expect(error.message).not.toContain('not-the-token-1234');
  });

  it('a server that does not answer in time is a time-out', async () => {
    // A peer that takes the request and never answers.
    const server = http.createServer(() => undefined);
    const url = await listenLocal(server);
    const slow = new PlexClient({ url, token: plex.token, clientId }, { timeoutMs: 200 });
    expect((await integrationFailure(slow.streams())).kind).toBe('timeout');
    await closeLocal(server);
  });

  it('a server that is down is unreachable', async () => {
    await plex.stop();
    const error = await integrationFailure(client.identity());
    expect(error.kind).toBe('unreachable');
    plex = await startFakePlex();
  });

  it('no URL or token means not configured', () => {
    expect(() => new PlexClient({ url: '', token: '', clientId })).toThrow(IntegrationError);
  });
});
