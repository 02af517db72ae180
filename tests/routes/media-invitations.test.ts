import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEDIA_MSG, type MediaInvitationWire } from '../../src/shared/schemas/media.ts';
import { startFakePlex, type FakePlex } from '../fakes/plex-server.ts';
import { startFakePlexTv, type FakePlexTv } from '../fakes/plex-tv.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient, TestResponse } from '../helpers/http-client.ts';
import { closedPort } from '../helpers/closed-port.ts';
import { RecordedAnswers } from '../helpers/recorded-answers.ts';
import { registerClient, startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';

/**
 * Join invitations through plex.tv (a fake behind PLEX_TV_URL): what plex.tv receives, its refusal message passed
 * through, a refused token, the per-user limit counted from the records, and the records themselves.
 */

let plex: FakePlex;
let plexTv: FakePlexTv;
let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
let user: TestClient;
const clock = new TestClock(new Date('2030-06-01T12:00:00.000Z'));
const LIMIT = { max: 3, windowMs: 60 * 60 * 1000 };
const answers = new RecordedAnswers();

async function invite(client: TestClient, email: string): Promise<TestResponse<{ message: string }>> {
  const response = await client.post<{ message: string }>('/api/services/plex/account', { email });
  answers.keep(response);
  return response;
}

async function mine(client: TestClient): Promise<MediaInvitationWire[]> {
  const response = await client.get<MediaInvitationWire[]>('/api/services/plex/invitations/mine');
  answers.keep(response);
  expect(response.status).toBe(200);
  return response.body;
}

beforeAll(async () => {
  plex = await startFakePlex();
  plexTv = await startFakePlexTv();
  plexTv.token = plex.token;
  plexTv.addServer(plex.machineIdentifier);
  app = await startTestApp({
    clock,
    invitationLimit: LIMIT,
    env: { PLEX_URL: plex.baseUrl, PLEX_TOKEN: plex.token, PLEX_TV_URL: plexTv.baseUrl },
  });
  actors = await createActors(app);
  admin = await actors.admin.signIn();
  user = await actors.user.signIn();
  await app.built.services.mediaPoller.poll();
});
afterAll(async () => {
  answers.expectNoneContain(plex.token);
  await app.close();
  await plexTv.stop();
  await plex.stop();
});
beforeEach(() => {
  // Each test starts with a fresh hour for the limit.
  clock.advance(2 * LIMIT.windowMs);
  plexTv.v2Status = null;
  plexTv.token = plex.token;
});

describe('sending an invitation', () => {
  it('invites the address to our server through plex.tv v2, with every library, and records it', async () => {
    const response = await invite(user, 'Friend@Example.test');
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ message: MEDIA_MSG.invitationSent });
    const received = plexTv.invitations.at(-1);
    expect(received?.route).toBe('v2');
    expect(received?.status).toBeLessThan(300);
    expect(received?.machineIdentifier).toBe(plex.machineIdentifier);
    expect(received?.body).toMatchObject({
      machineIdentifier: plex.machineIdentifier,
      invitedEmail: 'friend@example.test',
      librarySectionIds: [80001, 80002, 80003],
    });
    expect(received?.headers['x-plex-token']).toBe(plex.token);
    // The same installation id PMS sees.
    expect(received?.headers['x-plex-client-identifier']).toBe(plex.requests[0]?.headers['x-plex-client-identifier']);
    const [record] = await mine(user);
    expect(record).toEqual({
      id: expect.any(Number) as number,
      email: 'friend@example.test',
      createdAt: clock.now().toISOString(),
      result: 'sent',
      message: null,
    });
  });

  it('falls back to v1 when v2 is gone', async () => {
    plexTv.v2Status = 410;
    const response = await invite(user, 'old-route@example.test');
    expect(response.status, response.text).toBe(200);
    expect(plexTv.invitations.at(-1)?.route).toBe('v1');
  });

  it("passes plex.tv's refusal through as 400 and records the failure with it", async () => {
    plexTv.refused.set('taken@example.test', 'The user is already shared with this server');
    const response = await invite(user, 'taken@example.test');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The user is already shared with this server');
    expect((await mine(user))[0]).toMatchObject({
      email: 'taken@example.test',
      result: 'failed',
      message: 'The user is already shared with this server',
    });
  });

  it('answers 502 with a clear message when plex.tv refuses our token', async () => {
    plexTv.token = 'another-owner-token-1234';
    const response = await invite(user, 'token@example.test');
    expect(response.status).toBe(502);
    expect(response.body.message).toBe(MEDIA_MSG.plexTokenRefused);
  });

  it('answers 502 saying so when plex.tv cannot be reached: a plain reason for users, the address for admins', async () => {
    const closed = await closedPort();
    const unreachable = `http://127.0.0.1:${closed}`;
    // A new plex.tv address takes the token again (a stored secret only goes where it was saved: issue 26).
    expect((await admin.patch('/api/integrations/plex', { tv_url: unreachable, token: plex.token })).status).toBe(200);
    try {
      const response = await invite(user, 'unreachable@example.test');
      expect(response.status).toBe(502);
      expect(response.body.message).toBe(
        'The media server could not be reached. An administrator can see the details in the log.',
      );
      expect(JSON.stringify(await mine(user))).not.toContain(String(closed));
      expect((await mine(user))[0]).toMatchObject({ email: 'unreachable@example.test', result: 'failed' });
      const byAdmin = await invite(admin, 'unreachable-admin@example.test');
      expect(byAdmin.status).toBe(502);
      expect(byAdmin.body.message).toMatch(/plex\.tv.*cannot reach/i);
      expect(byAdmin.body.message).toContain(String(closed));
    } finally {
      await admin.patch('/api/integrations/plex', { tv_url: plexTv.baseUrl, token: plex.token });
    }
  });

  it('refuses an invalid address with 400 before asking plex.tv', async () => {
    const before = plexTv.invitations.length;
    for (const email of ['not-an-address', '', 'a@b', 'x@example.test\r\nBcc: y@z']) {
      const response = await invite(user, email);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(MEDIA_MSG.invalidEmail);
    }
    expect(plexTv.invitations.length).toBe(before);
  });
});

describe('the limit and the records', () => {
  it('allows a few invitations per user per hour (429 after), counted per user', async () => {
    for (let index = 0; index < LIMIT.max; index += 1) {
      expect((await invite(user, `limit${index}@example.test`)).status).toBe(200);
    }
    const refused = await invite(user, 'one-more@example.test');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(MEDIA_MSG.tooManyInvitations);
    expect((await mine(user)).map((record) => record.email)).not.toContain('one-more@example.test');
    // Another user has their own allowance.
    expect((await invite(await actors.nsfwUser.signIn(), 'other-user@example.test')).status).toBe(200);
    clock.advance(LIMIT.windowMs + 1);
    expect((await invite(user, 'next-hour@example.test')).status).toBe(200);
  });

  it('holds across instances: a second instance on the same database counts the same rows', async () => {
    const second = await startTestApp({
      testDb: app.testDb,
      clock,
      invitationLimit: LIMIT,
      env: { PLEX_URL: plex.baseUrl, PLEX_TOKEN: plex.token, PLEX_TV_URL: plexTv.baseUrl },
    });
    try {
      const elsewhere = second.client();
      await elsewhere.post('/api/login', actors.user.credentials);
      for (let index = 0; index < LIMIT.max - 1; index += 1) {
        expect((await invite(user, `first-instance${index}@example.test`)).status).toBe(200);
      }
      expect((await invite(elsewhere, 'second-instance@example.test')).status).toBe(200);
      expect((await invite(elsewhere, 'over@example.test')).status).toBe(429);
      expect((await invite(user, 'over-again@example.test')).status).toBe(429);
    } finally {
      await second.close();
    }
  });

  it("lists everyone's invitations for admins only, newest first, with who asked", async () => {
    await invite(user, 'listed@example.test');
    const response = await admin.get<MediaInvitationWire[]>('/api/services/plex/invitations');
    answers.keep(response);
    expect(response.status).toBe(200);
    expect(response.body[0]).toMatchObject({
      email: 'listed@example.test',
      result: 'sent',
      invitedBy: { id: actors.user.id, username: actors.user.credentials?.username },
    });
    expect(response.body.map((record) => record.email)).toContain('other-user@example.test');
    expect((await user.get('/api/services/plex/invitations')).status).toBe(403);
    // "Mine" holds only the caller's own.
    expect((await mine(await actors.nsfwUser.signIn())).map((record) => record.email)).toEqual([
      'other-user@example.test',
    ]);
  });

  it("keeps a deleted account's invitations for admins, without a sender", async () => {
    const leaving = await registerClient(app, 'leaving');
    await new UsersRepository(app.testDb.db.kysely).update(leaving.user.id, { role: 'user', approved: true });
    const client = app.client();
    await client.post('/api/login', { username: leaving.account.username, password: leaving.account.password });
    expect((await invite(client, 'leaving-friend@example.test')).status).toBe(200);
    const superadmin = await actors.superadmin.signIn();
    expect((await superadmin.delete(`/api/users/${leaving.user.id}`)).status).toBeLessThan(300);
    const list = answers.keep(await admin.get<MediaInvitationWire[]>('/api/services/plex/invitations'));
    expect(list.body.find((record) => record.email === 'leaving-friend@example.test')).toMatchObject({
      result: 'sent',
      invitedBy: null,
    });
  });
});
