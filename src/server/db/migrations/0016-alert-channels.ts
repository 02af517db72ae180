import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * Alert channels and more alert subjects (issue 16, docs/decisions/0018-alert-channels.md): each user's own
 * channels (webhook, ntfy, Gotify, Discord, Slack, Telegram) with their write-only secrets; subscriptions to game
 * servers and the media server; the status changes of those subjects; and the channel side of the outbox, one
 * delivery per change and channel with the claim protocol of notification_deliveries.
 */
export function alertChannelsMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  const boolType = isPg ? 'boolean' : 'integer';
  const trueValue = isPg ? sql.lit(true) : sql.lit(1);
  const falseValue = isPg ? sql.lit(false) : sql.lit(0);
  const withId = (name: string) => {
    const table = (db: Kysely<any>) => db.schema.createTable(name);
    return (db: Kysely<any>) =>
      isPg
        ? table(db).addColumn('id', 'serial', (c) => c.primaryKey())
        : table(db).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId('notification_channels')(db)
        .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        // The kind's visible settings (URLs, topic, chat id) as JSON; secrets live apart and never leave the server.
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('secrets', 'text', (c) => c.notNull())
        .addColumn('enabled', boolType, (c) => c.notNull().defaultTo(trueValue))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notification_channels_user').on('notification_channels').column('userId').execute();

      // A user's wish to hear of a game server (subjectId = game_servers.id) or the media server (subjectId 0).
      await withId('alert_subscriptions')(db)
        .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('subjectKind', 'text', (c) => c.notNull())
        .addColumn('subjectId', 'integer', (c) => c.notNull())
        .addColumn('enabled', boolType, (c) => c.notNull().defaultTo(trueValue))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .addUniqueConstraint('alert_subscriptions_user_subject', ['userId', 'subjectKind', 'subjectId'])
        .execute();

      // Status changes of game servers and the media server, as service_status_changes are for services.
      await withId('alert_subject_changes')(db)
        .addColumn('subjectKind', 'text', (c) => c.notNull())
        .addColumn('subjectId', 'integer', (c) => c.notNull())
        .addColumn('subjectName', 'text', (c) => c.notNull())
        .addColumn('status', boolType, (c) => c.notNull())
        .addColumn('changedAt', 'text', (c) => c.notNull())
        .addColumn('previousChangedAt', 'text')
        .addColumn('processedAt', 'text')
        .execute();
      await db.schema
        .createIndex('alert_subject_changes_unprocessed')
        .on('alert_subject_changes')
        .columns(['processedAt', 'id'])
        .execute();
      await db.schema
        .createIndex('alert_subject_changes_subject')
        .on('alert_subject_changes')
        .columns(['subjectKind', 'subjectId', 'id'])
        .execute();

      // One row per change and channel; `changeId` points into service_status_changes or alert_subject_changes
      // after `subjectKind`. The payload is built when queued, so every attempt sends the same bytes.
      await withId('channel_deliveries')(db)
        .addColumn('channelId', 'integer', (c) =>
          c.notNull().references('notification_channels.id').onDelete('cascade'),
        )
        .addColumn('subjectKind', 'text', (c) => c.notNull())
        .addColumn('subjectId', 'integer', (c) => c.notNull())
        .addColumn('changeId', 'integer', (c) => c.notNull())
        .addColumn('status', boolType, (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
        .addColumn('claimToken', 'text')
        .addColumn('claimedAt', 'text')
        .addColumn('lastError', 'text')
        .addColumn('inDoubt', boolType, (c) => c.notNull().defaultTo(falseValue))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('finishedAt', 'text')
        .addUniqueConstraint('channel_deliveries_change_channel', ['subjectKind', 'changeId', 'channelId'])
        .execute();
      await db.schema
        .createIndex('channel_deliveries_due')
        .on('channel_deliveries')
        .columns(['state', 'nextAttemptAt'])
        .execute();
      await db.schema
        .createIndex('channel_deliveries_channel_subject')
        .on('channel_deliveries')
        .columns(['channelId', 'subjectKind', 'subjectId', 'changeId'])
        .execute();
    },
  };
}
