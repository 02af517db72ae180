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
}
