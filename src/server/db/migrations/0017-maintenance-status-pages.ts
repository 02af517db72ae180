import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * Maintenance windows, public status pages and badges (issue 16). A window's schedule is JSON in the admin's
 * wall-clock time with the IANA zone beside it, so a recurring window keeps its local start across DST changes.
 * A status page lists the chosen services and game servers by id (JSON); ids of deleted ones are dropped when
 * read. Notes belong to their page and go with it. `public_badge` is the admin's mark that lets a service's
 * badges be fetched without signing in.
 */
export function maintenanceStatusPagesMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  const boolType = isPg ? 'boolean' : 'integer';
  const falseValue = isPg ? sql.lit(false) : sql.lit(0);
  const create = (db: Kysely<any>, name: string) => {
    const table = db.schema.createTable(name);
    return isPg
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('services')
        .addColumn('public_badge', boolType, (c) => c.notNull().defaultTo(falseValue))
        .execute();

      await create(db, 'maintenance_windows')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('schedule_json', 'text', (c) => c.notNull())
        .addColumn('service_ids_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await create(db, 'status_pages')
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('service_ids_json', 'text', (c) => c.notNull())
        .addColumn('game_server_ids_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await create(db, 'status_page_notes')
        .addColumn('page_id', 'integer', (c) => c.notNull().references('status_pages.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('status_page_notes_page').on('status_page_notes').column('page_id').execute();
    },
  };
}
