/**
 * Recognises "the disk is full" in the errors of everything that writes for the server: better-sqlite3, pg and
 * Node's file system. One place, so the HTTP answer (507), readiness, the monitor's held results and the backup
 * command all agree on what a full disk is.
 *
 * - SQLite: result code SQLITE_FULL, whose message is "database or disk is full". better-sqlite3 puts the code on
 *   its SqliteError as text; the message is matched too because it is what SQLite says whatever the extended code.
 * - PostgreSQL: SQLSTATE 53100 (disk_full), which the server sends for ENOSPC on any file it writes ("could not
 *   extend file", "could not write to file"). The rest of class 53 ("insufficient resources": 53000, 53200
 *   out_of_memory, 53300 too_many_connections, 53400 configuration_limit_exceeded) is not about disk space, and
 *   telling an administrator to free disk space for those would send them the wrong way.
 * - Node's file system (uploads, backups, the geo-IP cache): ENOSPC, and EDQUOT (the user's disk quota is used
 *   up: the same remedy, free space).
 */

/** SQLite's text for SQLITE_FULL (sqlite3ErrStr). */
const SQLITE_FULL_MESSAGE = 'database or disk is full';
/** PostgreSQL's SQLSTATE disk_full. */
const PG_DISK_FULL = '53100';
const CODES = new Set(['SQLITE_FULL', PG_DISK_FULL, 'ENOSPC', 'EDQUOT']);
/** Wrapped errors (a `cause` chain) are followed this deep: far more than any wrapper here nests. */
const MAX_CAUSES = 5;

function isOwnFull(error: object): boolean {
  const code = 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && CODES.has(code)) return true;
  return error instanceof Error && error.message.includes(SQLITE_FULL_MESSAGE);
}

/** Whether `error`, or an error it wraps (`cause`), says the disk (or the database's disk) is full. */
export function isDiskFull(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSES; depth += 1) {
    if (typeof current !== 'object' || current === null) return false;
    if (isOwnFull(current)) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
