import { isDiskFull } from '../lib/disk-full.ts';

/**
 * Whether the database's disk is full, as its writes tell: set by a write (or any query) that failed with a full
 * disk, cleared by the next write that succeeds. Fed by every query (db/watched-dialect.ts), read by readiness
 * (GET /readyz says not ready while it is set). Nothing is stored: after a restart the first failing write sets it
 * again.
 */
export class WriteHealth {
  #diskFull = false;

  /** True from a disk-full failure until a write succeeds. */
  get diskFull(): boolean {
    return this.#diskFull;
  }

  /** A query failed: only a full disk changes the state (a constraint or a lost connection says nothing of space). */
  failed(error: unknown): void {
    if (!isDiskFull(error)) return;
    this.#diskFull = true;
  }

  /** A write reached the disk (a statement outside a transaction, or a commit). */
  written(): void {
    this.#diskFull = false;
  }
}
