import type { GeoIpInfo, GeoIpLookup } from '../integrations/geoip/geoip.ts';

/** How many lookups run at once, and how many more may wait; beyond that enrichment is dropped. */
export const ENRICH_CONCURRENCY = 4;
export const ENRICH_QUEUE_LIMIT = 200;

interface Job {
  id: number;
  ip: string;
}

/**
 * Fills in a stored attempt's ISP and place after the sign-in has answered. The queue is bounded so that a flood
 * of failed sign-ins cannot pile up lookups: the attempt rows are always stored, the excess just stays unplaced.
 */
export class LocationEnricher {
  private readonly queue: Job[] = [];
  private running = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly geoIp: GeoIpLookup,
    private readonly save: (id: number, info: GeoIpInfo) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Queues a lookup for an attempt; returns at once. False when the queue is full and the job was dropped. */
  enqueue(id: number, ip: string): boolean {
    if (this.queue.length >= ENRICH_QUEUE_LIMIT) return false;
    this.queue.push({ id, ip });
    this.pump();
    return true;
  }

  /** Resolves when nothing is queued or running (tests wait on it before reading the attempts). */
  whenIdle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.running < ENRICH_CONCURRENCY) {
      const job = this.queue.shift();
      if (!job) break;
      this.running++;
      void this.run(job).finally(() => {
        this.running--;
        this.pump();
        if (this.running === 0 && this.queue.length === 0) {
          const waiters = this.idleWaiters;
          this.idleWaiters = [];
          for (const resolve of waiters) resolve();
        }
      });
    }
  }

  private async run(job: Job): Promise<void> {
    try {
      const info = await this.geoIp.lookup(job.ip);
      if (info) await this.save(job.id, info);
    } catch (error) {
      this.onError(error);
    }
  }
}
