import type { Kysely, Selectable } from 'kysely';
import { bool } from '../db/database.ts';
import type { Database, NotificationPreferencesTable } from '../db/schema.ts';

/** One user's wish to be told about one service. */
export interface NotificationPreference {
  id: number;
  userId: number;
  serviceId: number;
  email: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

function toPreference(row: Selectable<NotificationPreferencesTable>): NotificationPreference {
  return { ...row, enabled: bool(row.enabled) };
}

/** SQL for notification_preferences; every query is scoped to one user. */
export class NotificationPreferencesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's preferences, optionally without those on NSFW services. */
  async listForUser(userId: number, includeNsfw: boolean): Promise<NotificationPreference[]> {
    let query = this.db
      .selectFrom('notification_preferences as p')
      .innerJoin('services as s', 's.id', 'p.serviceId')
      .selectAll('p')
      .where('p.userId', '=', userId)
      .orderBy('p.serviceId');
    if (!includeNsfw) query = query.where('s.isNSFW', '=', false);
    return (await query.execute()).map(toPreference);
  }

  /** Creates or replaces the user's preference for the service (unique on user and service). */
  async upsert(values: {
    userId: number;
    serviceId: number;
    email: string;
    enabled: boolean;
    now: string;
  }): Promise<NotificationPreference> {
    const row = await this.db
      .insertInto('notification_preferences')
      .values({
        userId: values.userId,
        serviceId: values.serviceId,
        email: values.email,
        enabled: values.enabled,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .onConflict((oc) =>
        oc
          .columns(['userId', 'serviceId'])
          .doUpdateSet({ email: values.email, enabled: values.enabled, updatedAt: values.now }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPreference(row);
  }
}
