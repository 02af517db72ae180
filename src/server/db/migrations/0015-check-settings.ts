import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * Check types, conditions and push checks (issue 16).
 * - services.check_settings: the optional `check` object as JSON text (null: the URL scheme's default check).
 * - services.push_token_hash: SHA-256 of a push service's secret token (the token itself is shown once), unique
 *   so a push finds its service by index; services.last_push_at: the latest push's ISO time.
 * - services.failure: why the service's latest check failed (the condition, or the exchange's error), null when it
 *   passed. The compact samples stay 8 bytes: the reason is kept once per service, and with each status change.
 * - service_status_changes.reason: the failure that made a change to down (null for a change to up).
 */
export function checkSettingsMigration(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('services').addColumn('check_settings', 'text').execute();
      await db.schema.alterTable('services').addColumn('push_token_hash', 'text').execute();
      await db.schema.alterTable('services').addColumn('last_push_at', 'text').execute();
      await db.schema.alterTable('services').addColumn('failure', 'text').execute();
      await db.schema
        .createIndex('services_push_token_hash')
        .on('services')
        .column('push_token_hash')
        .unique()
        .execute();
      await db.schema.alterTable('service_status_changes').addColumn('reason', 'text').execute();
    },
  };
}
