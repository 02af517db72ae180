import type { FastifyBaseLogger } from 'fastify';
import { isDiskFull } from '../lib/disk-full.ts';
import type { StatusChange, StatusHistoryRepository } from '../repositories/status-history.repository.ts';
import { HeldResults, type HeldLimits } from './held-results.ts';
import { dayBucket, hourBucket, rollUp, type CheckResult } from './rollup.ts';

/**
 * A service's stored status, when it last changed (null: never recorded) and why its latest check failed (null when
 * it passed; undefined until this writer has written one, e.g. after a restart).
 */
interface KnownStatus {
  status: boolean;
  changedAt: string | null;
  reason?: string | null;
}

export interface ResultWriterOptions {
  /**
   * Results wait at most this long before they are written. One second: a transaction costs about as much as
   * a dozen checks at low rates (bench: 1,000 services at 30 s went from 1.1 to 0.8 ms of CPU per check when
   * 250 ms became 1 s), and nothing reads status faster than the dashboard's polling.
   */
  flushMs?: number;
  /** A batch is written as soon as it holds this many results, and never holds more. */
  maxBatch?: number;
  /** Tests: smaller bounds on the results held while the disk is full (default HELD_LIMITS). */
  heldLimits?: HeldLimits;
  /**
   * Told the services of each committed batch whose status or failure reason changed (what a card shows: the live
   * events); never while the transaction is open.
   */
  onShownChanges?: (serviceIds: readonly number[]) => void;
}

/** What became of a batch. */
type WriteOutcome = 'written' | 'disk full' | 'failed';

/**
 * Collects check results and writes them in small transactions: status and lastChecked of each service, one raw
 * log row per check, the hourly and daily rollup upserts and, when a status differs from the stored one, a
 * service_status_changes row, all in the same transaction. Batches are written one at a time, in check order,
 * so the stored status a change is compared with is always the committed one.
 *
 * A full disk (issue 27): the batch stays queued, nothing more is written, and the queue is tried again every
 * flush interval; the results (bounded, see held-results.ts) and the status changes among them are written in
 * check order once a write succeeds. So an outage during a full disk is recorded, with its own times, and its
 * change rows reach the outbox once. Only the leader runs the monitor; an instance that stops leading drops
 * what it holds (discardHeld), since the new leader checks for itself.
 */
export class ResultWriter {
  readonly #known = new Map<number, KnownStatus>();
  readonly #written: ((serviceIds: number[]) => void)[] = [];
  readonly #pending: HeldResults;
  /** Writes failed for a full disk: results are held and tried again every flush interval. */
  #stalled = false;
  /** The bound was reached during this full disk, and said so in the log (once per full disk). */
  #dropsLogged = false;
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;
  readonly #flushMs: number;
  readonly #maxBatch: number;
  readonly #onShownChanges: ResultWriterOptions['onShownChanges'];

  constructor(
    private readonly repository: StatusHistoryRepository,
    private readonly log: FastifyBaseLogger,
    options: ResultWriterOptions = {},
  ) {
    this.#flushMs = options.flushMs ?? 1000;
    this.#maxBatch = options.maxBatch ?? 200;
    this.#onShownChanges = options.onShownChanges;
    this.#pending = new HeldResults(options.heldLimits);
  }

  /** Results waiting to be written (a batch normally; everything since the disk filled while it is full). */
  get held(): number {
    return this.#pending.size;
  }

  /** Subscribes to committed batches (the ids whose status and lastChecked were written): caches of them go stale. */
  onWritten(listener: (serviceIds: number[]) => void): void {
    this.#written.push(listener);
  }

  /**
   * Records a service's stored status (at start, or when a service is created), with its stored failure reason when
   * the caller has it (a reason first seen for an untracked failure is taken as known, not announced).
   */
  track(serviceId: number, status: boolean, changedAt: string | null, reason?: string | null): void {
    this.#known.set(serviceId, { status, changedAt, reason });
  }

  /** Forgets a deleted service: its pending and future results are dropped. */
  forget(serviceId: number): void {
    this.#known.delete(serviceId);
    this.#pending.forget(serviceId);
  }

  /**
   * Drops the results still held (written by nobody): the monitor stops in this instance (shutdown, or another
   * instance leads now and checks for itself). Answers how many there were.
   */
  discardHeld(): number {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#stalled = false;
    return this.#pending.clear();
  }

  /** Queues a result; it is written within the flush interval. */
  add(result: CheckResult): void {
    const known = this.#known.get(result.serviceId);
    if (!known) return;
    const changed = (this.#pending.lastStatus(result.serviceId) ?? known.status) !== result.status;
    const droppedBefore = this.#dropped();
    this.#pending.push(result, changed);
    if (!this.#dropsLogged && this.#dropped() > droppedBefore) {
      this.#dropsLogged = true;
      this.log.warn(
        { held: this.#pending.size },
        'the held check results reached their bound while the disk is full: the oldest are dropped, status changes last',
      );
    }
    // While the disk is full the retry timer is set: nothing to start.
    if (this.#stalled) return;
    // A status change is written (and pushed to open dashboards) at once; a change is rare, so this costs little.
    if (this.#pending.size >= this.#maxBatch || changed) this.#startFlush(0);
    else this.#startFlush(this.#flushMs);
  }

  /** Writes everything queued so far; resolves when it is committed (or failed and logged). */
  async flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    while (this.#flushing) await this.#flushing;
    if (this.#pending.size === 0) return;
    this.#flushing = this.#drain().finally(() => {
      this.#flushing = null;
    });
    await this.#flushing;
  }

  #startFlush(delayMs: number): void {
    if (this.#flushing) return; // the running drain loops until the queue is empty
    if (this.#timer && delayMs > 0) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.flush(), delayMs);
  }

  async #drain(): Promise<void> {
    while (this.#pending.size > 0) {
      const batch = this.#pending.peek(this.#maxBatch);
      const outcome = await this.#write(batch.map((held) => held.result));
      if (outcome === 'disk full') {
        // Kept, in order; tried again after the flush interval (a full disk is not freed within milliseconds).
        this.#stalled = true;
        this.#timer = setTimeout(() => void this.flush(), this.#flushMs);
        return;
      }
      this.#pending.release(batch);
      if (this.#stalled && outcome === 'written') {
        this.#stalled = false;
        this.#dropsLogged = false;
        this.log.info(
          { held: this.#pending.size, droppedSinceStart: { ...this.#pending.dropped } },
          'the disk has space again: writing the check results held meanwhile',
        );
      }
    }
  }

  #dropped(): number {
    return this.#pending.dropped.results + this.#pending.dropped.changes;
  }

  async #write(results: CheckResult[]): Promise<WriteOutcome> {
    const tentative = new Map<number, KnownStatus>();
    const changes: StatusChange[] = [];
    const latest = new Map<number, CheckResult>();
    const kept: CheckResult[] = [];
    const shown = new Set<number>();
    for (const result of results) {
      const id = result.serviceId;
      const known = tentative.get(id) ?? this.#known.get(id);
      if (!known) continue; // deleted while queued
      kept.push(result);
      latest.set(id, result);
      const reason = result.status ? null : (result.reason ?? null);
      if (known.status !== result.status) {
        changes.push({
          serviceId: id,
          status: result.status,
          changedAt: result.timestamp,
          previousChangedAt: known.changedAt,
          reason,
        });
        tentative.set(id, { status: result.status, changedAt: result.timestamp, reason });
        shown.add(id);
      } else if (known.reason !== reason) {
        // Still down, for another reason (a time-out became a refused connection): the card's text changes.
        tentative.set(id, { ...known, reason });
        if (known.reason !== undefined) shown.add(id);
      }
    }
    if (kept.length === 0) return 'written';
    try {
      const existing = await this.repository.writeBatch({
        results: kept,
        latest: [...latest.values()],
        changes,
        hourly: rollUp(kept, hourBucket),
        daily: rollUp(kept, dayBucket),
      });
      for (const id of latest.keys()) {
        if (!existing.has(id)) this.#known.delete(id);
        else {
          const next = tentative.get(id);
          // Only a service still tracked takes the new state (one deleted during the write stays forgotten).
          if (next && this.#known.has(id)) this.#known.set(id, next);
        }
      }
      // Caches are cleared before the change is announced, so a reader who hears of it never reads the old list.
      const written = [...latest.keys()].filter((id) => existing.has(id));
      for (const listener of this.#written) listener(written);
      const committed = [...shown].filter((id) => existing.has(id));
      if (committed.length > 0) this.#onShownChanges?.(committed);
      return 'written';
    } catch (error) {
      if (isDiskFull(error)) {
        // Logged when writes start failing, not at every retry; the stored state is unchanged (rolled back).
        if (!this.#stalled) {
          this.log.warn(
            { err: error, held: this.#pending.size },
            'the disk is full: check results are held in memory and written once it has space',
          );
        }
        return 'disk full';
      }
      // The batch is lost but the stored state is unchanged, so the next result re-detects any change.
      this.log.error({ err: error, results: kept.length }, 'writing check results failed');
      return 'failed';
    }
  }
}
