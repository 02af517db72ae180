import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * The media-server card (issue 13, docs/decisions/0012): the admin's mark of the media-server service (at most
 * one, held by a partial unique index), the site's choice of media back end, the one-row status the poller writes
 * and every reader reads, and the record of every invitation sent through the card.
 */
export function mediaMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  const boolType = isPg ? 'boolean' : 'integer';
  const falseValue = isPg ? sql.lit(false) : sql.lit(0);
  const trueValue = isPg ? sql.lit(true) : sql.lit(1);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('services')
        .addColumn('media_server', boolType, (c) => c.notNull().defaultTo(falseValue))
        .execute();
      // Two marked services would make the card's place ambiguous; the database refuses it whatever the code does.
      await db.schema
        .createIndex('services_one_media_server')
        .on('services')
        .column('media_server')
        .unique()
        .where(sql.ref('media_server'), '=', trueValue)
        .execute();

      await db.schema
        .alterTable('settings')
        .addColumn('media_backend', 'text', (c) => c.notNull().defaultTo('auto'))
        .execute();

      // One row (id 1), written by the leading instance's poller; the JSON columns hold the last poll's lists.
      await db.schema
        .createTable('media_status')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('backend', 'text')
        .addColumn('status', boolType, (c) => c.notNull().defaultTo(falseValue))
        .addColumn('error', 'text')
        .addColumn('name', 'text')
        .addColumn('version', 'text')
        .addColumn('machine_id', 'text')
        .addColumn('streams_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('libraries_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('thumbs_json', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('checked_at', 'text')
        .execute();

      const idColumn = isPg
        ? db.schema.createTable('media_invitations').addColumn('id', 'serial', (c) => c.primaryKey())
        : db.schema.createTable('media_invitations').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      await idColumn
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('backend', 'text', (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // "Mine" and the per-user rate limit both read one user's newest rows.
      await db.schema
        .createIndex('media_invitations_user_created')
        .on('media_invitations')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema.createIndex('media_invitations_created').on('media_invitations').column('created_at').execute();
    },
  };
}
