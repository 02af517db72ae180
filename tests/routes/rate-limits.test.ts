import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.ts';
import { RELAXED_LIMITS, newAccount, startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const tight = (overrides: Partial<typeof RELAXED_LIMITS>) => ({ ...RELAXED_LIMITS, ...overrides });

describe('sign-in rate limits', () => {
  it('limits failures per identifier with 429 and Retry-After, leaving other accounts alone', async () => {
    app = await startTestApp({ limits: tight({ loginFailuresPerIdentifier: { limit: 3, windowMs: 60_000 } }) });
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
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(MSG.tooManyAttempts);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
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
    expect(spoofed.status).toBe(429);
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
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).not.toBeNull();
    for (let i = 0; i < 2; i += 1) {
      expect((await app.client().post('/api/request-reset', { identifier: `a${i}@example.test` })).status).toBe(200);
    }
    expect((await app.client().post('/api/request-reset', { identifier: 'z@example.test' })).status).toBe(429);
  });
});
