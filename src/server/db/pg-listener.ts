import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { loadPg } from './database.ts';
import type { Database } from './schema.ts';

export interface PgListenerOptions {
  connectionString: string;
  /** A PostgreSQL identifier of our own (letters, digits, underscores). */
  channel: string;
  /** Each notification's payload, in the order PostgreSQL delivers them (commit order). */
  onNotification(payload: string): void;
  /**
   * Called each time LISTEN is in place again after the connection was lost (not the first time): whatever was
   * sent in between was missed.
   */
  onResumed(): void;
  log: FastifyBaseLogger;
  /** Wait between connection attempts (default 2 s). */
  retryMs?: number;
  /**
   * How often the idle listening connection is asked `select 1` (default 5 s): a connection cut without a FIN
   * (network gone, server killed) shows no error by itself, and notifications would stop without notice.
   */
  heartbeatMs?: number;
}

export const LISTENER_APPLICATION_NAME = 'homelab-listen';
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * One dedicated PostgreSQL connection (outside the pool, which would hand it to queries) that LISTENs on a
 * channel for as long as the instance runs, and reconnects when it is lost. `listening` is false from the
 * moment a loss is noticed until LISTEN is in place again, so users of the notifications can stop trusting
 * what they cached; `onResumed` then tells them that notifications may have been missed.
 */
export class PgListener {
  #running = false;
  #listening = false;
  #loop: Promise<void> | null = null;
  /** The connection being opened or listening: ended by stop(), so that a hanging connect cannot delay it. */
  #client: pg.Client | null = null;
  #wake: (() => void) | null = null;
  readonly #retryMs: number;
  readonly #heartbeatMs: number;

  constructor(private readonly options: PgListenerOptions) {
    if (!IDENTIFIER.test(options.channel)) throw new Error(`not a channel name: ${options.channel}`);
    this.#retryMs = options.retryMs ?? 2_000;
    this.#heartbeatMs = options.heartbeatMs ?? 5_000;
  }

  /** True while LISTEN is in place on a connection not known to be broken. */
  get listening(): boolean {
    return this.#listening;
  }

  /** Starts listening; resolves after the first attempt (so notifications sent after it arrive when it succeeded). */
  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    let attempted = () => {};
    const first = new Promise<void>((resolve) => (attempted = resolve));
    this.#loop = this.#run(attempted);
    await first;
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    this.#client?.end().catch(() => undefined);
    await this.#loop;
  }

  async #run(attempted: () => void): Promise<void> {
    let resumed = false;
    while (this.#running) {
      const client = new (loadPg().Client)({
        connectionString: this.options.connectionString,
        keepAlive: true,
        // Named, so that an operator (or a test) can tell it from the pool's connections in pg_stat_activity.
        application_name: LISTENER_APPLICATION_NAME,
        connectionTimeoutMillis: 10_000,
        // A heartbeat on a connection cut without notice would otherwise wait for TCP to give up (minutes).
        query_timeout: 10_000,
      });
      this.#client = client;
      let lost = () => {};
      const gone = new Promise<void>((resolve) => (lost = resolve));
      // An 'error' without a listener would end the process; either way the connection is done for.
      client.on('error', () => lost());
      client.on('end', () => lost());
      client.on('notification', (message) => this.options.onNotification(message.payload ?? ''));
      try {
        await client.connect();
        await client.query(`LISTEN ${this.options.channel}`);
        this.#listening = true;
        if (resumed) this.options.onResumed();
        resumed = true;
        attempted();
        await this.#watch(client, gone);
      } catch (error) {
        if (this.#running) this.options.log.warn({ err: error }, 'the PostgreSQL notification connection failed');
      } finally {
        this.#listening = false;
        this.#client = null;
        attempted();
        await client.end().catch(() => undefined);
      }
      if (this.#running) await this.#sleep(this.#retryMs);
    }
  }

  /** Returns when the connection is lost, fails its heartbeat, or the listener stops. */
  async #watch(client: pg.Client, gone: Promise<void>): Promise<void> {
    let broken = false;
    void gone.then(() => (broken = true));
    while (this.#running && !broken) {
      await this.#sleep(this.#heartbeatMs, gone);
      if (!this.#running || broken) break;
      await client.query('select 1');
    }
    if (broken && this.#running) this.options.log.warn('the PostgreSQL notification connection was lost');
  }

  /** Waits `ms`, or less when the listener stops or `cut` settles. */
  #sleep(ms: number, cut?: Promise<void>): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      void cut?.then(done);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }
}

/** Sends a notification on a channel over a pooled connection; it is delivered when (and if) that commits. */
export async function pgNotify(db: Kysely<Database>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
