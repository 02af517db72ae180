import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many prepared statements are kept: the queries the server runs repeatedly fit many times over. */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * The better-sqlite3 database as Kysely's SqliteDialect sees it, with prepared statements reused by SQL text.
 *
 * Kysely prepares every query afresh, and a better-sqlite3 statement's native memory (parse tree, VDBE program,
 * several KiB from malloc) is freed only when V8 collects its JS wrapper, which for a wrapper promoted to the old
 * generation means the next full GC, minutes away on a quiet heap. Every check batch, list read and session lookup
 * thus left native garbage that glibc could not give back, and preparing cost more CPU than running the query
 * (issue 14, bounded memory: the soak's RSS grew steadily). Reused statements end both.
 *
 * Bounded (least recently used out first), since SQL texts vary with the length of `in (...)` lists. A statement
 * still iterating (Kysely's stream()) is busy and cannot run a second query, so a fresh one is prepared then.
 */
export class StatementCache implements SqliteDatabase {
  readonly #statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly capacity = STATEMENT_CACHE_SIZE,
  ) {}

  /** How many statements are kept now (tests check the bound). */
  get size(): number {
    return this.#statements.size;
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached?.busy) return this.sqlite.prepare(sql);
    if (cached) {
      // Most recently used last: a Map keeps insertion order, so the first key is the eviction candidate.
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const statement = this.sqlite.prepare(sql);
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.capacity) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    return statement;
  }

  close(): void {
    this.#statements.clear();
    this.sqlite.close();
  }
}
