import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import type { WriteHealth } from './write-health.ts';

// Statements that change the database. Everything the server writes starts with one of these words (Kysely's
// builders and the hand-written SQL of the history writer alike); a read succeeding says nothing about free space.
const WRITE_SQL = /^\s*(insert|update|delete|replace|merge|create|drop|alter)\b/i;

type CompileQuery = QueryCompiler['compileQuery'];

/** One connection as the app sees it: its queries' outcomes go to WriteHealth. */
class WatchedConnection implements DatabaseConnection {
  /** Inside a transaction a write is only in memory (or the WAL's tail) until COMMIT succeeds. */
  inTransaction = false;
  wrote = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly health: WriteHealth,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    let result: QueryResult<R>;
    try {
      result = await this.inner.executeQuery<R>(query);
    } catch (error) {
      this.health.failed(error);
      throw error;
    }
    if (WRITE_SQL.test(query.sql)) {
      if (this.inTransaction) this.wrote = true;
      else this.health.written();
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    // Kysely streams selects only: nothing to learn about writes here.
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * Wraps a dialect's driver so that WriteHealth hears of every write that reaches the disk and every query that
 * failed for a full disk, whichever code ran it (routes, the monitor, jobs, sessions). One place instead of a
 * try/catch at each caller, and the only way to learn that writes work again without a write of our own.
 */
class WatchedDriver implements Driver {
  readonly #connections = new WeakMap<DatabaseConnection, WatchedConnection>();
  savepoint?: (connection: DatabaseConnection, name: string, compile: CompileQuery) => Promise<void>;
  rollbackToSavepoint?: (connection: DatabaseConnection, name: string, compile: CompileQuery) => Promise<void>;
  releaseSavepoint?: (connection: DatabaseConnection, name: string, compile: CompileQuery) => Promise<void>;

  constructor(
    private readonly inner: Driver,
    private readonly health: WriteHealth,
  ) {
    // Kysely offers savepoints only when the driver has them: so does this one exactly when the inner one does.
    const absent = () => Promise.reject(new Error('savepoints are not supported by this driver'));
    if (inner.savepoint) {
      this.savepoint = (c, name, compile) => inner.savepoint?.(this.#inner(c), name, compile) ?? absent();
    }
    if (inner.rollbackToSavepoint) {
      this.rollbackToSavepoint = (c, name, compile) =>
        inner.rollbackToSavepoint?.(this.#inner(c), name, compile) ?? absent();
    }
    if (inner.releaseSavepoint) {
      this.releaseSavepoint = (c, name, compile) => inner.releaseSavepoint?.(this.#inner(c), name, compile) ?? absent();
    }
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let watched = this.#connections.get(connection);
    if (!watched) {
      watched = new WatchedConnection(connection, this.health);
      this.#connections.set(connection, watched);
    }
    return watched;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.beginTransaction(watched.inner, settings);
    } catch (error) {
      this.health.failed(error);
      throw error;
    }
    watched.inTransaction = true;
    watched.wrote = false;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    const wrote = watched.wrote;
    watched.inTransaction = false;
    watched.wrote = false;
    try {
      await this.inner.commitTransaction(watched.inner);
    } catch (error) {
      this.health.failed(error);
      throw error;
    }
    if (wrote) this.health.written();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    watched.inTransaction = false;
    watched.wrote = false;
    await this.inner.rollbackTransaction(watched.inner);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(this.#inner(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  #inner(connection: DatabaseConnection): DatabaseConnection {
    return (connection as WatchedConnection).inner;
  }
}

/** `dialect` with its driver watched: WriteHealth learns whether writes reach the disk. */
export function watchWrites(dialect: Dialect, health: WriteHealth): Dialect {
  return {
    createDriver: () => new WatchedDriver(dialect.createDriver(), health),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
