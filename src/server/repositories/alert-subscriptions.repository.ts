import type { Kysely } from 'kysely';
import type { AlertSubjectKind } from '#shared/schemas/notification-channels';
import { bool } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

export interface AlertSubscription {
  subjectKind: AlertSubjectKind;
  subjectId: number;
  enabled: boolean;
}

/** A status change of a game server or the media server, as the pollers report it. */
export interface SubjectStatusChange {
  subjectKind: AlertSubjectKind;
  subjectId: number;
  name: string;
  status: boolean;
}

/** SQL for alert_subscriptions (scoped to one user) and alert_subject_changes. */
export class AlertSubscriptionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listForUser(userId: number): Promise<AlertSubscription[]> {
    const rows = await this.db
      .selectFrom('alert_subscriptions')
      .select(['subjectKind', 'subjectId', 'enabled'])
      .where('userId', '=', userId)
      .execute();
    return rows.map((row) => ({
      ...row,
      subjectKind: row.subjectKind as AlertSubjectKind,
      enabled: bool(row.enabled),
    }));
  }

  async upsert(userId: number, subscription: AlertSubscription, now: string): Promise<void> {
    await this.db
      .insertInto('alert_subscriptions')
      .values({ userId, ...subscription, createdAt: now, updatedAt: now })
      .onConflict((oc) =>
        oc
          .columns(['userId', 'subjectKind', 'subjectId'])
          .doUpdateSet({ enabled: subscription.enabled, updatedAt: now }),
      )
      .execute();
  }

  /**
   * Records status changes of game servers and the media server for the outbox; each row carries when the
   * subject's previous recorded state began, so the alert can say how long it lasted.
   */
  async recordChanges(changes: readonly SubjectStatusChange[], now: string): Promise<void> {
    for (const change of changes) {
      const previous = await this.db
        .selectFrom('alert_subject_changes')
        .select('changedAt')
        .where('subjectKind', '=', change.subjectKind)
        .where('subjectId', '=', change.subjectId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      await this.db
        .insertInto('alert_subject_changes')
        .values({
          subjectKind: change.subjectKind,
          subjectId: change.subjectId,
          subjectName: change.name,
          status: change.status,
          changedAt: now,
          previousChangedAt: previous?.changedAt ?? null,
          processedAt: null,
        })
        .execute();
    }
  }

  /**
   * Records the first state seen of subjects no row holds yet (a game server new to the poller, or one that has
   * not changed since before changes were recorded): status pages count uptime from it, and the time before it is
   * unknown. Such a row is no change, so it is written already processed and never alerts anyone. Subjects that
   * have a row are left alone; returns how many rows were written.
   */
  async recordFirstStates(states: readonly SubjectStatusChange[], now: string): Promise<number> {
    if (states.length === 0) return 0;
    const known = await this.db
      .selectFrom('alert_subject_changes')
      .select(['subjectKind', 'subjectId'])
      .distinct()
      .where('subjectId', 'in', [...new Set(states.map((state) => state.subjectId))])
      .execute();
    const has = new Set(known.map((row) => `${row.subjectKind}:${row.subjectId}`));
    const rows = states
      .filter((state) => !has.has(`${state.subjectKind}:${state.subjectId}`))
      .map((state) => ({
        subjectKind: state.subjectKind,
        subjectId: state.subjectId,
        subjectName: state.name,
        status: state.status,
        changedAt: now,
        previousChangedAt: null,
        processedAt: now,
      }));
    if (rows.length > 0) await this.db.insertInto('alert_subject_changes').values(rows).execute();
    return rows.length;
  }
}
