import { afterEach, describe, expect, it } from 'vitest';
import { MSG, tryAgainIn } from '../../src/shared/messages.ts';
import type { AuthRateLimits } from '../../src/server/services/rate-limiter.ts';
import type { TestResponse } from '../helpers/http-client.ts';
import { RELAXED_LIMITS, TestClock, newAccount, startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 26, items 4 and 5: strangers signing in. A flood of refused attempts must not fill the disk; failures spread
 * over many addresses must lock the account for addresses it never signed in from, without locking its owner out;
 * and an IPv6 /64 is one address for every per-address limit.
 */

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const MINUTE = 60_000;
const FIFTEEN_MINUTES = 15 * MINUTE;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

async function start(limits: Partial<AuthRateLimits>, env: Record<string, string> = {}): Promise<TestClock> {
  // Mid-minute, so a burst sent at once falls in one minute.
  const clock = new TestClock(new Date('2026-06-01T12:00:20.000Z'));
  app = await startTestApp({
    clock,
    env: { TRUST_PROXY: '127.0.0.1', ...env },
    limits: { ...RELAXED_LIMITS, ...limits },
  });
  return clock;
}

function login(username: string, password: string, ip: string) {
  return app!.client().post('/api/login', { username, password }, from(ip));
}

/** Registers the first account (the superadmin) from `ip` and returns it with a signed-in client. */
async function registerOwner(ip: string) {
  const owner = newAccount('owner');
  const client = app!.client();
  const registered = await client.post('/api/register', owner, from(ip));
  expect(registered.status, registered.text).toBe(201);
  return { owner, client };
}

function expectLimited(response: TestResponse, retryAfter?: number): void {
  expect(response.status, response.text).toBe(429);
  const seconds = Number(response.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(0);
  if (retryAfter !== undefined) expect(seconds).toBe(retryAfter);
  expect(response.body.message).toBe(tryAgainIn(MSG.tooManyAttempts, seconds));
}

async function attemptRows() {
  return app!.testDb.db.kysely.selectFrom('login_attempts').selectAll().orderBy('id').execute();
}

interface ListedAttempt {
  identifier: string;
  ip: string;
  type: string;
  count?: number;
}

describe('refused sign-in attempts do not fill the disk', () => {
  it('stores a burst of refused attempts from one address as one counted entry per minute, shown in the dialog', async () => {
    const clock = await start({ loginFailuresPerIp: { limit: 3, windowMs: FIFTEEN_MINUTES } });
    const { client: admin } = await registerOwner('198.51.100.10');
    const ATTACKER = '203.0.113.7';
    for (let i = 0; i < 3; i += 1) expect((await login(`probe-${i}`, 'guess', ATTACKER)).status).toBe(401);
    // Long, different user names each time, some in parallel: the shape of the reported flood.
    const longName = (i: number) => `${String(i).padStart(6, '0')}${'x'.repeat(248)}`;
    for (let i = 0; i < 150; i += 1) expectLimited(await login(longName(i), 'guess', ATTACKER));
    const parallel = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(longName(150 + i), 'guess', ATTACKER)),
    );
    for (const response of parallel) expectLimited(response);

    const rows = (await attemptRows()).filter((row) => row.ip === ATTACKER);
    expect(rows.map((row) => row.type)).toEqual(['failure', 'failure', 'failure', 'rate_limited']);
    expect(rows[3]).toMatchObject({ count: 200, identifier: longName(0) });

    const listed = await admin.get<ListedAttempt[]>('/api/login-attempts');
    expect(listed.status).toBe(200);
    const refused = listed.body.filter((attempt) => attempt.type === 'rate_limited');
    expect(refused).toEqual([expect.objectContaining({ ip: ATTACKER, count: 200 })]);
    // Other entries carry no count.
    expect(listed.body.filter((attempt) => attempt.count !== undefined)).toHaveLength(1);

    // The next minute starts a new entry.
    clock.advance(MINUTE);
    expectLimited(await login('next-minute', 'guess', ATTACKER));
    const later = (await attemptRows()).filter((row) => row.type === 'rate_limited');
    expect(later.map((row) => row.count)).toEqual([200, 1]);
  });

  it('keeps at most MAX_LOGIN_ATTEMPTS rows besides successes, dropping the oldest', async () => {
    const CAP = 20;
    await start({ loginFailuresPerIp: { limit: 1, windowMs: FIFTEEN_MINUTES } }, { MAX_LOGIN_ATTEMPTS: String(CAP) });
    const OWNER = '198.51.100.10';
    const { owner } = await registerOwner(OWNER);
    // 60 addresses, each a failure and a refused attempt: 120 rows without a cap.
    const attacker = (i: number) => `203.0.113.${i + 1}`;
    for (let i = 0; i < 60; i += 1) {
      expect((await login(`stranger-${i}`, 'guess', attacker(i))).status).toBe(401);
      expectLimited(await login(`stranger-${i}`, 'guess', attacker(i)));
    }
    const rows = await attemptRows();
    const others = rows.filter((row) => row.type !== 'success');
    expect(others).toHaveLength(CAP);
    // The newest are kept: the last ten addresses' two rows each.
    expect(new Set(others.map((row) => row.ip))).toEqual(
      new Set(Array.from({ length: 10 }, (_, i) => attacker(50 + i))),
    );
    // The owner's sign-in is not pushed out by strangers.
    expect(rows.filter((row) => row.type === 'success').map((row) => row.identifier)).toEqual([owner.username]);
  });
});

describe('failures spread over many addresses', () => {
  const LIMITS: Partial<AuthRateLimits> = {
    loginFailuresPerIp: { limit: 30, windowMs: FIFTEEN_MINUTES },
    loginFailuresPerIdentifier: { limit: 10, windowMs: FIFTEEN_MINUTES },
    accountLock: { firstLockMs: MINUTE, maxLockMs: FIFTEEN_MINUTES },
  };
  const OLD_HOME = '198.51.100.20';
  const HOME = '198.51.100.21';

  /** One wrong password from each of 40 addresses: what each got (status and, when refused, its wait). */
  async function spread(username: string, addressPrefix: string) {
    const answers: string[] = [];
    for (let i = 1; i <= 40; i += 1) {
      const response = await login(username, `guess-${i}`, `${addressPrefix}${i}`);
      answers.push(`${response.status} ${response.headers.get('retry-after') ?? '-'} ${String(response.body.message)}`);
    }
    return answers;
  }

  it("lock the account for addresses it never signed in from; the owner's addresses still sign in", async () => {
    await start(LIMITS);
    const { owner } = await registerOwner(OLD_HOME);
    // The owner signs in from home: the last address (users.last_ip) is HOME, OLD_HOME is in the attempts log.
    expect((await login(owner.username, owner.password, HOME)).status).toBe(200);

    const answers = await spread(owner.username, '203.0.113.');
    // Ten password checks, then every other address is refused without one, for the first lock's minute.
    const wrong = `401 - ${MSG.invalidCredentials}`;
    const locked = `429 60 ${tryAgainIn(MSG.tooManyAttempts, 60)}`;
    expect(answers).toEqual([...Array<string>(10).fill(wrong), ...Array<string>(30).fill(locked)]);
    const failures = (await attemptRows()).filter((row) => row.type === 'failure');
    expect(failures).toHaveLength(10);

    // The right password from yet another address is refused too, by e-mail as by user name.
    expectLimited(await login(owner.username, owner.password, '203.0.113.41'), 60);
    expectLimited(await login(owner.email, owner.password, '203.0.113.42'), 60);

    // The owner's known addresses still get the password check, and sign in.
    const atHome = await login(owner.username, owner.password, HOME);
    expect(atHome.status, atHome.text).toBe(200);
    expect(atHome.body.role).toBe('superadmin');
    const atOldHome = await login(owner.email, owner.password, OLD_HOME);
    expect(atOldHome.status, atOldHome.text).toBe(200);
    // Their sign-ins do not lift the lock for everyone else.
    expectLimited(await login(owner.username, owner.password, '203.0.113.43'), 60);
  });

  it('lock for twice as long with each further failure, up to the longest lock', async () => {
    const clock = await start(LIMITS);
    const { owner } = await registerOwner(HOME);
    await spread(owner.username, '203.0.113.');
    let address = 100;
    const next = () => `203.0.113.${(address += 1)}`;
    let lock = 60;
    for (const expected of [120, 240, 480, 900, 900]) {
      clock.advance(lock * 1000);
      // The lock ran out: one more guess gets its password check, and locks the account for twice as long.
      expect((await login(owner.username, 'guess', next())).status).toBe(401);
      expectLimited(await login(owner.username, owner.password, next()), expected);
      lock = expected;
    }
    // Spacing guesses just past each lock never resets the count.
    clock.advance(lock * 1000);
    expect((await login(owner.username, 'guess', next())).status).toBe(401);
    expectLimited(await login(owner.username, 'guess', next()), 900);
    expect((await login(owner.username, owner.password, HOME)).status).toBe(200);
  });

  it('answer an unknown user name exactly as an existing account', async () => {
    await start(LIMITS);
    const { owner } = await registerOwner(HOME);
    const forAccount = await spread(owner.username, '203.0.113.');
    const forNobody = await spread('nobody-by-this-name', '192.0.2.');
    // Both locked after ten failures, with the same waits and messages.
    expect(forAccount.filter((answer) => answer.startsWith('429 60 '))).toHaveLength(30);
    expect(forNobody).toEqual(forAccount);
  });
});

describe('an IPv6 /64 is one address', () => {
  it('shares one sign-in limit within a /64, not across /64s; an IPv4-mapped address is its IPv4 address', async () => {
    await start({ loginFailuresPerIp: { limit: 2, windowMs: FIFTEEN_MINUTES } });
    await registerOwner('198.51.100.10');
    expect((await login('a', 'guess', '2001:db8:1:2::1')).status).toBe(401);
    expect((await login('b', 'guess', '2001:db8:1:2:a:b:c:d')).status).toBe(401);
    expectLimited(await login('c', 'guess', '2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expectLimited(await login('d', 'guess', '2001:DB8:1:2::9'));
    // The neighbouring /64 is someone else.
    expect((await login('e', 'guess', '2001:db8:1:3::1')).status).toBe(401);

    expect((await login('f', 'guess', '::ffff:198.51.100.7')).status).toBe(401);
    expect((await login('g', 'guess', '198.51.100.7')).status).toBe(401);
    expectLimited(await login('h', 'guess', '198.51.100.7'));

    // The refused attempts of the /64 share one entry of the log.
    const refused = (await attemptRows()).filter((row) => row.type === 'rate_limited');
    expect(refused.map((row) => [row.ip, row.count])).toEqual([
      ['2001:db8:1:2:ffff:ffff:ffff:ffff', 2],
      ['198.51.100.7', 1],
    ]);
  });

  it('shares one reset-request limit within a /64', async () => {
    await start({ resetRequestsPerIp: { limit: 2, windowMs: FIFTEEN_MINUTES } });
    const reset = (identifier: string, ip: string) =>
      app!.client().post('/api/request-reset', { identifier }, from(ip));
    expect((await reset('a@example.test', '2001:db8:5:6::1')).status).toBe(200);
    expect((await reset('b@example.test', '2001:db8:5:6::2')).status).toBe(200);
    expectLimited(await reset('c@example.test', '2001:db8:5:6:1234::3'));
    expect((await reset('d@example.test', '2001:db8:5:7::1')).status).toBe(200);
  });
});
