import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, USER_ADMIN_MSG } from '../../src/shared/messages.ts';
import { MAIL_SETTINGS_MSG, type MailSettingsWire } from '../../src/shared/schemas/mail-settings.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { LogCapture, type LogEntry } from '../helpers/log-capture.ts';
import { newAccount, startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

/**
 * Whoever chooses where e-mail goes receives what it carries (issue 26): the stored SMTP password stays with the
 * server it was saved with (item 2), and for a day after someone changes the route, reset links and temporary
 * passwords go through it to nobody but the one who changed it (item 1, defence in depth).
 */

const SMTP_PASSWORD = 'route-smtp-secret-7c4d';
const clock = new TestClock();
const log = new LogCapture();
let smtp: FakeSmtp;
let elsewhere: FakeSmtp;
let app: TestApp;
let actors: Record<ActorKind, Actor>;
let superadmin: TestClient;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  elsewhere = await startFakeSmtp();
  app = await startTestApp({
    clock,
    logger: log.logger,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'none',
      SMTP_USER: 'mailer',
      SMTP_PASSWORD,
      SMTP_FROM: 'lab@example.test',
    },
  });
  actors = await createActors(app);
  superadmin = await actors.superadmin.signIn();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await elsewhere.close();
});

async function emailOf(id: number | null): Promise<string> {
  const row = await app.testDb.db.kysely
    .selectFrom('users')
    .select('email')
    .where('id', '=', id ?? 0)
    .executeTakeFirstOrThrow();
  return row.email ?? '';
}

async function storedMail() {
  return app.testDb.db.kysely.selectFrom('mail_settings').selectAll().executeTakeFirst();
}

const heldFor = (userId: number | null) => (entry: LogEntry) =>
  entry.level === 40 && entry.userId === userId && /mail route/.test(entry.msg ?? '');

/**
 * What became of a reset request's mail: held back (its warning was logged) or mailed (it reached the server),
 * whichever happens first; a held link logs its warning and sends nothing, so 'held' is final. 'neither' after
 * 10 s without both.
 */
async function fateOf(userId: number | null, received: number): Promise<'held' | 'mailed' | 'neither'> {
  const held = log.next(heldFor(userId)).then(() => 'held' as const);
  const mailed = smtp.waitFor(received + 1, 10_000).then(
    () => 'mailed' as const,
    () => 'neither' as const,
  );
  return Promise.race([held, mailed]);
}

async function requestReset(userId: number | null): Promise<'held' | 'mailed' | 'neither'> {
  const received = smtp.inbox.length;
  const fate = fateOf(userId, received);
  const response = await app.client().post('/api/request-reset', { identifier: await emailOf(userId) });
  expect(response.status).toBe(200);
  // The answer is the one every request gets, sent or held, known address or not.
  expect(response.body).toEqual({ message: MSG.resetRequested });
  return fate;
}

describe('a stored SMTP password stays with its server (item 2, SMTP side)', () => {
  it('a new host, port or TLS mode without the password again is refused, and nothing changes', async () => {
    const before = await storedMail();
    for (const change of [
      { host: 'localhost' },
      { port: elsewhere.port },
      { secure: 'tls' },
      { host: '127.0.0.1', port: elsewhere.port, password: '' },
    ]) {
      const response = await superadmin.patch('/api/mail-settings', change);
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.message).toBe(MAIL_SETTINGS_MSG.passwordAgain);
    }
    expect(await storedMail()).toEqual(before);
    // The test e-mail still goes to the server the password was saved with.
    const received = smtp.inbox.length;
    expect((await superadmin.post('/api/mail-settings/test', { email: 'owner@example.test' })).status).toBe(200);
    await smtp.waitFor(received + 1);
    expect(elsewhere.inbox).toHaveLength(0);
  });

  it('the same change is saved with the password entered again, or removed; turning mail off needs neither', async () => {
    const off = await superadmin.patch<MailSettingsWire>('/api/mail-settings', { host: '' });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ configured: false, password_set: true });
    // Turning it on again is a new server for the stored password.
    const on = await superadmin.patch('/api/mail-settings', { host: '127.0.0.1' });
    expect(on.status).toBe(400);
    const moved = await superadmin.patch<MailSettingsWire>('/api/mail-settings', {
      host: '127.0.0.1',
      port: elsewhere.port,
      password: 'entered-again',
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await storedMail())?.password).toBe('entered-again');
    const back = await superadmin.patch<MailSettingsWire>('/api/mail-settings', {
      port: smtp.port,
      user: null,
      password: null,
    });
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ port: smtp.port, user: null, password_set: false });
    // No stored password: nothing to carry, nothing to enter.
    expect((await superadmin.patch('/api/mail-settings', { secure: 'none', from: 'route@example.test' })).status).toBe(
      200,
    );
  });
});

describe('reset links after a change of the mail route (item 1, defence in depth)', () => {
  let secondSuperadmin: number;
  beforeAll(async () => {
    const account = newAccount('second');
    const registered = await app.client().post<{ id: number }>('/api/register', account);
    secondSuperadmin = registered.body.id;
    await new UsersRepository(app.testDb.db.kysely).update(secondSuperadmin, { role: 'superadmin', approved: true });
  });

  it('the route the superadmin just changed carries no link to another account, the other superadmin included', async () => {
    const stored = await storedMail();
    expect(stored).toMatchObject({ route_changed_by: actors.superadmin.id });
    expect(await requestReset(actors.admin.id)).toBe('held');
    expect(await requestReset(secondSuperadmin)).toBe('held');
    // The warning says why, and names no secret.
    const line = await log.next(heldFor(actors.admin.id), 0);
    expect(line).toMatchObject({ mailRouteChangedBy: actors.superadmin.id });
    expect(log.text).not.toContain(SMTP_PASSWORD);
    expect(log.text).not.toContain('entered-again');
  });

  it('still carries the link of the account that changed it', async () => {
    expect(await requestReset(actors.superadmin.id)).toBe('mailed');
  });

  it("an administrator's Reset Password shows the temporary password instead of mailing it", async () => {
    const received = smtp.inbox.length;
    const fate = log.next(heldFor(actors.user.id));
    const response = await superadmin.post<{ message: string; tempPassword?: string }>(
      '/api/admin/reset-user-password',
      { userId: actors.user.id },
    );
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(USER_ADMIN_MSG.resetGenerated);
    expect(response.body.tempPassword).toMatch(/^[a-zA-Z2-9]{14}$/);
    await fate;
    expect(smtp.inbox).toHaveLength(received);
  });

  it('carries links again once the change is a day old', async () => {
    clock.advance(24 * 60 * 60_000 + 60_000);
    expect(await requestReset(actors.admin.id)).toBe('mailed');
  });

  it('a route set only by the environment carries links at once', async () => {
    const fresh = await startTestApp({
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'none' },
    });
    try {
      const account = newAccount('fresh');
      expect((await fresh.client().post('/api/register', account)).status).toBe(201);
      const received = smtp.inbox.length;
      expect((await fresh.client().post('/api/request-reset', { identifier: account.email })).status).toBe(200);
      expect((await smtp.waitFor(received + 1))[received]?.to).toEqual([account.email]);
    } finally {
      await fresh.close();
    }
  });
});
