import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MEDIA_MSG } from '../../src/shared/schemas/media.ts';
import { IntegrationError } from '../../src/server/integrations/http/json-client.ts';
import { PLEX_PRODUCT } from '../../src/server/integrations/plex/plex.client.ts';
import { PlexTvInviter, plexTvMessage } from '../../src/server/integrations/plex/plex-tv.client.ts';
import { closeLocal, listenLocal } from '../fakes/local-http.ts';
import { startFakePlexTv, type FakePlexTv } from '../fakes/plex-tv.ts';
import { integrationFailure } from '../helpers/integration-failure.ts';

/** The plex.tv invitation client against the fake plex.tv of tests/fakes (integrations.md section 2). */

const machineId = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const clientId = 'homelab-test-client-id';
const all = { all: true } as const;
let plexTv: FakePlexTv;
let inviter: PlexTvInviter;

beforeEach(async () => {
  plexTv = (await startFakePlexTv()).addServer(machineId);
  inviter = new PlexTvInviter({ token: plexTv.token, clientId, baseUrl: plexTv.baseUrl });
});
afterEach(async () => {
  await inviter.close();
  await plexTv.stop();
});

describe('invitations', () => {
  it('invites through v2 with every library by its plex.tv id, the body and headers of integrations.md', async () => {
    await inviter.invite({ email: 'friend@example.com', machineId, libraries: all });
    expect(plexTv.invitations).toHaveLength(1);
    const [invitation] = plexTv.invitations;
    expect(invitation?.route).toBe('v2');
    expect(invitation?.status).toBe(201);
    expect(invitation?.body).toEqual({
      machineIdentifier: machineId,
      librarySectionIds: [80001, 80002, 80003],
      invitedEmail: 'friend@example.com',
      skipFriendship: true,
      settings: {
        allowSync: false,
        allowChannels: false,
        allowSubtitleAdmin: false,
        allowTuners: 0,
        filterMovies: '',
        filterMusic: '',
        filterPhotos: '',
        filterTelevision: '',
      },
    });
    expect(invitation?.headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      'x-plex-token': plexTv.token,
      'x-plex-client-identifier': clientId,
      'x-plex-product': PLEX_PRODUCT,
    });
    expect(plexTv.pending).toMatchObject([{ invitedEmail: 'friend@example.com', route: 'v2' }]);
  });

  it('shares only the libraries named by local key or title (any case), each once', async () => {
    await inviter.invite({
      email: 'friend@example.com',
      machineId,
      libraries: { all: false, keysOrTitles: ['1', 'tv shows', 'Movies'] },
    });
    expect(plexTv.invitations[0]?.body).toMatchObject({ librarySectionIds: [80001, 80002] });
  });

  it('a library the server does not have is a configuration error, and nothing is sent', async () => {
    const error = await integrationFailure(
      inviter.invite({ email: 'friend@example.com', machineId, libraries: { all: false, keysOrTitles: ['Anime'] } }),
    );
    expect(error.kind).toBe('not_configured');
    expect(error.message).toContain('"Anime"');
    expect(plexTv.invitations).toHaveLength(0);
  });

  it.each([404, 405, 410])(
    'falls back to v1 when v2 answers %i, with the v1 body of integrations.md',
    async (status) => {
      plexTv.v2Status = status;
      await inviter.invite({ email: 'friend@example.com', machineId, libraries: { all: false, keysOrTitles: ['2'] } });
      expect(plexTv.invitations.map((entry) => [entry.route, entry.status])).toEqual([
        ['v2', status],
        ['v1', 200],
      ]);
      expect(plexTv.invitations[1]?.body).toEqual({
        server_id: machineId,
        shared_server: { library_section_ids: [80002], invited_email: 'friend@example.com' },
        sharing_settings: {
          allowSync: '0',
          allowCameraUpload: '0',
          allowChannels: '0',
          filterMovies: '',
          filterTelevision: '',
          filterMusic: '',
        },
      });
      expect(plexTv.invitations[1]?.headers['x-plex-token']).toBe(plexTv.token);
      expect(plexTv.pending).toMatchObject([{ invitedEmail: 'friend@example.com', route: 'v1' }]);
    },
  );
});

describe('refusals and failures', () => {
  it("a refused address is `refused` with plex.tv's own message (v2 JSON)", async () => {
    plexTv.refused.set('taken@example.com', 'The user is already a friend of this account');
    const error = await integrationFailure(inviter.invite({ email: 'taken@example.com', machineId, libraries: all }));
    expect(error).toMatchObject({ kind: 'refused', status: 422 });
    expect(error.message).toBe('The user is already a friend of this account');
  });

  it('an address invited twice is refused the second time', async () => {
    await inviter.invite({ email: 'friend@example.com', machineId, libraries: all });
    const error = await integrationFailure(inviter.invite({ email: 'Friend@example.com', machineId, libraries: all }));
    expect(error).toMatchObject({ kind: 'refused', message: 'This server is already shared with this user' });
  });

  it("a refusal through v1 carries plex.tv's XML message", async () => {
    plexTv.v2Status = 410;
    plexTv.refused.set('taken@example.com', 'Invalid <email> & "address"');
    const error = await integrationFailure(inviter.invite({ email: 'taken@example.com', machineId, libraries: all }));
    expect(error).toMatchObject({ kind: 'refused', status: 422, message: 'Invalid <email> & "address"' });
  });

  it('a bad token is http_status 401 with our message, on the lookup and never showing the token', async () => {
    const wrongToken = 'wrong-owner-token-9876';
    const wrong = new PlexTvInviter({ token: wrongToken, clientId, baseUrl: plexTv.baseUrl });
    const error = await integrationFailure(wrong.invite({ email: 'friend@example.com', machineId, libraries: all }));
    expect(error).toMatchObject({ kind: 'http_status', status: 401, message: MEDIA_MSG.plexTokenRefused });
    expect(error.message).not.toContain(wrongToken);
    expect(plexTv.invitations).toHaveLength(0);
    await wrong.close();
  });

  it('a server plex.tv does not know is an http_status error with its message', async () => {
    const error = await integrationFailure(
      inviter.invite({ email: 'friend@example.com', machineId: 'ffffffffffff', libraries: all }),
    );
    expect(error).toMatchObject({ kind: 'http_status', status: 404 });
    expect(error.message).toContain('Server not found');
  });

  it('plex.tv that does not answer is a time-out, and one that is down is unreachable', async () => {
    plexTv.stall = true;
    const impatient = new PlexTvInviter({ token: plexTv.token, clientId, baseUrl: plexTv.baseUrl }, { timeoutMs: 200 });
    const slow = await integrationFailure(impatient.invite({ email: 'a@example.com', machineId, libraries: all }));
    expect(slow.kind).toBe('timeout');
    await impatient.close();
    await plexTv.stop();
    const down = await integrationFailure(inviter.invite({ email: 'a@example.com', machineId, libraries: all }));
    expect(down.kind).toBe('unreachable');
    expect(down.message).not.toContain(plexTv.token);
    plexTv = await startFakePlexTv();
  });

  it('a 5xx is an http_status error, not a refusal', async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"errors":[{"code":1,"message":"Busy"}]}');
    });
    const url = await listenLocal(server);
    const busy = new PlexTvInviter({ token: plexTv.token, clientId, baseUrl: url });
    const error = await integrationFailure(busy.invite({ email: 'a@example.com', machineId, libraries: all }));
    expect(error).toMatchObject({ kind: 'http_status', status: 503 });
    await busy.close();
    await closeLocal(server);
  });

  it('the fake refuses what plex.tv would: missing client headers and a wrong body shape', async () => {
    const call = (headers: Record<string, string>, body: unknown) =>
      fetch(`${plexTv.baseUrl}/api/v2/shared_servers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-plex-token': plexTv.token, ...headers },
        body: JSON.stringify(body),
      });
    const missing = await call({}, {});
    expect(missing.status).toBe(400);
    const client = { 'x-plex-client-identifier': clientId, 'x-plex-product': PLEX_PRODUCT };
    const wrongShape = await call(client, { machineIdentifier: machineId, librarySectionIds: ['1'] });
    expect(wrongShape.status).toBe(400);
    expect(plexTvMessage(await wrongShape.text())).toBe('Invalid parameter: librarySectionIds');
    const pending = await fetch(`${plexTv.baseUrl}/api/v2/shared_servers/owned/pending`, {
      headers: { 'x-plex-token': plexTv.token, ...client },
    });
    expect(await pending.json()).toEqual([]);
  });

  it('no token configured is not_configured', () => {
    expect(() => new PlexTvInviter({ token: '', clientId })).toThrow(IntegrationError);
  });
});

describe("plex.tv's messages", () => {
  it('reads v2 JSON errors, a single error, v1 XML errors and a Response status', () => {
    expect(plexTvMessage('{"errors":[{"code":1001,"message":"a"},{"code":2,"message":"b"}]}')).toBe('a; b');
    expect(plexTvMessage('{"error":"Not allowed"}')).toBe('Not allowed');
    expect(plexTvMessage('<errors><error>Bad &amp; wrong</error></errors>')).toBe('Bad & wrong');
    expect(plexTvMessage('<Response code="410" status="This endpoint was deprecated and removed"/>')).toBe(
      'This endpoint was deprecated and removed',
    );
    expect(plexTvMessage('<html>oops</html>')).toBeNull();
    expect(plexTvMessage('{"errors":[]}')).toBeNull();
    expect(plexTvMessage(`{"error":"${'x'.repeat(400)}\\u0007"}`)?.length).toBe(300);
  });
});
