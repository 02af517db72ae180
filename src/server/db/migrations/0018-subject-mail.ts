import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * E-mail alerts for game servers and the media server (issue 16, docs/decisions/0018-alert-channels.md): one
 * delivery per subject change and subscription, beside notification_deliveries (whose changeId, preferenceId and
 * serviceId point at service tables) with the same claim protocol and stored mail, so the one outbox worker sends
 * both under the same rules. Changes processed before this migration stay as they were (no mail afterwards).
 */
export function subjectMailMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  const boolType = isPg ? 'boolean' : 'integer';
  const falseValue = isPg ? sql.lit(false) : sql.lit(0);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await (
        isPg
          ? db.schema.createTable('subject_mail_deliveries').addColumn('id', 'serial', (c) => c.primaryKey())
          : db.schema
              .createTable('subject_mail_deliveries')
              .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('changeId', 'integer', (c) => c.notNull().references('alert_subject_changes.id').onDelete('cascade'))
        .addColumn('subscriptionId', 'integer', (c) =>
          c.notNull().references('alert_subscriptions.id').onDelete('cascade'),
        )
        .addColumn('status', boolType, (c) => c.notNull())
        // pending -> sending -> sent | failed | skipped, as notification_deliveries.
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
        .addColumn('claimToken', 'text')
        .addColumn('claimedAt', 'text')
        .addColumn('lastError', 'text')
        .addColumn('inDoubt', boolType, (c) => c.notNull().defaultTo(falseValue))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('finishedAt', 'text')
        .addColumn('mailTo', 'text')
        .addColumn('mailSubject', 'text')
        .addColumn('mailHtml', 'text')
        .addColumn('mailText', 'text')
        .addColumn('mailTemplateId', 'integer')
        // A change yields one mail per subscription, however many workers race.
        .addUniqueConstraint('subject_mail_deliveries_change_subscription', ['changeId', 'subscriptionId'])
        .execute();
      await db.schema
        .createIndex('subject_mail_deliveries_due')
        .on('subject_mail_deliveries')
        .columns(['state', 'nextAttemptAt'])
        .execute();
      // Coalescing, "no news" and anti-storm read a subscription's deliveries by change.
      await db.schema
        .createIndex('subject_mail_deliveries_subscription')
        .on('subject_mail_deliveries')
        .columns(['subscriptionId', 'changeId'])
        .execute();
    },
  };
}
