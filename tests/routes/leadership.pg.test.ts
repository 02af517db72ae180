// PostgreSQL only: the routes project includes *.pg.test.ts only when DATABASE_URL is set (vitest.config.ts),
// since SQLite serves one instance per file and has no advisory locks.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { LeaderLockRepository, type HeldLock } from '../../src/server/repositories/leader-lock.repository.ts';
import { Leadership } from '../../src/server/services/leadership.ts';
import { FAST, log, trackedWork, until } from '../helpers/leadership-work.ts';
import { createTestDb, type TestDb } from '../helpers/test-db.ts';

/** The lock of the standby, counting the attempts it lost: proof that it kept retrying. */
class CountedLock extends LeaderLockRepository {
  refusals = 0;
  override async tryHold(key: number): Promise<HeldLock | null> {
    const held = await super.tryHold(key);
    if (!held) this.refusals += 1;
    return held;
  }
}

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb?.dispose();
});

describe('several instances on one PostgreSQL database', () => {
  let second: Db;
  beforeAll(() => {
    second = openDatabase({ databaseUrl: testDb.location, sqlitePath: '', onPoolError: () => undefined });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('exactly one instance runs the work; a standby takes over when the leader stops or its connection dies', async () => {
    const shared = { active: 0, maxActive: 0 };
    const workA = trackedWork(shared);
    const workB = trackedWork(shared);
    const a = new Leadership(new LeaderLockRepository(testDb.db.kysely, 'postgres'), log, FAST);
    const lockB = new CountedLock(second.kysely, 'postgres');
    const b = new Leadership(lockB, log, FAST);

    await a.start(workA);
    await b.start(workB);
    expect([a.leading, b.leading]).toEqual([true, false]);
    // Several retry rounds of the standby: it never starts while the leader holds the lock.
    await until(() => lockB.refusals >= 4 || workB.starts > 0, 'four retry rounds of the standby');
    expect(workB.starts).toBe(0);
    expect(b.leading).toBe(false);

    // A clean stop releases the lock after the work has stopped, so the two never overlap.
    await a.stop();
    expect(workA.running).toBe(false);
    await until(() => b.leading && workB.running, 'the standby to take over');
    expect(shared.maxActive).toBe(1);

    // The leader's lock connection is cut (as when its process dies): it notices and stops; the other takes over.
    await a.start(workA);
    expect(a.leading).toBe(false);
    await sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = 7160002 and granted`.execute(
      testDb.db.kysely,
    );
    await until(() => !workB.running, 'the old leader to stop its work');
    await until(() => a.leading && workA.running, 'the standby to take over after the connection ended');
    expect(workA.starts).toBe(2);

    await Promise.all([a.stop(), b.stop()]);
    expect(shared.active).toBe(0);
  });
});
