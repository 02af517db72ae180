import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../services/clock.ts';
import type { ScrapeSnapshot } from './app-metrics.ts';

/** Rows of both outbox queues that are not done yet (the claim protocol of repositories/claimed-queue.ts). */
const OPEN_STATES = ['pending', 'sending'];

/**
 * The gauges a scrape reads from the database, so that every instance on a shared database reports the same
 * figures whichever of them runs the monitor. Two queries, both small: the services table, and the open rows of
 * the outbox found through its indexes (unprocessed changes, and deliveries and mails by state).
 */
export function scrapeQueries(db: Kysely<Database>, clock: Clock): () => Promise<ScrapeSnapshot> {
  return async () => {
    const [down, outbox] = await Promise.all([
      db
        .selectFrom('services')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', '=', false)
        .executeTakeFirstOrThrow(),
      // Status changes the worker has not turned into deliveries yet count too: a stopped worker shows as growth.
      db
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
        .execute(),
    ]);
    let pending = 0;
    let oldest = Number.POSITIVE_INFINITY;
    for (const row of outbox) {
      pending += Number(row.n);
      if (row.oldest !== null) oldest = Math.min(oldest, Date.parse(row.oldest));
    }
    const now = clock.now().getTime();
    return {
      servicesDown: Number(down.n),
      outboxPending: pending,
      outboxOldestAgeSeconds: Number.isFinite(oldest) ? Math.max(0, (now - oldest) / 1000) : 0,
    };
  };
}
