import SQLite from 'better-sqlite3';

/**
 * Opens a SQLite file directly (to inspect what the app wrote) with the better-sqlite3 build for the Node that runs
 * the tests: the Node 24 lane names its own build in SQLITE_NATIVE_BINDING.
 */
export function openRawSqlite(file: string, options: SQLite.Options = {}): SQLite.Database {
  const nativeBinding = process.env.SQLITE_NATIVE_BINDING;
  return new SQLite(file, { ...options, ...(nativeBinding ? { nativeBinding } : {}) });
}
