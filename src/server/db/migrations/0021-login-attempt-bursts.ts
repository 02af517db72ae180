import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * Sign-in attempts (issue 26, items 4 and 5).
 * - count: how many attempts a row stands for. Attempts refused by a limit share one row per address (an IPv6 /64)
 *   and minute, counted here, instead of a row each: a flood of refused attempts cost 6,000 rows a minute.
 * - burst_key: that address and minute, unique, on refused attempts only (null elsewhere; nulls never collide).
 * - user_id: the account a successful sign-in opened. Its recent addresses are the owner's known addresses, which
 *   a locked account still admits. Rows from before this migration are matched by their identifier.
 * - login_attempts_trim: the rows the table's cap (MAX_LOGIN_ATTEMPTS) drops, oldest first. Successes are not
 *   among them: strangers cannot make those, and they are what lets the owner in during an attack.
 */
export function loginAttemptBurstsMigration() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('login_attempts')
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('login_attempts').addColumn('burst_key', 'text').execute();
      await db.schema
        .alterTable('login_attempts')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('login_attempts_burst_key')
        .unique()
        .on('login_attempts')
        .column('burst_key')
        .execute();
      await db.schema
        .createIndex('login_attempts_user_success')
        .on('login_attempts')
        .columns(['user_id', 'timestamp'])
        .where(sql.ref('type'), '=', sql.lit('success'))
        .execute();
      await db.schema
        .createIndex('login_attempts_trim')
        .on('login_attempts')
        .column('id')
        .where(sql.ref('type'), '<>', sql.lit('success'))
        .execute();
      // A sign-in names its account by user name or e-mail, in any case (users.repository.ts findByLogin).
      await sql`
        UPDATE login_attempts SET user_id = (
          SELECT MIN(users.id) FROM users
          WHERE lower(users.username) = lower(login_attempts.identifier)
             OR lower(users.email) = lower(login_attempts.identifier)
        )
        WHERE type = 'success'`.execute(db);
    },
  };
}
