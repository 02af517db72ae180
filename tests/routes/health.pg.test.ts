import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { until } from '../helpers/until.ts';

/**
 * Issue 15, PostgreSQL only: GET /readyz follows the database server. It answers 503 while the server refuses
 * connections or does not answer within the probe's time-out, says so in fixed words (no driver message, host or
 * database name), and answers ready again by itself once the database is back.
 */

let app: TestApp;
let admin: pg.Client;
let database: string;

beforeAll(async () => {
  app = await startTestApp();
  database = new URL(app.testDb.location).pathname.slice(1);
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
});
afterAll(async () => {
  await admin.query(`alter database ${database} allow_connections true`);
  await admin.end();
  await app.close();
});

const readyz = () => app.client().get('/readyz');

describe('GET /readyz on PostgreSQL', () => {
  it('is not ready while the database refuses connections, and ready again once it accepts them', async () => {
    expect((await readyz()).status).toBe(200);
    // What a restart or failover looks like to the pool: every connection ended, new ones refused.
    await admin.query(`alter database ${database} allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);

    await until(async () => (await readyz()).status === 503, 'readyz to answer 503');
    const down = await readyz();
    expect(down.body).toEqual({ status: 'not ready', reason: 'database unreachable' });
    expect(down.text).not.toContain(database);
    expect(down.text).not.toMatch(/127\.0\.0\.1|connect|terminat|allow/i);
    expect((await app.client().get('/healthz')).status).toBe(200);

    await admin.query(`alter database ${database} allow_connections true`);
    await until(async () => (await readyz()).status === 200, 'readyz to answer 200 again');
    expect((await readyz()).body).toEqual({ status: 'ready', leader: false });
  });

  it('is not ready when the database does not answer in time, and ready again once it does', async () => {
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${database}`;
    const locker = new pg.Client({ connectionString: url.toString() });
    await locker.connect();
    try {
      // The probe's query waits behind this lock, as it would behind a hung server.
      await locker.query('begin');
      await locker.query('lock table kysely_migration in access exclusive mode');
      // Polls that arrive while the probe hangs share it: one pooled connection waits, not one per poll.
      const stuck = await Promise.all(Array.from({ length: 5 }, readyz));
      for (const answer of stuck) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ status: 'not ready', reason: 'database did not answer in time' });
      }
      const waiting = await admin.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
          where datname = $1 and wait_event_type = 'Lock' and query like '%kysely_migration%'`,
        [database],
      );
      expect(waiting.rows[0]?.count).toBe(1);
      await locker.query('commit');
      await until(async () => (await readyz()).status === 200, 'readyz to answer 200 after the lock');
    } finally {
      await locker.end();
    }
  });
});
