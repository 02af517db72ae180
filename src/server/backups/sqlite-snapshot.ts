import { openSqliteFile, type SqliteDatabase, type SqliteOptions } from '../db/sqlite-driver.ts';

/** Pages copied per step: small steps leave the file to the server's writes in between (4 MiB at 4 KiB pages). */
const PAGES_PER_STEP = 1024;
/** After this many restarts (the server wrote between steps each time), the rest is copied in one step. */
const RESTARTS_BEFORE_ONE_STEP = 3;
/**
 * The page cache of the connection the copy reads through, in KiB. The backup reads each page once, so a cache
 * gains it nothing, and at better-sqlite3's default of 16 MB it filled as the copy went on: memory the server's
 * allocator then holds, and keeps when other allocations land above it. `npm run bench:backup` (a 103 MB database,
 * three backups): the server's RSS rose by 31 MiB during each backup at the default, by 16 MiB with this. The 16
 * left are the copy's own connection, which better-sqlite3 opens with its default cache and no way to set it;
 * `VACUUM INTO` would avoid that but runs in one synchronous call, stalling the server for the whole copy.
 */
export const SNAPSHOT_CACHE_KIB = 100;

/** The connection a snapshot reads `source` through: its own, waiting out the server's writes, with a small cache. */
export function openSnapshotSource(source: string, options: SqliteOptions): SqliteDatabase {
  const from = openSqliteFile(source, options);
  from.pragma('busy_timeout = 5000');
  from.pragma(`cache_size = -${SNAPSHOT_CACHE_KIB}`);
  return from;
}

/**
 * Copies the SQLite database `source` to `target` with SQLite's online backup API (better-sqlite3's
 * `backup()`): safe while the server writes, since each step reads a consistent snapshot and a write between
 * steps makes SQLite start over. The source is opened on a connection of its own, the same way from the
 * server and from `npm run backup`. The copy is switched from WAL to a rollback journal so it is one
 * self-contained file, and its newest applied migration is returned.
 */
export async function snapshotSqlite(source: string, target: string): Promise<string> {
  const options = { fileMustExist: true };
  const from = openSnapshotSource(source, options);
  try {
    let remaining = Number.POSITIVE_INFINITY;
    let restarts = 0;
    await from.backup(target, {
      progress: ({ remainingPages }) => {
        if (remainingPages > remaining) restarts += 1;
        remaining = remainingPages;
        return restarts >= RESTARTS_BEFORE_ONE_STEP ? 0x7fffffff : PAGES_PER_STEP;
      },
    });
  } finally {
    from.close();
  }
  const copy = openSqliteFile(target, options);
  try {
    copy.pragma('journal_mode = DELETE');
    return newestMigration(copy, target);
  } finally {
    copy.close();
  }
}

/** The newest migration recorded in a SQLite database (kysely_migration); throws when there is none. */
export function newestMigration(db: SqliteDatabase, file: string): string {
  const hasTable = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  const row = hasTable
    ? (db.prepare('select name from kysely_migration order by name desc limit 1').get() as { name: string } | undefined)
    : undefined;
  if (!row) throw new Error(`${file} holds no migrated Homelab Dashboard database (no kysely_migration rows)`);
  return row.name;
}
