import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, migrateTo, type TestDb } from '../helpers/test-db.ts';

// Migration 0020 on a database in use (SQLite, or PostgreSQL with DATABASE_URL): keys left dormant by a demotion
// before it are revoked, so a re-promotion cannot bring them back; the stored mail route counts as not changed.

const BEFORE = '0019-subject-changes-by-time';
const MIGRATION = '0020-escalation-guards';
const NOW = '2030-03-01T10:00:00.000Z';

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb((db) => migrateTo(db, BEFORE));
});
afterAll(async () => {
  await testDb.dispose();
});

describe('migration 0020 (escalation guards)', () => {
  it('revokes the keys of accounts that are no longer enabled, approved administrators, and only those', async () => {
    const db = testDb.db.kysely;
    const account = async (username: string, role: string, approved: boolean, enabled = true) =>
      (
        await db
          .insertInto('users')
          .values({ username, password: 'not-a-hash', role, approved, enabled, created_at: NOW })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const owners = {
      admin: await account('still-admin', 'admin', true),
      superadmin: await account('root', 'superadmin', true),
      demoted: await account('demoted', 'user', true),
      unapproved: await account('unapproved', 'admin', false),
      disabled: await account('disabled', 'admin', true, false),
    };
    for (const [name, id] of Object.entries(owners)) {
      await db
        .insertInto('api_keys')
        .values({
          name,
          scopes: '["admin"]',
          key_hash: `hash-${name}`,
          prefix: 'hlk_x',
          created_by: id,
          created_at: NOW,
        })
        .execute();
    }
    await db
      .insertInto('mail_settings')
      .values({ id: 1, host: 'smtp.lab.test', port: 587, secure: 'starttls', updated_at: NOW })
      .execute();

    await migrateTo(testDb.db, MIGRATION);

    const kept = await db.selectFrom('api_keys').select('name').orderBy('name').execute();
    expect(kept.map((row) => row.name)).toEqual(['admin', 'superadmin']);
    const mail = await db.selectFrom('mail_settings').selectAll().executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ host: 'smtp.lab.test', route_changed_by: null, route_changed_at: null });
  });
});
