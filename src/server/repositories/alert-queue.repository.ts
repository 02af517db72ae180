import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AlertFacts } from '../notifications/channel-alert.ts';

const INSERT_SLICE = 500;

/** Builds the stored JSON alert of one change (the outbox passes its site title and URL). */
export type PayloadOf = (facts: AlertFacts) => string;

/**
 * Turns unprocessed status changes into deliveries, each batch in one transaction: a crash leaves either the
 * deliveries and the processed mark or neither, and the unique keys make a racing second worker insert nothing.
 * Service changes become one e-mail delivery per enabled preference and one channel delivery per enabled channel
 * of each such preference's owner; game-server and media changes one e-mail delivery per enabled subscription whose
 * owner has an address and one channel delivery per enabled channel of each subscriber. This is the one enqueue
 * path of every alert (a hold, such as maintenance, belongs here).
 */
export class AlertQueueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Processes up to `limit` changes of each table; returns how many changes were processed. Changes of the `held`
   * services (in a maintenance window, docs/decisions/0020) stay unprocessed until they are held no more.
   */
  async enqueue(now: string, limit: number, payloadOf: PayloadOf, held: readonly number[] = []): Promise<number> {
    // One transaction for both tables: the worker runs every second, mostly to find nothing.
    return this.db
      .transaction()
      .execute(
        async (trx) =>
          (await this.#serviceChanges(trx, now, limit, payloadOf, held)) +
          (await this.#subjectChanges(trx, now, limit, payloadOf)),
      );
  }

  async #serviceChanges(
    trx: Transaction<Database>,
    now: string,
    limit: number,
    payloadOf: PayloadOf,
    held: readonly number[],
  ): Promise<number> {
    const changes = await trx
      .selectFrom('service_status_changes as c')
      .innerJoin('services as s', 's.id', 'c.serviceId')
      .select(['c.id', 'c.serviceId', 'c.status', 'c.changedAt', 'c.previousChangedAt', 's.name'])
      .where('c.processedAt', 'is', null)
      .$if(held.length > 0, (query) => query.where('c.serviceId', 'not in', held))
      .orderBy('c.id')
      .limit(limit)
      .execute();
    if (changes.length === 0) return 0;
    const ids = changes.map((change) => change.id);
    await trx
      .insertInto('notification_deliveries')
      .columns(['changeId', 'preferenceId', 'serviceId', 'status', 'state', 'nextAttemptAt', 'createdAt'])
      .expression((eb) =>
        eb
          .selectFrom('service_status_changes as c')
          .innerJoin('notification_preferences as p', 'p.serviceId', 'c.serviceId')
          .select((s) => [
            'c.id',
            'p.id',
            'c.serviceId',
            'c.status',
            s.val('pending').as('state'),
            s.val(now).as('nextAttemptAt'),
            s.val(now).as('createdAt'),
          ])
          .where('c.id', 'in', ids)
          .where('p.enabled', '=', true)
          // Ids in change order: the outbox takes due deliveries by id, so an owner's earlier change is decided
          // before its later one (a change queued late may be sent although a later one exists, delivery-rules.ts).
          .orderBy('c.id')
          .orderBy('p.id'),
      )
      .onConflict((oc) => oc.columns(['changeId', 'preferenceId']).doNothing())
      .execute();
    const targets = await trx
      .selectFrom('notification_preferences as p')
      .innerJoin('notification_channels as ch', 'ch.userId', 'p.userId')
      .select(['p.serviceId as subjectId', 'ch.id as channelId'])
      .where('p.serviceId', 'in', [...new Set(changes.map((change) => change.serviceId))])
      .where('p.enabled', '=', true)
      .where('ch.enabled', '=', true)
      .execute();
    const facts = changes.map((change): AlertFacts => ({
      subjectKind: 'service',
      subjectId: change.serviceId,
      changeId: change.id,
      name: change.name,
      status: Boolean(change.status),
      changedAt: change.changedAt,
      previousChangedAt: change.previousChangedAt,
    }));
    await this.#insertChannelDeliveries(trx, facts, targets, now, payloadOf);
    await trx
      .updateTable('service_status_changes')
      .set({ processedAt: now })
      .where('id', 'in', ids)
      .where('processedAt', 'is', null)
      .execute();
    return ids.length;
  }

  async #subjectChanges(trx: Transaction<Database>, now: string, limit: number, payloadOf: PayloadOf): Promise<number> {
    const changes = await trx
      .selectFrom('alert_subject_changes')
      .selectAll()
      .where('processedAt', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
    if (changes.length === 0) return 0;
    const ids = changes.map((change) => change.id);
    await trx
      .insertInto('subject_mail_deliveries')
      .columns(['changeId', 'subscriptionId', 'status', 'state', 'nextAttemptAt', 'createdAt'])
      .expression((eb) =>
        eb
          .selectFrom('alert_subject_changes as c')
          .innerJoin('alert_subscriptions as a', (join) =>
            join.onRef('a.subjectKind', '=', 'c.subjectKind').onRef('a.subjectId', '=', 'c.subjectId'),
          )
          .innerJoin('users as u', 'u.id', 'a.userId')
          .select((s) => [
            'c.id',
            'a.id',
            'c.status',
            s.val('pending').as('state'),
            s.val(now).as('nextAttemptAt'),
            s.val(now).as('createdAt'),
          ])
          .where('c.id', 'in', ids)
          .where('a.enabled', '=', true)
          // The account's address is where these go; without one, the subscriber's channels alone hear of it.
          .where('u.email', 'is not', null)
          .where('u.email', '!=', '')
          // In change order, as the services' deliveries.
          .orderBy('c.id')
          .orderBy('a.id'),
      )
      .onConflict((oc) => oc.columns(['changeId', 'subscriptionId']).doNothing())
      .execute();
    const targets = await trx
      .selectFrom('alert_subscriptions as a')
      .innerJoin('notification_channels as ch', 'ch.userId', 'a.userId')
      .select(['a.subjectKind', 'a.subjectId', 'ch.id as channelId'])
      .where('a.enabled', '=', true)
      .where('ch.enabled', '=', true)
      .where('a.subjectId', 'in', [...new Set(changes.map((change) => change.subjectId))])
      .execute();
    for (const kind of new Set(changes.map((change) => change.subjectKind))) {
      const facts = changes
        .filter((change) => change.subjectKind === kind)
        .map((change): AlertFacts => ({
          subjectKind: change.subjectKind as AlertFacts['subjectKind'],
          subjectId: change.subjectId,
          changeId: change.id,
          name: change.subjectName,
          status: Boolean(change.status),
          changedAt: change.changedAt,
          previousChangedAt: change.previousChangedAt,
        }));
      const ofKind = targets.filter((target) => target.subjectKind === kind);
      await this.#insertChannelDeliveries(trx, facts, ofKind, now, payloadOf);
    }
    await trx
      .updateTable('alert_subject_changes')
      .set({ processedAt: now })
      .where('id', 'in', ids)
      .where('processedAt', 'is', null)
      .execute();
    return ids.length;
  }

  /** One pending delivery per change and channel subscribed to its subject. */
  async #insertChannelDeliveries(
    trx: Transaction<Database>,
    facts: readonly AlertFacts[],
    targets: readonly { subjectId: number; channelId: number }[],
    now: string,
    payloadOf: PayloadOf,
  ): Promise<void> {
    const rows = facts.flatMap((fact) =>
      targets
        .filter((target) => target.subjectId === fact.subjectId)
        .map((target) => ({
          channelId: target.channelId,
          subjectKind: fact.subjectKind,
          subjectId: fact.subjectId,
          changeId: fact.changeId,
          status: fact.status,
          payload: payloadOf(fact),
          state: 'pending',
          nextAttemptAt: now,
          createdAt: now,
        })),
    );
    // In slices: SQLite caps the bound values of one statement.
    for (let start = 0; start < rows.length; start += INSERT_SLICE) {
      await trx
        .insertInto('channel_deliveries')
        .values(rows.slice(start, start + INSERT_SLICE))
        .onConflict((oc) => oc.columns(['subjectKind', 'changeId', 'channelId']).doNothing())
        .execute();
    }
  }
}
