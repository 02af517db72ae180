import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../env.ts';
import { openDatabase, SQLITE_CACHE_SIZE, sqliteUnsupportedReason } from './database.ts';

describe('sqliteUnsupportedReason', () => {
  it('accepts Node 20, 22 and 24 up to 24.18', () => {
    for (const version of ['v20.19.0', 'v20.20.2', 'v22.14.0', 'v24.0.0', 'v24.18.1']) {
      expect(sqliteUnsupportedReason(version)).toBeNull();
    }
  });

  it('refuses Node 24.19 and later with advice', () => {
    for (const version of ['v24.19.0', 'v24.21.0', 'v25.1.0']) {
      expect(sqliteUnsupportedReason(version)).toMatch(/DATABASE_URL/);
    }
  });
});

describe('openDatabase on SQLite', () => {
  it("bounds the page cache at SQLite's default of about 2 MB, not better-sqlite3's 16 MB", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-size-'));
    const db = openDatabase({
      sqlitePath: path.join(dir, 'db.sqlite'),
      sqliteNativeBinding: readEnv().SQLITE_NATIVE_BINDING,
    });
    try {
      const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db.kysely);
      expect(SQLITE_CACHE_SIZE).toBe(-2000);
      expect(rows).toEqual([{ cache_size: SQLITE_CACHE_SIZE }]);
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db.kysely);
      expect(journal.rows).toEqual([{ journal_mode: 'wal' }]);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
