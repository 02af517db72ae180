import { createRequire } from 'node:module';
import type SQLite from 'better-sqlite3';
import { StartupError } from '../startup-error.ts';

/**
 * Which better-sqlite3 opens the SQLite file, by the Node-API version of the running Node
 * (docs/decisions/0023-sqlite-driver.md):
 * - Node-API 10 and later (Node 22.14+, 23.6+, 24, 26): better-sqlite3 13, a Node-API addon whose prebuilt binary
 *   ships inside the npm package. Node-API is stable across releases, so the same binary runs on 22, 24 and 26 with
 *   nothing to compile.
 * - Node-API 9 (Node 20, and 22 before 22.14): better-sqlite3 12 (the optional dependency better-sqlite3-node20,
 *   compiled at install). 13's binary crashes at once there (measured: segmentation fault on 20.20.2, 22.0.0,
 *   22.13.1, 23.0.0). 12 must not run on Node >= 24.19, where V8 collecting a prepared statement aborts the process;
 *   every such Node has Node-API 10, so it never does.
 * Both bundle SQLite 3 (file format 4): a database file written by one opens unchanged with the other.
 */
export interface SqliteDriver {
  /** The package name in node_modules. */
  packageName: 'better-sqlite3' | 'better-sqlite3-node20';
  /** better-sqlite3's major version, for messages. */
  major: 12 | 13;
}

export type SqliteDatabase = SQLite.Database;
export type SqliteOptions = SQLite.Options;
type SqliteConstructor = typeof SQLite;

/** Node's major release from a version string such as "v24.22.3". */
export function nodeMajor(nodeVersion: string): number {
  return Number(nodeVersion.replace(/^v/, '').split('.')[0]);
}

/** The driver for a Node-API version (`process.versions.napi`). */
export function sqliteDriverFor(napiVersion: string | number = process.versions.napi ?? '0'): SqliteDriver {
  return Number(napiVersion) >= 10
    ? { packageName: 'better-sqlite3', major: 13 }
    : { packageName: 'better-sqlite3-node20', major: 12 };
}

let loaded: SqliteConstructor | undefined;

/**
 * The Database class of the driver for the running Node, loaded on first use (a server on PostgreSQL never loads
 * it). A driver that is missing (its compilation failed at install) or was compiled for another Node (node_modules
 * installed under one Node, run under another) is a StartupError with the command that fixes it.
 */
export function loadSqlite(): SqliteConstructor {
  if (loaded) return loaded;
  const driver = sqliteDriverFor();
  try {
    loaded = createRequire(import.meta.url)(driver.packageName) as SqliteConstructor;
    // The addon itself loads on the first open; open one in memory so a broken binary fails here, by name.
    new loaded(':memory:').close();
    return loaded;
  } catch (error) {
    loaded = undefined;
    throw new StartupError(driverProblem(driver, error), { cause: error });
  }
}

/** The one-line reason a driver could not load, with what to do (exported for its test). */
export function driverProblem(driver: SqliteDriver, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  const which = `SQLite driver (better-sqlite3 ${driver.major}) for Node ${process.version}`;
  if (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') {
    return `The ${which} is not installed: run npm ci (Node 20 compiles it; that needs python3, make and g++), or set DATABASE_URL to use PostgreSQL`;
  }
  if (/NODE_MODULE_VERSION|was compiled against a different Node/.test(message)) {
    return `The ${which} was compiled for another Node release: run npm rebuild ${driver.packageName}, or set DATABASE_URL to use PostgreSQL`;
  }
  return `The ${which} cannot load (${message.split('\n')[0]}): run npm ci, or set DATABASE_URL to use PostgreSQL`;
}

/** Opens a SQLite file (or ":memory:") with the driver for the running Node. */
export function openSqliteFile(file: string, options: SqliteOptions = {}): SqliteDatabase {
  const Database = loadSqlite();
  return new Database(file, options);
}
