import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_CACHE_SIZE } from './database.ts';

describe('openDatabase on SQLite', () => {
  it("bounds the page cache at SQLite's default of about 2 MB, not better-sqlite3's 16 MB", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cache-size-'));
    const db = openDatabase({ sqlitePath: path.join(dir, 'db.sqlite') });
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
