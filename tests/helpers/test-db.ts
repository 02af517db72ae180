import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { Migrator } from 'kysely';
import { migrateToLatest, migrationsFor } from '../../src/server/db/migrate.ts';

/** A freshly migrated database of its own: SQLite in a temp folder, or a new PostgreSQL database when DATABASE_URL is set. */
export interface TestDb {
  db: Db;
  /** SQLite file path or PostgreSQL URL, to reopen the same database. */
  location: string;
  dispose(): Promise<void>;
}

/** Creates and migrates a database no other test file shares (`migrate`: to an older schema, for migration tests). */
export async function createTestDb(migrate: (db: Db) => Promise<void> = migrateToLatest): Promise<TestDb> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = openDatabase({ databaseUrl: url.toString(), sqlitePath: '' });
    await migrate(db);
    return {
      db,
      location: url.toString(),
      async dispose() {
        await db.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homelab-test-'));
  const file = path.join(dir, 'homelab.db');
  const db = openDatabase({ sqlitePath: file });
  await migrate(db);
  return {
    db,
    location: file,
    async dispose() {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Migrates `db` up (or down) to the migration `name`: a migration test's "before" state. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const provider = { getMigrations: () => Promise.resolve(migrationsFor(db)) };
  const { error } = await new Migrator({ db: db.kysely, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(`migrating to ${name} failed`);
}
