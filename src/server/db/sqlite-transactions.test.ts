import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database.ts';
import type { Database } from './schema.ts';

/**
 * A real SQLITE_FULL inside a transaction: the database may not grow past its size (PRAGMA max_page_count), so
 * the first statement that needs a new page fails as on a full disk, and SQLite rolls the transaction back itself.
 */

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-full-'));
  db = openDatabase({ sqlitePath: path.join(dir, 'db.sqlite') });
  await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
  await sql`insert into notes (body) values ('kept')`.execute(db.kysely);
});
afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// Untyped: the table is this test's own, not one of the schema's.
const raw = (kysely: Kysely<Database>) => kysely as unknown as Kysely<{ notes: { id?: number; body: string } }>;

async function capSize(): Promise<void> {
  const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db.kysely);
  await sql.raw(`pragma max_page_count = ${rows[0]?.page_count ?? 0}`).execute(db.kysely);
}

async function bodies(): Promise<string[]> {
  const rows = await raw(db.kysely).selectFrom('notes').select('body').orderBy('id').execute();
  return rows.map((row) => row.body);
}

const big = 'x'.repeat(50_000);

describe('a transaction SQLite rolls back itself (full disk)', () => {
  it('throws SQLite\'s error, not "cannot rollback - no transaction is active", and keeps nothing of it', async () => {
    await capSize();
    const failure = await db.kysely
      .transaction()
      .execute(async (trx) => {
        await raw(trx).insertInto('notes').values({ body: 'first of two' }).execute();
        await raw(trx).insertInto('notes').values({ body: big }).execute();
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });
    expect(await bodies()).toEqual(['kept']);
    // The connection is usable again: the next transaction runs and commits.
    await sql.raw('pragma max_page_count = 1000000').execute(db.kysely);
    await db.kysely.transaction().execute((trx) => raw(trx).insertInto('notes').values({ body: 'later' }).execute());
    expect(await bodies()).toEqual(['kept', 'later']);
  });

  it('refuses the rest of such a transaction with the same error instead of committing it statement by statement', async () => {
    await capSize();
    let swallowed: unknown = null;
    let afterwards: unknown = null;
    const failure = await db.kysely
      .transaction()
      .execute(async (trx) => {
        await raw(trx).insertInto('notes').values({ body: 'first' }).execute();
        // Code that catches the failure and goes on: SQLite has ended the transaction, so these would autocommit.
        await raw(trx)
          .insertInto('notes')
          .values({ body: big })
          .execute()
          .catch((error: unknown) => {
            swallowed = error;
          });
        await raw(trx)
          .insertInto('notes')
          .values({ body: 'third' })
          .execute()
          .catch((error: unknown) => {
            afterwards = error;
          });
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(swallowed).toMatchObject({ code: 'SQLITE_FULL' });
    expect(afterwards).toBe(swallowed);
    // The commit refuses too: nothing was kept, so the caller must not hear that it was.
    expect(failure).toBe(swallowed);
    expect(await bodies()).toEqual(['kept']);
  });

  it('leaves ordinary failures to the normal rollback (the transaction stays open until then)', async () => {
    const failure = await db.kysely
      .transaction()
      .execute(async (trx) => {
        await raw(trx).insertInto('notes').values({ body: 'rolled back' }).execute();
        await sql`insert into no_such_table values (1)`.execute(trx);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toMatchObject({ message: expect.stringContaining('no such table') as unknown });
    expect(await bodies()).toEqual(['kept']);
  });
});

describe('db.writes (WriteHealth) on SQLite', () => {
  it('is set by a write that failed for a full disk, not by reads, and cleared by the next write that commits', async () => {
    expect(db.writes.diskFull).toBe(false);
    await capSize();
    await expect(raw(db.kysely).insertInto('notes').values({ body: big }).execute()).rejects.toMatchObject({
      code: 'SQLITE_FULL',
    });
    expect(db.writes.diskFull).toBe(true);
    // A read succeeding says nothing about space.
    await bodies();
    expect(db.writes.diskFull).toBe(true);
    await sql.raw('pragma max_page_count = 1000000').execute(db.kysely);
    // A write inside a transaction counts only once the transaction commits.
    await db.kysely.transaction().execute(async (trx) => {
      await raw(trx).insertInto('notes').values({ body: big }).execute();
      expect(db.writes.diskFull).toBe(true);
    });
    expect(db.writes.diskFull).toBe(false);
  });

  it('is not set by failures that are not about space', async () => {
    await expect(sql`insert into no_such_table values (1)`.execute(db.kysely)).rejects.toThrow(/no such table/);
    expect(db.writes.diskFull).toBe(false);
  });
});
