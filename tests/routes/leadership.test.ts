import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaderLockRepository } from '../../src/server/repositories/leader-lock.repository.ts';
import { Leadership } from '../../src/server/services/leadership.ts';
import { FAST, log, trackedWork } from '../helpers/leadership-work.ts';
import { createTestDb, type TestDb } from '../helpers/test-db.ts';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb?.dispose();
});

describe('monitor leadership', () => {
  it('a lone instance leads at once and stops its work when it stops', async () => {
    const shared = { active: 0, maxActive: 0 };
    const work = trackedWork(shared);
    const leadership = new Leadership(new LeaderLockRepository(testDb.db.kysely, testDb.db.dialect), log, FAST);
    await leadership.start(work);
    expect(leadership.leading).toBe(true);
    expect(work.running).toBe(true);
    await leadership.stop();
    expect(leadership.leading).toBe(false);
    expect(work.running).toBe(false);
    expect(work.stops).toBe(1);
  });
});
