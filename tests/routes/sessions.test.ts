import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/server/http/session-cookie.ts';
import type { TestClient, TestResponse } from '../helpers/http-client.ts';
import { newAccount, registerClient, startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

/**
 * Sessions (security.md "Sessions and sign-in"): cookie attributes, a fresh 256-bit id at every sign-in,
 * only a keyed hash in the database, logout, idle and absolute expiry, and the events that end sessions.
 */

const DAY_MS = 24 * 60 * 60_000;

/** The attributes of our session cookie in one answer, or undefined when the answer sets none. */
function sessionSetCookie(response: TestResponse): { value: string; attributes: string[] } | undefined {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!header) return undefined;
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  return { value: pair.slice(SESSION_COOKIE.length + 1), attributes: attributes.map((part) => part.toLowerCase()) };
}

/** Signs in a fresh browser with the account's credentials and returns it with its cookie value. */
async function login(app: TestApp, account: { username: string; password: string }) {
  const client = app.client();
  const response = await client.post('/api/login', { username: account.username, password: account.password });
  expect(response.status).toBe(200);
  const cookie = sessionSetCookie(response);
  if (!cookie) throw new Error('login set no session cookie');
  return { client, cookie: cookie.value, response };
}

/** A browser that presents exactly this cookie value (e.g. one kept from before a logout). */
function withCookie(app: TestApp, value: string): TestClient {
  const client = app.client();
  client.cookies.set(SESSION_COOKIE, value);
  return client;
}

async function sessionRows(app: TestApp) {
  return app.testDb.db.kysely.selectFrom('sessions').selectAll().execute();
}

describe('session cookie attributes', () => {
  let plain: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    plain = await startTestApp();
    proxied = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
  });

  it('is HttpOnly, SameSite=Lax, Path=/ and not Secure over plain http', async () => {
    const account = newAccount('cookie');
    const response = await plain.client().post('/api/register', account);
    expect(response.status).toBe(201);
    const cookie = sessionSetCookie(response);
    expect(cookie).toBeDefined();
    expect(cookie?.attributes).toContain('httponly');
    expect(cookie?.attributes).toContain('samesite=lax');
    expect(cookie?.attributes).toContain('path=/');
    expect(cookie?.attributes).not.toContain('secure');
    // The cookie never outlives the absolute session lifetime (30 days).
    const maxAge = cookie?.attributes.find((attribute) => attribute.startsWith('max-age='));
    expect(Number(maxAge?.slice('max-age='.length))).toBeLessThanOrEqual(30 * 24 * 60 * 60);
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const account = newAccount('spoof');
    const response = await plain.client().post('/api/register', account, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.status).toBe(201);
    expect(sessionSetCookie(response)?.attributes).not.toContain('secure');
  });

  it('is Secure when a trusted proxy says the request came over https', async () => {
    const account = newAccount('secure');
    const register = await proxied
      .client()
      .post('/api/register', account, { headers: { 'x-forwarded-proto': 'https' } });
    expect(register.status).toBe(201);
    expect(sessionSetCookie(register)?.attributes).toContain('secure');

    const signIn = await proxied
      .client()
      .post(
        '/api/login',
        { username: account.username, password: account.password },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
    expect(signIn.status).toBe(200);
    const cookie = sessionSetCookie(signIn);
    expect(cookie?.attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
  });
});

describe('session ids', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('are new at every sign-in, at least 256 bits of base64url, and never stored in clear', async () => {
    const { account } = await registerClient(app, 'ids');
    const first = await login(app, account);
    const second = await login(app, account);
    expect(first.cookie).not.toBe(second.cookie);
    for (const value of [first.cookie, second.cookie]) expect(value).toMatch(/^[A-Za-z0-9_-]{43,}$/);

    const rows = await sessionRows(app);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const stored = JSON.stringify(rows);
    for (const value of [first.cookie, second.cookie]) {
      expect(rows.map((row) => row.id_hash)).not.toContain(value);
      expect(stored).not.toContain(value);
    }
  });

  it('replaces a cookie the browser already had (no session fixation)', async () => {
    const { account } = await registerClient(app, 'fixation');
    const planted = 'A'.repeat(43);
    const client = withCookie(app, planted);
    const response = await client.post('/api/login', { username: account.username, password: account.password });
    expect(response.status).toBe(200);
    const cookie = sessionSetCookie(response);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(cookie?.value).not.toBe(planted);
    expect((await withCookie(app, planted).get('/api/user')).status).toBe(401);
  });

  it('a made-up or truncated cookie is not a session', async () => {
    const { account } = await registerClient(app, 'madeup');
    const { cookie } = await login(app, account);
    expect((await withCookie(app, cookie.slice(0, -1)).get('/api/user')).status).toBe(401);
    expect((await withCookie(app, `${cookie}x`).get('/api/user')).status).toBe(401);
    expect((await withCookie(app, 'x'.repeat(43)).get('/api/user')).status).toBe(401);
  });
});

describe('logout', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('ends the session on the server: the old cookie gets 401', async () => {
    const { account, user } = await registerClient(app, 'logout');
    const { client, cookie } = await login(app, account);
    const other = await login(app, account);
    expect((await client.get('/api/user')).status).toBe(200);

    const response = await client.post('/api/logout');
    expect(response.status).toBe(200);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

    expect((await withCookie(app, cookie).get('/api/user')).status).toBe(401);
    const remaining = (await sessionRows(app)).filter((row) => row.user_id === user.id);
    // Registration's session and the other browser's session are left; the logged-out one is gone.
    expect(remaining).toHaveLength(2);
    expect((await other.client.get('/api/user')).status).toBe(200);
  });
});

describe('expiry', () => {
  const clock = new TestClock(new Date('2030-01-01T00:00:00Z'));
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ clock });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a session unused for 8 days has ended (idle expiry); 6 days of rest do not end it', async () => {
    const { account } = await registerClient(app, 'idle');
    const { client } = await login(app, account);

    clock.advance(6 * DAY_MS);
    expect((await client.get('/api/user')).status).toBe(200);

    clock.advance(8 * DAY_MS);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('a session used every day ends after 30 days all the same (absolute expiry)', async () => {
    const { account } = await registerClient(app, 'absolute');
    const { client } = await login(app, account);

    for (let day = 1; day <= 29; day += 1) {
      clock.advance(DAY_MS);
      const response = await client.get('/api/user');
      expect(response.status, `day ${day}`).toBe(200);
    }
    clock.advance(2 * DAY_MS);
    expect((await client.get('/api/user')).status).toBe(401);
    // The account itself is fine: a new sign-in works again.
    const again = await login(app, account);
    expect((await again.client.get('/api/user')).status).toBe(200);
  });
});

describe('events that end sessions', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("a password change ends every session of the user, the caller's too, and clears its cookie", async () => {
    const { account, user } = await registerClient(app, 'change');
    const current = await login(app, account);
    const other = await login(app, account);

    const response = await current.client.post('/api/change-password', { newPassword: 'a-brand-new-password' });
    expect(response.status).toBe(200);
    expect(sessionSetCookie(response)?.value).toBe('');
    // Gone on the server, not only forgotten by the browser.
    expect((await sessionRows(app)).filter((row) => row.user_id === user.id)).toHaveLength(0);

    expect((await current.client.get('/api/user')).status).toBe(401);
    expect((await other.client.get('/api/user')).status).toBe(401);
    const oldPassword = await app
      .client()
      .post('/api/login', { username: account.username, password: account.password });
    expect(oldPassword.status).toBe(401);
    await login(app, { username: account.username, password: 'a-brand-new-password' });
  });

  it('deleting the user row ends its sessions', async () => {
    const { client, user } = await registerClient(app, 'deleted');
    expect((await client.get('/api/user')).status).toBe(200);

    await app.testDb.db.kysely.deleteFrom('users').where('id', '=', user.id).execute();

    expect((await client.get('/api/user')).status).toBe(401);
    expect((await sessionRows(app)).filter((row) => row.user_id === user.id)).toHaveLength(0);
  });

  it('disabling the account ends its sessions', async () => {
    const { client, user } = await registerClient(app, 'disabled');
    await app.testDb.db.kysely.updateTable('users').set({ enabled: false }).where('id', '=', user.id).execute();
    expect((await client.get('/api/user')).status).toBe(401);
  });
});
