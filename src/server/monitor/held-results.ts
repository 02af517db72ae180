import type { CheckResult } from './rollup.ts';

/** How many check results wait in memory at most: per service, and in all. */
export interface HeldLimits {
  perService: number;
  total: number;
}

/**
 * Results normally wait a second at most (one batch). While the disk is full they wait until it has space again,
 * so they are bounded (docs/decisions/0022-full-disk.md):
 * - 120 per service: 10 minutes at the shortest interval (5 s), an hour at 30 s;
 * - 20,000 in all (a result is about 200 bytes: some 4 MiB), e.g. 100 services at 30 s for 100 minutes.
 * Over either, the oldest plain result goes first (one that left its service's status as it was): losing it only
 * thins that hour's uptime sample. Status changes are what the history and the alerts are made of, so they stay
 * while any plain result is left to drop; past that, a service's oldest flap goes (a change and the change back):
 * the pair leaves the service where it was, so every later change is still a change.
 */
export const HELD_LIMITS: HeldLimits = { perService: 120, total: 20_000 };

/** A held result. `gone` takes it out of the queue without an O(n) removal from the middle of it. */
export interface HeldResult {
  readonly result: CheckResult;
  /** Its status differs from the service's previous one (held, or stored): a status change when written. */
  readonly change: boolean;
  gone: boolean;
}

/** Entries that went, counted for the log. */
export interface DroppedCounts {
  results: number;
  changes: number;
}

/**
 * The check results waiting to be written, in check order, within HELD_LIMITS. Entries are looked at with `peek`
 * and removed with `release` once written, so a write that fails leaves them in place, in order.
 */
export class HeldResults {
  /** Check order; entries that went stay until the next compaction. */
  #queue: HeldResult[] = [];
  #goneInQueue = 0;
  /** Each service's entries still held, oldest first. */
  readonly #byService = new Map<number, HeldResult[]>();
  #size = 0;
  /** No plain result is held before this index of #queue: the search for the oldest one starts here. */
  #plainFrom = 0;
  readonly #dropped: DroppedCounts = { results: 0, changes: 0 };

  constructor(private readonly limits: HeldLimits = HELD_LIMITS) {}

  /** Results held. */
  get size(): number {
    return this.#size;
  }

  /** Dropped to stay within the limits since this was created (plain results, and status changes). */
  get dropped(): Readonly<DroppedCounts> {
    return this.#dropped;
  }

  /** The status of the service's newest held result; undefined when none is held. */
  lastStatus(serviceId: number): boolean | undefined {
    return this.#byService.get(serviceId)?.at(-1)?.result.status;
  }

  /** Holds a result; `change`: its status differs from the service's previous one (see lastStatus). */
  push(result: CheckResult, change: boolean): void {
    const held: HeldResult = { result, change, gone: false };
    this.#queue.push(held);
    let list = this.#byService.get(result.serviceId);
    if (!list) {
      list = [];
      this.#byService.set(result.serviceId, list);
    }
    list.push(held);
    this.#size += 1;
    if (list.length > this.limits.perService) this.#dropFrom(list);
    if (this.#size > this.limits.total) this.#dropOldest();
    this.#compact();
  }

  /** The oldest `max` results held, in check order; they stay held until `release`. */
  peek(max: number): HeldResult[] {
    const batch: HeldResult[] = [];
    for (const held of this.#queue) {
      if (batch.length >= max) break;
      if (!held.gone) batch.push(held);
    }
    return batch;
  }

  /** Lets go of entries (written, or given up); those the limits dropped meanwhile are already gone. */
  release(batch: readonly HeldResult[]): void {
    for (const held of batch) if (!held.gone) this.#remove(held);
    this.#compact();
  }

  /** Lets go of a service's results (it was deleted). */
  forget(serviceId: number): void {
    for (const held of this.#byService.get(serviceId) ?? []) this.#remove(held);
    this.#compact();
  }

  /** Lets go of everything; answers how many results that was. */
  clear(): number {
    const count = this.#size;
    this.#queue = [];
    this.#goneInQueue = 0;
    this.#byService.clear();
    this.#size = 0;
    this.#plainFrom = 0;
    return count;
  }

  /** A service over its limit: its oldest plain result, else its oldest flap. */
  #dropFrom(list: HeldResult[]): void {
    const plain = list.find((held) => !held.change);
    if (plain) this.#drop(plain);
    else this.#dropFlap(list);
  }

  /** Over the total: the oldest plain result of any service, else a flap of the service holding the most changes. */
  #dropOldest(): void {
    for (let index = this.#plainFrom; index < this.#queue.length; index += 1) {
      const held = this.#queue[index];
      if (held && !held.gone && !held.change) {
        this.#plainFrom = index;
        this.#drop(held);
        return;
      }
    }
    this.#plainFrom = this.#queue.length;
    let most: HeldResult[] | undefined;
    for (const list of this.#byService.values()) if (!most || list.length > most.length) most = list;
    if (most) this.#dropFlap(most);
  }

  /**
   * A change and the change back: the service ends where it began, so later changes stay changes. A service
   * holding a single change, when every other entry is one too (more services than the total): that change goes
   * alone; the next check of that service finds the stored status differs and records the change then.
   */
  #dropFlap(list: HeldResult[]): void {
    for (const held of list.slice(0, 2)) this.#drop(held);
  }

  #drop(held: HeldResult): void {
    if (held.change) this.#dropped.changes += 1;
    else this.#dropped.results += 1;
    this.#remove(held);
  }

  #remove(held: HeldResult): void {
    if (held.gone) return;
    held.gone = true;
    this.#goneInQueue += 1;
    this.#size -= 1;
    const id = held.result.serviceId;
    const list = this.#byService.get(id);
    if (!list) return;
    // The oldest is the one usually removed (written in order): shift, else a search within one service's few.
    if (list[0] === held) list.shift();
    else list.splice(list.indexOf(held), 1);
    if (list.length === 0) this.#byService.delete(id);
  }

  /** Drops entries that went from the queue once they are half of it (amortised O(1) per entry). */
  #compact(): void {
    if (this.#goneInQueue < 64 || this.#goneInQueue * 2 < this.#queue.length) return;
    this.#queue = this.#queue.filter((held) => !held.gone);
    this.#goneInQueue = 0;
    this.#plainFrom = 0;
  }
}
