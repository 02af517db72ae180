import { afterEach, describe, expect, it } from 'vitest';
import { MSG, tryAgainIn } from '../../src/shared/messages.ts';
import type { TestResponse } from '../helpers/http-client.ts';
import { RELAXED_LIMITS, newAccount, startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const tight = (overrides: Partial<typeof RELAXED_LIMITS>) => ({ ...RELAXED_LIMITS, ...overrides });

/** A 429 whose message says how long to wait, in agreement with its Retry-After header. */
function expectLimited(response: TestResponse, reason: string = MSG.tooManyAttempts): void {
  expect(response.status, response.text).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(response.body.message).toBe(tryAgainIn(reason, retryAfter));
  expect(response.body.message).toMatch(/ Try again in \d+ (second|minute)s?\.$/);
}

describe('sign-in rate limits', () => {
  it('limits failures per identifier with 429 and Retry-After, leaving other accounts alone', async () => {
    app = await startTestApp({
      limits: tight({ loginFailuresPerIdentifier: { limit: 3, windowMs: 15 * 60_000 } }),
    });
    const victim = newAccount('victim');
    const bystander = newAccount('bystander');
    await app.client().post('/api/register', victim);
    await app.client().post('/api/register', bystander);
    for (let i = 0; i < 3; i += 1) {
      expect((await app.client().post('/api/login', { username: victim.username, password: 'guess' })).status).toBe(
        401,
      );
    }
    const limited = await app.client().post('/api/login', { username: victim.username, password: victim.password });
    expectLimited(limited);
    expect(limited.body.message).toBe('Too many attempts. Try again in 15 minutes.');
    const other = await app.client().post('/api/login', { username: bystander.username, password: bystander.password });
    expect(other.status).toBe(200);
  });

  it('limits failures per IP, and a spoofed X-Forwarded-For does not escape it without a trusted proxy', async () => {
    app = await startTestApp({ limits: tight({ loginFailuresPerIp: { limit: 4, windowMs: 60_000 } }) });
    for (let i = 0; i < 4; i += 1) {
      await app.client().post('/api/login', { username: `nobody${i}`, password: 'guess' });
    }
    const spoofed = await app
      .client()
      .post(
        '/api/login',
        { username: 'nobody-else', password: 'guess' },
        { headers: { 'x-forwarded-for': '203.0.113.9' } },
      );
    expectLimited(spoofed);
  });

  it('with TRUST_PROXY the forwarded address is the one limited and recorded', async () => {
    app = await startTestApp({
      env: { TRUST_PROXY: '127.0.0.1' },
      limits: tight({ loginFailuresPerIp: { limit: 2, windowMs: 60_000 } }),
    });
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 2; i += 1)
      await app.client().post('/api/login', { username: `n${i}`, password: 'x' }, from('198.51.100.1'));
    expect(
      (await app.client().post('/api/login', { username: 'n9', password: 'x' }, from('198.51.100.1'))).status,
    ).toBe(429);
    expect(
      (await app.client().post('/api/login', { username: 'n9', password: 'x' }, from('198.51.100.2'))).status,
    ).toBe(401);
    const ips = await app.testDb.db.kysely.selectFrom('login_attempts').select('ip').execute();
    expect(new Set(ips.map((row) => row.ip))).toEqual(new Set(['198.51.100.1', '198.51.100.2']));
  });

  it('limits registrations and reset requests per IP', async () => {
    app = await startTestApp({
      limits: tight({
        registrationsPerIp: { limit: 2, windowMs: 60_000 },
        resetRequestsPerIp: { limit: 2, windowMs: 60_000 },
      }),
    });
    expect((await app.client().post('/api/register', newAccount())).status).toBe(201);
    expect((await app.client().post('/api/register', newAccount())).status).toBe(201);
    const third = await app.client().post('/api/register', newAccount());
    expectLimited(third);
    for (let i = 0; i < 2; i += 1) {
      expect((await app.client().post('/api/request-reset', { identifier: `a${i}@example.test` })).status).toBe(200);
    }
    expectLimited(await app.client().post('/api/request-reset', { identifier: 'z@example.test' }));
  });
});

describe('an account locked by failures from elsewhere', () => {
  const ATTACKER = '203.0.113.66';
  const OWNER = '198.51.100.10';
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

  async function start() {
    app = await startTestApp({
      env: { TRUST_PROXY: '127.0.0.1' },
      limits: tight({
        loginFailuresPerIdentifier: { limit: 3, windowMs: 15 * 60_000 },
        loginFailuresPerIp: { limit: 30, windowMs: 15 * 60_000 },
      }),
    });
    const owner = newAccount('root');
    const registered = await app.client().post('/api/register', owner, from(OWNER));
    expect(registered.body.role).toBe('superadmin');
    const login = (ip: string, password: string) =>
      app!.client().post('/api/login', { username: owner.username, password }, from(ip));
    // The attacker's address fails until the account is locked, and goes on failing.
    for (let i = 0; i < 3; i += 1) expect((await login(ATTACKER, `guess-${i}`)).status).toBe(401);
    for (let i = 0; i < 10; i += 1) expectLimited(await login(ATTACKER, `guess-more-${i}`));
    return { owner, login };
  }

  it('still lets the superadmin in with the right password from an address it signed in from, not elsewhere', async () => {
    const { owner, login } = await start();
    const signedIn = await login(OWNER, owner.password);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.role).toBe('superadmin');
    // Also by e-mail, the other identifier of the same account, from the same known address.
    const byEmail = await app!
      .client()
      .post('/api/login', { username: owner.email, password: owner.password }, from(OWNER));
    expect(byEmail.status, byEmail.text).toBe(200);
    // An address the account never signed in from gets no password check while the lock runs (issue 26).
    expectLimited(await login('198.51.100.11', owner.password));
  });

  it("keeps the attacker's address limited, even with the right password, and after the owner signed in", async () => {
    const { owner, login } = await start();
    expectLimited(await login(ATTACKER, owner.password));
    expect((await login(OWNER, owner.password)).status).toBe(200);
    const again = await login(ATTACKER, owner.password);
    expectLimited(again);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    const limited = await app!.testDb.db.kysely
      .selectFrom('login_attempts')
      .select(['ip', 'type'])
      .where('type', '=', 'rate_limited')
      .execute();
    expect(new Set(limited.map((row) => row.ip))).toEqual(new Set([ATTACKER]));
  });

  it("limits the owner's known address by its own failures only", async () => {
    const { owner, login } = await start();
    expect((await login(OWNER, 'typo')).status).toBe(401);
    // One typo during the lock does not shut the owner out.
    expect((await login(OWNER, owner.password)).status).toBe(200);
    // The limit's failures of its own do, as for any address.
    for (let i = 0; i < 3; i += 1) expect((await login(OWNER, `typo-${i}`)).status).toBe(401);
    expectLimited(await login(OWNER, owner.password));
    const failures = await app!.testDb.db.kysely
      .selectFrom('login_attempts')
      .select('ip')
      .where('type', '=', 'failure')
      .execute();
    expect(failures.filter((row) => row.ip === OWNER)).toHaveLength(4);
  });
});
