import { sql } from 'kysely';
import { StartupError } from '../startup-error.ts';
import type { Db } from './database.ts';

/** SQLite's result codes for a file that is damaged or not a database at all. */
const DAMAGE_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

export function isSqliteDamage(error: unknown): boolean {
  return error instanceof Error && 'code' in error && DAMAGE_CODES.has(String(error.code));
}

/** Longest finding quoted in the refusal: enough for SQLite's phrase and a few page numbers. */
const MAX_FINDING_LENGTH = 300;

/**
 * SQLite's finding without anything read from the file. A damaged schema's message quotes the broken entry
 * ("malformed database schema (<name>) - unrecognized token: "<sql>""), which is whatever bytes are there now:
 * newlines, terminal escape sequences, invalid UTF-8. Only SQLite's own phrase is kept, in printable ASCII, so the
 * refusal stays one readable line.
 */
export function describeDamage(finding: string): string {
  const phrase = finding
    .replace(/malformed database schema\b.*/s, 'malformed database schema')
    .replace(/[^\x20-\x7e]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return phrase.length > MAX_FINDING_LENGTH ? `${phrase.slice(0, MAX_FINDING_LENGTH)}...` : phrase;
}

/** The refusal to start on a damaged file: names it and gives both ways back (a backup, or `.recover`). */
export function damagedDatabaseError(file: string, finding: string): StartupError {
  const recovered = file.replace(/(\.db)?$/, '-recovered.db');
  return new StartupError(
    `The SQLite database ${file} is damaged (${describeDamage(finding)}); refusing to start on it. ` +
      `Stop the server, then restore the file from a backup, or copy what is readable into a new file with ` +
      `sqlite3 ${file} ".recover" | sqlite3 ${recovered} and move that over ${file} ` +
      `(delete ${file}-wal and ${file}-shm first).`,
  );
}

/**
 * PRAGMA quick_check over the whole file (SQLite). A page damaged in the middle otherwise goes unnoticed at start and
 * turns into 500s on the first query that reads it. quick_check skips the index-content cross-check of
 * integrity_check, so it stays in seconds even for large files. Returns how long it took, for the start-up log.
 */
export async function checkSqliteIntegrity(db: Db, file: string): Promise<number> {
  const started = performance.now();
  let problems: string[];
  try {
    const { rows } = await sql<{ quick_check: string }>`PRAGMA quick_check`.execute(db.kysely);
    problems = rows.map((row) => row.quick_check.replace(/\s+/g, ' ').trim()).filter((line) => line !== 'ok');
  } catch (error) {
    if (!isSqliteDamage(error)) throw error;
    problems = [error instanceof Error ? error.message : String(error)];
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 3).join('; ');
    const more = problems.length > 3 ? ` and ${problems.length - 3} more` : '';
    throw damagedDatabaseError(file, `quick_check: ${shown}${more}`);
  }
  return Math.round(performance.now() - started);
}
