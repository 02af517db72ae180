import type { FastifyBaseLogger } from 'fastify';
import type { HeldLock, LeaderLockRepository } from '../repositories/leader-lock.repository.ts';

/** Work only one instance may do at a time (the monitor): started when leadership is gained, stopped when lost. */
export interface LeaderWork {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface LeadershipOptions {
  /** How often a standby instance tries to take over. */
  retryMs?: number;
  /** How often the leader checks that the connection holding its lock is still there. */
  heartbeatMs?: number;
}

// Any constant key, distinct from the registration lock's.
const MONITOR_LOCK = 7_160_002;

/**
 * Several instances may share one PostgreSQL database (DESIGN): they all serve requests and send the outbox
 * (whose claims are safe with several workers), but only one runs the monitor, or every service would be checked,
 * logged and announced once per instance. The leader holds an advisory lock; the others retry every few seconds
 * and take over within that time when the leader stops or dies. On SQLite the instance always leads.
 */
export class Leadership {
  #running = false;
  #leading = false;
  #wake: (() => void) | null = null;
  #loop: Promise<void> | null = null;
  readonly #retryMs: number;
  readonly #heartbeatMs: number;

  constructor(
    private readonly lock: LeaderLockRepository,
    private readonly log: FastifyBaseLogger,
    options: LeadershipOptions = {},
  ) {
    this.#retryMs = options.retryMs ?? 5_000;
    this.#heartbeatMs = options.heartbeatMs ?? 5_000;
  }

  /** True while this instance holds the lock and its work runs. */
  get leading(): boolean {
    return this.#leading;
  }

  /** Starts competing for leadership; resolves after the first attempt (so a lone instance starts its work at once). */
  async start(work: LeaderWork): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    let firstAttempt = () => {};
    const attempted = new Promise<void>((done) => (firstAttempt = done));
    this.#loop = this.#run(work, firstAttempt);
    await attempted;
  }

  /** Stops the work if leading and lets another instance take over at once. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#wake?.();
    await this.#loop;
  }

  async #run(work: LeaderWork, attempted: () => void): Promise<void> {
    while (this.#running) {
      let held: HeldLock | null = null;
      try {
        held = await this.lock.tryHold(MONITOR_LOCK);
      } catch (error) {
        this.log.warn({ err: error }, 'could not ask for the monitor lock; retrying');
      }
      if (held) await this.#lead(work, held, attempted);
      attempted();
      if (this.#running) await this.#sleep(this.#retryMs);
    }
  }

  async #lead(work: LeaderWork, held: HeldLock, attempted: () => void): Promise<void> {
    this.#leading = true;
    try {
      await work.start();
      this.log.info('this instance runs the monitor');
      attempted();
      while (this.#running) {
        await this.#sleep(this.#heartbeatMs);
        if (this.#running && !(await held.alive())) {
          this.log.warn('lost the monitor lock (database connection ended); stopping the monitor');
          break;
        }
      }
    } catch (error) {
      this.log.error({ err: error }, 'the monitor failed while leading');
    } finally {
      this.#leading = false;
      await work.stop().catch((error: unknown) => this.log.error({ err: error }, 'stopping the monitor failed'));
      await held.release().catch(() => undefined);
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        this.#wake = null;
        done();
      };
    });
  }
}
