import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginAttemptsRepository } from '../../src/server/repositories/login-attempts.repository.ts';
import {
  LOGIN_ATTEMPTS_LIST_LIMIT,
  LOGIN_ATTEMPTS_RETENTION_DAYS,
} from '../../src/server/services/login-attempt.service.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { registerClient, startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

const DAY_MS = 86_400_000;

let app: TestApp;
let clock: TestClock;
let attempts: LoginAttemptsRepository;
let admin: TestClient;
let rootName: string;

/** Stores an attempt made `ageMs` before the test clock's now, under a recognisable identifier. */
async function attemptAged(identifier: string, ageMs: number): Promise<void> {
  await attempts.insert({
    identifier,
    ip: '192.0.2.10',
    type: 'failure',
    timestamp: new Date(clock.now().getTime() - ageMs).toISOString(),
    isp: null,
    city: null,
    region: null,
    country: null,
  });
}

async function listed(): Promise<Array<{ identifier: string; timestamp: string }>> {
  const response = await admin.get<Array<{ identifier: string; timestamp: string }>>('/api/login-attempts');
  expect(response.status).toBe(200);
  return response.body;
}

beforeAll(async () => {
  clock = new TestClock(new Date('2026-06-01T12:00:00.000Z'));
  app = await startTestApp({ clock });
  attempts = new LoginAttemptsRepository(app.testDb.db.kysely);
  const root = await registerClient(app, 'root');
  admin = root.client;
  rootName = root.account.username;
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/login-attempts cap', () => {
  it(`answers the newest ${LOGIN_ATTEMPTS_LIST_LIMIT} attempts, newest first, when more are stored`, async () => {
    const extra = 25;
    // Oldest first, one second apart: cap-0 is the oldest and must be among those left out.
    for (let i = 0; i < LOGIN_ATTEMPTS_LIST_LIMIT + extra; i += 1) {
      await attemptAged(`cap-${i}`, (LOGIN_ATTEMPTS_LIST_LIMIT + extra - i) * 1000);
    }
    const list = await listed();
    expect(list).toHaveLength(LOGIN_ATTEMPTS_LIST_LIMIT);
    // The newest is the admin's own sign-in at registration; then the cap-* attempts from the newest down, until
    // the cap is reached: the oldest extra + 1 of them are left out.
    expect(list[0]?.identifier).toBe(rootName);
    const expected = Array.from(
      { length: LOGIN_ATTEMPTS_LIST_LIMIT - 1 },
      (_, i) => `cap-${LOGIN_ATTEMPTS_LIST_LIMIT + extra - 1 - i}`,
    );
    expect(list.slice(1).map((attempt) => attempt.identifier)).toEqual(expected);
    const times = list.map((attempt) => attempt.timestamp);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('login attempt retention', () => {
  it(`keeps ${LOGIN_ATTEMPTS_RETENTION_DAYS} days of attempts and prunes older ones`, async () => {
    await attemptAged('kept-recent', DAY_MS);
    await attemptAged('kept-at-edge', (LOGIN_ATTEMPTS_RETENTION_DAYS - 1) * DAY_MS);
    await attemptAged('pruned-old', (LOGIN_ATTEMPTS_RETENTION_DAYS + 1) * DAY_MS);
    await attemptAged('pruned-ancient', 400 * DAY_MS);

    await app.built.services.loginAttempts.prune();

    const remaining = new Set((await attempts.list(10_000)).map((attempt) => attempt.identifier));
    expect(remaining.has('kept-recent')).toBe(true);
    expect(remaining.has('kept-at-edge')).toBe(true);
    expect(remaining.has('pruned-old')).toBe(false);
    expect(remaining.has('pruned-ancient')).toBe(false);

    // Time passes: the attempt at the edge ages out on a later run.
    clock.advance(2 * DAY_MS);
    await app.built.services.loginAttempts.prune();
    const later = new Set((await attempts.list(10_000)).map((attempt) => attempt.identifier));
    expect(later.has('kept-at-edge')).toBe(false);
    expect(later.has('kept-recent')).toBe(true);
  });
});
