import { sql, type Kysely } from 'kysely';
import type { Db } from '../../src/server/db/database.ts';

/**
 * A full disk for route tests, on either database, through the real driver and its real error: a test cannot
 * fill the disk under a shared PostgreSQL cluster, or reliably make SQLite fail an in-place update (a full
 * disk is in tests/system/disk-full.system.ts). Each returns the function that frees the space again.
 */
export type FreeSpace = () => Promise<void>;

const NAME = 'homelab_test_disk_full';
// SQLite's exact words for SQLITE_FULL, and PostgreSQL's SQLSTATE disk_full (53100) with its usual text.
const SQLITE_WORDS = 'database or disk is full';
const PG_WORDS = 'could not extend file: No space left on device';

async function tables(db: Db): Promise<string[]> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema()`.execute(db.kysely);
  return rows.map((row) => row.name);
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every INSERT, UPDATE and DELETE on every table fails as on a full disk: SQLite with SQLITE_FULL's words
 * (`RAISE(ABORT)` in a trigger: the statement is undone, a transaction stays open for its ROLLBACK), PostgreSQL
 * with SQLSTATE 53100. Reads keep working, as they do on a full disk.
 */
export async function fillDisk(db: Db): Promise<FreeSpace> {
  const names = await tables(db);
  const kysely = db.kysely as Kysely<unknown>;
  if (db.dialect === 'sqlite') {
    for (const table of names) {
      for (const operation of ['insert', 'update', 'delete']) {
        await sql
          .raw(
            `create trigger ${ident(`${NAME}_${table}_${operation}`)} before ${operation} on ${ident(table)} ` +
              `begin select raise(abort, '${SQLITE_WORDS}'); end`,
          )
          .execute(kysely);
      }
    }
    return async () => {
      for (const table of names) {
        for (const operation of ['insert', 'update', 'delete']) {
          await sql.raw(`drop trigger if exists ${ident(`${NAME}_${table}_${operation}`)}`).execute(kysely);
        }
      }
    };
  }
  await sql
    .raw(
      `create or replace function ${NAME}() returns trigger language plpgsql as $$ begin ` +
        `raise exception '${PG_WORDS}' using errcode = 'disk_full'; end $$`,
    )
    .execute(kysely);
  for (const table of names) {
    await sql
      .raw(
        `create trigger ${NAME} before insert or update or delete on ${ident(table)} ` +
          `for each statement execute function ${NAME}()`,
      )
      .execute(kysely);
  }
  return async () => {
    for (const table of names) await sql.raw(`drop trigger if exists ${NAME} on ${ident(table)}`).execute(kysely);
    await sql.raw(`drop function if exists ${NAME}()`).execute(kysely);
  };
}

/**
 * The database may not grow: SQLite answers a real SQLITE_FULL for the first page it needs (`PRAGMA max_page_count`),
 * while writes that fit in the pages it has still succeed. PostgreSQL cannot be capped that way from a test:
 * there, fillDisk's SQLSTATE 53100.
 */
export async function capDatabaseSize(db: Db): Promise<FreeSpace> {
  if (db.dialect !== 'sqlite') return fillDisk(db);
  const kysely = db.kysely as Kysely<unknown>;
  const { rows } = await sql<{ max_page_count: number }>`pragma max_page_count`.execute(kysely);
  const { rows: size } = await sql<{ page_count: number }>`pragma page_count`.execute(kysely);
  await sql.raw(`pragma max_page_count = ${size[0]?.page_count ?? 0}`).execute(kysely);
  const before = rows[0]?.max_page_count ?? 1_073_741_823;
  return async () => {
    await sql.raw(`pragma max_page_count = ${before}`).execute(kysely);
  };
}
