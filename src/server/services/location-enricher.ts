import type { GeoIpInfo, GeoIpLookup } from '../integrations/geoip/geoip.ts';

/** How many lookups run at once, and how many more wait in memory; the rest wait in the database. */
export const ENRICH_CONCURRENCY = 4;
export const ENRICH_QUEUE_LIMIT = 200;

/** An attempt still to be placed. */
export interface UnlocatedAttempt {
  id: number;
  ip: string;
}

/** Where the enricher reads its backlog and writes its results (the login attempts table). */
export interface LocationStore {
  setLocation(id: number, info: GeoIpInfo): Promise<void>;
  /** Attempts with ids in [fromId, toId] that have no ISP or place yet, by id, at most `limit`. */
  listUnlocated(fromId: number, toId: number, limit: number): Promise<UnlocatedAttempt[]>;
}

interface IdRange {
  fromId: number;
  toId: number;
}

function widen(range: IdRange | null, fromId: number, toId: number): IdRange {
  return range ? { fromId: Math.min(range.fromId, fromId), toId: Math.max(range.toId, toId) } : { fromId, toId };
}

/**
 * Fills in a stored attempt's ISP and place after the sign-in has answered. Memory stays bounded during a flood of
 * sign-ins without losing any: beyond ENRICH_QUEUE_LIMIT waiting lookups only the range of attempt ids is kept, and
 * those attempts are read back from the database (still unplaced ones only) when the queue has drained.
 */
export class LocationEnricher {
  private readonly queue: UnlocatedAttempt[] = [];
  private running = 0;
  // Ids of attempts that did not fit in the queue; their rows are the backlog.
  private backlog: IdRange | null = null;
  private refilling = false;
  // A failed backlog read is retried with the next attempt, not in a loop against a database that is failing.
  private readFailed = false;
  private closed = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly geoIp: GeoIpLookup,
    private readonly store: LocationStore,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Queues a lookup for a stored attempt; returns at once. */
  enqueue(id: number, ip: string): void {
    if (this.closed) return;
    this.readFailed = false;
    // Once a backlog exists, newer attempts join it, so the database is read in id order and none is skipped.
    if (this.backlog || this.queue.length >= ENRICH_QUEUE_LIMIT) {
      this.backlog = widen(this.backlog, id, id);
    } else {
      this.queue.push({ id, ip });
    }
    this.pump();
  }

  /** Resolves when nothing is queued, running or left in the backlog (tests wait on it before reading). */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops taking work: queued lookups are dropped and running ones are not saved (the database is closing). */
  close(): void {
    this.closed = true;
    this.queue.length = 0;
    this.backlog = null;
    this.settle();
  }

  private isIdle(): boolean {
    return this.running === 0 && this.queue.length === 0 && this.backlog === null && !this.refilling;
  }

  private pump(): void {
    while (this.running < ENRICH_CONCURRENCY) {
      const job = this.queue.shift();
      if (!job) break;
      this.running++;
      void this.run(job).finally(() => {
        this.running--;
        this.pump();
      });
    }
    if (this.queue.length === 0) void this.refill();
    this.settle();
  }

  // Reads the next part of the backlog into the queue, one queue's worth at a time.
  private async refill(): Promise<void> {
    if (this.refilling || this.readFailed || !this.backlog || this.closed) return;
    this.refilling = true;
    const range = this.backlog;
    // Attempts deferred while the read runs start a new range; whatever this read leaves is merged back.
    this.backlog = null;
    let rest: IdRange | null = null;
    try {
      const rows = await this.store.listUnlocated(range.fromId, range.toId, ENRICH_QUEUE_LIMIT);
      const last = rows.at(-1);
      if (rows.length === ENRICH_QUEUE_LIMIT && last && last.id < range.toId) {
        rest = { fromId: last.id + 1, toId: range.toId };
      }
      if (!this.closed) this.queue.push(...rows);
    } catch (error) {
      rest = range;
      this.readFailed = true;
      this.onError(error);
    } finally {
      this.refilling = false;
    }
    if (rest && !this.closed) this.backlog = widen(this.backlog, rest.fromId, rest.toId);
    this.pump();
  }

  private settle(): void {
    if (!this.isIdle() && !(this.closed && this.running === 0)) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private async run(job: UnlocatedAttempt): Promise<void> {
    try {
      const info = await this.geoIp.lookup(job.ip);
      if (info && !this.closed) await this.store.setLocation(job.id, info);
    } catch (error) {
      this.onError(error);
    }
  }
}
