import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteFile, type SqliteDatabase } from './sqlite-driver.ts';
import { StatementCache } from './statement-cache.ts';

const opened: SqliteDatabase[] = [];

function database(): SqliteDatabase {
  const sqlite = openSqliteFile(':memory:');
  sqlite.exec('create table items (id integer primary key, name text not null)');
  opened.push(sqlite);
  return sqlite;
}

afterEach(() => {
  for (const sqlite of opened.splice(0)) if (sqlite.open) sqlite.close();
});

describe('StatementCache', () => {
  it('reuses the prepared statement of the same SQL, which still answers with the current rows', () => {
    const cache = new StatementCache(database());
    const insert = cache.prepare('insert into items (name) values (?)');
    insert.run(['one']);
    expect(cache.prepare('insert into items (name) values (?)')).toBe(insert);
    cache.prepare('insert into items (name) values (?)').run(['two']);
    const select = cache.prepare('select name from items order by id');
    expect(select.all([])).toEqual([{ name: 'one' }, { name: 'two' }]);
    cache.prepare('insert into items (name) values (?)').run(['three']);
    expect(cache.prepare('select name from items order by id').all([])).toHaveLength(3);
    expect(cache.size).toBe(2);
  });

  it('keeps at most its capacity, dropping the least recently used statement', () => {
    const cache = new StatementCache(database(), 3);
    const first = cache.prepare('select 1');
    const second = cache.prepare('select 2');
    cache.prepare('select 3');
    // Used again: now the most recent, so "select 2" is the one to go.
    expect(cache.prepare('select 1')).toBe(first);
    for (let n = 4; n <= 50; n += 1) cache.prepare(`select ${n}`);
    expect(cache.size).toBe(3);
    expect(cache.prepare('select 2')).not.toBe(second);
    expect(cache.size).toBe(3);
  });

  it('prepares a fresh statement while the cached one is still iterating', () => {
    const sqlite = database();
    sqlite.exec("insert into items (name) values ('a'), ('b')");
    const cache = new StatementCache(sqlite);
    const text = 'select name from items order by id';
    const iterator = cache.prepare(text).iterate([]);
    expect(iterator.next().value).toEqual({ name: 'a' });
    expect(cache.prepare(text).all([])).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(iterator.next().value).toEqual({ name: 'b' });
    iterator.return?.();
  });

  it('serves Kysely, transactions included, and closes the database with it', async () => {
    const sqlite = database();
    const cache = new StatementCache(sqlite);
    const db = new Kysely<{ items: { id: Generated<number>; name: string } }>({
      dialect: new SqliteDialect({ database: cache }),
    });
    for (const name of ['x', 'y', 'z']) {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name }).execute();
      });
    }
    const rows = await db.selectFrom('items').select('name').orderBy('id').execute();
    expect(rows.map((row) => row.name)).toEqual(['x', 'y', 'z']);
    // begin, insert, commit and the select: the three transactions shared their statements.
    expect(cache.size).toBe(4);
    expect((await sql<{ n: number }>`select count(*) as n from items`.execute(db)).rows[0]?.n).toBe(3);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
