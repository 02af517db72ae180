import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadPg, openDatabase } from '../db/database.ts';
import { isDiskFull } from './disk-full.ts';

/** The error pg throws for an ErrorResponse with this SQLSTATE (pg's own DatabaseError class). */
function pgError(code: string, message: string): Error {
  const error = new (loadPg().DatabaseError)(message, message.length, 'error');
  error.code = code;
  return error;
}

describe('isDiskFull', () => {
  it("recognises SQLite's SQLITE_FULL as better-sqlite3 throws it through Kysely", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-full-'));
    const db = openDatabase({ sqlitePath: path.join(dir, 'db.sqlite') });
    try {
      await sql`create table filler (data text)`.execute(db.kysely);
      // The database may not grow past its current size: the next page it needs is refused, as on a full disk.
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db.kysely);
      await sql.raw(`pragma max_page_count = ${rows[0]?.page_count ?? 0}`).execute(db.kysely);
      const failure = await sql`insert into filler (data) values (${'x'.repeat(20_000)})`.execute(db.kysely).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });
      expect(isDiskFull(failure)).toBe(true);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("recognises SQLite's words whatever the code (a trigger or an extended code says them)", () => {
    const error = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_CONSTRAINT_TRIGGER' });
    expect(isDiskFull(error)).toBe(true);
  });

  it('recognises ENOSPC from the file system (a write to /dev/full) and EDQUOT (a used-up quota)', () => {
    let enospc: unknown = null;
    try {
      fs.writeFileSync('/dev/full', 'x');
    } catch (error) {
      enospc = error;
    }
    expect(enospc).toMatchObject({ code: 'ENOSPC' });
    expect(isDiskFull(enospc)).toBe(true);
    expect(isDiskFull(Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT' }))).toBe(true);
  });

  it("recognises PostgreSQL's SQLSTATE 53100 (disk_full), not the rest of class 53", () => {
    expect(isDiskFull(pgError('53100', 'could not extend file "base/16384/16385": No space left on device'))).toBe(
      true,
    );
    // Insufficient resources, but not disk space: telling an administrator to free space would mislead.
    for (const code of ['53000', '53200', '53300', '53400']) {
      expect(isDiskFull(pgError(code, 'insufficient resources'))).toBe(false);
    }
  });

  it('follows wrapped errors (cause) and leaves everything else alone', () => {
    const inner = Object.assign(new Error('write failed'), { code: 'ENOSPC' });
    expect(isDiskFull(new Error('backup failed', { cause: inner }))).toBe(true);
    for (const other of [
      new Error('cannot rollback - no transaction is active'),
      Object.assign(new Error('UNIQUE constraint failed: users.username'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }),
      Object.assign(new Error('permission denied'), { code: 'EACCES' }),
      pgError('23505', 'duplicate key value violates unique constraint'),
      'database or disk is full',
      null,
      undefined,
      42,
    ]) {
      expect(isDiskFull(other)).toBe(false);
    }
  });
});
