import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Rows of both outbox queues that are not done yet (the claim protocol of claimed-queue.ts). */
const OPEN_STATES = ['pending', 'sending'];

/** The outbox's open work: how many items, and when the oldest was created (null: none). */
export interface OutboxBacklog {
  pending: number;
  oldestAt: string | null;
}

/**
 * The figures GET /metrics reads at each scrape. From the database, so that every instance on a shared database
 * reports the same ones whichever of them runs the monitor. Both queries are small: the services table, and the
 * open rows of the outbox found through its indexes.
 */
export class MetricsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Services whose stored status is down. */
  async servicesDown(): Promise<number> {
    const row = await this.db
      .selectFrom('services')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', false)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Status changes the worker has not turned into deliveries yet (a stopped worker shows as growth), and
   * deliveries and mails waiting or being sent.
   */
  async outboxBacklog(): Promise<OutboxBacklog> {
    const rows = await this.db
      .selectFrom('service_status_changes')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('changedAt').as('oldest')])
      .where('processedAt', 'is', null)
      .unionAll((eb) =>
        eb
          .selectFrom('notification_deliveries')
          .select((inner) => [inner.fn.countAll<number | string>().as('n'), inner.fn.min('createdAt').as('oldest')])
          .where('state', 'in', OPEN_STATES),
      )
      .unionAll((eb) =>
        eb
          .selectFrom('outbox_mails')
          .select((inner) => [inner.fn.countAll<number | string>().as('n'), inner.fn.min('createdAt').as('oldest')])
          .where('state', 'in', OPEN_STATES),
      )
      .execute();
    let pending = 0;
    let oldestAt: string | null = null;
    for (const row of rows) {
      pending += Number(row.n);
      // ISO 8601 UTC text throughout: the earliest sorts first.
      if (row.oldest !== null && (oldestAt === null || row.oldest < oldestAt)) oldestAt = row.oldest;
    }
    return { pending, oldestAt };
  }
}
