import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from './startup-error.ts';

/** "user nobody (uid 65534)": whose permissions the operator has to fix. */
function currentUser(): string {
  const uid = process.getuid?.();
  let name: string | undefined;
  try {
    name = os.userInfo().username;
  } catch {
    // A uid without a passwd entry (containers): the number is enough.
  }
  return name ? `user ${name} (uid ${uid})` : `uid ${uid}`;
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** The path's stats, or undefined when nothing is there (also when a parent is a file: ENOTDIR). */
function statIfExists(target: string): fs.Stats | undefined {
  try {
    return fs.statSync(target);
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** The nearest existing ancestor of `target` that is not a directory, if any (why mkdir said ENOTDIR/EEXIST). */
function fileInTheWay(target: string): string | undefined {
  for (let current = target; ; current = path.dirname(current)) {
    const stat = statIfExists(current);
    if (stat) return stat.isDirectory() ? undefined : current;
    if (path.dirname(current) === current) return undefined;
  }
}

function permissionProblem(code: string | undefined): string | undefined {
  if (code === 'EACCES' || code === 'EPERM') return `permission denied for ${currentUser()}`;
  if (code === 'EROFS') return 'it is on a read-only file system';
  return undefined;
}

/**
 * mkdir -p, one level at a time from the nearest existing ancestor. Node's recursive mkdirSync reports ENOENT when
 * the real cause is a read-only file system (EROFS) or a permission, and loops forever under /proc; making each
 * missing folder on its own surfaces the error of the folder that failed.
 */
function makeDirectories(target: string): void {
  const missing: string[] = [];
  let current = target;
  while (!statIfExists(current) && path.dirname(current) !== current) {
    missing.unshift(current);
    current = path.dirname(current);
  }
  for (const folder of missing) {
    try {
      fs.mkdirSync(folder);
    } catch (error) {
      // Another process (a second instance starting) made it first.
      if (errorCode(error) !== 'EEXIST' || !statIfExists(folder)?.isDirectory()) throw error;
    }
  }
}

/** What to do about a refused write: permissions are fixed with chown/chmod, a read-only mount only by remounting. */
function fixFor(code: string | undefined): string {
  const access = code === 'EROFS' ? 'mount it read-write' : 'give this user write access to it (chown/chmod)';
  return `${access} or set DATA_DIR to a writable directory`;
}

/**
 * Makes sure DATA_DIR (the SQLite database, uploaded images, the geo-IP cache) is a directory this process can
 * write, creating it when missing. Without this, the failures surface later as "EEXIST", "ENOTDIR" or SQLite's
 * "unable to open database file", none of which name the path. Throws a StartupError naming path and cause.
 */
export function prepareDataDir(dataDir: string, sqliteFile?: string): void {
  const stat = statIfExists(dataDir);
  if (stat && !stat.isDirectory()) {
    throw new StartupError(`DATA_DIR ${dataDir} is a file, not a directory: set DATA_DIR to a directory`);
  }
  if (!stat) {
    try {
      makeDirectories(dataDir);
    } catch (error) {
      const code = errorCode(error);
      const blocker = code === 'ENOTDIR' || code === 'EEXIST' ? fileInTheWay(dataDir) : undefined;
      const permission = permissionProblem(code);
      const reason = blocker
        ? `${blocker} is a file, not a directory`
        : permission
          ? `${permission}; ${fixFor(code)}`
          : error instanceof Error
            ? error.message
            : String(error);
      throw new StartupError(`DATA_DIR ${dataDir} cannot be created: ${reason}`);
    }
  }
  try {
    fs.accessSync(dataDir, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    const reason = permissionProblem(errorCode(error)) ?? String(error);
    throw new StartupError(`DATA_DIR ${dataDir} is not writable: ${reason}; ${fixFor(errorCode(error))}`);
  }
  if (sqliteFile === undefined) return;
  const file = statIfExists(sqliteFile);
  if (!file) return;
  if (!file.isFile()) throw new StartupError(`The SQLite database ${sqliteFile} is not a file`);
  try {
    fs.accessSync(sqliteFile, fs.constants.R_OK | fs.constants.W_OK);
  } catch (error) {
    const reason = permissionProblem(errorCode(error)) ?? String(error);
    throw new StartupError(`The SQLite database ${sqliteFile} is not writable: ${reason}; ${fixFor(errorCode(error))}`);
  }
}
