import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { latestMigrationName, migrateToLatest } from '../../src/server/db/migrate.ts';
import { nodeMajor } from '../../src/server/db/sqlite-driver.ts';
import { StatusHistoryRepository } from '../../src/server/repositories/status-history.repository.ts';
import { CHECKS, handoffFile, integrity, openSqlite, SERVICE, USERNAME, writtenChecks } from './sqlite-handoff.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-handoff-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

it('opens and migrates the database the previous lane wrote under another Node', async () => {
  // A copy: the lane after this one may read the same file.
  const file = path.join(work, 'handed-over.db');
  fs.copyFileSync(handoffFile('SQLITE_HANDOFF_FROM'), file);
  const { db, kysely } = openSqlite(file);
  try {
    const writer = await kysely.selectFrom('handoff_origin').selectAll().executeTakeFirstOrThrow();
    // The point of the test: the file really comes from another Node release (and, 20 <-> 22, another driver).
    expect(nodeMajor(writer.node)).not.toBe(nodeMajor(process.version));

    await migrateToLatest(db);
    const { rows } = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(db.kysely);
    expect(rows).toEqual([{ name: latestMigrationName(db) }]);
    expect(await integrity(kysely)).toEqual(['ok']);

    const user = await db.kysely.selectFrom('users').select(['username', 'email']).executeTakeFirstOrThrow();
    expect(user).toEqual({ username: USERNAME, email: 'zoe@lab.example' });
    const service = await db.kysely.selectFrom('services').select(['id', 'name', 'url']).executeTakeFirstOrThrow();
    expect({ name: service.name, url: service.url }).toEqual(SERVICE);
    // Migration 0013 moved the check results into the new layout: every one reads back as written.
    const recent = await new StatusHistoryRepository(db.kysely, db.dialect).recent(Number(service.id), CHECKS + 10);
    expect(recent).toEqual(
      writtenChecks(Number(service.id)).map((check) => ({
        timestamp: check.timestamp,
        status: check.status === 1,
        responseTime: check.responseTime,
      })),
    );
  } finally {
    await db.close();
  }
});
