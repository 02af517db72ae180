import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * Guards against an administrator becoming more than one (issue 26).
 * - mail_settings.route_changed_by / route_changed_at: who last changed where e-mail goes (host, port, TLS mode,
 *   user, sender or password) through the API or a configuration import, and when; null when never changed that
 *   way (the SMTP_* environment, or a row stored before this migration). Whoever decides the route receives the
 *   password-reset links, so a link is held back for a day after another account changed it. No foreign key: the
 *   record outlives the account it names.
 * - API keys whose creator is no longer an enabled, approved administrator are deleted (revoked): they used to be
 *   only dormant and came back with a re-promotion; from now on a demotion revokes them at once.
 */
export function escalationGuardsMigration(dialect: Dialect) {
  const t = (value: boolean) => (dialect === 'postgres' ? sql.lit(value) : sql.lit(value ? 1 : 0));
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('mail_settings').addColumn('route_changed_by', 'integer').execute();
      await db.schema.alterTable('mail_settings').addColumn('route_changed_at', 'text').execute();
      await sql`
        DELETE FROM api_keys WHERE created_by NOT IN (
          SELECT id FROM users
          WHERE role IN ('admin', 'superadmin') AND approved = ${t(true)} AND enabled = ${t(true)}
        )`.execute(db);
    },
  };
}
