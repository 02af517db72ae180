import type { Kysely, Selectable } from 'kysely';
import type { ChannelKind } from '#shared/schemas/notification-channels';
import { bool } from '../db/database.ts';
import type { Database, NotificationChannelsTable } from '../db/schema.ts';

/** One user's alert channel, with its secrets (server side only: presenters never pass them on). */
export interface NotificationChannel {
  id: number;
  userId: number;
  name: string;
  kind: ChannelKind;
  settings: Record<string, string>;
  secrets: Record<string, string>;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export function toChannel(row: Selectable<NotificationChannelsTable>): NotificationChannel {
  return {
    ...row,
    kind: row.kind as ChannelKind,
    settings: JSON.parse(row.settings) as Record<string, string>,
    secrets: JSON.parse(row.secrets) as Record<string, string>,
    enabled: bool(row.enabled),
  };
}

export interface ChannelValues {
  name: string;
  kind: ChannelKind;
  settings: Record<string, string>;
  secrets: Record<string, string>;
  enabled: boolean;
}

/** SQL for notification_channels; every query is scoped to the owner. */
export class ChannelsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listForUser(userId: number): Promise<NotificationChannel[]> {
    const rows = await this.db
      .selectFrom('notification_channels')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map(toChannel);
  }

  async findOwned(id: number, userId: number): Promise<NotificationChannel | undefined> {
    const row = await this.db
      .selectFrom('notification_channels')
      .selectAll()
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return row && toChannel(row);
  }

  /**
   * Inserts the channel unless the user already has `cap` of them; the count and the insert share a transaction
   * (SQLite serialises writers; on PostgreSQL two racing creates may both pass, one channel over the cap at most).
   */
  async insertCapped(
    userId: number,
    values: ChannelValues,
    cap: number,
    now: string,
  ): Promise<NotificationChannel | null> {
    return this.db.transaction().execute(async (trx) => {
      const { count } = await trx
        .selectFrom('notification_channels')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= cap) return null;
      const row = await trx
        .insertInto('notification_channels')
        .values({
          userId,
          name: values.name,
          kind: values.kind,
          settings: JSON.stringify(values.settings),
          secrets: JSON.stringify(values.secrets),
          enabled: values.enabled,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toChannel(row);
    });
  }

  async update(
    id: number,
    userId: number,
    values: Omit<ChannelValues, 'kind'>,
    now: string,
  ): Promise<NotificationChannel | undefined> {
    const row = await this.db
      .updateTable('notification_channels')
      .set({
        name: values.name,
        settings: JSON.stringify(values.settings),
        secrets: JSON.stringify(values.secrets),
        enabled: values.enabled,
        updatedAt: now,
      })
      .where('id', '=', id)
      .where('userId', '=', userId)
      .returningAll()
      .executeTakeFirst();
    return row && toChannel(row);
  }

  /** Deletes the channel (its queued deliveries go with it); false when the user has no such channel. */
  async delete(id: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('notification_channels')
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
