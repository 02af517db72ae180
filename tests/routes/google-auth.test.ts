import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_USERNAME_LENGTH } from '../../src/shared/constants.ts';
import { MSG } from '../../src/shared/messages.ts';
import { hasLoneSurrogate } from '../../src/shared/text.ts';
import { SettingsRepository } from '../../src/server/repositories/settings.repository.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import { SESSION_COOKIE } from '../../src/server/http/session-cookie.ts';
import { startFakeOidcIssuer as startFakeIssuer, type FakeOidcIssuer as FakeIssuer } from '../fakes/oidc-issuer.ts';
import type { TestClient, TestResponse } from '../helpers/http-client.ts';
import { newAccount, startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * POST /api/auth/google with ID tokens from a local issuer (integrations.md section 5, option A):
 * account creation under the registration rules, approval, linking by verified e-mail, and every
 * kind of token that must not verify.
 */

let counter = 0;
/** Claims of a new Google identity; `local` fixes the e-mail's local part. */
function identity(options: { local?: string; domain?: string; verified?: boolean } = {}) {
  counter += 1;
  const local = options.local ?? `g${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    sub: `google-sub-${counter}-${Math.random().toString(36).slice(2, 10)}`,
    email: `${local}@${options.domain ?? 'gmail.example'}`,
    email_verified: options.verified ?? true,
    name: `Person ${counter}`,
  };
}

/** No answer of this route may carry a password, hash, token or external subject. */
function expectNoSecrets(response: TestResponse): void {
  const forbidden = [
    'password',
    'passwordHash',
    'password_hash',
    'hash',
    'id_hash',
    'token',
    'google_sub',
    'reset_token',
  ];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        expect(forbidden, `field ${key}`).not.toContain(key);
        walk(inner);
      }
    }
  };
  walk(response.body);
  expect(response.text).not.toContain('$argon2');
}

async function signInWith(client: TestClient, token: string) {
  const response = await client.post('/api/auth/google', { token });
  expectNoSecrets(response);
  return response;
}

function setsSession(response: TestResponse): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

async function googleApp(issuer: FakeIssuer): Promise<TestApp> {
  return startTestApp({
    env: { GOOGLE_CLIENT_ID: issuer.clientId, OIDC_ISSUER: issuer.issuer, OIDC_JWKS_URL: issuer.jwksUrl },
  });
}

async function userCount(app: TestApp): Promise<number> {
  return new UsersRepository(app.testDb.db.kysely).count();
}

let issuer: FakeIssuer;
beforeAll(async () => {
  issuer = await startFakeIssuer();
});
afterAll(async () => {
  await issuer.close();
});

describe('when Google sign-in is not configured', () => {
  it('answers 400 with the SPEC message', async () => {
    const app = await startTestApp();
    try {
      const response = await signInWith(app.client(), await issuer.sign(identity()));
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(MSG.googleNotConfigured);
      expect(setsSession(response)).toBe(false);
      expect(await userCount(app)).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('accounts made by Google sign-in', () => {
  let app: TestApp;
  let users: UsersRepository;

  beforeAll(async () => {
    app = await googleApp(issuer);
    users = new UsersRepository(app.testDb.db.kysely);
  });
  afterAll(async () => {
    await app.close();
  });

  it('the first account ever becomes an approved superadmin with a working session', async () => {
    const claims = identity();
    const client = app.client();
    const response = await signInWith(client, await issuer.sign(claims));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email: claims.email, role: 'superadmin', approved: true });
    expect(setsSession(response)).toBe(true);

    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(response.body.id);
    expectNoSecrets(me);
  });

  it('a later account under default role pending gets 403 requiresApproval and no session', async () => {
    const claims = identity();
    const client = app.client();
    const response = await signInWith(client, await issuer.sign(claims));
    expect(response.status).toBe(403);
    expect(response.body.requiresApproval).toBe(true);
    expect(typeof response.body.message).toBe('string');
    expect(setsSession(response)).toBe(false);
    expect((await client.get('/api/user')).status).toBe(401);

    const created = await users.findByGoogleSub(claims.sub);
    expect(created).toMatchObject({ email: claims.email, role: 'pending', approved: false });

    const attempts = await app.testDb.db.kysely
      .selectFrom('login_attempts')
      .selectAll()
      .where('identifier', '=', claims.email)
      .execute();
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    expect(attempts.every((attempt) => attempt.type !== 'success')).toBe(true);

    // Signing in again while still unapproved: the same answer, no second account.
    const countBefore = await userCount(app);
    const again = await signInWith(client, await issuer.sign(claims));
    expect(again.status).toBe(403);
    expect(again.body.requiresApproval).toBe(true);
    expect(setsSession(again)).toBe(false);
    expect(await userCount(app)).toBe(countBefore);

    // Once an administrator approves the account, the same identity signs in.
    if (!created) throw new Error('account not created');
    await users.update(created.id, { approved: true, role: 'user' });
    const approved = await signInWith(client, await issuer.sign(claims));
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: created.id, role: 'user', approved: true });
    expect((await client.get('/api/user')).body.id).toBe(created.id);
  });

  it('derives unique usernames from the e-mail local part', async () => {
    const first = identity({ local: 'samelocal', domain: 'one.example' });
    const second = identity({ local: 'samelocal', domain: 'two.example' });
    await signInWith(app.client(), await issuer.sign(first));
    await signInWith(app.client(), await issuer.sign(second));
    const a = await users.findByGoogleSub(first.sub);
    const b = await users.findByGoogleSub(second.sub);
    expect(a?.username).toMatch(/^samelocal/);
    expect(b?.username).toMatch(/^samelocal/);
    expect(a?.username).not.toBe(b?.username);
    expect(a?.id).not.toBe(b?.id);
  });

  it('cuts a long local part of astral letters without splitting a surrogate pair', async () => {
    // 'a' then 40 mathematical bold capitals: a cut at 60 code units would land inside a pair.
    const claims = identity({ local: `a${'\u{1d400}'.repeat(40)}` });
    const second = { ...identity(), email: claims.email.replace('gmail.example', 'other.example') };
    // The account is created either way; earlier tests here may have made the default role 'pending' (403).
    await signInWith(app.client(), await issuer.sign(claims));
    await signInWith(app.client(), await issuer.sign(second));
    for (const sub of [claims.sub, second.sub]) {
      const username = (await users.findByGoogleSub(sub))?.username ?? '';
      expect(username).toMatch(/^a\u{1d400}+\d*$/u);
      expect(hasLoneSurrogate(username), JSON.stringify(username)).toBe(false);
      expect(username.length).toBeLessThanOrEqual(MAX_USERNAME_LENGTH);
    }
  });

  it('refuses an unverified e-mail with 403 and creates nothing', async () => {
    const before = await userCount(app);
    const claims = identity({ verified: false });
    const response = await signInWith(app.client(), await issuer.sign(claims));
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MSG.googleEmailUnverified);
    expect(setsSession(response)).toBe(false);
    expect(await userCount(app)).toBe(before);
    expect(await users.findByGoogleSub(claims.sub)).toBeUndefined();
  });

  it('links an existing password account with the same verified e-mail', async () => {
    const account = newAccount('linked');
    const registered = await app.client().post('/api/register', account);
    expect(registered.status).toBe(201);
    const id = registered.body.id as number;
    await users.update(id, { approved: true, role: 'user' });
    const before = await userCount(app);

    // An unverified address never takes over the account.
    const unverified = { ...identity({ verified: false }), email: account.email };
    expect((await signInWith(app.client(), await issuer.sign(unverified))).status).toBe(403);
    expect((await users.findById(id))?.google_sub).toBeNull();

    const claims = { ...identity(), email: account.email.toUpperCase() };
    const client = app.client();
    const response = await signInWith(client, await issuer.sign(claims));
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(id);
    expect(response.body.username).toBe(account.username);
    expect((await users.findById(id))?.google_sub).toBe(claims.sub);
    expect(await userCount(app)).toBe(before);
    expect((await client.get('/api/user')).body.id).toBe(id);

    // The password still works too.
    const password = await app.client().post('/api/login', { username: account.username, password: account.password });
    expect(password.status).toBe(200);
    expect(password.body.id).toBe(id);
  });

  it('refuses a disabled account with 403 and no session', async () => {
    const claims = identity();
    await signInWith(app.client(), await issuer.sign(claims));
    const user = await users.findByGoogleSub(claims.sub);
    if (!user) throw new Error('account not created');
    await users.update(user.id, { approved: true, role: 'user', enabled: false });

    const client = app.client();
    const response = await signInWith(client, await issuer.sign(claims));
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MSG.accountDisabled);
    expect(setsSession(response)).toBe(false);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('with registration closed refuses a new account (403, nothing created) but signs in an existing one', async () => {
    const known = identity();
    await signInWith(app.client(), await issuer.sign(known));
    const existing = await users.findByGoogleSub(known.sub);
    if (!existing) throw new Error('account not created');
    await users.update(existing.id, { approved: true, role: 'user' });
    const settings = new SettingsRepository(app.testDb.db.kysely);
    await settings.update({ registration_open: false });
    try {
      const before = await userCount(app);
      const stranger = identity();
      const refused = await signInWith(app.client(), await issuer.sign(stranger));
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(MSG.registrationClosed);
      expect(setsSession(refused)).toBe(false);
      expect(await users.findByGoogleSub(stranger.sub)).toBeUndefined();
      expect(await userCount(app)).toBe(before);

      const again = await signInWith(app.client(), await issuer.sign(known));
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(existing.id);
    } finally {
      await settings.update({ registration_open: true });
    }
  });
});

describe('tokens that do not verify', () => {
  let app: TestApp;
  let otherIssuer: FakeIssuer;

  beforeAll(async () => {
    app = await googleApp(issuer);
    otherIssuer = await startFakeIssuer(issuer.clientId);
  });
  afterAll(async () => {
    await app.close();
    await otherIssuer.close();
  });

  const badTokens: Record<string, () => Promise<string>> = {
    'wrong audience': () => issuer.sign(identity(), { audience: 'someone-else.apps.example' }),
    'wrong issuer': () => issuer.sign(identity(), { issuer: 'https://accounts.google.com' }),
    'expired an hour ago': () => issuer.sign(identity(), { expiresIn: '-1h' }),
    'signed by another key with the same kid': () =>
      otherIssuer.sign(identity(), { issuer: issuer.issuer, audience: issuer.clientId }),
    'alg none': () =>
      Promise.resolve(
        new UnsecuredJWT(identity())
          .setIssuer(issuer.issuer)
          .setAudience(issuer.clientId)
          .setExpirationTime('1h')
          .encode(),
      ),
    'HS256 with a guessable secret': () =>
      new SignJWT(identity())
        .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
        .setIssuer(issuer.issuer)
        .setAudience(issuer.clientId)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('test-key')),
    'signature cut off': async () => (await issuer.sign(identity())).split('.').slice(0, 2).join('.') + '.',
    'payload swapped after signing': async () => {
      const [header, , signature] = (await issuer.sign(identity())).split('.');
      const forged = Buffer.from(JSON.stringify({ ...identity(), iss: issuer.issuer, aud: issuer.clientId })).toString(
        'base64url',
      );
      return `${header}.${forged}.${signature}`;
    },
    'an e-mail with a lone surrogate': () => issuer.sign({ ...identity(), email: 'a\ud800b@gmail.example' }),
    'a subject with a NUL character': () => issuer.sign({ ...identity(), sub: 'google\u0000sub' }),
    garbage: () => Promise.resolve('not-a-jwt'),
    'three dots of garbage': () => Promise.resolve('a.b.c'),
  };

  for (const [name, makeToken] of Object.entries(badTokens)) {
    it(`${name}: 401 'could not be verified', no account, no session`, async () => {
      const before = await userCount(app);
      const client = app.client();
      const response = await signInWith(client, await makeToken());
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(MSG.googleTokenInvalid);
      expect(setsSession(response)).toBe(false);
      expect(await userCount(app)).toBe(before);
      expect((await client.get('/api/user')).status).toBe(401);
    });
  }

  it('a good token from the configured issuer still works on this app (the cases above fail for their flaw)', async () => {
    const response = await signInWith(app.client(), await issuer.sign(identity()));
    expect(response.status).toBe(200);
  });
});
