import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, USER_ADMIN_MSG } from '../../src/shared/messages.ts';
import { canManageUser } from '../../src/shared/permissions.ts';
import type { Role } from '../../src/shared/roles.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { newAccount, startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let users: UsersRepository;
let superadmin: { client: TestClient; id: number };

interface Member {
  id: number;
  username: string;
  password: string;
  client: TestClient;
}

/** Registers an account, shapes its role in the database, and signs it in. */
async function member(role: Role, approved = role !== 'pending'): Promise<Member> {
  const account = newAccount(role);
  const client = app.client();
  const response = await client.post<{ id: number }>('/api/register', account);
  expect(response.status).toBe(201);
  await users.update(response.body.id, { role, approved });
  const signedIn = app.client();
  await signedIn.post('/api/login', { username: account.username, password: account.password });
  return { id: response.body.id, username: account.username, password: account.password, client: signedIn };
}

beforeAll(async () => {
  app = await startTestApp();
  users = new UsersRepository(app.testDb.db.kysely);
  const first = app.client();
  const account = newAccount('root');
  const response = await first.post<{ id: number }>('/api/register', account);
  superadmin = { client: first, id: response.body.id };
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/users', () => {
  it('lists every user by id ascending without secrets', async () => {
    await member('user');
    await member('pending');
    const response = await superadmin.client.get<Array<{ id: number }>>('/api/users');
    expect(response.status).toBe(200);
    const ids = response.body.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(response.text).not.toMatch(/"password"|argon2|google_sub/);
  });
});

describe('manageability matrix on the server (SPEC section 6)', () => {
  const actorRoles: Role[] = ['superadmin', 'admin'];
  const targetRoles: Role[] = ['superadmin', 'admin', 'user', 'pending'];
  for (const actorRole of actorRoles) {
    for (const targetRole of targetRoles) {
      const allowed = canManageUser({ id: 1, role: actorRole }, { id: 2, role: targetRole });
      it(`${actorRole} editing another ${targetRole}'s e-mail: ${allowed ? 'allowed' : '403'}`, async () => {
        const actor = actorRole === 'superadmin' ? superadmin.client : (await member('admin')).client;
        const target = await member(targetRole);
        const email = `${target.username}-new@example.test`;
        const response = await actor.patch(`/api/users/${target.id}`, { id: target.id, email });
        expect(response.status).toBe(allowed ? 200 : 403);
        const stored = await users.findById(target.id);
        expect(stored?.email === email).toBe(allowed);
      });
    }
  }

  it('users and pending accounts manage nobody (403 at the door)', async () => {
    const target = await member('user');
    for (const role of ['user', 'pending'] as const) {
      const actor = await member(role);
      expect((await actor.client.patch(`/api/users/${target.id}`, { id: target.id, approved: false })).status).toBe(
        403,
      );
      expect((await actor.client.get('/api/users')).status).toBe(403);
    }
  });

  it('an admin manages itself but cannot grant superadmin to anyone', async () => {
    const admin = await member('admin');
    const self = await admin.client.patch(`/api/users/${admin.id}`, { id: admin.id, can_view_nsfw: true });
    expect(self.status).toBe(200);
    const target = await member('user');
    const grant = await admin.client.patch(`/api/users/${target.id}`, { id: target.id, role: 'superadmin' });
    expect(grant.status).toBe(400);
    expect((await users.findById(target.id))?.role).toBe('user');
  });

  it('approval, NSFW and role of a superadmin row cannot change, so the last superadmin stays', async () => {
    for (const change of [{ approved: false }, { can_view_nsfw: false }, { role: 'user' }]) {
      const response = await superadmin.client.patch(`/api/users/${superadmin.id}`, { id: superadmin.id, ...change });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(USER_ADMIN_MSG.superadminControls);
    }
    const me = await users.findById(superadmin.id);
    expect(me).toMatchObject({ role: 'superadmin', approved: true });
    // But its own e-mail is its to change.
    const email = await superadmin.client.patch(`/api/users/${superadmin.id}`, {
      id: superadmin.id,
      email: 'root@example.test',
    });
    expect(email.status).toBe(200);
  });

  it('needs the numeric id in the body to match the path, 404 for nobody', async () => {
    const target = await member('user');
    expect((await superadmin.client.patch(`/api/users/${target.id}`, { approved: true })).status).toBe(400);
    expect(
      (await superadmin.client.patch(`/api/users/${target.id}`, { id: target.id + 1, approved: true })).status,
    ).toBe(400);
    expect((await superadmin.client.patch('/api/users/999999', { id: 999999, approved: true })).status).toBe(404);
  });

  it('keeps e-mail addresses unique (409)', async () => {
    const a = await member('user');
    const b = await member('user');
    await superadmin.client.patch(`/api/users/${a.id}`, { id: a.id, email: 'taken@example.test' });
    const response = await superadmin.client.patch(`/api/users/${b.id}`, { id: b.id, email: 'TAKEN@example.test' });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(MSG.emailTaken);
  });
});

describe('approval and roles', () => {
  it('approving a pending account lets it reach the dashboard on its next request', async () => {
    const pending = await member('pending');
    expect((await pending.client.get('/api/services')).status).toBe(403);
    const response = await superadmin.client.patch(`/api/users/${pending.id}`, { id: pending.id, approved: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ approved: true, role: 'user' });
    expect((await pending.client.get('/api/services')).status).toBe(200);
  });

  it('losing approval or a role change ends that user sessions at once', async () => {
    const user = await member('user');
    await superadmin.client.patch(`/api/users/${user.id}`, { id: user.id, approved: false });
    expect((await user.client.get('/api/user')).status).toBe(401);

    const other = await member('user');
    await superadmin.client.patch(`/api/users/${other.id}`, { id: other.id, role: 'admin' });
    expect((await other.client.get('/api/user')).status).toBe(401);
    const again = app.client();
    await again.post('/api/login', { username: other.username, password: other.password });
    expect((await again.get('/api/users')).status).toBe(200);
  });

  it('setting the pending role removes approval', async () => {
    const user = await member('user');
    const response = await superadmin.client.patch(`/api/users/${user.id}`, { id: user.id, role: 'pending' });
    expect(response.body).toMatchObject({
      role: 'pending',
      approved: false,
      implied: ['unapproved'],
      signed_out: true,
    });
    expect((await user.client.get('/api/user')).status).toBe(401);
  });
});

describe('role and approval are one rule (decision 0002)', () => {
  for (const role of ['user', 'admin'] as const) {
    it(`giving a pending account the role ${role} approves it without signing it out`, async () => {
      const pending = await member('pending');
      const response = await superadmin.client.patch(`/api/users/${pending.id}`, { id: pending.id, role });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ role, approved: true, implied: ['approved'], signed_out: false });
      expect((await pending.client.get('/api/services')).status).toBe(200);
    });
  }

  it('enabling an account whose role is pending makes it a user, and the answer says so', async () => {
    const pending = await member('pending');
    const response = await superadmin.client.patch(`/api/users/${pending.id}`, { id: pending.id, approved: true });
    expect(response.body).toMatchObject({ role: 'user', approved: true, implied: ['role_user'], signed_out: false });
  });

  it('disabling a user keeps the role and signs the user out', async () => {
    const user = await member('user');
    const response = await superadmin.client.patch(`/api/users/${user.id}`, { id: user.id, approved: false });
    expect(response.body).toMatchObject({ role: 'user', approved: false, implied: [], signed_out: true });
    expect((await user.client.get('/api/user')).status).toBe(401);
  });

  it('a role change between user and admin keeps approval as it is and signs the user out', async () => {
    const disabled = await member('user', false);
    const response = await superadmin.client.patch(`/api/users/${disabled.id}`, { id: disabled.id, role: 'admin' });
    expect(response.body).toMatchObject({ role: 'admin', approved: false, implied: [], signed_out: true });
  });

  it('an explicit choice wins over the implied one: a pending account can become a disabled admin', async () => {
    const pending = await member('pending');
    const body = { id: pending.id, role: 'admin', approved: false };
    const response = await superadmin.client.patch(`/api/users/${pending.id}`, body);
    expect(response.body).toMatchObject({ role: 'admin', approved: false, implied: [] });
  });

  it('refuses the contradiction "pending and approved" with 400 and changes nothing', async () => {
    const user = await member('user');
    const body = { id: user.id, role: 'pending', approved: true };
    const response = await superadmin.client.patch(`/api/users/${user.id}`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: USER_ADMIN_MSG.pendingCannotBeApproved });
    expect(await users.findById(user.id)).toMatchObject({ role: 'user', approved: true });
  });

  it('an admin demoting themselves keeps the session they act from; their other sessions end', async () => {
    const admin = await member('admin');
    const elsewhere = app.client();
    await elsewhere.post('/api/login', { username: admin.username, password: admin.password });
    const response = await admin.client.patch(`/api/users/${admin.id}`, { id: admin.id, role: 'user' });
    expect(response.body).toMatchObject({ role: 'user', approved: true, signed_out: true });
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await admin.client.get('/api/user')).body).toMatchObject({ role: 'user' });
    expect((await admin.client.get('/api/users')).status).toBe(403);
  });

  it('an admin disabling themselves is confined like any unapproved account', async () => {
    const admin = await member('admin');
    const response = await admin.client.patch(`/api/users/${admin.id}`, { id: admin.id, approved: false });
    expect(response.body).toMatchObject({ role: 'admin', approved: false, signed_out: true });
    expect((await admin.client.get('/api/user')).status).toBe(200);
    expect((await admin.client.get('/api/users')).status).toBe(403);
  });
});

describe('deleting users', () => {
  it('only a superadmin deletes, never a superadmin row, and the sessions end', async () => {
    const admin = await member('admin');
    const victim = await member('user');
    const byAdmin = await admin.client.delete(`/api/users/${victim.id}`);
    expect(byAdmin.status).toBe(403);
    expect(await users.findById(victim.id)).toBeDefined();
    const bySuperadmin = await superadmin.client.delete(`/api/users/${victim.id}`);
    expect(bySuperadmin.status).toBe(200);
    expect(bySuperadmin.body.message).toBe(USER_ADMIN_MSG.deleted);
    expect(await users.findById(victim.id)).toBeUndefined();
    expect((await victim.client.get('/api/user')).status).toBe(401);
    const self = await superadmin.client.delete(`/api/users/${superadmin.id}`);
    expect(self.status).toBe(403);
    expect(await users.findById(superadmin.id)).toBeDefined();
    expect((await superadmin.client.delete('/api/users/999999')).status).toBe(404);
  });
});

describe('admin password reset', () => {
  it('without mail returns a temporary password once; it leads to requires_password_change', async () => {
    const user = await member('user');
    const response = await superadmin.client.post<{ tempPassword?: string; message: string }>(
      '/api/admin/reset-user-password',
      { userId: user.id },
    );
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(USER_ADMIN_MSG.resetGenerated);
    const tempPassword = response.body.tempPassword ?? '';
    expect(tempPassword).toMatch(/^[a-zA-Z2-9]{14}$/);
    expect((await user.client.get('/api/user')).status).toBe(401);
    const login = await app.client().post('/api/login', { username: user.username, password: tempPassword });
    expect(login.status).toBe(200);
    expect(login.body.requires_password_change).toBe(true);
    expect((await app.client().post('/api/login', { username: user.username, password: user.password })).status).toBe(
      401,
    );
  });

  it('refuses targets the actor may not manage', async () => {
    const admin = await member('admin');
    const otherAdmin = await member('admin');
    const response = await admin.client.post('/api/admin/reset-user-password', { userId: otherAdmin.id });
    expect(response.status).toBe(403);
    expect(response.body).not.toHaveProperty('tempPassword');
    expect((await admin.client.post('/api/admin/reset-user-password', { userId: superadmin.id })).status).toBe(403);
  });
});

describe('admin password reset with mail configured', () => {
  let smtp: FakeSmtp;
  let mailApp: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    mailApp = await startTestApp({
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'none' },
    });
  });
  afterAll(async () => {
    await mailApp.close();
    await smtp.close();
  });

  it('e-mails the temporary password instead of returning it', async () => {
    const root = mailApp.client();
    await root.post('/api/register', newAccount('mailroot'));
    const account = newAccount('mailuser');
    const created = await mailApp.client().post<{ id: number }>('/api/register', account);
    const response = await root.post('/api/admin/reset-user-password', { userId: created.body.id });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: USER_ADMIN_MSG.resetEmailed });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual([account.email]);
    const tempPassword = /^([a-zA-Z2-9]{14})$/m.exec(mail?.mail.text ?? '')?.[1] ?? '';
    const login = await mailApp.client().post('/api/login', { username: account.username, password: tempPassword });
    expect(login.body.requires_password_change).toBe(true);
  });
});

describe('registration switch (the superadmin extra control)', () => {
  it('only a superadmin closes registration; closed registration answers 403 and is public knowledge', async () => {
    const admin = await member('admin');
    expect((await admin.client.patch('/api/settings', { registration_open: false })).status).toBe(403);
    expect((await superadmin.client.patch('/api/settings', { registration_open: false })).status).toBe(200);
    expect((await app.client().get('/api/settings')).body.registration_open).toBe(false);
    const refused = await app.client().post('/api/register', newAccount('late'));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.registrationClosed);
    // Admins may still change other settings.
    expect((await admin.client.patch('/api/settings', { site_title: 'Still editable' })).status).toBe(200);
    await superadmin.client.patch('/api/settings', { registration_open: true });
    expect((await app.client().post('/api/register', newAccount('open'))).status).toBe(201);
  });
});

describe('GET /api/login-attempts', () => {
  it('lists the newest attempts first for administrators', async () => {
    const user = await member('user');
    await app.client().post('/api/login', { username: user.username, password: 'wrong' });
    const response =
      await superadmin.client.get<Array<{ identifier: string; type: string; ip: string; timestamp: string }>>(
        '/api/login-attempts',
      );
    expect(response.status).toBe(200);
    expect(response.body[0]).toMatchObject({ identifier: user.username, type: 'failure', ip: '127.0.0.1' });
    const times = response.body.map((a) => a.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    expect((await user.client.get('/api/login-attempts')).status).toBe(403);
  });
});
