import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type PgModule from 'pg';
import { StartupError } from '../startup-error.ts';
import type { Database } from './schema.ts';
import { damagedDatabaseError, isSqliteDamage } from './sqlite-integrity.ts';
import { SqliteBooleanPlugin } from './sqlite-boolean.plugin.ts';
import { loadSqlite, type SqliteDatabase } from './sqlite-driver.ts';
import { StatementCache } from './statement-cache.ts';
import { SqliteTransactionDialect } from './sqlite-transactions.ts';
import { watchWrites } from './watched-dialect.ts';
import { WriteHealth } from './write-health.ts';

export type Dialect = 'sqlite' | 'postgres';

/** The open database and which dialect it speaks (a few migrations differ by dialect). */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL: how to open a connection of one's own, outside the pool (the change feed's LISTEN). */
  connectionString?: string;
  /** SQLite: the database file (backups copy it with SQLite's backup API). */
  file?: string;
  /** Whether writes reach the disk: every query's outcome feeds it (db/watched-dialect.ts); readiness reads it. */
  writes: WriteHealth;
  close(): Promise<void>;
}

export interface DbConfig {
  /** PostgreSQL connection string; when absent, SQLite at `sqlitePath`. */
  databaseUrl?: string | undefined;
  sqlitePath: string;
  /** Told about errors of idle PostgreSQL connections (restart, failover); the pool replaces them. */
  onPoolError?: (error: Error) => void;
}

let pgModule: typeof PgModule | undefined;

/**
 * pg, loaded on first use: a server on SQLite never needs it, and loading its modules costs some 5 MiB of RSS
 * for nothing (issue 14, bounded memory). A synchronous require keeps openDatabase synchronous; pg is CommonJS.
 */
export function loadPg(): typeof PgModule {
  if (!pgModule) {
    pgModule = createRequire(import.meta.url)('pg') as typeof PgModule;
    // pg returns COUNT(*) and BIGINT as strings; our counts and ids fit comfortably in a double.
    pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (value) => Number(value));
  }
  return pgModule;
}

/**
 * SQLite's page cache per connection, in KiB when negative: SQLite's own default of about 2 MB. better-sqlite3 builds
 * SQLite with 16 MB instead (SQLITE_DEFAULT_CACHE_SIZE=-16000), and with 1,000 services the check writes touch a new
 * page of history often enough that the cache kept growing towards that for hours: heaptrack traced the soak's slope
 * (issue 14: RSS rising about 6 MiB an hour) to SQLite's page allocations, 1.1 -> 3.2 MiB in 27 minutes and still
 * rising, with every other native allocation flat. A page not in the cache is read again from the file, which the
 * kernel caches; `npm run bench:kuma` measured the same CPU per check with 1,000 services (0.131 before, 0.133 ms).
 */
export const SQLITE_CACHE_SIZE = -2000;

/**
 * Opens the SQLite file with our pragmas. SQLite's own messages ("unable to open database file", "file is not a
 * database") name no path, so failures here become a StartupError that does.
 */
function openSqlite(file: string): SqliteDatabase {
  // A driver that cannot load is its own StartupError (sqlite-driver.ts), not a problem with this file.
  const Sqlite = loadSqlite();
  let sqlite: SqliteDatabase | undefined;
  try {
    sqlite = new Sqlite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma(`cache_size = ${SQLITE_CACHE_SIZE}`);
    return sqlite;
  } catch (error) {
    sqlite?.close();
    const message = error instanceof Error ? error.message : String(error);
    if (isSqliteDamage(error)) throw damagedDatabaseError(file, message);
    throw new StartupError(`Cannot open the SQLite database ${file}: ${message}`, { cause: error });
  }
}

/** Opens SQLite (WAL, foreign keys on) or PostgreSQL according to the configuration. */
export function openDatabase(config: DbConfig): Db {
  if (config.databaseUrl) {
    const pool = new (loadPg().Pool)({ connectionString: config.databaseUrl, max: 10 });
    // Without a listener, an idle connection ended by the server (57P01 on restart) would crash the process.
    pool.on('error', config.onPoolError ?? ((error) => console.error('PostgreSQL connection error:', error.message)));
    // The pool listens only to idle clients; a connection that dies while checked out (a transaction, the held
    // leader lock) would emit an unhandled 'error' and end the process. Its pending query fails on its own, so
    // the error is handled there and swallowed here.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const writes = new WriteHealth();
    const kysely = new Kysely<Database>({ dialect: watchWrites(new PostgresDialect({ pool }), writes) });
    return { kysely, dialect: 'postgres', connectionString: config.databaseUrl, writes, close: () => kysely.destroy() };
  }
  if (config.sqlitePath !== ':memory:') fs.mkdirSync(path.dirname(config.sqlitePath), { recursive: true });
  const sqlite = openSqlite(config.sqlitePath);
  const writes = new WriteHealth();
  const kysely = new Kysely<Database>({
    dialect: watchWrites(new SqliteTransactionDialect(new StatementCache(sqlite), () => sqlite.inTransaction), writes),
    plugins: [new SqliteBooleanPlugin()],
  });
  return { kysely, dialect: 'sqlite', file: config.sqlitePath, writes, close: () => kysely.destroy() };
}

/** Booleans come back as 0/1 from SQLite and true/false from PostgreSQL. */
export function bool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}
