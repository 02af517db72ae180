import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import {
  DEFAULT_TEMPLATE_HTML,
  DEFAULT_TEMPLATE_NAME,
  DEFAULT_TEMPLATE_SUBJECT,
} from '../../notifications/default-template.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * E-mail notifications: SMTP settings in the database, the delivery outbox (one row per status change and
 * preference), the one-default-template rule, and the default template itself.
 */
export function notificationsMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  const boolType = isPg ? 'boolean' : 'integer';
  const trueValue = isPg ? sql.lit(true) : sql.lit(1);
  return {
    async up(db: Kysely<any>): Promise<void> {
      // A single row (id 1). No row means "never configured here": the server then seeds it from SMTP_* env.
      await db.schema
        .createTable('mail_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('host', 'text')
        .addColumn('port', 'integer', (c) => c.notNull())
        .addColumn('secure', 'text', (c) => c.notNull())
        .addColumn('username', 'text')
        .addColumn('password', 'text')
        .addColumn('from_address', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await (
        isPg
          ? db.schema.createTable('notification_deliveries').addColumn('id', 'serial', (c) => c.primaryKey())
          : db.schema
              .createTable('notification_deliveries')
              .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('changeId', 'integer', (c) =>
          c.notNull().references('service_status_changes.id').onDelete('cascade'),
        )
        .addColumn('preferenceId', 'integer', (c) =>
          c.notNull().references('notification_preferences.id').onDelete('cascade'),
        )
        .addColumn('serviceId', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
        .addColumn('status', boolType, (c) => c.notNull())
        // pending -> sending -> sent | failed | skipped; sending goes back to pending on a retryable failure.
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
        .addColumn('claimToken', 'text')
        .addColumn('claimedAt', 'text')
        .addColumn('lastError', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('finishedAt', 'text')
        // The guarantee that a change yields one delivery per preference, however many workers race.
        .addUniqueConstraint('notification_deliveries_change_preference', ['changeId', 'preferenceId'])
        .execute();
      await db.schema
        .createIndex('notification_deliveries_due')
        .on('notification_deliveries')
        .columns(['state', 'nextAttemptAt'])
        .execute();
      await db.schema
        .createIndex('notification_deliveries_preference')
        .on('notification_deliveries')
        .columns(['preferenceId', 'changeId'])
        .execute();
      // The anti-storm rule reads the last notification per preference and service.
      await db.schema
        .createIndex('sent_notifications_preference_service')
        .on('sent_notifications')
        .columns(['preferenceId', 'serviceId', 'sentAt'])
        .execute();

      // At most one default template, enforced by the database so two admins cannot race into two.
      await sql`create unique index email_templates_one_default on email_templates ("defaultTemplate") where "defaultTemplate" = ${trueValue}`.execute(
        db,
      );
      const now = new Date().toISOString();
      await db
        .insertInto('email_templates')
        .values({
          name: DEFAULT_TEMPLATE_NAME,
          subject: DEFAULT_TEMPLATE_SUBJECT,
          template: DEFAULT_TEMPLATE_HTML,
          defaultTemplate: trueValue,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    },
  };
}
