import {
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';

type CompileQuery = QueryCompiler['compileQuery'];

/** Kysely's SqliteDriver has every savepoint method; a version without one would fail here, by name. */
function missing(method: string): Promise<never> {
  return Promise.reject(new Error(`the SQLite driver has no ${method}`));
}

/**
 * The one SQLite connection, remembering whether SQLite ended the transaction it was in on its own.
 *
 * SQLite rolls a transaction back by itself after some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM, and
 * SQLITE_BUSY in some cases: "Response To Errors Within A Transaction", sqlite.org/lang_transaction.html). Two
 * things then go wrong with Kysely's transaction: its ROLLBACK fails with "cannot rollback - no transaction is
 * active", which replaces the real error (a full disk was logged as that), and any statement the transaction's
 * code still runs would run outside a transaction, each committed on its own: half of an all-or-nothing write.
 */
class GuardedConnection implements DatabaseConnection {
  /** Set while Kysely believes a transaction is open. */
  open = false;
  /** The error after which SQLite ended the open transaction itself. */
  ended: { error: unknown } | null = null;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly inTransaction: () => boolean,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // The transaction is gone: running this would write outside it. The caller hears the error that ended it.
    if (this.ended) throw this.ended.error;
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (error) {
      if (this.open && !this.inTransaction()) this.ended = { error };
      throw error;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.ended) throw this.ended.error;
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  reset(): void {
    this.open = false;
    this.ended = null;
  }
}

/** Kysely's SQLite driver with GuardedConnection's transactions (see there). */
class SqliteTransactionDriver implements Driver {
  #connection: GuardedConnection | null = null;

  constructor(
    private readonly inner: Driver,
    private readonly inTransaction: () => boolean,
  ) {}

  // Savepoints run through the guarded connection, so a transaction SQLite ended refuses them with its error.
  savepoint(connection: DatabaseConnection, name: string, compile: CompileQuery): Promise<void> {
    return this.inner.savepoint?.(connection, name, compile) ?? missing('savepoint');
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: CompileQuery): Promise<void> {
    return this.inner.rollbackToSavepoint?.(connection, name, compile) ?? missing('rollbackToSavepoint');
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: CompileQuery): Promise<void> {
    return this.inner.releaseSavepoint?.(connection, name, compile) ?? missing('releaseSavepoint');
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    // SQLite has one connection (Kysely's driver hands it out under a mutex): one guard for it.
    if (this.#connection?.inner !== connection)
      this.#connection = new GuardedConnection(connection, this.inTransaction);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const guarded = connection as GuardedConnection;
    await this.inner.beginTransaction(guarded.inner, settings);
    guarded.reset();
    guarded.open = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const guarded = connection as GuardedConnection;
    const ended = guarded.ended;
    guarded.reset();
    // Nothing of it was kept: reporting a commit would be a lie, so the caller gets the error that undid it.
    if (ended) throw ended.error;
    await this.inner.commitTransaction(guarded.inner);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const guarded = connection as GuardedConnection;
    guarded.reset();
    // Already rolled back by SQLite: a ROLLBACK now would only throw "no transaction is active" over the real error.
    if (!this.inTransaction()) return;
    await this.inner.rollbackTransaction(guarded.inner);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as GuardedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * Kysely's SqliteDialect whose transactions keep SQLite's own error when SQLite ends them itself (a full disk),
 * instead of "cannot rollback - no transaction is active", and never let the rest of such a transaction run
 * outside it. `inTransaction` is better-sqlite3's `Database.inTransaction` (sqlite3_get_autocommit).
 */
export class SqliteTransactionDialect extends SqliteDialect {
  constructor(
    database: SqliteDatabase,
    private readonly inTransaction: () => boolean,
  ) {
    super({ database });
  }

  override createDriver(): Driver {
    return new SqliteTransactionDriver(super.createDriver(), this.inTransaction);
  }
}
