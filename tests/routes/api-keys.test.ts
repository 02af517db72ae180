import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { readEnv } from '../../src/server/env.ts';
import { capReached, MSG } from '../../src/shared/messages.ts';
import { API_KEY_MSG } from '../../src/shared/schemas/api-keys.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { createTestDb } from '../helpers/test-db.ts';
import { testHasher } from '../helpers/test-hasher.ts';
import { RELAXED_LIMITS, startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

interface Created {
  id: number;
  name: string;
  scopes: string[];
  key: string;
}
interface Listed {
  id: number;
  name: string;
  scopes: string[];
  prefix: string;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
}

let app: TestApp;
let clock: TestClock;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;

beforeAll(async () => {
  clock = new TestClock(new Date('2026-03-01T12:00:00Z'));
  app = await startTestApp({ clock, env: { MAX_API_KEYS: '6' } });
  actors = await createActors(app);
  admin = await actors.admin.signIn();
});
afterAll(async () => {
  await app.close();
});

async function createKey(scopes: string[], by: TestClient = admin, name = `key ${scopes.join('+')}`) {
  const response = await by.post<Created>('/api/api-keys', { name, scopes });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function revoke(id: number) {
  expect((await admin.delete(`/api/api-keys/${id}`)).status).toBe(200);
}

/** A request carrying only the key: no cookie, as a script sends it. */
function withKey(key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return app.client().request(method, path, {
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(body === undefined ? {} : { body }),
  });
}

async function listed(id: number): Promise<Listed | undefined> {
  const response = await admin.get<Listed[]>('/api/api-keys');
  expect(response.status).toBe(200);
  return response.body.find((key) => key.id === id);
}

describe('creating, listing and revoking keys', () => {
  it('answers 201 with the key once; the list and the database hold only its prefix and hash', async () => {
    const created = await createKey(['read', 'metrics'], admin, '  Homepage  ');
    expect(Object.keys(created).sort()).toEqual(['id', 'key', 'name', 'scopes']);
    expect(created.name).toBe('Homepage');
    expect(created.scopes).toEqual(['read', 'metrics']);
    expect(created.key).toMatch(/^hlk_[A-Za-z0-9_-]{43}$/);

    const list = await admin.get<Listed[]>('/api/api-keys');
    expect(list.text).not.toContain(created.key);
    expect(list.text).not.toContain(created.key.slice(12));
    expect(list.body.find((key) => key.id === created.id)).toEqual({
      id: created.id,
      name: 'Homepage',
      scopes: ['read', 'metrics'],
      prefix: created.key.slice(0, 12),
      createdAt: clock.now().toISOString(),
      createdBy: actors.admin.credentials?.username,
      lastUsedAt: null,
      lastUsedIp: null,
    });

    const row = await app.testDb.db.kysely
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));
    expect(row.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    await revoke(created.id);
  });

  it.each([
    [{ scopes: ['read'] }, API_KEY_MSG.nameRequired],
    [{ name: '   ', scopes: ['read'] }, API_KEY_MSG.nameRequired],
    [{ name: 'x'.repeat(101), scopes: ['read'] }, API_KEY_MSG.nameTooLong],
    [{ name: 'tab\there', scopes: ['read'] }, API_KEY_MSG.nameInvalid],
    [{ name: 'k' }, API_KEY_MSG.scopesRequired],
    [{ name: 'k', scopes: [] }, API_KEY_MSG.scopesRequired],
    [{ name: 'k', scopes: 'read' }, API_KEY_MSG.scopesRequired],
    [{ name: 'k', scopes: ['write'] }, API_KEY_MSG.scopeInvalid],
    [{ name: 'k', scopes: ['read', 'read'] }, API_KEY_MSG.scopesDuplicate],
    [{ name: 'k', scopes: ['read', 'metrics', 'admin', 'read'] }, API_KEY_MSG.scopesDuplicate],
  ])('refuses %j with 400: %s', async (body, message) => {
    const before = (await admin.get<Listed[]>('/api/api-keys')).body.length;
    const response = await admin.post('/api/api-keys', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await admin.get<Listed[]>('/api/api-keys')).body).toHaveLength(before);
  });

  it('refuses unknown fields (a key is never given its creator or hash by the caller)', async () => {
    const response = await admin.post('/api/api-keys', { name: 'k', scopes: ['read'], createdBy: 1 });
    expect(response.status).toBe(400);
  });

  it('caps the number of keys (MAX_API_KEYS) with 409, and a revocation makes room', async () => {
    const made: Created[] = [];
    const existing = (await admin.get<Listed[]>('/api/api-keys')).body.length;
    for (let i = existing; i < 6; i += 1) made.push(await createKey(['read']));
    const refused = await admin.post('/api/api-keys', { name: 'one too many', scopes: ['read'] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(capReached('API keys', 6, 'MAX_API_KEYS'));
    const [first, ...rest] = made;
    if (!first) throw new Error('no key made');
    await revoke(first.id);
    const again = await createKey(['read']);
    for (const key of [again, ...rest]) await revoke(key.id);
  });

  it('revokes: the key stops working at once and leaves the list; an unknown id is 404', async () => {
    const created = await createKey(['read']);
    expect((await withKey(created.key, 'GET', '/api/services')).status).toBe(200);
    const revoked = await admin.delete(`/api/api-keys/${created.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ message: API_KEY_MSG.revoked });
    const refused = await withKey(created.key, 'GET', '/api/services');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: API_KEY_MSG.invalidKey });
    expect(refused.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(await listed(created.id)).toBeUndefined();
    const again = await admin.delete(`/api/api-keys/${created.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(API_KEY_MSG.notFound);
  });

  it('lets every admin see and revoke every key, and no one else', async () => {
    const created = await createKey(['read']);
    const superadmin = await actors.superadmin.signIn();
    expect((await superadmin.get<Listed[]>('/api/api-keys')).body.map((key) => key.id)).toContain(created.id);
    const user = await actors.user.signIn();
    expect((await user.get('/api/api-keys')).status).toBe(403);
    expect((await user.post('/api/api-keys', { name: 'mine', scopes: ['read'] })).status).toBe(403);
    expect((await user.delete(`/api/api-keys/${created.id}`)).status).toBe(403);
    expect((await superadmin.delete(`/api/api-keys/${created.id}`)).status).toBe(200);
  });
});

describe('calling the API with a key', () => {
  it('reads the services as its creator sees them, with a read key or an admin key', async () => {
    await admin.post('/api/services', { name: 'Visible', url: 'http://127.0.0.1:9/' });
    await admin.post('/api/services', { name: 'Adults only', url: 'http://127.0.0.1:9/', isNSFW: true });
    const asCreator = await admin.get<Array<Record<string, unknown>>>('/api/services');
    // Check settings (headers and bodies an admin typed) go to admin sessions and admin keys only (issue 16).
    const withoutChecks = asCreator.body.map(({ check: _check, ...service }) => service);
    for (const [scopes, expected] of [
      [['read'], withoutChecks],
      [['admin'], asCreator.body],
    ] as const) {
      const created = await createKey([...scopes]);
      const response = await withKey(created.key, 'GET', '/api/services');
      expect(response.status).toBe(200);
      expect(response.body).toEqual(expected);
      expect(response.text).toContain('Adults only');
      await revoke(created.id);
    }
  });

  it('refuses a route outside the scope with 403: metrics implies nothing, read cannot write', async () => {
    const metrics = await createKey(['metrics']);
    const read = await createKey(['read']);
    const services = await withKey(metrics.key, 'GET', '/api/services');
    expect(services.status).toBe(403);
    expect(services.body.message).toBe(API_KEY_MSG.missingScope('read'));
    const write = await withKey(read.key, 'POST', '/api/services', { name: 'Nope', url: 'http://127.0.0.1:9/' });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe(API_KEY_MSG.missingScope('admin'));
    expect((await admin.get<Array<{ name: string }>>('/api/services')).body.map((s) => s.name)).not.toContain('Nope');
    await revoke(metrics.id);
    await revoke(read.id);
  });

  it('changes state with an admin key, from any origin (no cookie: nothing to forge)', async () => {
    const created = await createKey(['admin']);
    const response = await withKey(
      created.key,
      'POST',
      '/api/services',
      { name: 'By key', url: 'http://127.0.0.1:9/' },
      { origin: 'http://evil.test', 'sec-fetch-site': 'cross-site' },
    );
    expect(response.status).toBe(201);
    await revoke(created.id);
  });

  it('never acts on accounts or keys, whatever its scopes', async () => {
    const created = await createKey(['read', 'metrics', 'admin']);
    const target = actors.user.id;
    const attempts: Array<[string, string, unknown]> = [
      ['PATCH', `/api/users/${target}`, { id: target, role: 'admin' }],
      ['PATCH', `/api/users/${target}`, { id: target, approved: false }],
      ['DELETE', `/api/users/${target}`, undefined],
      ['POST', '/api/admin/reset-user-password', { userId: target }],
      [
        'POST',
        '/api/change-password',
        { currentPassword: 'x', newPassword: 'new-secret', confirmPassword: 'new-secret' },
      ],
      ['PATCH', '/api/user', { email: 'key@example.test' }],
      ['POST', '/api/logout', {}],
      ['GET', '/api/api-keys', undefined],
      ['POST', '/api/api-keys', { name: 'successor', scopes: ['admin'] }],
      ['DELETE', `/api/api-keys/${created.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const response = await withKey(created.key, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.message, `${method} ${path}`).toBe(API_KEY_MSG.notForKeys);
    }
    const users = (await admin.get<Array<{ id: number; role: string; approved: boolean }>>('/api/users')).body;
    expect(users.find((user) => user.id === target)).toMatchObject({ role: 'user', approved: true });
    expect(await listed(created.id)).toBeDefined();
    await revoke(created.id);
  });

  it('stops working for good when its creator is no longer an approved, enabled admin', async () => {
    const repository = new UsersRepository(app.testDb.db.kysely);
    const creatorId = actors.admin.id ?? 0;
    for (const change of [{ role: 'user' as const }, { approved: false }, { enabled: false }]) {
      const created = await createKey(['read']);
      await repository.update(creatorId, change);
      const response = await withKey(created.key, 'GET', '/api/services');
      expect(response.status, JSON.stringify(change)).toBe(401);
      // Revoked, not dormant: a re-promotion does not bring it back (issue 26).
      await repository.update(creatorId, { role: 'admin', approved: true, enabled: true });
      expect((await withKey(created.key, 'GET', '/api/services')).status).toBe(401);
      expect(await listed(created.id)).toBeUndefined();
    }
  });

  it('goes with its creator when the account is deleted', async () => {
    const second = await (async () => {
      const account = { username: `keyadmin${Date.now()}`, email: `keyadmin${Date.now()}@example.test` };
      const client = app.client();
      const password = 'pw-keyadmin-secret';
      const registered = await client.post<{ id: number }>('/api/register', { ...account, password });
      await new UsersRepository(app.testDb.db.kysely).update(registered.body.id, { role: 'admin', approved: true });
      await client.post('/api/login', { username: account.username, password });
      return { client, id: registered.body.id };
    })();
    const created = await createKey(['read'], second.client);
    const superadmin = await actors.superadmin.signIn();
    expect((await superadmin.delete(`/api/users/${second.id}`)).status).toBe(200);
    expect(await listed(created.id)).toBeUndefined();
    expect((await withKey(created.key, 'GET', '/api/services')).status).toBe(401);
  });

  it('records the last use and address, at most once a minute', async () => {
    const created = await createKey(['read']);
    const firstUse = clock.now().toISOString();
    expect((await withKey(created.key, 'GET', '/api/services')).status).toBe(200);
    expect(await listed(created.id)).toMatchObject({ lastUsedAt: firstUse, lastUsedIp: '127.0.0.1' });
    clock.advance(30_000);
    expect((await withKey(created.key, 'GET', '/api/game-servers')).status).toBe(200);
    expect((await listed(created.id))?.lastUsedAt).toBe(firstUse);
    clock.advance(30_000);
    expect((await withKey(created.key, 'GET', '/api/game-servers')).status).toBe(200);
    expect((await listed(created.id))?.lastUsedAt).toBe(clock.now().toISOString());
    await revoke(created.id);
  });
});

describe('where a key is accepted', () => {
  it('takes the key from the Authorization header only, never from the query string or a cookie', async () => {
    const created = await createKey(['admin']);
    for (const path of [`/api/services?key=${created.key}`, `/api/services?access_token=${created.key}`]) {
      const response = await app.client().get(path);
      expect(response.status, path).toBe(401);
      expect(response.body.message).toBe(MSG.notAuthenticated);
    }
    for (const cookie of [
      `authorization=Bearer ${created.key}`,
      `api_key=${created.key}`,
      `hd_session=${created.key}`,
    ]) {
      const response = await app.client().get('/api/services', { headers: { cookie } });
      expect(response.status, cookie).toBe(401);
    }
    await revoke(created.id);
  });

  it('reads the scheme case-insensitively and refuses malformed bearer credentials with 401', async () => {
    const created = await createKey(['read']);
    const send = (authorization: string) => app.client().get('/api/services', { headers: { authorization } });
    expect((await send(`bearer ${created.key}`)).status).toBe(200);
    expect((await send(`BEARER ${created.key}`)).status).toBe(200);
    for (const bad of [
      'Bearer',
      'Bearer ',
      `Bearer ${created.key}x`,
      `Bearer ${created.key.slice(0, -1)}`,
      `Bearer a b`,
    ]) {
      const response = await send(bad);
      expect(response.status, bad).toBe(401);
      expect(response.body.message).toBe(API_KEY_MSG.invalidKey);
    }
    await revoke(created.id);
  });

  it('ignores other schemes (a reverse proxy passing Basic credentials along)', async () => {
    const basic = { authorization: `Basic ${Buffer.from('proxy:secret').toString('base64')}` };
    expect((await app.client().get('/api/settings', { headers: basic })).status).toBe(200);
    const services = await app.client().get('/api/services', { headers: basic });
    expect(services.status).toBe(401);
    expect(services.body.message).toBe(MSG.notAuthenticated);
  });

  it('lets a session cookie win over a key: a browser is judged by its session alone', async () => {
    const created = await createKey(['admin']);
    const user = await actors.user.signIn();
    const response = await user.post(
      '/api/services',
      { name: 'Smuggled', url: 'http://127.0.0.1:9/' },
      { headers: { authorization: `Bearer ${created.key}` } },
    );
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MSG.forbidden);
    await revoke(created.id);
  });
});

describe('keys and logs', () => {
  it('never writes a key to the log, at trace level, on success or refusal', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const testDb = await createTestDb();
    const env = readEnv({ LOG_LEVEL: 'trace', PORT: '0', DATA_DIR: app.dataDir, GEOIP: 'off' });
    const built = await buildApp({
      env,
      db: testDb.db,
      hasher: testHasher,
      limits: RELAXED_LIMITS,
      clientDir: '/nonexistent-client-dir',
      logger: { level: 'trace', stream },
    });
    try {
      const inject = async (
        method: 'GET' | 'POST',
        url: string,
        headers: Record<string, string>,
        payload?: Record<string, unknown>,
      ) => built.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
      const register = await inject(
        'POST',
        '/api/register',
        {},
        {
          username: 'logroot',
          email: 'logroot@example.test',
          password: 'pw-logroot-secret',
        },
      );
      const cookie = String(register.headers['set-cookie']).split(';')[0] ?? '';
      const created = (
        await inject('POST', '/api/api-keys', { cookie }, { name: 'log', scopes: ['read'] })
      ).json<Created>();
      expect(created.key).toMatch(/^hlk_/);
      const bearer = { authorization: `Bearer ${created.key}` };
      expect((await inject('GET', '/api/services', bearer)).statusCode).toBe(200);
      expect((await inject('GET', '/api/users', bearer)).statusCode).toBe(403);
      expect((await inject('GET', '/api/services', { authorization: `Bearer ${created.key}x` })).statusCode).toBe(401);
      const log = lines.join('');
      expect(log).toContain('/api/services');
      expect(log).not.toContain(created.key.slice(4));
    } finally {
      await built.close();
      await testDb.dispose();
    }
  });
});
