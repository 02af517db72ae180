import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * One row per status change of a service, written in the same transaction as the check result that caused it.
 * The notification outbox reads these rows (transactional outbox): a change is never lost between the monitor
 * and the mailer, and each change is notified at most once per preference.
 */
export function statusChangesMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await (
        isPg
          ? db.schema.createTable('service_status_changes').addColumn('id', 'serial', (c) => c.primaryKey())
          : db.schema
              .createTable('service_status_changes')
              .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('serviceId', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
        .addColumn('status', isPg ? 'boolean' : 'integer', (c) => c.notNull())
        .addColumn('changedAt', 'text', (c) => c.notNull())
        // When the previous status began: the "duration" placeholder of the e-mail templates.
        .addColumn('previousChangedAt', 'text')
        .addColumn('processedAt', 'text')
        .execute();
      await db.schema
        .createIndex('service_status_changes_unprocessed')
        .on('service_status_changes')
        .columns(['processedAt', 'id'])
        .execute();
    },
  };
}
