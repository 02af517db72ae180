import { openSqliteFile, type SqliteDatabase, type SqliteOptions } from '../../src/server/db/sqlite-driver.ts';

/**
 * Opens a SQLite file directly (to inspect what the app wrote) with the driver the server uses on the Node that runs
 * the tests (better-sqlite3 12 on Node 20, 13 on Node 22 and later).
 */
export function openRawSqlite(file: string, options: SqliteOptions = {}): SqliteDatabase {
  return openSqliteFile(file, options);
}
