import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openRawSqlite } from '../../../tests/helpers/raw-sqlite.ts';
import type { SqliteDatabase } from '../db/sqlite-driver.ts';
import { openSnapshotSource, snapshotSqlite, SNAPSHOT_CACHE_KIB } from './sqlite-snapshot.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-snapshot-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A WAL database as the server leaves it: migrations recorded, and rows still in the WAL, not yet checkpointed. */
function serverLikeDatabase(name: string): { file: string; db: SqliteDatabase } {
  const file = path.join(dir, name);
  const db = openRawSqlite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table kysely_migration (name text primary key, timestamp text not null)');
  db.exec('create table notes (id integer primary key, body text not null)');
  const migration = db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)');
  for (const name of ['0001_initial', '0019_latest', '0002_second']) migration.run(name, '2026-11-27');
  const note = db.prepare('insert into notes (body) values (?)');
  db.transaction(() => {
    for (let index = 0; index < 2_000; index += 1) note.run(`note ${index} ${'x'.repeat(200)}`);
  })();
  return { file, db };
}

describe('snapshotting the SQLite database', () => {
  it('reads through a connection with a small page cache that waits out the server’s writes', () => {
    const { file, db } = serverLikeDatabase('source-settings.db');
    const from = openSnapshotSource(file, { fileMustExist: true });
    try {
      // A negative cache_size is in KiB. better-sqlite3's default (16 MB) stayed in the server's RSS after a backup.
      expect(from.pragma('cache_size', { simple: true })).toBe(-SNAPSHOT_CACHE_KIB);
      expect(SNAPSHOT_CACHE_KIB).toBeLessThanOrEqual(1024);
      expect(from.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      from.close();
      db.close();
    }
  });

  it('copies rows still in the WAL into one self-contained file and answers the newest migration', async () => {
    const { file, db } = serverLikeDatabase('source-copy.db');
    const target = path.join(dir, 'copy.db');
    try {
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
      await expect(snapshotSqlite(file, target)).resolves.toBe('0019_latest');
    } finally {
      db.close();
    }
    expect(fs.existsSync(`${target}-wal`)).toBe(false);
    const copy = openRawSqlite(target, { readonly: true });
    try {
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      expect(copy.prepare('select count(*) as count from notes').get()).toEqual({ count: 2_000 });
    } finally {
      copy.close();
    }
  });

  it('refuses a database without migrations', async () => {
    const file = path.join(dir, 'foreign.db');
    const foreign = openRawSqlite(file);
    foreign.exec('create table other (id integer primary key)');
    foreign.close();
    await expect(snapshotSqlite(file, path.join(dir, 'foreign-copy.db'))).rejects.toThrow(
      /holds no migrated Homelab Dashboard database/,
    );
  });
});
