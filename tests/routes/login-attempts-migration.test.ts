import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { RELAXED_LIMITS, startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';
import { createTestDb, migrateTo, type TestDb } from '../helpers/test-db.ts';
import { testHasher } from '../helpers/test-hasher.ts';

// Migration 0021 on a database in use (SQLite, or PostgreSQL with DATABASE_URL): the successful sign-ins stored
// before it still count as the owner's known addresses, so an upgrade during an attack does not lock the owner out.

const BEFORE = '0020-escalation-guards';
const NOW = new Date('2030-03-01T10:00:00.000Z');
const OLD_HOME = '198.51.100.20';
const HOME = '198.51.100.21';

let testDb: TestDb;
let app: TestApp | undefined;

beforeAll(async () => {
  testDb = await createTestDb((db) => migrateTo(db, BEFORE));
});
afterAll(async () => {
  await app?.close();
  await testDb.dispose();
});

describe('migration 0021 (login attempt bursts)', () => {
  it("keeps the owner's earlier sign-in addresses known", async () => {
    const db = testDb.db.kysely;
    await db
      .insertInto('users')
      .values({
        username: 'Owner',
        password: await testHasher.hash('owner-password'),
        email: 'owner@example.test',
        role: 'superadmin',
        approved: true,
        last_ip: HOME,
        created_at: NOW.toISOString(),
      })
      .execute();
    const attempt = { isp: null, city: null, region: null, country: null };
    const dayAgo = new Date(NOW.getTime() - 86_400_000).toISOString();
    // Stored as typed: the e-mail in capitals, the user name in lower case.
    await db
      .insertInto('login_attempts')
      .values([
        { ...attempt, identifier: 'OWNER@example.test', ip: OLD_HOME, type: 'success', timestamp: dayAgo },
        { ...attempt, identifier: 'owner', ip: '203.0.113.99', type: 'failure', timestamp: dayAgo },
      ])
      .execute();

    await migrateToLatest(testDb.db);
    const rows = await db
      .selectFrom('login_attempts')
      .select(['ip', 'user_id', 'count', 'burst_key'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { ip: OLD_HOME, user_id: 1, count: 1, burst_key: null },
      { ip: '203.0.113.99', user_id: null, count: 1, burst_key: null },
    ]);

    app = await startTestApp({
      testDb,
      clock: new TestClock(NOW),
      env: { TRUST_PROXY: '127.0.0.1' },
      limits: { ...RELAXED_LIMITS, loginFailuresPerIdentifier: { limit: 3, windowMs: 15 * 60_000 } },
    });
    const login = (password: string, ip: string) =>
      app!.client().post('/api/login', { username: 'owner', password }, { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i += 1) expect((await login('guess', `203.0.113.${i + 1}`)).status).toBe(401);
    expect((await login('owner-password', '203.0.113.50')).status).toBe(429);
    const signedIn = await login('owner-password', OLD_HOME);
    expect(signedIn.status, signedIn.text).toBe(200);
  });
});
