import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Rows of the delivery and mail queues that are not done yet (the claim protocol of claimed-queue.ts). */
const OPEN_STATES = ['pending', 'sending'];

/**
 * The outbox's queues as `homelab_outbox_pending{queue}` labels them:
 * - `status_change`: status changes of services, game servers and the media server not yet turned into deliveries
 *   (a stopped worker, or a maintenance window holding a service's alerts, shows as growth here);
 * - `email`: alert e-mails (services, game servers, the media server) waiting or being sent;
 * - `channel`: alerts to webhook, ntfy, Gotify, Discord, Slack and Telegram channels waiting or being sent;
 * - `other_mail`: every other queued mail (game-server requests to admins).
 */
export const OUTBOX_QUEUES = ['status_change', 'email', 'channel', 'other_mail'] as const;
export type OutboxQueue = (typeof OUTBOX_QUEUES)[number];

const IS_UNPROCESSED = sql`${sql.ref('processedAt')} IS NULL`;
const IS_OPEN = sql`${sql.ref('state')} IN (${sql.join(OPEN_STATES.map((state) => sql.lit(state)))})`;

/** Each outbox table: its queue, the time its items were created, and which of its rows are open work. */
const OUTBOX_SOURCES: { table: keyof Database; queue: OutboxQueue; since: string; open: RawBuilder<unknown> }[] = [
  { table: 'service_status_changes', queue: 'status_change', since: 'changedAt', open: IS_UNPROCESSED },
  { table: 'alert_subject_changes', queue: 'status_change', since: 'changedAt', open: IS_UNPROCESSED },
  { table: 'notification_deliveries', queue: 'email', since: 'createdAt', open: IS_OPEN },
  { table: 'subject_mail_deliveries', queue: 'email', since: 'createdAt', open: IS_OPEN },
  { table: 'channel_deliveries', queue: 'channel', since: 'createdAt', open: IS_OPEN },
  { table: 'outbox_mails', queue: 'other_mail', since: 'createdAt', open: IS_OPEN },
];

/** One queue's open work: how many items, and when the oldest was created (null: none). */
export interface OutboxBacklog {
  pending: number;
  oldestAt: string | null;
}

/**
 * The figures GET /metrics reads at each scrape. From the database, so that every instance on a shared database
 * reports the same ones whichever of them runs the monitor. Both queries are small: the services table, and the
 * open rows of each outbox table found through its indexes (processedAt, or state).
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

  /** The open work of every outbox table, in one round trip, summed per queue (every queue present). */
  async outboxBacklog(): Promise<Record<OutboxQueue, OutboxBacklog>> {
    const parts = OUTBOX_SOURCES.map(
      (source) =>
        // Names and literals come from this file, never from input; the literal types the union's column as text.
        sql`SELECT ${sql.lit(source.queue)} AS queue, COUNT(*) AS n, MIN(${sql.ref(source.since)}) AS oldest FROM ${sql.table(source.table)} WHERE ${source.open}`,
    );
    const { rows } = await sql<{ queue: string; n: number | string; oldest: string | null }>`${sql.join(
      parts,
      sql` UNION ALL `,
    )}`.execute(this.db);
    const backlog = Object.fromEntries(
      OUTBOX_QUEUES.map((name): [OutboxQueue, OutboxBacklog] => [name, { pending: 0, oldestAt: null }]),
    ) as Record<OutboxQueue, OutboxBacklog>;
    for (const row of rows) {
      const figures = backlog[row.queue as OutboxQueue];
      figures.pending += Number(row.n);
      // ISO 8601 UTC text throughout: the earliest sorts first.
      if (row.oldest !== null && (figures.oldestAt === null || row.oldest < figures.oldestAt))
        figures.oldestAt = row.oldest;
    }
    return backlog;
  }
}
