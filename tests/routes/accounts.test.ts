import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import { newAccount, registerClient, startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const FORBIDDEN_KEYS = ['password', 'passwordHash', 'reset_token', 'google_sub', 'id_hash'];
function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  for (const key of FORBIDDEN_KEYS) expect(text).not.toContain(`"${key}"`);
}

async function loginAttempts() {
  return app.testDb.db.kysely.selectFrom('login_attempts').selectAll().orderBy('id').execute();
}

describe('registration', () => {
  it('makes the first account an approved superadmin, signed in', async () => {
    const { client, user } = await registerClient(app, 'first');
    expect(user).toMatchObject({ role: 'superadmin', approved: true });
    expectNoSecrets(user);
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, role: 'superadmin', requires_password_change: false });
  });

  it('gives later accounts the default role (pending: not approved)', async () => {
    const { user } = await registerClient(app);
    expect(user).toMatchObject({ role: 'pending', approved: false });
  });

  it('follows a changed default role, approving non-pending roles', async () => {
    const { client: adminClient } = await registerClient(app, 'second-admin');
    // A pending account may not change settings.
    expect((await adminClient.patch('/api/settings', { defaultRole: 'user' })).status).toBe(403);
    await new UsersRepository(app.testDb.db.kysely).update(
      (await adminClient.get<{ id: number }>('/api/user')).body.id,
      {
        role: 'admin',
        approved: true,
      },
    );
    const changed = await adminClient.patch('/api/settings', { defaultRole: 'user' });
    expect(changed.status).toBe(200);
    expect(changed.body.default_role).toBe('user');
    const { user } = await registerClient(app);
    expect(user).toMatchObject({ role: 'user', approved: true });
    expect((await adminClient.patch('/api/settings', { defaultRole: 'pending' })).body.default_role).toBe('pending');
  });

  it('refuses a taken username or e-mail regardless of case, with 409', async () => {
    const account = newAccount();
    expect((await app.client().post('/api/register', account)).status).toBe(201);
    const sameName = await app
      .client()
      .post('/api/register', { ...newAccount(), username: account.username.toUpperCase() });
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe(MSG.usernameTaken);
    const sameEmail = await app.client().post('/api/register', { ...newAccount(), email: account.email.toUpperCase() });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe(MSG.emailTaken);
  });

  it.each([
    [{ username: '', email: 'a@b.co', password: 'secret1' }, MSG.usernameRequired],
    [{ username: 'ok', email: 'nope', password: 'secret1' }, MSG.emailInvalid],
    [{ username: 'ok', email: 'a@b.co', password: '12345' }, MSG.passwordTooShort],
    [{ username: 'a@b', email: 'a@b.co', password: 'secret1' }, MSG.usernameInvalid],
    [{ username: 'x'.repeat(65), email: 'a@b.co', password: 'secret1' }, MSG.usernameTooLong],
    [{ username: 'ok', email: 'a@b.co', password: 'secret1', role: 'superadmin' }, 'Unrecognized key: "role"'],
  ])('answers 400 with the first problem for %j', async (body, message) => {
    const before = await app.testDb.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await app.client().post('/api/register', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    const after = await app.testDb.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('login', () => {
  it('accepts the username or the e-mail in any case and records the success', async () => {
    const account = newAccount('login');
    await app.client().post('/api/register', account);
    for (const identifier of [account.username, account.email.toUpperCase()]) {
      const client = app.client();
      const response = await client.post('/api/login', { username: identifier, password: account.password });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ username: account.username, requires_password_change: false });
      expectNoSecrets(response.body);
      expect((await client.get('/api/user')).status).toBe(200);
    }
    const attempts = await loginAttempts();
    expect(attempts.filter((a) => a.identifier === account.email.toUpperCase() && a.type === 'success')).toHaveLength(
      1,
    );
    expect(attempts.at(-1)?.ip).toBe('127.0.0.1');
  });

  it('answers unknown users and wrong passwords alike, and records both failures', async () => {
    const account = newAccount('wrong');
    await app.client().post('/api/register', account);
    const wrongPassword = await app.client().post('/api/login', { username: account.username, password: 'not-it' });
    const unknownUser = await app.client().post('/api/login', { username: 'nobody-here', password: 'not-it' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownUser.body);
    expect(wrongPassword.body.message).toBe(MSG.invalidCredentials);
    expect(wrongPassword.headers.get('set-cookie')).toBeNull();
    const attempts = await loginAttempts();
    expect(attempts.some((a) => a.identifier === account.username && a.type === 'failure')).toBe(true);
    expect(attempts.some((a) => a.identifier === 'nobody-here' && a.type === 'failure')).toBe(true);
  });

  it('refuses a disabled account with 403', async () => {
    const { account, user } = await registerClient(app, 'disabled');
    await new UsersRepository(app.testDb.db.kysely).update(user.id, { enabled: false });
    const response = await app.client().post('/api/login', { username: account.username, password: account.password });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MSG.accountDisabled);
  });

  it('flags a temporary password with requires_password_change and confines the session until it is changed', async () => {
    const { account, user } = await registerClient(app, 'temp');
    await new UsersRepository(app.testDb.db.kysely).update(user.id, {
      role: 'user',
      approved: true,
      temp_password: true,
    });
    const client = app.client();
    const login = await client.post('/api/login', { username: account.username, password: account.password });
    expect(login.body.requires_password_change).toBe(true);
    expect((await client.get('/api/user')).body.requires_password_change).toBe(true);
    expect((await client.patch('/api/settings', { defaultRole: 'user' })).status).toBe(403);
    const changed = await client.post('/api/change-password', { newPassword: 'brand-new-pw' });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(MSG.passwordUpdated);
    // The change ends the session; the new password signs in without the flag.
    expect((await client.get('/api/user')).status).toBe(401);
    const relogin = await app.client().post('/api/login', { username: account.username, password: 'brand-new-pw' });
    expect(relogin.body).toMatchObject({ requires_password_change: false, temp_password: false });
  });
});

describe('pending accounts', () => {
  it('may read and change their own account, log out and change password, and nothing else', async () => {
    const { client, user } = await registerClient(app, 'pend');
    expect(user.approved).toBe(false);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await client.patch('/api/user', { service_order: [2, 1] })).status).toBe(200);
    const settings = await client.get('/api/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).not.toHaveProperty('show_status_badge');
    expect(settings.body).not.toHaveProperty('default_role');
    const forbidden = await client.patch('/api/settings', { defaultRole: 'admin' });
    expect(forbidden.status).toBe(403);
    expect((await client.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('own account (PATCH /api/user)', () => {
  it('saves the service order, dropping duplicates', async () => {
    const { client } = await registerClient(app, 'order');
    const response = await client.patch('/api/user', { service_order: [5, 3, 5, 9] });
    expect(response.status).toBe(200);
    expect(response.body.service_order).toEqual([5, 3, 9]);
    expect((await client.get('/api/user')).body.service_order).toEqual([5, 3, 9]);
  });

  it.each(['role', 'approved', 'can_view_nsfw', 'password', 'id', 'email'])(
    'refuses the extra field %s and changes nothing',
    async (key) => {
      const { client, user } = await registerClient(app, 'mass');
      const before = await client.get('/api/user');
      const response = await client.patch('/api/user', { service_order: [1], [key]: key === 'id' ? 1 : 'superadmin' });
      expect(response.status).toBe(400);
      const after = await client.get('/api/user');
      expect(after.body).toEqual(before.body);
      expect(after.body.id).toBe(user.id);
    },
  );

  it.each([
    [{ service_order: 'x' }],
    [{ service_order: ['a'] }],
    [{ service_order: [1.5] }],
    [{ service_order: [-1] }],
    [{}],
  ])('refuses %j with 400', async (body) => {
    const { client } = await registerClient(app, 'badorder');
    expect((await client.patch('/api/user', body)).status).toBe(400);
  });
});

describe('logout and password change', () => {
  it('logout deletes the session on the server: the old cookie no longer works', async () => {
    const { client } = await registerClient(app, 'logout');
    const stolen = client.fresh();
    stolen.cookies = new Map(client.cookies);
    const logout = await client.post('/api/logout');
    expect(logout.status).toBe(200);
    // The lists kept for revalidation leave the browser's cache too.
    expect(logout.headers.get('clear-site-data')).toBe('"cache"');
    expect(client.cookies.size).toBe(0);
    expect((await stolen.get('/api/user')).status).toBe(401);
  });

  it('password change ends every session, this one too, and enforces the minimum length', async () => {
    const { client, account } = await registerClient(app, 'change');
    const other = app.client();
    await other.post('/api/login', { username: account.username, password: account.password });
    const short = await client.post('/api/change-password', { newPassword: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(MSG.passwordTooShort);
    expect((await other.get('/api/user')).status).toBe(200);
    expect((await client.post('/api/change-password', { newPassword: 'another-secret' })).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await other.get('/api/user')).status).toBe(401);
    const oldPassword = await app
      .client()
      .post('/api/login', { username: account.username, password: account.password });
    expect(oldPassword.status).toBe(401);
  });
});

describe('settings', () => {
  it('shows strangers only what the sign-in page needs, with SPEC defaults', async () => {
    const response = await app.client().get('/api/settings');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      site_title: 'Homelab Dashboard',
      font_family: 'Inter',
      login_description: 'Monitor your services and game servers in real time with our comprehensive dashboard.',
      onlineColor: '#22c55e',
      offlineColor: '#ef4444',
      google_client_id: null,
    });
    expect(response.body.tracking_code).toBeNull();
    for (const key of ['default_role', 'show_status_badge', 'admin_show_uptime_log']) {
      expect(response.body).not.toHaveProperty(key);
    }
  });

  it('gives users the display flags and admins also the admin_ variants and default role', async () => {
    const { client: userClient, user } = await registerClient(app, 'flags');
    await new UsersRepository(app.testDb.db.kysely).update(user.id, { role: 'user', approved: true });
    const asUser = await userClient.get('/api/settings');
    expect(asUser.body).toMatchObject({
      show_refresh_interval: true,
      show_last_checked: true,
      show_service_url: true,
      show_status_badge: true,
      show_uptime_log: false,
    });
    expect(asUser.body).not.toHaveProperty('admin_show_status_badge');
    expect(asUser.body).not.toHaveProperty('default_role');
    await new UsersRepository(app.testDb.db.kysely).update(user.id, { role: 'admin' });
    const asAdmin = await userClient.get('/api/settings');
    expect(asAdmin.body).toMatchObject({ admin_show_status_badge: true, admin_show_uptime_log: false });
    expect(['pending', 'user', 'admin']).toContain(asAdmin.body.default_role);
  });

  it('refuses an unknown default role or superadmin with 400', async () => {
    const { client, user } = await registerClient(app, 'roleset');
    await new UsersRepository(app.testDb.db.kysely).update(user.id, { role: 'admin', approved: true });
    for (const defaultRole of ['superadmin', 'owner', 3, null]) {
      const response = await client.patch('/api/settings', { defaultRole });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/defaultRole/);
    }
  });
});

describe('cross-site requests', () => {
  it('refuses state changes whose Origin is another site, even with a valid session', async () => {
    const { client } = await registerClient(app, 'csrf');
    const headers = { origin: 'https://evil.example' };
    const response = await client.patch('/api/user', { service_order: [7] }, { headers });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MSG.crossSite);
    expect((await client.post('/api/logout', undefined, { headers })).status).toBe(403);
    expect((await client.post('/api/logout', undefined, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(
      403,
    );
    expect((await client.get('/api/user')).body.service_order).toEqual([]);
    expect((await client.patch('/api/user', { service_order: [7] }, { headers: { origin: app.baseUrl } })).status).toBe(
      200,
    );
  });
});

describe('unknown API paths', () => {
  it('answer 404 as JSON', async () => {
    const response = await app.client().get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(MSG.notFound);
  });
});
